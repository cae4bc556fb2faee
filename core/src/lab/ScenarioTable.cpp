// The one scenario table (see ScenarioTable.h). A new scenario is one row here (and, when it
// changes how a run trains, its engine hook); the UI reads everything from the row.
#include "core/ScenarioTable.h"

#include "core/ScenarioIds.h"
#include "core/Translatable.h"

#include <algorithm>

namespace precisionlab {

namespace {

// TrainingArguments lines of an fp32 run in the Vertex AI export's train.py.
const std::string kFp32Args =
    "        fp16=False,  # no mixed precision: fp32 weights, activations and gradients\n"
    "        bf16=False,\n";

// The kill-and-resume experiments' runs: a checkpoint every quarter, the newest two kept.
void checkpointEveryQuarter(TrainConfig& c) {
  c.checkpointEvery = std::max<int64_t>(1, c.steps / 4);
  c.checkpointKeep = 2;
}

// The fp32 baseline and the seed question's options A and B.
void addQuestionRows(std::vector<ScenarioSpec>& rows) {
  {
    ScenarioSpec s;
    s.id = std::string(scenario::kBaselineFp32);
    s.story = EvidenceStory::Reference;
    s.color = "#333333";
    s.title = PL_TRANSLATE_NOOP("LabScenarios", "fp32 baseline");
    s.legend = PL_TRANSLATE_NOOP("ScenarioCatalog", "fp32 baseline");
    s.focusChart = "loss";
    s.whatItIs =
        PL_TRANSLATE_NOOP("LabScenarios",
                          "No change: fp32 weights, activations and optimizer; every other run is "
                          "compared with it.");
    s.inDefaultLab = true;
    s.shows = "plain fp32 training, the reference the other runs are compared with";
    s.vertex.title = "fp32 baseline";
    s.vertex.docComment =
        "The fp32 baseline: no precision change, the run every other option is compared with.";
    s.vertex.precisionArgs = kFp32Args;
    rows.push_back(std::move(s));
  }
  {
    ScenarioSpec s;
    s.id = std::string(scenario::kHalfLayers);
    s.story = EvidenceStory::WholeModelHalf;
    s.color = "#D55E00";
    s.optionText = "Modify the model to use half-precision layers";
    s.title = PL_TRANSLATE_NOOP("LabScenarios", "Half-precision layers");
    s.legend = PL_TRANSLATE_NOOP("ScenarioCatalog", "Half-precision layers");
    s.focusChart = "loss";
    s.whatItIs = PL_TRANSLATE_NOOP(
        "LabScenarios",
        "model.to(torch.float16): fp16 weights, gradients and AdamW state, no loss scaling.");
    s.precision = Precision::HalfModel;
    // Weights that turned NaN stay NaN: ten non-finite steps in a row settle the verdict, and
    // the rest of the run would only spend the learner's minutes (a fifth of the default lab).
    s.configure = [](TrainConfig& c) { c.stopAfterNonFinite = 10; };
    s.inDefaultLab = true;
    s.linkFrom = EvidenceLink::Wrong;
    s.shows = "a model cast to fp16 (weights, gradients and optimizer state) whose loss turns NaN";
    s.vertex.title = "\"Modify the model to use half-precision layers\" (wrong answer)";
    s.vertex.docComment =
        "The half-precision-layers option casts the whole model to fp16. This is the WRONG\n"
        "answer to the question; the script exists so you can watch it fail on a real GPU.";
    s.vertex.modelCast =
        "    # THE WRONG ANSWER (half-precision layers): the whole model, and so AdamW's weights\n"
        "    # and states, become fp16. Nothing keeps an fp32 master copy and nothing scales the\n"
        "    # loss, so updates smaller than a weight's fp16 spacing are lost, Adam's eps=1e-8 "
        "rounds to 0\n"
        "    # in fp16, small gradients underflow to zero, and the loss typically turns NaN.\n"
        "    # Adding fp16=True on top does not rescue it: the Trainer's GradScaler refuses with\n"
        "    # \"ValueError: Attempting to unscale FP16 gradients.\" Use fp16=True on the fp32\n"
        "    # model instead (see the fp16-amp export).\n"
        "    model = model.half()\n";
    s.vertex.precisionArgs =
        "        fp16=False,  # fp16=True here fails: \"Attempting to unscale FP16 gradients.\"\n"
        "        bf16=False,\n";
    rows.push_back(std::move(s));
  }
  {
    ScenarioSpec s;
    s.id = std::string(scenario::kTensorflowContainer);
    s.story = EvidenceStory::SameComputation;
    s.color = "#56B4E9";
    s.optionText = "Use a custom container with TensorFlow instead of PyTorch";
    s.title = PL_TRANSLATE_NOOP("LabScenarios", "TensorFlow container");
    s.legend = PL_TRANSLATE_NOOP("ScenarioCatalog", "TensorFlow container");
    s.focusChart = "throughput";
    s.whatItIs = PL_TRANSLATE_NOOP(
        "LabScenarios", "A framework swap leaves precision unchanged: the same fp32 run.");
    s.inDefaultLab = true;
    s.linkFrom = EvidenceLink::Wrong;
    s.shows = "a framework swap that trains in fp32 exactly like the baseline, with no speed-up";
    s.vertex.title = "\"Use a custom container with TensorFlow instead of PyTorch\" (wrong answer)";
    s.vertex.docComment =
        "The TensorFlow-container option swaps the framework. A framework swap does not change "
        "numerical precision: a\n"
        "TensorFlow container trains in fp32 unless mixed precision is turned on in the code\n"
        "(tf.keras.mixed_precision.set_global_policy(\"mixed_float16\")), just as this PyTorch\n"
        "script trains in fp32 until fp16=True is set. So this export is the fp32 run the swap\n"
        "would give you: the same precision, the same speed class, more migration work.";
    s.vertex.precisionArgs =
        "        # Same precision as the baseline: changing the framework or container never\n"
        "        # turns mixed precision on; only the training code does.\n" +
        kFp32Args;
    rows.push_back(std::move(s));
  }
}

// Option C (the tuning sweep), option D (fp16=True) and bf16=True.
void addTuningAndMixedPrecisionRows(std::vector<ScenarioSpec>& rows) {
  {
    ScenarioSpec s;
    s.id = std::string(scenario::kVertexHpTuning);
    s.story = EvidenceStory::Sweep;
    s.color = "#CC79A7";
    s.optionText = "Enable mixed precision via Vertex AI hyperparameter tuning";
    s.title = PL_TRANSLATE_NOOP("LabScenarios", "Vertex AI hyperparameter tuning");
    s.legend = PL_TRANSLATE_NOOP("ScenarioCatalog", "HP tuning");
    s.focusChart = "loss";
    s.whatItIs = PL_TRANSLATE_NOOP(
        "LabScenarios",
        "A sweep of fp32 trials over the learning rate: it searches values, it never changes "
        "precision.");
    s.isSweep = true;
    s.inDefaultLab = true;
    s.linkFrom = EvidenceLink::Wrong;
    s.shows =
        "a learning-rate sweep of fp32 trials: several times the compute, precision unchanged";
    s.vertex.title =
        "\"Enable mixed precision via Vertex AI hyperparameter tuning\" (wrong answer)";
    s.vertex.docComment =
        "The tuning option runs a Vertex AI hyperparameter tuning job (hp-tuning.yaml). Tuning "
        "searches\n"
        "values such as the learning rate and batch size across several fp32 trials; it never\n"
        "switches precision, and it multiplies the compute instead of speeding up one run.";
    s.vertex.precisionArgs =
        "        # Tuning passes --learning_rate and --per_device_train_batch_size per trial;\n"
        "        # precision is not a tuned parameter and stays fp32 in every trial.\n" +
        kFp32Args;
    s.vertex.hpTuning = true;
    rows.push_back(std::move(s));
  }
  {
    ScenarioSpec s;
    s.id = std::string(scenario::kFp16Amp);
    s.story = EvidenceStory::MixedPrecision;
    s.color = "#009E73";
    s.companion = std::string(scenario::kBf16Amp);
    s.quotesSpeedEvidence = true;
    s.optionText = "Set fp16=True in the TrainingArguments";
    s.correct = true;
    s.title = PL_TRANSLATE_NOOP("LabScenarios", "fp16=True");
    s.legend = PL_TRANSLATE_NOOP("ScenarioCatalog", "fp16=True");
    s.focusChart = "loss";
    s.whatItIs = PL_TRANSLATE_NOOP(
        "LabScenarios",
        "TrainingArguments(fp16=True): autocast fp16 forward, GradScaler, fp32 master weights. "
        "On a GPU only: on a CPU the Trainer accepts fp16=True without a word, but accelerate "
        "turns on neither autocast nor the GradScaler there, so the run is plain fp32 (measured "
        "with transformers 5.24, accelerate 1.15).");
    s.precision = Precision::Fp16Amp;
    s.inDefaultLab = true;
    s.linkFrom = EvidenceLink::Correct;
    s.shows = "fp16 mixed precision with dynamic loss scaling learning like the fp32 baseline";
    s.vertex.title = "\"Set fp16=True in the TrainingArguments\" (the right answer)";
    s.vertex.docComment =
        "The right answer: fp16=True turns on automatic mixed precision. Eligible\n"
        "operations run in fp16 under autocast, a GradScaler scales the loss so small gradients\n"
        "do not underflow, and the optimizer keeps fp32 master weights.\n"
        "On a GPU only. Tried on a CPU (python3 train.py --use_cpu), the Trainer accepts\n"
        "fp16=True without a message, but accelerate enables fp16 autocast and the GradScaler\n"
        "only for GPUs: the run is plain fp32 (the \"precision in effect\" line printed before\n"
        "training shows native_amp=False grad_scaler=False). Measured with transformers 5.24\n"
        "and accelerate 1.15.";
    s.vertex.precisionArgs =
        "        fp16=True,  # automatic mixed precision: fp16 autocast + loss scaling, fp32 "
        "master weights\n";
    rows.push_back(std::move(s));
  }
  {
    ScenarioSpec s;
    s.id = std::string(scenario::kBf16Amp);
    s.story = EvidenceStory::MixedPrecision;
    s.color = "#E69F00";
    s.title = PL_TRANSLATE_NOOP("LabScenarios", "bf16=True");
    s.legend = PL_TRANSLATE_NOOP("ScenarioCatalog", "bf16=True");
    s.focusChart = "throughput";
    s.whatItIs = PL_TRANSLATE_NOOP(
        "LabScenarios",
        "TrainingArguments(bf16=True): the same mechanism in bfloat16 (fp32's range, no loss "
        "scaling), which GPUs from Ampere on and CPUs with bf16 units run natively.");
    s.precision = Precision::Bf16Amp;
    s.inDefaultLab = true;
    s.linkFrom = EvidenceLink::Correct;
    s.shows = "bf16 mixed precision learning like the fp32 baseline without loss scaling";
    s.vertex.title = "bf16=True (mixed precision with bfloat16)";
    s.vertex.docComment =
        "bf16=True: autocast in bfloat16, which has fp32's exponent range, so no loss scaling is\n"
        "needed. Needs an Ampere or newer GPU (A100, L4, H100); the default machine is an L4.";
    s.vertex.precisionArgs =
        "        bf16=True,  # mixed precision in bfloat16 (Ampere or newer); no GradScaler "
        "needed\n";
    s.vertex.machineType = "g2-standard-8";  // bf16 needs Ampere or newer
    s.vertex.acceleratorType = "NVIDIA_L4";
    rows.push_back(std::move(s));
  }
}

// fp16 without a loss scaler and the memory experiments.
void addScalerAndMemoryRows(std::vector<ScenarioSpec>& rows) {
  {
    ScenarioSpec s;
    s.id = std::string(scenario::kFp16NoScaler);
    s.story = EvidenceStory::NoLossScaling;
    s.color = "#2222EE";  // pure blue: Okabe-Ito blue read as the TF container's sky blue
    s.title = PL_TRANSLATE_NOOP("LabScenarios", "fp16 without loss scaling");
    s.legend = PL_TRANSLATE_NOOP("ScenarioCatalog", "fp16 without loss scaling");
    s.focusChart = "underflow";
    s.whatItIs = PL_TRANSLATE_NOOP(
        "LabScenarios",
        "Autocast fp16 with the GradScaler turned off: small gradients flush to zero.");
    s.precision = Precision::Fp16AmpNoScaler;
    s.inDefaultLab = false;
    s.linkFrom = EvidenceLink::Wrong;
    s.shows = "fp16 autocast without a gradient scaler, where small gradients flush to zero";
    s.vertex.exportable = false;
    s.vertex.refusal =
        "scenario \"fp16-no-scaler\" has no Trainer equivalent: TrainingArguments(fp16=True) "
        "always scales the loss. Export \"fp16-amp\" instead.";
    rows.push_back(std::move(s));
  }
  {
    ScenarioSpec s;
    s.id = std::string(scenario::kGradAccumulation);
    s.story = EvidenceStory::MemoryExperiment;
    s.color = "#884EA0";
    s.title = PL_TRANSLATE_NOOP("LabScenarios", "Gradient accumulation x4");
    s.legend = PL_TRANSLATE_NOOP("ScenarioCatalog", "Gradient accumulation x4");
    s.focusChart = "loss";
    s.whatItIs = PL_TRANSLATE_NOOP(
        "LabScenarios",
        "gradient_accumulation_steps=4 in TrainingArguments: the baseline's batch as 4 "
        "micro-batches of a quarter, each loss divided by 4, gradients summed, one optimizer "
        "step. The same examples and dropout masks as the baseline, so the same updates with "
        "a quarter of the activations in memory at a time.");
    // The baseline's batch (16 in the lab) in 4 equal parts; the validator refuses a batch
    // that 4 does not divide.
    s.configure = [](TrainConfig& c) { c.accumulationSteps = 4; };
    s.linkFrom = EvidenceLink::Correct;
    s.shows =
        "a batch accumulated over micro-batches: the same updates as one batch at a lower "
        "measured peak memory";
    s.vertex.title = "gradient_accumulation_steps=4";
    s.vertex.docComment =
        "Gradient accumulation: each optimizer step sums the gradients of 4 micro-batches of\n"
        "per_device_train_batch_size examples, so the effective batch is 4x what fits in memory.";
    s.vertex.precisionArgs = kFp32Args + "        gradient_accumulation_steps=4,\n";
    rows.push_back(std::move(s));
  }
  {
    ScenarioSpec s;
    s.id = std::string(scenario::kActivationCheckpointing);
    s.story = EvidenceStory::MemoryExperiment;
    s.color = "#7F7F00";
    s.title = PL_TRANSLATE_NOOP("LabScenarios", "Activation checkpointing");
    s.legend = PL_TRANSLATE_NOOP("ScenarioCatalog", "Activation checkpointing");
    s.focusChart = "throughput";
    s.whatItIs = PL_TRANSLATE_NOOP(
        "LabScenarios",
        "gradient_checkpointing=True in TrainingArguments: each encoder layer keeps only its "
        "input and runs again in the backward pass, with the same dropout masks: the same "
        "loss, less activation memory, more compute per step.");
    s.configure = [](TrainConfig& c) { c.checkpointActivations = true; };
    s.linkFrom = EvidenceLink::Correct;
    s.shows =
        "activation checkpointing: the same loss at a lower measured peak memory and a longer "
        "step";
    s.vertex.title = "gradient_checkpointing=True";
    s.vertex.docComment =
        "Activation (gradient) checkpointing: the encoder layers' activations are recomputed in\n"
        "the backward pass instead of stored, trading compute for memory.";
    s.vertex.precisionArgs = kFp32Args + "        gradient_checkpointing=True,\n";
    rows.push_back(std::move(s));
  }
}

// LoRA and the range experiment.
void addLoraAndRangeRows(std::vector<ScenarioSpec>& rows) {
  {
    ScenarioSpec s;
    s.id = std::string(scenario::kLora);
    s.story = EvidenceStory::LoraExperiment;
    s.color = "#A03030";
    s.title = PL_TRANSLATE_NOOP("LabScenarios", "LoRA r=8 (frozen base)");
    s.legend = PL_TRANSLATE_NOOP("ScenarioCatalog", "LoRA r=8");
    s.focusChart = "loss";
    s.whatItIs = PL_TRANSLATE_NOOP(
        "LabScenarios",
        "PEFT's LoraConfig(r=8, lora_alpha=16, target_modules=[\"query\", \"value\"]): "
        "rank-8 adapters on every layer's query and value projections, the base weights "
        "frozen, only the adapters and the classifier trained, at the baseline's settings but "
        "10 times its learning rate (adapters start at zero and are usually trained faster "
        "than a full fine-tune). Trainable parameters, optimizer-state memory, step time and "
        "validation accuracy next to full fine-tuning.");
    // 10x: at the baseline's rate the adapters did not leave chance in the default lab's 60 steps
    // on the pretrained MiniLM (val acc 0.196, chance 0.2); at 10x they reached 0.584 (measured
    // 2026-12-02, `train --lora-rank 8 --lr 3e-3`), full fine-tuning about 0.9.
    s.configure = [](TrainConfig& c) {
      c.loraRank = kLabLoraRank;
      c.loraAlpha = 2.0 * kLabLoraRank;
      c.learningRate *= 10.0;
    };
    s.linkFrom = EvidenceLink::Correct;
    s.shows =
        "LoRA on a frozen base: a small measured share of the trainable parameters and of the "
        "optimizer's memory, next to full fine-tuning's accuracy";
    s.vertex.exportable = false;
    s.vertex.refusal =
        "scenario \"lora\" has no TrainingArguments equivalent: LoRA is PEFT's get_peft_model, "
        "not a Trainer setting. Write the adapter with train --lora-rank 8 --save DIR.";
    rows.push_back(std::move(s));
  }
  // The range experiment: the same outlier feature under fp16=True and under bf16=True, each
  // judged against the fp32 baseline, which computes bit for bit the same with or without it.
  const auto outlier = [](TrainConfig& c) { c.outlierScaleLog2 = kLabOutlierScaleLog2; };
  {
    ScenarioSpec s;
    s.id = std::string(scenario::kFp16AmpOutlier);
    s.story = EvidenceStory::RangeExperiment;
    s.color = "#005E45";
    s.title = PL_TRANSLATE_NOOP("LabScenarios", "fp16=True, outlier feature");
    s.legend = PL_TRANSLATE_NOOP("ScenarioCatalog", "fp16=True, outlier feature");
    s.focusChart = "loss";
    s.whatItIs = PL_TRANSLATE_NOOP(
        "LabScenarios",
        "fp16=True on a model with an outlier feature: encoder layer 0 carries one attention "
        "value channel at 2^20 (1,048,576) times its value and divides it back before the "
        "output projection, so its activations exceed fp16's largest value, 65504. The model "
        "computes the same function as the baseline; fp16 cannot hold it.");
    s.precision = Precision::Fp16Amp;
    s.configure = outlier;
    s.linkFrom = EvidenceLink::Wrong;
    s.shows =
        "fp16 mixed precision overflowing in the forward pass on activations above 65504: the "
        "GradScaler skips every step, the loss is non-finite, clipping and loss scaling cannot "
        "help";
    s.vertex.title = "fp16=True on a model with activations above 65504";
    s.vertex.docComment =
        "fp16=True on a model whose activations exceed 65504 (a planted outlier feature: see\n"
        "docs/range-experiment.md). Expect inf/NaN losses and skipped steps: the overflow is in\n"
        "the forward pass, where loss scaling does not reach.";
    s.vertex.exportable = false;
    s.vertex.refusal =
        "scenario \"fp16-amp-outlier\" plants an outlier feature the Trainer's model does not "
        "have. Export \"fp16-amp\" or \"bf16-amp\" instead.";
    rows.push_back(std::move(s));
  }
  {
    ScenarioSpec s;
    s.id = std::string(scenario::kBf16AmpOutlier);
    s.story = EvidenceStory::RangeExperiment;
    s.color = "#996600";
    s.title = PL_TRANSLATE_NOOP("LabScenarios", "bf16=True, outlier feature");
    s.legend = PL_TRANSLATE_NOOP("ScenarioCatalog", "bf16=True, outlier feature");
    s.focusChart = "loss";
    s.whatItIs = PL_TRANSLATE_NOOP(
        "LabScenarios",
        "bf16=True on the same model with the outlier feature: its activations above 65504 "
        "are far inside bfloat16's range (up to 3.4e38, fp32's exponent), and powers of two "
        "scale exactly, so it trains as bf16=True does without the outlier.");
    s.precision = Precision::Bf16Amp;
    s.configure = outlier;
    s.linkFrom = EvidenceLink::Correct;
    s.shows =
        "bf16 mixed precision training like fp32 on activations above fp16's 65504, without "
        "loss scaling";
    s.vertex.exportable = false;
    s.vertex.refusal =
        "scenario \"bf16-amp-outlier\" plants an outlier feature the Trainer's model does not "
        "have. Export \"bf16-amp\" instead.";
    rows.push_back(std::move(s));
  }
}

// Preemption and resume, tf32=True and the smaller batch.
void addOtherExperimentRows(std::vector<ScenarioSpec>& rows) {
  {
    // Preemption and resume (docs/preemption-experiment.md): three `train` children of the CLI,
    // the run uninterrupted, the same run SIGKILLed and its resume (engine/PreemptionRunner.h),
    // in the CLI's lab and the window alike. The configured run is what they train.
    ScenarioSpec s;
    s.id = std::string(scenario::kPreemptionResume);
    s.story = EvidenceStory::PreemptionResume;
    s.color = "#338080";  // mid teal: its three runs are shaded darker and lighter around it
    s.title = PL_TRANSLATE_NOOP("LabScenarios", "Preemption and resume");
    s.legend = PL_TRANSLATE_NOOP("ScenarioCatalog", "Killed and resumed");
    s.focusChart = "loss";
    s.whatItIs = PL_TRANSLATE_NOOP(
        "LabScenarios",
        "save_steps in TrainingArguments and trainer.train(resume_from_checkpoint=...): a "
        "checkpoint-<step>/ folder every quarter of the run holds the weights, AdamW state, "
        "scaler, LR schedule position, RNG and data order, so a run killed like a preempted "
        "Spot VM continues exactly; only the steps since the last checkpoint are lost.");
    s.configure = checkpointEveryQuarter;
    s.runSource = RunSource::KillAndResume;
    s.linkFrom = EvidenceLink::Correct;
    s.shows =
        "a run killed with SIGKILL and resumed from its last checkpoint continuing the "
        "uninterrupted loss curve step for step, losing only the steps since that checkpoint";
    s.vertex.exportable = false;
    s.vertex.refusal =
        "scenario \"preemption-resume\" kills a local process; on Vertex AI use save_steps and "
        "resume_from_checkpoint with a Spot VM (scheduling.strategy SPOT) instead.";
    rows.push_back(std::move(s));
  }
  {
    // tf32=True: the baseline NVIDIA's published A100/H100 "FP32" figures use, so a GPU
    // recording compares fp16=True with both (bench/gpu-record.sh). On a CPU it is the fp32
    // baseline's computation.
    ScenarioSpec s;
    s.id = std::string(scenario::kTf32);
    s.story = EvidenceStory::Measured;
    s.color = "#666666";
    s.title = PL_TRANSLATE_NOOP("LabScenarios", "tf32=True");
    s.legend = PL_TRANSLATE_NOOP("ScenarioCatalog", "tf32=True");
    s.focusChart = "throughput";
    s.whatItIs = PL_TRANSLATE_NOOP(
        "LabScenarios",
        "TrainingArguments(tf32=True): fp32 weights and activations, with the matrix multiplies "
        "on TF32 Tensor Cores of an Ampere or newer GPU (10-bit mantissa inputs); no effect on a "
        "CPU.");
    s.configure = [](TrainConfig& c) { c.tf32 = true; };
    s.linkFrom = EvidenceLink::Any;
    s.shows = "fp32 training with TF32 matrix multiplies on an Ampere or newer GPU";
    s.vertex.title = "tf32=True (TF32 matrix multiplies, fp32 everything else)";
    s.vertex.docComment =
        "tf32=True: fp32 training whose matrix multiplies run on TF32 Tensor Cores. Needs an\n"
        "Ampere or newer GPU (A100, L4, H100); the default machine is an L4.";
    s.vertex.precisionArgs = "        tf32=True,  # TF32 matmuls (Ampere or newer)\n";
    s.vertex.machineType = "g2-standard-8";
    s.vertex.acceleratorType = "NVIDIA_L4";
    rows.push_back(std::move(s));
  }
  {
    // A smaller batch at the same learning rate: the memory a smaller batch saves is real, but
    // unlike gradient accumulation it is another training (other updates, fewer examples per
    // step). The contrast to grad-accumulation (docs/smaller-batch-experiment.md).
    ScenarioSpec s;
    s.id = std::string(scenario::kSmallerBatch);
    s.story = EvidenceStory::SmallerBatch;
    s.color = "#EE00DD";  // magenta: a muted pink read as Vertex AI's
    s.title = PL_TRANSLATE_NOOP("LabScenarios", "Half the batch, same learning rate");
    s.legend = PL_TRANSLATE_NOOP("ScenarioCatalog", "Half the batch");
    s.focusChart = "loss";
    s.whatItIs = PL_TRANSLATE_NOOP(
        "LabScenarios",
        "per_device_train_batch_size halved, learning_rate unchanged: half the activations in "
        "memory, but each step sees half the examples, so the updates are not the baseline's "
        "(gradient accumulation keeps them).");
    s.configure = [](TrainConfig& c) { c.batchSize = std::max<int64_t>(1, c.batchSize / 2); };
    s.linkFrom = EvidenceLink::Any;
    s.shows =
        "a smaller batch at the same learning rate: lower measured peak memory, other updates "
        "and fewer examples per second";
    s.vertex.exportable = false;
    s.vertex.refusal =
        "scenario \"smaller-batch\" is a contrast for the lab, not a recipe: export "
        "baseline-fp32 with the batch size you want (--batch-size) instead.";
    rows.push_back(std::move(s));
  }
}

// Data parallelism (docs/data-parallel.md).
void addDataParallelRows(std::vector<ScenarioSpec>& rows) {
  {
    // The baseline's run, the same global batch, trained by 2 processes of the CLI
    // (`train --nproc 2`, torchrun's environment, Gloo collectives): judged against the live
    // one-process baseline started beside it (core/src/judges/DataParallelJudge.cpp).
    ScenarioSpec s;
    s.id = std::string(scenario::kDataParallel);
    s.story = EvidenceStory::DataParallel;
    s.color = "#4B7F52";
    s.title = PL_TRANSLATE_NOOP("LabScenarios", "Data parallel, 2 processes");
    s.legend = PL_TRANSLATE_NOOP("ScenarioCatalog", "2 processes, half the batch each");
    s.focusChart = "loss";
    s.whatItIs = PL_TRANSLATE_NOOP(
        "LabScenarios",
        "DistributedDataParallel as torchrun starts it: 2 processes, each training half of "
        "every global batch, the parameters broadcast from rank 0, the gradients averaged by a "
        "Gloo all-reduce after backward. The same global batch as the one-process baseline, so "
        "the same updates; each step pays for the all-reduce, measured.");
    s.runSource = RunSource::DataParallelChild;
    s.linkFrom = EvidenceLink::Correct;
    s.shows =
        "DistributedDataParallel over 2 processes giving the one-process run's updates, with "
        "the gradient all-reduce's measured share of each step";
    s.vertex.exportable = false;
    s.vertex.refusal =
        "scenario \"data-parallel\" starts local processes; for Vertex AI export "
        "\"baseline-fp32\" with worker pools (docs/data-parallel.md).";
    rows.push_back(std::move(s));
  }
  {
    // A worker dies (question 041): the preemption experiment's three runs as 2-rank jobs
    // (PreemptionRunner::startRanks), the second losing rank 1 mid-run; its own reference
    // (core/src/judges/WorkerDiesJudge.cpp).
    ScenarioSpec s;
    s.id = std::string(scenario::kWorkerDies);
    s.story = EvidenceStory::WorkerDies;
    s.color = "#8C564B";
    s.title = PL_TRANSLATE_NOOP("LabScenarios", "A worker dies, the job restarts");
    s.legend = PL_TRANSLATE_NOOP("ScenarioCatalog", "Rank lost, all ranks resumed");
    s.focusChart = "loss";
    s.whatItIs = PL_TRANSLATE_NOOP(
        "LabScenarios",
        "A 2-process DistributedDataParallel job checkpointing every quarter loses rank 1 "
        "mid-run, as when a host fault replaces a VM: rank 0 waits in its all-reduce until the "
        "collective timeout and the job fails naming the rank; then every rank restarts from "
        "the newest checkpoint (Vertex AI's restartJobOnWorkerRestart with resume logic).");
    s.configure = checkpointEveryQuarter;
    s.runSource = RunSource::RankKillAndResume;
    s.linkFrom = EvidenceLink::Correct;
    s.shows =
        "a data-parallel job that lost a rank waiting out the collective timeout and failing, "
        "then all ranks restarted from the newest checkpoint continuing the uninterrupted curve";
    s.vertex.exportable = false;
    s.vertex.refusal =
        "scenario \"worker-dies\" stops a local process; on Vertex AI set "
        "scheduling.restartJobOnWorkerRestart and resume from the newest checkpoint instead.";
    rows.push_back(std::move(s));
  }
  {
    // Replicated vs sharded state (question 010): the configured run as two 2-rank jobs, AdamW's
    // state on every rank, then sharded over the ranks (ZeRO stage 1,
    // PreemptionRunner::startShardedState); its own reference
    // (core/src/judges/ShardedStateJudge.cpp).
    ScenarioSpec s;
    s.id = std::string(scenario::kShardedState);
    s.story = EvidenceStory::ShardedState;
    s.color = "#5B4B9E";
    s.title = PL_TRANSLATE_NOOP("LabScenarios", "Replicated vs sharded state");
    s.legend = PL_TRANSLATE_NOOP("ScenarioCatalog", "2 processes, optimizer state sharded");
    s.focusChart = "loss";
    s.whatItIs = PL_TRANSLATE_NOOP(
        "LabScenarios",
        "The same 2-process data-parallel job twice: first as DistributedDataParallel keeps it, "
        "every process with a full copy of AdamW's state; then with the state sharded over the "
        "processes (ZeRO stage 1, PyTorch's ZeroRedundancyOptimizer): each process updates its "
        "half of the parameters and broadcasts them. The same updates; half the optimizer state "
        "per process, measured.");
    s.runSource = RunSource::ShardedStateJobs;
    s.linkFrom = EvidenceLink::Any;
    s.shows =
        "the optimizer state each data-parallel process holds, replicated in full on every "
        "process against sharded to about 1/N per process with the same updates";
    s.vertex.exportable = false;
    s.vertex.refusal =
        "scenario \"sharded-state\" starts local processes; for Vertex AI use a sharded "
        "optimizer (ZeroRedundancyOptimizer, DeepSpeed ZeRO or FSDP) in the training code.";
    rows.push_back(std::move(s));
  }
}

std::vector<ScenarioSpec> makeTable() {
  std::vector<ScenarioSpec> rows;
  addQuestionRows(rows);
  addTuningAndMixedPrecisionRows(rows);
  addScalerAndMemoryRows(rows);
  addLoraAndRangeRows(rows);
  addOtherExperimentRows(rows);
  addDataParallelRows(rows);
  return rows;
}

}  // namespace

const std::vector<ScenarioSpec>& scenarioTable() {
  static const std::vector<ScenarioSpec> table = makeTable();
  return table;
}

const ScenarioSpec* findScenario(std::string_view id) {
  for (const auto& s : scenarioTable())
    if (s.id == id) return &s;
  return nullptr;
}

bool judgedWithoutBaseline(std::string_view scenarioId) {
  const ScenarioSpec* row = findScenario(scenarioId);
  return row && (row->runSource == RunSource::KillAndResume ||
                 row->runSource == RunSource::RankKillAndResume ||
                 row->runSource == RunSource::ShardedStateJobs);
}

bool isKnownScenario(std::string_view id) { return findScenario(id) != nullptr; }

const ScenarioSpec& baselineScenario() {
  // The table's first row (tst_core_scenarios checks that it is the one Reference row).
  return scenarioTable().front();
}

const ScenarioSpec& answerScenario() {
  for (const auto& s : scenarioTable())
    if (s.correct) return s;
  return scenarioTable().front();  // unreachable: tst_core_scenarios checks there is one
}

std::vector<std::string> seedOptionIds() {
  std::vector<std::string> ids;
  for (const auto& s : scenarioTable())
    if (!s.optionText.empty()) ids.push_back(s.id);
  return ids;
}

std::string unknownScenarioText(std::string_view id) {
  return "unknown lab scenario '" + std::string(id) + "': use one of " + knownScenarioIds();
}

std::string knownScenarioIds(const char* separator) {
  std::string out;
  for (const auto& s : scenarioTable()) out += (out.empty() ? "" : separator) + s.id;
  return out;
}

}  // namespace precisionlab
