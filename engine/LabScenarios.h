// The lab's scenarios: each answer option of the seed question (and the runs that explain it)
// as training runs, keyed by the stable ids of ScenarioIds.h. A scenario is one run, except the
// hyperparameter-tuning option, which is a sweep of fp32 trials. Plain data: no torch, no Qt.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/TrainConfig.h"

namespace precisionlab {

struct LabRun {
  std::string label;    // unique within a lab session, e.g. "C: lr 1e-3"
  TrainConfig config;
};

struct LabScenario {
  std::string id;          // scenario::k... (ScenarioIds.h)
  std::string option;      // seed-question option letter, "" for runs that are not options
  std::string title;       // e.g. "half-precision layers (model.to(kHalf))"
  std::string whatItIs;    // one sentence: what the run does, in Hugging Face terms
  bool isSweep = false;    // several trials; the verdict reports compute multiple, best trial
  std::vector<LabRun> runs;
};

class LabScenarios {
 public:
  // The default lab setup: built-in data, tiny preset, short sequences, a few hundred samples
  // per run, so baseline + A..D finish in a few minutes on 2 CPU cores.
  static TrainConfig defaultBase();
  // The scenario `id` built on `base` (same data, model, seed and step count as the baseline).
  // Throws InputError naming the known ids for an unknown one.
  static LabScenario make(std::string_view id, const TrainConfig& base);
  // baseline, A, B, C, D and bf16=True (the live mixed-precision speedup a CPU can show, which
  // emulated fp16 cannot): what `precisionlab-cli lab` runs by default.
  static std::vector<std::string> defaultIds();
  // Learning rates of the hyperparameter sweep (option C).
  static std::vector<double> sweepLearningRates();
};

}  // namespace precisionlab
