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
  // The run ended before its first step (cancelled, or failed while preparing): no source to
  // name, since nothing was measured.
  void setNeverRan();

  // The whole text: "live on cpu (2 threads, avx512_bf16)", "recorded on cuda:0 ..., 2026-12-01".
  static QString text(const RunProvenance& provenance);
  // The short form rows, tables and chart footers show (the whole text goes in the tooltip):
  // "live, this CPU", "live, GPU", "emulated", "recorded 2026-12-01, CPU".
  static QString shortText(const RunProvenance& provenance);
  // "CPU" or "GPU" for a device string ("cpu (1 thread)", "cuda:0 NVIDIA H200").
  static QString deviceKind(const std::string& device);
  // The whole text, then what it means and the run's note and LibTorch.
  static QString tooltip(const RunProvenance& provenance);
};

}  // namespace precisionlab
