#include "ui/export/RunCsvExporter.h"

#include <QObject>
#include <QStringList>
#include <string_view>

#include "core/RecordFields.h"
#include "quiz/CsvWriter.h"
#include "quiz/OutputFile.h"
#include "ui/lab/RunDataStore.h"

namespace precisionlab {

namespace {

QString text(FieldKind kind, double v) { return QString::fromStdString(fieldText(kind, v)); }

}  // namespace

QString RunCsvExporter::field(const QString& value) { return quiz::CsvWriter::field(value); }

QByteArray RunCsvExporter::toCsv(const RunDataStore& store) {
  // Run columns use the run file's names; record columns are the one record table's
  // (core/RecordFields.h), so a column reads the same here, in `lab`'s CSV and in a .plrun.
  QStringList header = {QStringLiteral("runId"),           QStringLiteral("scenario"),
                        QStringLiteral("label"),           QStringLiteral("precision"),
                        QStringLiteral("state"),           QStringLiteral("provenance"),
                        QStringLiteral("device"),          QStringLiteral("recordedAt"),
                        QStringLiteral("torchVersion"),    QStringLiteral("model"),
                        QStringLiteral("batchSize"),       QStringLiteral("seqLen"),
                        QStringLiteral("peakLearningRate")};
  for (const StepField& f : stepFields()) header.append(QString::fromLatin1(f.name));
  for (const EvalField& f : evalFields())
    if (std::string_view(f.name) != "step") header.append(QString::fromLatin1(f.name));
  QString out = header.join(QLatin1Char(',')) + QStringLiteral("\r\n");
  for (const TrackedRun& run : store.runs()) {
    const RunProvenance& p = run.provenance;
    const QStringList runFields = {
        // Unique across both engines: "trained-3", "replayed-3".
        (run.replayed() ? QStringLiteral("replayed-") : QStringLiteral("trained-")) +
            QString::number(run.key.id),
        field(QString::fromStdString(run.scenarioId)),
        field(QString::fromStdString(run.label)),
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
        text(FieldKind::Real, run.config.learningRate)};
    const QString prefix = runFields.join(QLatin1Char(','));
    size_t evalIndex = 0;
    for (const StepRecord& s : run.steps) {
      // Evaluations are rare and in step order: walk them alongside the steps.
      while (evalIndex < run.evals.size() && run.evals[evalIndex].step < s.step) ++evalIndex;
      const bool hasEval = evalIndex < run.evals.size() && run.evals[evalIndex].step == s.step;
      QStringList row = {prefix};
      for (const StepField& f : stepFields()) row.append(text(f.kind, f.get(s)));
      for (const EvalField& f : evalFields())
        if (std::string_view(f.name) != "step")
          row.append(hasEval ? text(f.kind, f.get(run.evals[evalIndex])) : QString());
      out += row.join(QLatin1Char(',')) + QStringLiteral("\r\n");
    }
  }
  return out.toUtf8();
}

bool RunCsvExporter::save(const RunDataStore& store, const QString& path, QString* error) {
  // The one output writer: whole or absent, never over a device or FIFO, a full disk in words.
  const QString problem = quiz::writeOutputFile(path, toCsv(store));
  if (!problem.isEmpty() && error) *error = problem + QLatin1Char('.');
  return problem.isEmpty();
}

}  // namespace precisionlab
