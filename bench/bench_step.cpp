// Times the engine's training step (Trainer::step on a fixed batch: forward, loss, backward,
// clipping, AdamW, with the precision policy's hooks) for one model shape, after warmup steps.
// Random token ids of a fixed shape, all real tokens, so the Python side (torch_step.py) can
// feed exactly the same shapes. Prints one key=value line for bench_vs_python.sh.
// stepMs is the trainer's own timed region (forward to optimizer step); call_ms is the whole
// Trainer::step call (statistics and zero_grad included), which is what Python's loop times.
// cpu_ms is the process's CPU time per step (all threads): on a machine shared with other work
// it varies far less than wall time, which includes waiting for a core.
// Usage: precisionlab-bench-step PRESET BATCH SEQ THREADS STEPS WARMUP [PRECISION]
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <vector>

#include "core/EngineError.h"
#include "training/Trainer.h"

using namespace precisionlab;

namespace {
double processCpuMs() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) * 1e-6;
}
double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}
}  // namespace

int main(int argc, char** argv) {
  if (argc != 7 && argc != 8) {
    std::cerr << "usage: precisionlab-bench-step PRESET BATCH SEQ THREADS STEPS WARMUP "
                 "[fp32|bf16-amp]\n";
    return 2;
  }
  TrainConfig c;
  c.preset = argv[1];
  c.batchSize = std::atoll(argv[2]);
  c.seqLen = std::atoll(argv[3]);
  c.threads = std::atoi(argv[4]);
  // The thread count is the experiment: the trainer's config check must not refuse one above
  // the cores (it did not check cores before the config validator).
  c.oversubscribe = true;
  const int64_t steps = std::atoll(argv[5]), warmup = std::atoll(argv[6]);
  c.steps = steps + warmup;
  c.warmupFraction = 0;  // a non-zero lr from step 1, so every step does the full update
  c.learningRate = 1e-4;
  c.evalEvery = 0;
  if (argc == 8 && !parsePrecision(argv[7], &c.precision)) {
    std::cerr << "bench-step: unknown precision '" << argv[7] << "'\n";
    return 2;
  }
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
    std::vector<double> ms, callMs, cpuMs;
    for (int64_t i = 0; i < warmup + steps; ++i) {
      const double cpuStart = processCpuMs();
      const auto start = std::chrono::steady_clock::now();
      const StepRecord r = t.step(b);
      const double call =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
              .count();
      if (i >= warmup) {
        ms.push_back(r.stepMs);
        callMs.push_back(call);
        cpuMs.push_back(processCpuMs() - cpuStart);
      }
    }
    double sum = 0;
    for (double m : callMs) sum += m;
    std::printf(
        "engine preset=%s precision=%s batch=%lld seq=%lld threads=%d vocab=%lld "
        "labels=%lld median_ms=%.2f mean_ms=%.2f step_median_ms=%.2f cpu_ms=%.2f\n",
        c.preset.c_str(), precisionName(c.precision), static_cast<long long>(c.batchSize),
        static_cast<long long>(c.seqLen), at::get_num_threads(), static_cast<long long>(vocab),
        static_cast<long long>(labels), median(callMs), sum / static_cast<double>(callMs.size()),
        median(ms), median(cpuMs));
  } catch (const std::exception& e) {
    std::cerr << "bench-step: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
