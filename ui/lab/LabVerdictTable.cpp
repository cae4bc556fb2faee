#include "ui/lab/LabVerdictTable.h"

#include <QHeaderView>
#include <QStyle>
#include <algorithm>

#include "ui/base/AppTheme.h"
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
          if (r->provenanceKnown && !r->steps.empty()) {  // a run at 0 steps measured nothing
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

void LabVerdictTable::setLargestFont(double points) {
  largestPoints_ = points;
  fitColumns();
}

int LabVerdictTable::columnNeeds(const QFont& font, int width, int need[kColumns]) const {
  const int pad = 2 * style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, this) + 10;
  const QFontMetrics fm(font);
  int sum = 0;
  for (int c = 0; c < kColumns; ++c) {
    // The header in its own font too (a theme's style sheet may set it apart from the cells').
    const QString header = horizontalHeaderItem(c)->text();
    need[c] = std::max(fm.horizontalAdvance(header),
                       horizontalHeader()->fontMetrics().horizontalAdvance(header)) +
              pad;
    for (int r = 0; r < rowCount(); ++r)
      if (const QTableWidgetItem* cell = item(r, c))
        for (const QString& word : cell->text().split(QLatin1Char(' '), Qt::SkipEmptyParts))
          need[c] = std::max(need[c], fm.horizontalAdvance(word) + pad);
    sum += c == kScenario ? std::max(need[c], width / 5) : need[c];
  }
  return sum;
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
  // But first each column's longest word and its header, whole: by shares alone the presenter's
  // 1024x768 slide read "Memor" and "no evaluatio". What is left is shared out as above.
  const int width = viewport()->width();
  int need[kColumns] = {};
  if (largestPoints_ > 0) {
    QFont f = font();
    for (double points = largestPoints_; points >= 6; points -= 0.5) {
      f.setPointSizeF(points);
      if (columnNeeds(f, width, need) <= width || points - 0.5 < largestPoints_ * 0.6) break;
    }
    if (f.pointSizeF() != font().pointSizeF()) setFont(f);
  }
  columnNeeds(font(), width, need);
  // Each column its share or its longest word, whichever is wider; what that overdraws comes
  // out of the columns that have more than their longest word, in proportion to that slack.
  int w[kColumns];
  int total = 0, slack = 0;
  for (int c = 0; c < kColumns; ++c) {
    w[c] = std::max(need[c], width * kShare[c] / 100);
    total += w[c];
    slack += w[c] - need[c];
  }
  // The names keep their share while the other columns can give (the class reads them first).
  for (const bool names : {false, true}) {
    const int over = total - width;
    const int from =
        names ? w[kScenario] - need[kScenario] : slack - (w[kScenario] - need[kScenario]);
    if (over <= 0) break;
    if (from <= 0) continue;
    for (int c = 0; c < kColumns; ++c) {
      if ((c == kScenario) != names) continue;
      const int cut =
          int(std::min<qint64>(w[c] - need[c], qint64(over) * (w[c] - need[c]) / from + 1));
      w[c] -= cut;
      total -= cut;
    }
  }
  int used = 0;
  for (int c = 0; c < kColumns; ++c) {
    // The last column takes what rounding left over.
    setColumnWidth(c, c + 1 == kColumns ? std::max(w[c], width - used) : w[c]);
    used += w[c];
  }
  resizeRowsToContents();
  int height = 2 * frameWidth() +
               (horizontalHeader()->isHidden() ? 0 : horizontalHeader()->sizeHint().height());
  for (int r = 0; r < rowCount(); ++r) height += rowHeight(r);
  if (height != this->height()) setFixedHeight(height);
}

}  // namespace precisionlab
