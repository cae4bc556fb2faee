#include "ui/lab/LabSettingsStrip.h"

#include <QFileInfo>
#include <QGroupBox>
#include <QLabel>
#include <QLocale>
#include <QToolButton>
#include <QVBoxLayout>

#include "core/LabScenarios.h"
#include "core/PretrainedModels.h"
#include "ui/lab/LabSettingsPanel.h"
#include "ui/lab/LabView.h"

// The texts keep LabView's translation context (they were LabView's before the split).

namespace precisionlab {

namespace {

// The model in a few words for the one-line settings summary; the whole description (model,
// data, departures from HF defaults) leads the settings box.
QString shortModelName(const TrainConfig& c) {
  if (!c.modelDir.empty()) return QFileInfo(QString::fromStdString(c.modelDir)).fileName();
  if (c.preset == PretrainedModels::kMiniLm)
    return c.layers > 0 && c.layers < 6
               ? QStringLiteral("all-MiniLM-L6-v2 (%1 layers)").arg(c.layers)
               : QStringLiteral("all-MiniLM-L6-v2");
  return QString::fromStdString(c.preset);
}

}  // namespace

LabSettingsStrip::LabSettingsStrip(QWidget* parent) : QWidget(parent) {
  // The lesson is the comparison, the settings are for the curious.
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);
  toggle_ = new QToolButton(this);
  toggle_->setObjectName(QStringLiteral("labSettingsToggle"));
  toggle_->setCheckable(true);
  toggle_->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
  toggle_->setAutoRaise(true);
  toggle_->setArrowType(Qt::RightArrow);
  toggle_->setToolTip(LabView::tr("Show or hide the settings new runs start from"));
  box_ = new QGroupBox(this);
  auto* boxLayout = new QVBoxLayout(box_);
  boxLayout->setContentsMargins(6, 4, 6, 4);
  panel_ = new LabSettingsPanel(box_);
  boxLayout->addWidget(panel_);
  box_->setVisible(false);
  connect(toggle_, &QToolButton::toggled, this, [this](bool open) {
    box_->setVisible(open);
    toggle_->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
    emit openChanged(open);
  });
  // What the runs train, said on screen (not only in a tooltip): the model, the data and
  // where the lab departs from Hugging Face's defaults, from the one description in core. It
  // leads the box.
  deviations_ = new QLabel(box_);
  deviations_->setObjectName(QStringLiteral("labDeviations"));
  deviations_->setWordWrap(true);
  connect(panel_, &LabSettingsPanel::changed, this, &LabSettingsStrip::summarize);
  summarize();
  boxLayout->insertWidget(0, deviations_);
  layout->addWidget(toggle_, 0, Qt::AlignLeft);
  layout->addWidget(box_);
}

void LabSettingsStrip::setOpen(bool open) { toggle_->setChecked(open); }

void LabSettingsStrip::summarize() {
  const TrainConfig c = panel_->config();
  const RunDescription d = LabScenarios::describe(c);
  toggle_->setText(
      LabView::tr(
          "Settings: %1 · %2 · batch %3 · sequence %4 · lr %5 · %6 steps · %7 · %n thread(s)",
          nullptr, c.threads)
          .arg(shortModelName(c), c.dataPath.empty() ? LabView::tr("built-in data")
                                                     : QString::fromStdString(c.dataPath))
          .arg(c.batchSize)
          .arg(c.seqLen)
          .arg(QLocale().toString(c.learningRate, 'g', 3))
          .arg(c.steps)
          .arg(QString::fromStdString(c.device)));
  toggle_->setToolTip(QString::fromStdString(d.oneLine()));
  QStringList why;
  for (const auto& x : d.deviations) why << QString::fromStdString(x);
  deviations_->setText(QString::fromStdString(d.model + "; " + d.data) +
                       (why.isEmpty() ? QString()
                                      : QStringLiteral(". ") +
                                            LabView::tr("Departs from Hugging Face's defaults: %1.")
                                                .arg(why.join(QStringLiteral("; ")))));
}

}  // namespace precisionlab
