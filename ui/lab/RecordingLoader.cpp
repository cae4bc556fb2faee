#include "ui/lab/RecordingLoader.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QPointer>
#include <QStandardPaths>
#include <QThreadPool>
#include <exception>
#include <memory>
#include <stdexcept>

#include "core/ScenarioTable.h"
#include "core/TrainerStateImport.h"

namespace precisionlab {

RecordingLoader::Result RecordingLoader::loadNow(const QStringList& paths) {
  Result result;
  for (const QString& path : paths) {
    try {
      if (path.startsWith(QLatin1Char(':'))) {
        // Resources are not on the file system: read them with Qt, parse with the engine.
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
          throw std::runtime_error(path.toStdString() + ": the built-in recording is missing.");
        const QByteArray bytes = file.readAll();
        result.recordings.push_back(
            parseRunRecording(std::string_view(bytes.constData(), size_t(bytes.size())),
                              QFileInfo(path).fileName().toStdString()));
      } else if (TrainerStateImport::looksLikeTrainerState(path.toStdString())) {
        // A Hugging Face Trainer's trainer_state.json (e.g. the learner's Vertex AI job):
        // replayed like a recording, labelled with what the file does not say.
        result.recordings.push_back(TrainerStateImport::fromFile(
            QDir::toNativeSeparators(path).toStdString(), TrainerStateImportOptions{}));
      } else {
        result.recordings.push_back(readRunRecording(QDir::toNativeSeparators(path).toStdString()));
      }
    } catch (const std::exception& e) {
      result.recordings.clear();
      result.error = QString::fromUtf8(e.what());
      return result;
    }
  }
  return result;
}

void RecordingLoader::load(const QStringList& paths, QObject* context,
                           std::function<void(Result)> done) {
  QPointer<QObject> guard(context);
  QThreadPool::globalInstance()->start([paths, guard, done = std::move(done)] {
    auto result = std::make_shared<Result>(loadNow(paths));
    if (!guard) return;
    QMetaObject::invokeMethod(
        guard.data(),
        [guard, result, done] {
          if (guard) done(std::move(*result));
        },
        Qt::QueuedConnection);
  });
}

QString RecordingLoader::likeWithLike(const std::vector<RunRecording>& recordings,
                                      const QStringList& paths) {
  if (recordings.empty())
    return QCoreApplication::translate("RecordingLoader", "No recordings chosen.");
  auto fileOf = [&paths](size_t i) {
    return i < size_t(paths.size()) ? QFileInfo(paths[int(i)]).fileName() : QString::number(i + 1);
  };
  auto model = [](const RunRecording& r) {
    return QString::fromStdString(r.config.modelDir.empty() ? r.config.preset : r.config.modelDir);
  };
  const RunRecording& first = recordings.front();
  const std::string source = recordedSource(first.provenance);
  bool baseline = false;
  for (size_t i = 0; i < recordings.size(); ++i) {
    const RunRecording& r = recordings[i];
    baseline = baseline || r.scenarioId == baselineScenario().id;
    QString what;
    if (recordedSource(r.provenance) != source)
      what = QCoreApplication::translate("RecordingLoader", "was recorded on %1, %2 on %3")
                 .arg(QString::fromStdString(r.provenance.device), fileOf(0),
                      QString::fromStdString(first.provenance.device));
    else if (model(r) != model(first) || r.config.dataPath != first.config.dataPath)
      what = QCoreApplication::translate("RecordingLoader", "trains %1, %2 trains %3")
                 .arg(model(r), fileOf(0), model(first));
    else if (r.config.batchSize != first.config.batchSize || r.config.seqLen != first.config.seqLen)
      what = QCoreApplication::translate(
                 "RecordingLoader", "uses batch %1 and sequence %2, %3 batch %4 and sequence %5")
                 .arg(r.config.batchSize)
                 .arg(r.config.seqLen)
                 .arg(fileOf(0))
                 .arg(first.config.batchSize)
                 .arg(first.config.seqLen);
    if (!what.isEmpty())
      return QCoreApplication::translate("RecordingLoader",
                                         "%1 %2: a class would compare unlike runs. Choose "
                                         "recordings made together (one \"precisionlab-cli "
                                         "record\" call).")
          .arg(fileOf(i), what);
  }
  if (!baseline)
    return QCoreApplication::translate("RecordingLoader",
                                       "The chosen recordings hold no fp32 baseline: every verdict "
                                       "compares with it. Add baseline-fp32.plrun.");
  return QString();
}

QStringList RecordingLoader::builtinRecordings() {
  QStringList out;
  const QDir dir(QStringLiteral(":/recorded"));
  for (const QString& name : dir.entryList({QStringLiteral("*.plrun")}, QDir::Files, QDir::Name))
    out.append(dir.filePath(name));
  return out;
}

QString RecordingLoader::defaultFolder() {
  const QStringList candidates = {
      QCoreApplication::applicationDirPath() + QStringLiteral("/../share/precisionlab/recorded"),
      QStringLiteral(PRECISIONLAB_SOURCE_DIR "/resources/recorded")};
  for (const QString& c : candidates)
    if (QFileInfo(c).isDir()) return QDir(c).absolutePath();
  const QString docs = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
  return docs.isEmpty() ? QDir::homePath() : docs;
}

}  // namespace precisionlab
