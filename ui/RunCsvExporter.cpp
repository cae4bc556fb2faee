#include "ui/RunCsvExporter.h"

#include <QObject>
#include <QSaveFile>
#include <QStringList>
#include <cmath>

#include "quiz/CsvWriter.h"
#include "ui/RunDataStore.h"

namespace precisionlab {

namespace {

QString number(double v) {
  if (std::isnan(v)) return QStringLiteral("nan");
  if (std::isinf(v)) return v > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
  return QString::number(v, 'g', 9);
}

QString flag(bool b) { return b ? QStringLiteral("1") : QStringLiteral("0"); }

}  // namespace

QString RunCsvExporter::field(const QString& value) { return quiz::CsvWriter::field(value); }

QByteArray RunCsvExporter::toCsv(const RunDataStore& store) {
  static const QStringList kHeader = {QStringLiteral("run_id"),
                                      QStringLiteral("scenario"),
                                      QStringLiteral("label"),
                                      QStringLiteral("precision"),
                                      QStringLiteral("state"),
                                      QStringLiteral("provenance"),
                                      QStringLiteral("device"),
                                      QStringLiteral("recorded_at"),
                                      QStringLiteral("torch_version"),
                                      QStringLiteral("model"),
                                      QStringLiteral("batch_size"),
                                      QStringLiteral("seq_len"),
                                      QStringLiteral("peak_learning_rate"),
                                      QStringLiteral("step"),
                                      QStringLiteral("loss"),
                                      QStringLiteral("learning_rate"),
                                      QStringLiteral("step_ms"),
                                      QStringLiteral("samples_per_sec"),
                                      QStringLiteral("tokens_per_sec"),
                                      QStringLiteral("grad_norm"),
                                      QStringLiteral("non_finite"),
                                      QStringLiteral("loss_scale"),
                                      QStringLiteral("skipped"),
                                      QStringLiteral("grad_zero_fraction"),
                                      QStringLiteral("grad_nonfinite_fraction"),
                                      QStringLiteral("peak_bytes"),
                                      QStringLiteral("val_loss"),
                                      QStringLiteral("val_accuracy")};
  QString out = kHeader.join(QLatin1Char(',')) + QStringLiteral("\r\n");
  for (const TrackedRun& run : store.runs()) {
    const RunProvenance& p = run.provenance;
    const QStringList runFields = {
        // Unique across both engines: "trained-3", "replayed-3".
        (run.replayed() ? QStringLiteral("replayed-") : QStringLiteral("trained-")) +
            QString::number(run.key.id),
        field(run.scenarioId),
        field(run.label),
        field(QString::fromLatin1(precisionName(run.config.precision))),
        field(QString::fromLatin1(runStateName(run.state))),
        run.provenanceKnown ? field(QString::fromLatin1(provenanceName(p.kind))) : QString(),
        field(QString::fromStdString(p.device)),
        field(QString::fromStdString(p.recordedAt)),
        field(QString::fromStdString(p.torchVersion)),
        field(QString::fromStdString(run.config.modelDir.empty() ? run.config.preset
                                                                 : run.config.modelDir)),
        QString::number(run.config.batchSize),
        QString::number(run.config.seqLen),
        number(run.config.learningRate)};
    const QString prefix = runFields.join(QLatin1Char(','));
    size_t evalIndex = 0;
    for (const StepRecord& s : run.steps) {
      // Evaluations are rare and in step order: walk them alongside the steps.
      while (evalIndex < run.evals.size() && run.evals[evalIndex].step < s.step) ++evalIndex;
      const bool hasEval = evalIndex < run.evals.size() && run.evals[evalIndex].step == s.step;
      QStringList row = {prefix,
                         QString::number(s.step),
                         number(s.loss),
                         number(s.learningRate),
                         number(s.stepMs),
                         number(s.samplesPerSec),
                         number(s.tokensPerSec),
                         number(s.gradNorm),
                         flag(s.nonFinite),
                         number(s.lossScale),
                         flag(s.skipped),
                         number(s.gradZeroFraction),
                         number(s.gradNonFiniteFraction),
                         QString::number(s.peakBytes),
                         hasEval ? number(run.evals[evalIndex].valLoss) : QString(),
                         hasEval ? number(run.evals[evalIndex].valAccuracy) : QString()};
      out += row.join(QLatin1Char(',')) + QStringLiteral("\r\n");
    }
  }
  return out.toUtf8();
}

bool RunCsvExporter::save(const RunDataStore& store, const QString& path, QString* error) {
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly)) {
    if (error)
      *error = QObject::tr("Cannot write %1: %2. Choose a folder you can write to.")
                   .arg(path, file.errorString());
    return false;
  }
  file.write(toCsv(store));
  if (!file.commit()) {
    if (error)
      *error = QObject::tr("Cannot save %1: %2. Check the free disk space.")
                   .arg(path, file.errorString());
    return false;
  }
  return true;
}

}  // namespace precisionlab
