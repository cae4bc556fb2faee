// Where a number comes from, on every row and figure: "live on cpu (2 threads)", "emulated on
// cpu" (numerics only; speed and memory not meaningful) or "recorded on cuda:0 NVIDIA H200,
// 2025-01-31". A small rounded label; the static text() feeds chart footers and CSV exports.
#pragma once

#include <QLabel>

#include "core/RunRecords.h"

namespace precisionlab {

class ProvenanceBadge : public QLabel {
  Q_OBJECT

 public:
  explicit ProvenanceBadge(QWidget* parent = nullptr);
  void setProvenance(const RunProvenance& provenance);
  void setPending();  // the run has not reported its device yet

  static QString text(const RunProvenance& provenance);
  static QString tooltip(const RunProvenance& provenance);
};

}  // namespace precisionlab
