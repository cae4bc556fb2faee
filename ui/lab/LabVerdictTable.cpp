#include "ui/lab/LabVerdictTable.h"

#include <QHeaderView>

#include "ui/app/AppTheme.h"
#include "ui/lab/LabVerdicts.h"
#include "ui/lab/ProvenanceBadge.h"
#include "ui/lab/RunDataStore.h"
#include "ui/lab/VerdictCache.h"

namespace precisionlab {

LabVerdictTable::LabVerdictTable(QWidget* parent) : QTableWidget(0, kColumns, parent) {
  setObjectName(QStringLiteral("labVerdictTable"));
  // Short headers (a projector's font is large); the tooltips say what the numbers are.
  setHorizontalHeaderLabels({tr("Scenario"), tr("Status"), tr("Speed"), tr("Memory"), tr("Val acc"),
                             tr("Verdict (computed)"), tr("Measured")});
  const QString tips[kColumns] = {
      tr("The fp32 reference, then each option as the question shows it"),
      tr("Run state and steps done"),
      tr("Speed vs fp32: median step time ratio (p25-p75 spread); 2.00x = twice as fast"),
      tr("Peak memory vs fp32; 0.50x = half the memory"),
      tr("Final validation accuracy (the fp32 baseline's in brackets)"),
      tr("Computed from the records by the engine's verdict rules"),
      tr("Where the numbers come from: live, emulated or recorded (device, date)")};
  for (int c = 0; c < kColumns; ++c) horizontalHeaderItem(c)->setToolTip(tips[c]);
  setAccessibleName(tr("Verdict table"));
  verticalHeader()->hide();
  setEditTriggers(QAbstractItemView::NoEditTriggers);
  setSelectionMode(QAbstractItemView::NoSelection);
  setFocusPolicy(Qt::NoFocus);
  setWordWrap(true);
  // Every column fits the width (a wall projector has no horizontal scroll bar); long cells wrap.
  setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  // Nor a vertical one: the table is as tall as its rows (the slide around it scrolls), so a
  // short window cannot squeeze it to its header row (1280x800 showed no run at all).
  setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
  setTextElideMode(Qt::ElideNone);
  horizontalHeader()->setSectionResizeMode(QHeaderView::Fixed);
  horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
  verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
}

void LabVerdictTable::fill(const RunDataStore* store, const VerdictCache* verdicts,
                           const QList<Row>& rows) {
  const ThemeColors& colors = AppTheme::colors();
  setRowCount(int(rows.size()));
  for (int i = 0; i < rows.size(); ++i) {
    const Row& row = rows[i];
    QString name = row.name;
    auto* nameItem = new QTableWidgetItem;
    if (row.correct == 1) name += tr("  ✓ the answer");
    if (row.correct == 0) name += tr("  ✗");
    nameItem->setText(name);
    nameItem->setToolTip(name);
    if (row.correct >= 0) nameItem->setForeground(row.correct ? colors.correct : colors.wrong);
    setItem(i, kScenario, nameItem);

    QString status = tr("no lab run for this option");
    QString speed, memory, accuracy, verdict, provenance, provenanceFull;
    if (!row.scenarioId.isEmpty()) {
      status = tr("not run yet");
      if (store) {
        const ScenarioStatus s = LabVerdicts::status(*store, row.scenarioId);
        if (s.started) status = s.text;
        // The cached verdict: filling the table never computes one.
        if (const CachedVerdict* v = verdicts ? verdicts->find(row.scenarioId) : nullptr) {
          speed = LabVerdicts::speedCell(v->verdict);
          memory = LabVerdicts::memoryCell(v->verdict);
          accuracy = LabVerdicts::accuracyCell(v->verdict);
          verdict = v->text;
        }
        const QList<const TrackedRun*> runs = store->runsOf(row.scenarioId);
        for (const TrackedRun* r : runs)
          if (r->provenanceKnown) {
            // The short form keeps the column narrow, so the scenario names keep theirs.
            provenance = ProvenanceBadge::shortText(r->provenance);
            provenanceFull = ProvenanceBadge::text(r->provenance) + QLatin1Char('\n') +
                             ProvenanceBadge::tooltip(r->provenance);
          }
      }
    }
    const QString dash = QStringLiteral("—");
    setItem(i, kStatus, new QTableWidgetItem(status));
    setItem(i, kSpeed, new QTableWidgetItem(speed.isEmpty() ? dash : speed));
    setItem(i, kMemory, new QTableWidgetItem(memory.isEmpty() ? dash : memory));
    setItem(i, kAccuracy, new QTableWidgetItem(accuracy.isEmpty() ? dash : accuracy));
    // The room reads the first two findings; the whole computed text is in the tooltip.
    const QStringList clauses = verdict.split(QStringLiteral("; "));
    auto* verdictItem = new QTableWidgetItem(
        verdict.isEmpty() ? dash : QStringList(clauses.mid(0, 2)).join(QStringLiteral("; ")));
    verdictItem->setToolTip(verdict);
    setItem(i, kVerdict, verdictItem);
    auto* provenanceItem = new QTableWidgetItem(provenance.isEmpty() ? dash : provenance);
    provenanceItem->setToolTip(provenanceFull);
    setItem(i, kProvenance, provenanceItem);
  }
  fitColumns();
}

void LabVerdictTable::resizeEvent(QResizeEvent* event) {
  QTableWidget::resizeEvent(event);
  fitColumns();
}

void LabVerdictTable::fitColumns() {
  // Shares of the width; the verdict sentence gets the most, numbers the least.
  // The scenario names come first and must stay readable at 1024x768 (the class has to see
  // which run is which); the provenance is a short form with the whole text in its tooltip.
  static constexpr int kShare[kColumns] = {28, 12, 9, 9, 9, 23, 10};
  const int width = viewport()->width();
  int used = 0;
  for (int c = 0; c < kColumns; ++c) {
    const int w = c + 1 == kColumns ? width - used : width * kShare[c] / 100;
    setColumnWidth(c, std::max(w, 40));
    used += w;
  }
  resizeRowsToContents();
  int height = 2 * frameWidth() +
               (horizontalHeader()->isHidden() ? 0 : horizontalHeader()->sizeHint().height());
  for (int r = 0; r < rowCount(); ++r) height += rowHeight(r);
  if (height != this->height()) setFixedHeight(height);
}

}  // namespace precisionlab
