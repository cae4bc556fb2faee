#include "core/LabScenarios.h"

#include "core/EngineError.h"
#include "core/NumberText.h"
#include "core/PretrainedModels.h"
#include "core/ScenarioTable.h"
#include "core/Translatable.h"

namespace precisionlab {

namespace {
// A label is written into run files, which must not depend on the C locale's decimal comma.
std::string lrText(double lr) { return numberText(lr, 6, 'g'); }

}  // namespace

TrainConfig LabScenarios::builtinBase() {
  TrainConfig c;
  c.preset = "tiny";
  // Batch 32 at lr 1e-3 for 240 steps: measured val acc 0.92-0.96 by step 200-300 at seeds 7
  // and 2026, where the earlier batch 16 at lr 2e-3 for 150 steps ended at 0.61-0.66 (and 0.86
  // at seed 42): a random-init BERT's escape from its ln(labels) plateau is seed-dependent, and
  // the larger batch and gentler rate make it reliable.
  c.steps = 240;
  c.batchSize = 32;
  c.seqLen = 48;
  c.learningRate = 1e-3;
  c.warmupFraction = 0.1;
  c.evalEvery = 80;
  // One intra-op thread: the runs are small, and on a shared 2-core machine a second OpenMP
  // thread spinning against other processes made steps ~10x slower (27 ms vs 350 ms measured).
  c.threads = 1;
  c.seed = 42;
  return c;
}

TrainConfig LabScenarios::pretrainedBase() {
  TrainConfig c = builtinBase();
  c.preset = PretrainedModels::kMiniLm;
  c.batchSize = 16;
  // All six layers at lr 3e-4 for 60 steps (0.4 epoch): measured on the built-in data, val acc
  // 0.91 at step 60 (0.86 at step 40). The earlier default (2 layers, lr 5e-5, 32 tokens) never
  // left chance in 100 steps: two layers of a sentence encoder and a new head at BERT's usual
  // rate learn too slowly for a lab of minutes, and 32 tokens cut most reports before the
  // sentence that names the cause (median 38 wordpieces, 75th percentile 48).
  c.layers = kPretrainedLayers;
  c.learningRate = 3e-4;
  c.steps = 60;
  c.seqLen = 48;
  c.evalEvery = 30;
  c.growthInterval = kPretrainedGrowthInterval;
  return c;
}

TrainConfig LabScenarios::defaultBase() {
  return PretrainedModels::findMiniLm().empty() ? builtinBase() : pretrainedBase();
}

TrainConfig LabScenarios::baseFor(const std::string& preset) {
  if (preset == PretrainedModels::kMiniLm) return pretrainedBase();
  TrainConfig c = builtinBase();
  c.preset = preset;
  return c;
}

std::string LabScenarios::defaultModelNote() {
  std::vector<std::string> searched;
  if (!PretrainedModels::findMiniLm(&searched).empty())
    return "Fine-tuning the pretrained all-MiniLM-L6-v2 (all 6 layers, new classifier head) at "
           "lr 3e-4 for 60 steps; GradScaler growth interval " +
           std::to_string(kPretrainedGrowthInterval) +
           " instead of PyTorch's 2000 so the scale can grow back within the run.";
  return PL_TRANSLATE_NOOP(
      "LabScenarios",
      "The pretrained MiniLM is not installed (bash packaging/setup.sh installs it), so the "
      "lab trains the built-in tiny BERT from random weights at lr 1e-3.");
}

RunDescription LabScenarios::describe(const TrainConfig& c) {
  RunDescription d;
  if (!c.modelDir.empty()) {
    d.model = "the checkpoint in " + c.modelDir +
              (c.layers > 0 ? ", first " + std::to_string(c.layers) + " layers" : std::string()) +
              " (classifier head from the checkpoint where it fits, else new)";
  } else if (c.preset == PretrainedModels::kMiniLm) {
    d.model =
        "pretrained all-MiniLM-L6-v2 (sentence-transformers), " +
        (c.layers > 0 && c.layers < 6 ? "first " + std::to_string(c.layers) + " of its 6 layers"
                                      : std::string("all 6 layers")) +
        ", new classifier head";
  } else {
    d.model = "built-in " + c.preset + " BERT, random init (no pretrained weights)";
  }
  if (c.dataPath.empty()) {
    d.data =
        "built-in data: 2,500 short training-run incident reports in 5 classes (what went "
        "wrong: data pipeline, learning rate, memory, numerical precision, overfitting), " +
        numberText(100.0 * c.validationFraction, 0, 'f') + " % held out for validation";
  } else {
    d.data = "data: " + c.dataPath + " (text column '" + c.textColumn + "', label column '" +
             c.labelColumn + "'), " + numberText(100.0 * c.validationFraction, 0, 'f') +
             " % held out for validation";
  }
  d.schedule = std::to_string(c.steps) + " steps, batch " + std::to_string(c.batchSize) +
               ", up to " + std::to_string(c.seqLen) + " tokens, AdamW at lr " +
               lrText(c.learningRate) + " with " + numberText(100.0 * c.warmupFraction, 0, 'f') +
               " % linear warmup then linear decay, seed " + std::to_string(c.seed);
  if (c.growthInterval != 2000)
    d.deviations.push_back("GradScaler growth interval " + std::to_string(c.growthInterval) +
                           " steps instead of PyTorch's 2000, so the loss scale can grow back "
                           "within a run this short");
  if (c.preset == PretrainedModels::kMiniLm && c.layers > 0 && c.layers < 6)
    d.deviations.push_back("only the first " + std::to_string(c.layers) +
                           " of MiniLM's 6 layers are fine-tuned, so a CPU runs the whole lab in "
                           "minutes");
  if ((c.preset == PretrainedModels::kMiniLm || !c.modelDir.empty()) && c.saveDir.empty())
    d.deviations.push_back(
        "the word embedding keeps only the wordpieces the data uses (the other rows would get no "
        "gradient: no loss value changes, a step is faster, optimizer memory is lower than the "
        "Trainer's)");
  if (c.preset == PretrainedModels::kMiniLm && c.learningRate != 5e-5)
    d.deviations.push_back("learning rate " + lrText(c.learningRate) +
                           " instead of TrainingArguments' 5e-05: a run of " +
                           std::to_string(c.steps) + " steps needs it to leave chance");
  if (c.stopAfterNonFinite > 0)
    d.deviations.push_back("the run stops after " + std::to_string(c.stopAfterNonFinite) +
                           " non-finite steps in a row (its weights are NaN; the Trainer would "
                           "keep going)");
  if (c.outlierScaleLog2 > 0)
    d.deviations.push_back(
        "an outlier feature is planted in encoder layer 0: one attention value channel at 2^" +
        std::to_string(c.outlierScaleLog2) +
        " times its value, divided back before the output projection (the same function in "
        "fp32 and bf16, values above fp16's 65504; docs/range-experiment.md)");
  return d;
}

std::string RunDescription::oneLine() const { return model + "; " + data + "; " + schedule; }

std::vector<std::string> LabScenarios::defaultIds() {
  std::vector<std::string> ids;
  for (const auto& spec : scenarioTable())
    if (spec.inDefaultLab) ids.push_back(spec.id);
  return ids;
}

std::vector<double> LabScenarios::sweepFactors() { return {0.25, 0.5, 1.0}; }

std::vector<double> LabScenarios::sweepLearningRates(double baseLearningRate) {
  std::vector<double> out;
  for (double f : sweepFactors()) out.push_back(baseLearningRate * f);
  return out;
}

LabScenario LabScenarios::make(std::string_view id, const TrainConfig& base) {
  const ScenarioSpec* spec = findScenario(id);
  if (!spec) throw InputError(unknownScenarioText(id));
  LabScenario s;
  s.row = spec;
  s.base = base;
  TrainConfig c = base;
  c.precision = spec->precision;
  if (spec->configure) spec->configure(c);
  if (!spec->isSweep) {
    s.runs.push_back({spec->title, c});
    return s;
  }
  int trial = 0;
  for (double lr : sweepLearningRates(base.learningRate)) {
    c.learningRate = lr;
    s.runs.push_back({"HP trial " + std::to_string(++trial) + " (lr " + lrText(lr) + ")", c});
  }
  return s;
}

RunLog LabScenarios::plan(RunKey key, const LabScenario& scenario, size_t run) {
  RunLog log;
  log.key = key;
  const LabRun& r = scenario.runs.at(run);
  log.label = r.label;
  log.config = r.config;
  log.totalSteps = r.config.steps;
  log.scenarioId = scenario.row->id;
  log.optionText = scenario.row->optionText;
  log.title = scenario.row->title;
  log.isSweep = scenario.row->isSweep;
  log.sweepValue = scenario.row->isSweep ? r.config.learningRate : 0;
  return log;
}

void LabScenarios::identify(RunLog& log, const std::string& id) {
  log.scenarioId = id;
  if (!isKnownScenario(id)) return;
  const ScenarioSpec& row = *findScenario(id);
  log.optionText = row.optionText;
  log.title = row.title;
  log.isSweep = row.isSweep;
  log.sweepValue = row.isSweep ? log.config.learningRate : 0;
}

}  // namespace precisionlab
