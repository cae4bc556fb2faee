// One fine-tuning run, a step at a time (nanoGPT's loop cut into calls so a scheduler can
// interleave several runs on one device): prepare() loads data, tokenizer and model; step() is
// one optimizer step; evaluate() measures validation loss and accuracy under NoGradGuard.
// The precision policy's hooks are called in the order PrecisionPolicy.h documents. Two runs
// with the same config are bit-identical on CPU: each run seeds and keeps its own RNG state.
// Not a thread-safe object: one thread drives it at a time.
#pragma once

#include <atomic>
#include <memory>
#include <random>
#include <stdexcept>
#include <vector>

#include <torch/torch.h>

#include "core/CheckpointFolders.h"
#include "core/RunRecords.h"
#include "core/TextDataset.h"
#include "core/TrainConfig.h"
#include "core/WordPieceTokenizer.h"
#include "model/BertModel.h"
#include "precision/PrecisionPolicy.h"
#include "training/AdamW.h"

namespace precisionlab {

// Hugging Face's get_linear_schedule_with_warmup for 1-based optimizer step `step` of
// config.steps: linear warmup over ceil(warmupFraction * steps) steps from 0, then linear decay
// to 0. Step 1 uses the scheduler's step 0, so with warmup it trains at lr 0, as HF does.
double learningRateAt(const TrainConfig& config, int64_t step);

// A padded batch on the run's device.
struct Batch {
  torch::Tensor inputIds;       // (B, T) int64
  torch::Tensor attentionMask;  // (B, T) int64, 1 for tokens
  torch::Tensor tokenTypeIds;   // (B, T) int64
  torch::Tensor labels;         // (B) int64
  int64_t realTokens = 0;       // non-padding tokens in the batch
};

// Thrown by prepare() when the cancel flag is raised while data is being prepared.
class PrepareCancelled : public std::runtime_error {
 public:
  PrepareCancelled() : std::runtime_error("cancelled while preparing data") {}
};
class GradientFlush;
class DataParallelGroup;

class Trainer {
 public:
  explicit Trainer(TrainConfig config);
  ~Trainer();
  Trainer(const Trainer&) = delete;
  Trainer& operator=(const Trainer&) = delete;

  // Loads and splits the data, builds tokenizer, model, policy and optimizer. Throws InputError
  // for bad input (data file, preset, device, precision).
  void prepare();
  // A flag prepare() polls between stages and every few hundred examples while tokenizing, so
  // Ctrl-C or closing the app stops a large dataset's preparation within a fraction of a second
  // (it throws PrepareCancelled). Not owned; must outlive prepare().
  void setCancelFlag(const std::atomic<bool>* flag) { cancel_ = flag; }
  // Makes this run one rank of a data-parallel job (training/DataParallel.h); before prepare().
  // prepare() then resumes every rank from rank 0's choice of checkpoint and broadcasts rank 0's
  // weights; step() trains this rank's shard of the global batch (dropout drops what the whole
  // batch would in one process), averages the gradients over the ranks after backward, skips
  // the step on every rank when any found inf/NaN, and reports the loss of the global batch;
  // only rank 0 writes checkpoints. The cancel flag, raised on any rank, ends every rank after
  // the same step (stopAgreed()). With config.shardOptimizer (ZeRO stage 1) each rank keeps
  // AdamW's state for its shard of the parameters only (DataParallelGroup::shardOwners), steps
  // that shard and broadcasts it to the others after the step: the same updates, a 1/N share of
  // the state. Not owned; must outlive the trainer's steps.
  void setDataParallel(DataParallelGroup* group) { dataParallel_ = group; }
  bool stopAgreed() const { return stopAgreed_; }
  // The last step's gradient all-reduce on a data-parallel rank: its wall time (between two
  // device syncs; it includes waiting for a slower rank to finish backward) and the bytes this
  // rank put into it. 0 for one process.
  double lastAllReduceMs() const { return lastAllReduceMs_; }
  int64_t lastAllReduceBytes() const { return lastAllReduceBytes_; }
  // What this rank holds across steps, in bytes: its parameters (frozen ones included), the
  // gradients of the last step (before they were freed) and AdamW's state (m and v; with a
  // sharded optimizer only its shard's). Valid after prepare().
  int64_t parameterBytes() const;
  int64_t lastGradientBytes() const { return lastGradientBytes_; }
  int64_t optimizerStateBytes() const { return optimizer_->stateBytes(); }
  // One optimizer step on the next training batch; prepare() must have been called and
  // finished() be false.
  StepRecord step();
  // The same step on a given batch (benchmarks feed fixed shapes through the real step).
  StepRecord step(const Batch& batch);
  // Validation loss and accuracy over the whole validation split, at the current step.
  EvalRecord evaluate();

  double lrAt(int64_t step) const { return learningRateAt(config_, step); }
  // True after a step that evalEvery (or the last step) asks to be followed by evaluate().
  bool evaluationDue() const;
  bool finished() const { return step_ >= config_.steps || stoppedEarly(); }
  // The run ended before config.steps on a settled failure (TrainConfig::stopAfterNonFinite).
  bool stoppedEarly() const {
    return config_.stopAfterNonFinite > 0 && nonFiniteInARow_ >= config_.stopAfterNonFinite;
  }
  bool prepared() const { return optimizer_ != nullptr; }
  int64_t currentStep() const { return step_; }

  const TrainConfig& config() const { return config_; }
  RunProvenance provenance() const;
  // Warnings from loading config_.modelDir (e.g. a classifier head initialised anew).
  const std::vector<std::string>& loadWarnings() const { return loadWarnings_; }
  // Writes the model as a Hugging Face directory (config.json, vocab.txt, tokenizer_config.json,
  // model.safetensors) atomically; a LoRA run (config.loraRank > 0) writes its adapter in
  // PEFT's layout instead (model/PeftAdapter.h). Throws InputError.
  void saveModel(const std::string& dir);
  // Preemption and resume (docs/preemption-experiment.md, TrainingCheckpoint.cpp). step() calls
  // saveTrainingCheckpoint() every config.checkpointEvery steps: checkpointDir/checkpoint-<step>/
  // (model.safetensors, optimizer.safetensors, scheduler.json, rng_state.json,
  // trainer_state.json) written in a temporary folder beside it, fsync'ed and renamed; only the
  // newest checkpointKeep are kept. Returns the folder. Throws InputError.
  std::string saveTrainingCheckpoint();
  // Continues from a folder saveTrainingCheckpoint() wrote (prepare() calls it when
  // config.resumeFrom is set): every file is checked (regular file, size cap before reading,
  // names, shapes, dtypes, the run's settings) and a bad one refused with an InputError naming
  // the file and field; nothing of the run changes unless all of it loads.
  void resumeFromCheckpoint(const std::string& dir);
  // What `--resume-from latest` resumes from: the newest complete checkpoint of outputDir by its
  // recorded step (core/CheckpointFolders.h), and the folders passed over.
  static CheckpointChoice latestCheckpoint(const std::string& outputDir);
  // The checkpoint folder this run resumed from and its step; "" and 0 for a fresh run.
  const std::string& resumedFrom() const { return resumedFrom_; }
  int64_t resumedStep() const { return resumedStep_; }

  // Internals for precision policies and tests (valid after prepare()).
  BertForSequenceClassification& model() { return model_; }
  torch::nn::Module& module() { return *model_; }
  AdamW& optimizer() { return *optimizer_; }
  const std::vector<torch::Tensor>& parameters() const { return parameters_; }
  const torch::Device& device() const { return device_; }
  PrecisionPolicy& policy() { return *policy_; }
  const WordPieceTokenizer& tokenizer() const { return *tokenizer_; }
  const TextDataset& trainSet() const { return *train_; }
  // Pads encoded rows ([CLS] .. [SEP] ids) to the longest and moves them to the device.
  Batch makeBatch(const std::vector<const std::vector<int64_t>*>& rows,
                  const std::vector<int64_t>& labels) const;

 private:
  class RngScope;
  Batch nextTrainBatch();
  // The forward and backward passes of a step as config.accumulationSteps micro-batches.
  torch::Tensor accumulateGradients(const Batch& batch);
  int64_t residentBytes() const;

  TrainConfig config_;
  torch::Device device_{torch::kCPU};
  std::unique_ptr<WordPieceTokenizer> tokenizer_;
  std::unique_ptr<TextDataset> train_, validation_;
  std::vector<std::vector<int64_t>> trainIds_, validationIds_;  // encoded once in prepare()
  const std::atomic<bool>* cancel_ = nullptr;
  DataParallelGroup* dataParallel_ = nullptr;
  bool stopAgreed_ = false;
  double lastAllReduceMs_ = 0;
  int64_t lastAllReduceBytes_ = 0;
  int64_t lastGradientBytes_ = 0;
  std::vector<int> shardOwners_;  // a sharded optimizer's owner rank per parameter; else empty
  // Block of the global batch this process trains, of worldSize (for the dropout masks).
  int64_t dataBlock() const;
  void throwIfCancelled() const;
  BertForSequenceClassification model_{nullptr};
  std::unique_ptr<PrecisionPolicy> policy_;
  std::unique_ptr<AdamW> optimizer_;
  std::vector<torch::Tensor> parameters_;         // trained (given to the optimizer)
  std::vector<torch::Tensor> frozen_;             // LoRA's frozen base weights
  std::unique_ptr<GradientFlush> gradientFlush_;  // counts fp16-flushed gradient values
  // This run's random stream: on a CPU its own generator (seeded dropout draws from it on
  // whichever thread steps the run); on CUDA the device generator's state between its steps.
  at::Generator cpuGenerator_;
  torch::Tensor rngState_;
  void keepUsedVocabulary();
  int64_t padId_ = 0;  // the pad token's row in the (possibly cut) word embedding
  // Rows of the word embedding this run trains (the wordpieces its data uses when the vocabulary
  // was cut to them: a pretrained checkpoint, nothing saved; else the whole vocab) and the rows
  // of the checkpoint's embedding.
  int64_t vocabRows_ = 0, vocabFull_ = 0;
  int64_t nonFiniteInARow_ = 0;  // steps in a row with a non-finite loss nothing recovered
  double chanceAccuracy_ = 0;    // the validation split's majority-label share
  std::mt19937_64 shuffleRng_;
  std::vector<size_t> order_;  // current epoch's order of training examples
  size_t cursor_ = 0;
  int64_t step_ = 0;
  int64_t lastEvalStep_ = 0;
  std::vector<std::string> loadWarnings_;
  std::string resumedFrom_;
  int64_t resumedStep_ = 0;
};

}  // namespace precisionlab
