// The side-by-side verdict table the presenter ends on: one row per scenario (the fp32
// reference, then each option as shown), columns status, speed vs fp32, memory ratio, final
// validation accuracy, verdict and provenance. Every cell is computed from the runs' records by
// core/Verdict.h; the table reads the lab's cached verdicts (VerdictCache), so refilling it
// computes nothing. Nothing is typed in.
#pragma once

#include <QList>
#include <QString>
#include <QTableWidget>

namespace precisionlab {

class RunDataStore;
class VerdictCache;

class LabVerdictTable : public QTableWidget {
  Q_OBJECT

 public:
  struct Row {
    QString name;        // "A. Half-precision layers"
    QString scenarioId;  // empty: the option has no lab run
    int correct = -1;    // 1 the exam's answer, 0 a distractor, -1 not an option (reference)
  };
  enum Column { kScenario, kStatus, kSpeed, kMemory, kAccuracy, kVerdict, kProvenance, kColumns };

  explicit LabVerdictTable(QWidget* parent = nullptr);
  // `store` and `verdicts` may be null (no lab in this build): rows then say so.
  void fill(const RunDataStore* store, const VerdictCache* verdicts, const QList<Row>& rows);

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  void fitColumns();
};

}  // namespace precisionlab
