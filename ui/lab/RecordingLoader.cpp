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
