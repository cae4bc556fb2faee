// Times the engine's training step (Trainer::step on a fixed batch: forward, loss, backward,
// clipping, AdamW, with the precision policy's hooks) for one model shape, after warmup steps.
// Random token ids of a fixed shape, all real tokens, so the Python side (torch_step.py) can
// feed exactly the same shapes. Prints one key=value line for bench_vs_python.sh.
// Usage: precisionlab-bench-step PRESET BATCH SEQ THREADS STEPS WARMUP
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <vector>

#include "engine/EngineError.h"
#include "engine/src/Trainer.h"

using namespace precisionlab;

int main(int argc, char** argv) {
  if (argc != 7) {
    std::cerr << "usage: precisionlab-bench-step PRESET BATCH SEQ THREADS STEPS WARMUP\n";
    return 2;
  }
  TrainConfig c;
  c.preset = argv[1];
  c.batchSize = std::atoll(argv[2]);
  c.seqLen = std::atoll(argv[3]);
  c.threads = std::atoi(argv[4]);
  const int64_t steps = std::atoll(argv[5]), warmup = std::atoll(argv[6]);
  c.steps = steps + warmup;
  c.warmupFraction = 0;  // a non-zero lr from step 1, so every step does the full update
  c.learningRate = 1e-4;
  c.evalEvery = 0;
  try {
    Trainer t(c);
    t.prepare();
    torch::manual_seed(1);
    const int64_t vocab = t.tokenizer().vocabSize();
    const int64_t labels = static_cast<int64_t>(t.trainSet().labels().size());
    Batch b;
    b.inputIds = torch::randint(5, vocab, {c.batchSize, c.seqLen}, torch::kLong);  // (B, T)
    b.attentionMask = torch::ones({c.batchSize, c.seqLen}, torch::kLong);
    b.tokenTypeIds = torch::zeros({c.batchSize, c.seqLen}, torch::kLong);
    b.labels = torch::randint(0, labels, {c.batchSize}, torch::kLong);
    b.realTokens = c.batchSize * c.seqLen;
    std::vector<double> ms;
    for (int64_t i = 0; i < warmup + steps; ++i) {
      const StepRecord r = t.step(b);
      if (i >= warmup) ms.push_back(r.stepMs);
    }
    std::sort(ms.begin(), ms.end());
    double sum = 0;
    for (double m : ms) sum += m;
    std::printf("engine preset=%s batch=%lld seq=%lld threads=%d vocab=%lld labels=%lld "
                "median_ms=%.2f mean_ms=%.2f\n",
                c.preset.c_str(), static_cast<long long>(c.batchSize),
                static_cast<long long>(c.seqLen), at::get_num_threads(),
                static_cast<long long>(vocab), static_cast<long long>(labels),
                ms[ms.size() / 2], sum / static_cast<double>(ms.size()));
  } catch (const std::exception& e) {
    std::cerr << "bench-step: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
