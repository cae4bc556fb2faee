#include "ui/presenter/VerdictSlide.h"

#include <QLabel>
#include <QScrollBar>
#include <QTimer>
#include <QVBoxLayout>

#include "quiz/Question.h"
#include "ui/base/AppTheme.h"
#include "ui/lab/EvidenceSummary.h"
#include "ui/lab/LabController.h"
#include "ui/lab/LabLayout.h"
#include "ui/lab/LabVerdictTable.h"
#include "ui/lab/ScenarioCatalog.h"
#include "ui/presenter/PresenterMode.h"
#include "ui/study/StudyView.h"

// The texts keep PresenterMode's translation context (they were PresenterMode's before).

namespace precisionlab {

VerdictSlide::VerdictSlide(QWidget* parent) : QScrollArea(parent) {
  setObjectName(QStringLiteral("verdictSlideScroll"));
  setWidgetResizable(true);
  setFrameShape(QFrame::NoFrame);
  setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  setAccessibleName(PresenterMode::tr("Verdicts"));
  auto* slide = new QWidget(this);
  auto* v = new QVBoxLayout(slide);
  v->setContentsMargins(24, 16, 24, 16);
  // The lesson first (one card per option), the numbers behind it below.
  evidence_ = new EvidenceSummary(slide);
  // Its cards show from the start ("Not run yet" is their news), with no run controls.
  evidence_->applyLayout(LabLayout::slides(AppTheme::fontScale()));
  connect(evidence_, &EvidenceSummary::gpuEstimateRequested, this,
          &VerdictSlide::gpuEstimateRequested);
  title_ = new QLabel(PresenterMode::tr("The measurements behind it (speed and memory relative to "
                                        "fp32: 1.00x = the same)"),
                      slide);
  title_->setWordWrap(true);
  title_->setObjectName(QStringLiteral("verdictTitle"));
  table_ = new LabVerdictTable(slide);
  v->addWidget(evidence_);
  v->addWidget(title_);
  v->addWidget(table_);
  v->addStretch(1);
  setWidget(slide);
}

void VerdictSlide::fill(const LabController* lab, const StudyView& study, bool wide) {
  title_->setFont(AppTheme::pointFont(16, QFont::DemiBold));
  // As large as the screen allows without wrapping every cell.
  table_->setLargestFont(AppTheme::pointFont(wide ? 11 : 8.5).pointSizeF());
  // The fp32 reference first (every number is relative to it), then the options as shown.
  QList<LabVerdictTable::Row> rows;
  rows.append({PresenterMode::tr("fp32 baseline (reference)"), ScenarioCatalog::baselineId(), -1});
  QStringList companions;  // the options' companion runs, after them
  if (const quiz::Question* q = study.currentQuestion()) {
    const QStringList order = study.currentDisplayOrder();
    for (int i = 0; i < order.size(); ++i) {
      const quiz::Option* o = q->option(order[i]);
      if (!o) continue;
      const ScenarioInfo* info = ScenarioCatalog::find(o->scenario);
      const QString what = info ? info->title : o->text;
      rows.append({QStringLiteral("%1. %2").arg(QChar(u'A' + i)).arg(what), o->scenario,
                   o->correct ? 1 : 0});
      if (info && !info->companion().isEmpty() && !companions.contains(info->companion()))
        companions << info->companion();
    }
  }
  // A companion beside its option (bf16=True beside fp16=True: the same mechanism, with the
  // speed this machine can measure), said to be a recording's where it is one (the recordings'
  // last slide read "measured here" over a run recorded elsewhere).
  for (const QString& id : companions)
    if (const ScenarioInfo* info = ScenarioCatalog::find(id)) {
      const QList<const TrackedRun*> runs =
          lab ? lab->store().runsOf(id) : QList<const TrackedRun*>();
      const bool recorded = !runs.isEmpty() && runs.front()->replayed();
      rows.append({(recorded ? PresenterMode::tr("%1: the same mechanism, as recorded")
                             : PresenterMode::tr("%1: the same mechanism, measured here"))
                       .arg(info->title),
                   id, -1});
    }
  // Reads the lab's cached verdicts: refilled on every lab update, it computes none itself.
  table_->fill(lab ? &lab->store() : nullptr, lab ? &lab->verdicts() : nullptr, rows);
  if (lab) {
    evidence_->setOptions(study.scenarioOrder(), study.scenarioLetters());
    evidence_->refresh(lab->store(), lab->verdicts());
  }
}

void VerdictSlide::showTop() {
  verticalScrollBar()->setValue(0);
  QTimer::singleShot(0, this, [this] { verticalScrollBar()->setValue(0); });
}

}  // namespace precisionlab
