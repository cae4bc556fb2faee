// The lab's scenarios, the one table every front end reads (the GUI's ScenarioCatalog adds only
// colours and legends; `record`, `lab` and the Vertex AI export take runs, titles and sweep
// values from here): each answer option of the seed question (and the runs that explain it)
// as training runs, keyed by the stable ids of ScenarioIds.h. A scenario is one run, except the
// hyperparameter-tuning option, which is a sweep of fp32 trials. Plain data: no torch, no Qt.
//
// No option letters: the study view shuffles the options, so a fixed "A".."D" would disagree
// with the letters a learner saw. Options are named by their text (`optionText`, the seed
// question's wording) and by what the run does (`title`).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/RunLog.h"
#include "core/ScenarioTable.h"
#include "core/TrainConfig.h"

namespace precisionlab {

struct LabRun {
  std::string label;  // unique within a lab session, e.g. "HP trial 2 (lr 0.001)"
  TrainConfig config;
};

// What a run trains, in words a learner can check against Hugging Face: the model, the data
// and every setting where the lab departs from the Trainer's defaults, with why. Shown in the
// CLI's output and verdicts.txt, the window's settings line and the presenter.
struct RunDescription {
  std::string model;  // "pretrained all-MiniLM-L6-v2, first 4 of its 6 layers, new classifier head"
  std::string data;   // "built-in data: 2,500 short training-run reports in 5 classes ..."
  std::string schedule;                 // steps, batch, sequence length, learning rate, seed
  std::vector<std::string> deviations;  // "GradScaler growth interval 10 instead of 2000: ..."
  std::string oneLine() const;          // model; data; schedule
};

// A scenario's runs on one base: its row of the scenario table (id, option, title, what it is,
// whether it sweeps; read from the row, never copied) and the runs the row's hooks made.
struct LabScenario {
  const ScenarioSpec* row = nullptr;  // never null from LabScenarios::make()
  std::vector<LabRun> runs;
  TrainConfig base;  // the settings it was made from (a sweep's trials vary the rate)
};

class LabScenarios {
 public:
  // The default lab setup: pretrainedBase() where the pretrained MiniLM is installed, else
  // builtinBase(); defaultModelNote() says which and why.
  static TrainConfig defaultBase();
  // The lab's base for a preset: pretrainedBase() for the pretrained MiniLM, else builtinBase()
  // with that preset (a random-init model trained the way the built-in lab trains one). The
  // CLI's --preset and the window's preset switch both start from it.
  static TrainConfig baseFor(const std::string& preset);
  // Fine-tuning as practitioners do it: the pretrained all-MiniLM-L6-v2 (all its layers), a
  // new seeded classifier head, lr 3e-4 with 10 % warmup, 48 tokens, 60 steps, on the built-in
  // data; the GradScaler's growth interval is shortened so a lab-length run shows the scale
  // growing back (PyTorch's default is 2000).
  static TrainConfig pretrainedBase();
  static constexpr int64_t kPretrainedLayers = 0;  // 0 = all of the checkpoint's layers
  static constexpr int64_t kPretrainedGrowthInterval = 10;
  // A randomly initialised tiny BERT trained from scratch (lr 1e-3, batch 32): the lab without the
  // pretrained model, e.g. on a machine without PyPI.
  static TrainConfig builtinBase();
  // One sentence for the UI and CLI: which model the default uses, and why.
  static std::string defaultModelNote();
  // What a run with `config` trains (model, data, schedule, deviations from HF defaults).
  static RunDescription describe(const TrainConfig& config);
  // The scenario `id` built on `base` (same data, model, seed and step count as the baseline).
  // Throws InputError naming the known ids for an unknown one.
  static LabScenario make(std::string_view id, const TrainConfig& base);
  // baseline, A, B, C, D and bf16=True (the live mixed-precision speedup a CPU can show, which
  // emulated fp16 cannot): what `precisionlab-cli lab` runs by default.
  static std::vector<std::string> defaultIds();
  // Learning rates of the hyperparameter sweep (the tuning option), as multiples of the base
  // learning rate, so a sweep around the lab's 3e-4 and one around a recording's 5e-4 are the
  // same sweep; sweepLearningRates() applies them to `base`.
  static std::vector<double> sweepFactors();
  static std::vector<double> sweepLearningRates(double baseLearningRate);
  // The log of `scenario.runs[run]` before the engine reports anything: identity, scenario,
  // sweep value (the trial's learning rate), settings and planned steps.
  static RunLog plan(RunKey key, const LabScenario& scenario, size_t run);
  // Sets `log.scenarioId` and what this table says about it (option, title, sweep, sweep
  // value from the log's config), e.g. for a recording; an unknown id keeps only the id.
  static void identify(RunLog& log, const std::string& id);
};

}  // namespace precisionlab
