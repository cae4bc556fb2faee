// Times the engine's gradient all-reduce (DataParallelGroup::allReduceGradients: DDP's 25 MiB
// buckets, all started before the first wait, the copy back included) on gradients of
// all-MiniLM-L6-v2's shapes (22,713,216 parameters of BertModel plus a 2-label classifier head,
// fp32), so the buckets are the ones a MiniLM run reduces. One process is one rank, started with
// torchrun's environment (RANK, WORLD_SIZE, MASTER_ADDR, MASTER_PORT) as bench/data-parallel.sh
// does. Every timed all-reduce follows a one-value all-reduce that lines the ranks up, so the
// figure is the transfer, not a rank waiting for a slower one. Rank 0 prints one key=value line:
// the bytes per rank, the median and fastest time, and algbw = bytes / time (NCCL-tests' name;
// busbw = algbw * 2 (N - 1) / N is what each link carries in a ring), and, for scale, memcpy_ms:
// one process copying the same bytes once (the floor of anything that moves them).
// Usage: RANK=.. WORLD_SIZE=.. MASTER_ADDR=.. MASTER_PORT=.. precisionlab-bench-allreduce ITERS
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "training/DataParallel.h"

using namespace precisionlab;

namespace {

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

int envInt(const char* name, int fallback) {
  const char* v = std::getenv(name);
  return v && *v ? std::atoi(v) : fallback;
}

// all-MiniLM-L6-v2 (BertModel: vocabulary 30522, hidden 384, 6 layers, intermediate 1536, 512
// positions, pooler) and a 2-label classifier, in parameter order.
std::vector<std::vector<int64_t>> miniLmShapes() {
  const int64_t h = 384, ff = 1536;
  std::vector<std::vector<int64_t>> s = {{30522, h}, {512, h}, {2, h}, {h}, {h}};
  for (int layer = 0; layer < 6; ++layer) {
    for (int proj = 0; proj < 4; ++proj) s.insert(s.end(), {{h, h}, {h}});  // Q, K, V, output
    s.insert(s.end(), {{h}, {h}, {ff, h}, {ff}, {h, ff}, {h}, {h}, {h}});
  }
  s.insert(s.end(), {{h, h}, {h}, {2, h}, {2}});  // pooler, classifier
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: RANK=R WORLD_SIZE=N MASTER_ADDR=A MASTER_PORT=P "
                 "precisionlab-bench-allreduce ITERS\n";
    return 2;
  }
  const int iters = std::max(1, std::atoi(argv[1]));
  DataParallelEnv env;
  env.rank = envInt("RANK", 0);
  env.worldSize = envInt("WORLD_SIZE", 1);
  env.localRank = env.rank;
  if (const char* addr = std::getenv("MASTER_ADDR")) env.masterAddr = addr;
  env.masterPort = envInt("MASTER_PORT", 29500);
  env.timeoutSeconds = 120;
  try {
    torch::manual_seed(env.rank);
    std::vector<torch::Tensor> params;
    int64_t count = 0;
    for (const auto& shape : miniLmShapes()) {
      torch::Tensor p = torch::zeros(shape).requires_grad_(true);
      p.mutable_grad() = torch::randn(shape);
      count += p.numel();
      params.push_back(p);
    }
    const int64_t bytes = count * 4;

    // One process copying the same bytes: what moving them costs without any communication.
    std::vector<double> copyMs;
    {
      torch::Tensor from = torch::randn({count}), to = torch::empty({count});
      for (int i = 0; i < iters + 1; ++i) {
        const auto start = std::chrono::steady_clock::now();
        to.copy_(from);
        const double ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count();
        if (i > 0) copyMs.push_back(ms);
      }
    }

    DataParallelGroup group(env, TrainConfig{}, torch::Device(torch::kCPU));
    std::vector<double> ms;
    int64_t sent = 0;
    for (int i = 0; i < iters + 1; ++i) {  // the first is warm-up (connections, allocation)
      group.allReduceSum(torch::zeros({1}));
      const auto start = std::chrono::steady_clock::now();
      sent = group.allReduceGradients(params);
      const double t =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
              .count();
      if (i > 0) ms.push_back(t);
    }
    if (env.rank == 0) {
      const double med = median(ms), best = *std::min_element(ms.begin(), ms.end());
      const double algbw = static_cast<double>(sent) / (med * 1e-3) / 1e9;
      const int n = env.worldSize;
      std::printf(
          "params=%lld bytes=%lld ranks=%d iters=%d median_ms=%.1f best_ms=%.1f "
          "algbw_GBps=%.3f busbw_GBps=%.3f memcpy_ms=%.1f memcpy_GBps=%.3f\n",
          static_cast<long long>(count), static_cast<long long>(sent), n, iters, med, best, algbw,
          n > 1 ? algbw * 2.0 * (n - 1) / n : 0.0, median(copyMs),
          static_cast<double>(bytes) / (median(copyMs) * 1e-3) / 1e9);
    }
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "bench-allreduce: rank " << env.rank << ": " << e.what() << "\n";
    return 1;
  }
}
