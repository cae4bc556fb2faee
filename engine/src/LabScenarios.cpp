#include "engine/LabScenarios.h"

#include <charconv>
#include <cstdio>

#include "engine/EngineError.h"
#include "engine/PretrainedModels.h"
#include "engine/ScenarioIds.h"
#include "engine/Translatable.h"

namespace precisionlab {

namespace {
std::string lrText(double lr) {
  char buf[32];
  // to_chars, not snprintf: a label is written into run files, which must not depend on the
  // C locale's decimal comma.
  const auto r = std::to_chars(buf, buf + sizeof buf - 1, lr, std::chars_format::general, 6);
  *r.ptr = '\0';
  return buf;
}

LabScenario single(std::string_view id, std::string optionText, bool correct, std::string title,
                   std::string whatItIs, const TrainConfig& base, Precision precision) {
  LabScenario s;
  s.id = std::string(id);
  s.optionText = std::move(optionText);
  s.correct = correct;
  s.title = std::move(title);
  s.whatItIs = std::move(whatItIs);
  TrainConfig c = base;
  c.precision = precision;
  s.runs.push_back({s.title, c});
  return s;
}
}  // namespace

TrainConfig LabScenarios::builtinBase() {
  TrainConfig c;
  c.preset = "tiny";
  c.steps = 150;  // a random-init tiny BERT leaves its ln(labels) plateau after ~40 steps
  c.batchSize = 16;
  c.seqLen = 48;
  c.learningRate = 2e-3;
  c.warmupFraction = 0.1;
  c.evalEvery = 50;
  // One intra-op thread: the runs are small, and on a shared 2-core machine a second OpenMP
  // thread spinning against other processes made steps ~10x slower (27 ms vs 350 ms measured).
  c.threads = 1;
  c.seed = 42;
  return c;
}

TrainConfig LabScenarios::pretrainedBase() {
  TrainConfig c = builtinBase();
  c.preset = PretrainedModels::kMiniLm;
  c.layers = kPretrainedLayers;
  c.learningRate = 5e-5;  // BERT fine-tuning's usual 2e-5..5e-5
  c.steps = 100;          // ~0.7 epoch of the built-in data at batch 16
  c.seqLen = 32;          // short reports: most fit, and a CPU step stays short
  c.growthInterval = kPretrainedGrowthInterval;
  return c;
}

TrainConfig LabScenarios::defaultBase() {
  return PretrainedModels::findMiniLm().empty() ? builtinBase() : pretrainedBase();
}

std::string LabScenarios::defaultModelNote() {
  std::vector<std::string> searched;
  if (!PretrainedModels::findMiniLm(&searched).empty())
    return "Fine-tuning the pretrained all-MiniLM-L6-v2, first " +
           std::to_string(kPretrainedLayers) +
           " of its 6 layers (for speed on a CPU), new classifier head, lr 5e-5; GradScaler "
           "growth interval " +
           std::to_string(kPretrainedGrowthInterval) +
           " instead of PyTorch's 2000 so the scale can grow back within the run.";
  return PL_TRANSLATE_NOOP(
      "LabScenarios",
      "The pretrained MiniLM is not installed (bash packaging/setup.sh installs it), so the "
      "lab trains the built-in tiny BERT from random weights at lr 2e-3.");
}

std::vector<std::string> LabScenarios::defaultIds() {
  return {std::string(scenario::kBaselineFp32),
          std::string(scenario::kHalfLayers),
          std::string(scenario::kTensorflowContainer),
          std::string(scenario::kVertexHpTuning),
          std::string(scenario::kFp16Amp),
          std::string(scenario::kBf16Amp)};
}

std::vector<double> LabScenarios::sweepFactors() { return {0.25, 0.5, 1.0}; }

std::vector<double> LabScenarios::sweepLearningRates(double baseLearningRate) {
  std::vector<double> out;
  for (double f : sweepFactors()) out.push_back(baseLearningRate * f);
  return out;
}

LabScenario LabScenarios::make(std::string_view id, const TrainConfig& base) {
  if (id == scenario::kBaselineFp32)
    return single(
        id, "", false, PL_TRANSLATE_NOOP("LabScenarios", "fp32 baseline"),
        PL_TRANSLATE_NOOP("LabScenarios",
                          "No change: fp32 weights, activations and optimizer; every other run is "
                          "compared with it."),
        base, Precision::Fp32);
  if (id == scenario::kHalfLayers)
    return single(id, "Modify the model to use half-precision layers", false,
                  PL_TRANSLATE_NOOP("LabScenarios", "Half-precision layers"),
                  PL_TRANSLATE_NOOP(
                      "LabScenarios",
                      "model.to(torch.float16): fp16 weights, gradients and AdamW state, no loss "
                      "scaling."),
                  base, Precision::HalfModel);
  if (id == scenario::kTensorflowContainer)
    return single(
        id, "Use a custom container with TensorFlow instead of PyTorch", false,
        PL_TRANSLATE_NOOP("LabScenarios", "TensorFlow container"),
        PL_TRANSLATE_NOOP("LabScenarios",
                          "A framework swap leaves precision unchanged: the same fp32 run."),
        base, Precision::Fp32);
  if (id == scenario::kFp16Amp)
    return single(
        id, "Set fp16=True in the TrainingArguments", true, "fp16=True",
        PL_TRANSLATE_NOOP(
            "LabScenarios",
            "TrainingArguments(fp16=True): autocast fp16 forward, GradScaler, fp32 "
            "master weights. On a GPU only: on a CPU the Trainer accepts fp16=True without "
            "a word, but accelerate turns on neither autocast nor the GradScaler there, so "
            "the run is plain fp32 (measured with transformers 5.24, accelerate 1.15)."),
        base, Precision::Fp16Amp);
  if (id == scenario::kBf16Amp)
    return single(id, "", false, "bf16=True",
                  PL_TRANSLATE_NOOP(
                      "LabScenarios",
                      "TrainingArguments(bf16=True): the same mechanism in bfloat16 (fp32's range, "
                      "no loss scaling), which a CPU can run fast."),
                  base, Precision::Bf16Amp);
  if (id == scenario::kFp16NoScaler)
    return single(
        id, "", false, PL_TRANSLATE_NOOP("LabScenarios", "fp16 without loss scaling"),
        PL_TRANSLATE_NOOP(
            "LabScenarios",
            "Autocast fp16 with the GradScaler turned off: small gradients flush to zero."),
        base, Precision::Fp16AmpNoScaler);
  if (id == scenario::kVertexHpTuning) {
    LabScenario s;
    s.id = std::string(id);
    s.optionText = "Enable mixed precision via Vertex AI hyperparameter tuning";
    s.title = PL_TRANSLATE_NOOP("LabScenarios", "Vertex AI hyperparameter tuning");
    s.whatItIs = PL_TRANSLATE_NOOP(
        "LabScenarios",
        "A sweep of fp32 trials over the learning rate: it searches values, it never "
        "changes precision.");
    s.isSweep = true;
    int trial = 0;
    for (double lr : sweepLearningRates(base.learningRate)) {
      TrainConfig c = base;
      c.precision = Precision::Fp32;
      c.learningRate = lr;
      s.runs.push_back({"HP trial " + std::to_string(++trial) + " (lr " + lrText(lr) + ")", c});
    }
    return s;
  }
  std::string known;
  for (auto k : scenario::kAll) known += (known.empty() ? "" : ", ") + std::string(k);
  throw InputError("unknown lab scenario '" + std::string(id) + "': use one of " + known);
}

}  // namespace precisionlab
