// A run (live, emulated or recorded: any RunRecording, e.g. read from a .plrun file) as
// TensorBoard scalars, one TensorBoard run per folder: <out>/<name>/events.out.tfevents.*, one
// event file per folder.
// Tags are "<group>/<field>" with the field names and units of the one record table
// (core/RecordFields.h), e.g. train/loss, train/learningRate, throughput/samplesPerSec,
// time/stepMs, memory/peakBytes, amp/lossScale, amp/skipped (1 when GradScaler skipped the
// step), gradients/gradZeroFraction (share of gradient values flushed to zero),
// validation/valLoss, validation/valAccuracy.
// Wall times start at the recording time (recordedAt) and advance by each step's measured time,
// so TensorBoard's "relative" axis shows the run's own timing. Emulated runs' speed and memory
// are not meaningful (RunProvenance says so); they are exported as recorded, and the folder name
// carries the provenance ("fp16-amp.emulated.<label>") so nobody reads them as live.
#pragma once

#include <string>

#include "core/EngineError.h"
#include "core/RunRecording.h"

namespace precisionlab {

struct TensorBoardExportResult {
  std::string runDirectory;  // <out>/<name>
  std::string eventFile;
  int64_t scalars = 0;
};

// The folder name a run gets by default: "<scenario>.<live|emulated>.<label>" (the label tells
// the trials of one sweep apart), e.g. "vertex-hp-tuning.live.HP-trial-1-lr-0.0005"; the label
// and provenance alone outside the lab.
std::string defaultTensorBoardRunName(const RunRecording& run);

// The refusal of a run folder that already holds event files: the one failure that replacing
// (export-tensorboard --replace) would mend, so the CLI suggests it for this one only.
class TensorBoardRunExists : public InputError {
 public:
  using InputError::InputError;
};

// `name` empty: defaultTensorBoardRunName(run). A run folder that already holds event files
// (another run of the same name, an earlier export) is refused with TensorBoardRunExists, since
// TensorBoard would show the two as one run, unless replaceExisting: then its event files are
// removed first. Throws InputError.
TensorBoardExportResult exportTensorBoard(const RunRecording& run, const std::string& outDirectory,
                                          std::string name = {}, bool replaceExisting = false);

}  // namespace precisionlab
