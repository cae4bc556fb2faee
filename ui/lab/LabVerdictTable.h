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

  // The table's font: the largest up to `points` (in half points, down to 60 % of it) at which
  // every column holds its header and its longest word whole with the names keeping a fifth of
  // the width (German's "Validierungsgenauigkeit" left them no quarter at 1024x768). The
  // presenter's 1024x768 slide cut "Memor" and "no evaluatio" at one size.
  void setLargestFont(double points);

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  void fitColumns();
  // Per column, the width its header and its longest word need in `font`; their sum, with the
  // names' column at least a fifth of `width`.
  int columnNeeds(const QFont& font, int width, int need[kColumns]) const;
  double largestPoints_ = 0;  // 0: the font is the one set, as is
};

}  // namespace precisionlab
