// "Is it faster?" beside the live curves: mixed precision's speed against fp32 as bars, one per
// figure of the speed story (core/SpeedEvidence.h), each coloured and named by its kind of
// evidence: live or recorded here, published (with its source in the tooltip), estimated. The
// same figures as the fp16=True card and verdicts.txt, so the chart makes the text's case: on a
// CPU without matrix units the live bar sits left of 1.0x and its label says why, and the GPU
// bars beside it show where mixed precision pays.
#pragma once

#include <QString>
#include <QStringList>
#include <QWidget>

#include "core/SpeedEvidence.h"

class QChartView;
class QLabel;

namespace precisionlab {

class SpeedEvidenceChart : public QWidget {
  Q_OBJECT

 public:
  explicit SpeedEvidenceChart(QWidget* parent = nullptr);
  // Redraws from the story (cheap: a dozen bars); the same story twice draws nothing new.
  void setStory(const SpeedStory& story);
  // One line per bar as drawn: "label: 0.68x (live)" (tests, accessibility).
  QStringList barTexts() const { return barTexts_; }
  QString reasonText() const;

 private:
  QChartView* view_ = nullptr;
  QLabel* title_ = nullptr;
  QLabel* reason_ = nullptr;
  QStringList barTexts_;
};

}  // namespace precisionlab
