// A run (live, emulated or recorded: any RunRecording, e.g. read from a .plrun file) as
// TensorBoard scalars, one TensorBoard run per folder: <out>/<name>/events.out.tfevents.*.
// Tags (one spelling, the lab's charts):
//   loss/train, loss/validation, accuracy/validation, learning_rate, throughput/samples_per_sec,
//   throughput/tokens_per_sec, time/step_ms, memory/peak_mib, amp/loss_scale, amp/skipped_step
//   (1 when GradScaler skipped the step), gradients/flushed_to_zero (share of gradient values
//   that are exactly zero), gradients/nonfinite, gradients/norm.
// Wall times start at the recording time (recordedAt) and advance by each step's measured time,
// so TensorBoard's "relative" axis shows the run's own timing. Emulated runs' speed and memory
// are not meaningful (RunProvenance says so); they are exported as recorded, and the folder name
// carries the provenance ("fp16-amp.emulated") so nobody reads them as live.
#pragma once

#include <string>

#include "core/RunRecording.h"

namespace precisionlab {

struct TensorBoardExportResult {
  std::string runDirectory;  // <out>/<name>
  std::string eventFile;
  int64_t scalars = 0;
};

// `name` empty: the scenario id (or the label) and the provenance. Throws InputError.
TensorBoardExportResult exportTensorBoard(const RunRecording& run, const std::string& outDirectory,
                                          std::string name = {});

}  // namespace precisionlab
