// Which device a run uses, parsed from the user's option, and how it is described in a run's
// provenance ("cpu (2 threads, avx512_bf16)", "cuda:0 NVIDIA H200").
#pragma once

#include <string>

#include <torch/torch.h>

namespace precisionlab {

// "cpu", "cuda" (= cuda:0) or "cuda:N". Throws InputError for anything else, and when CUDA is
// asked for but this LibTorch build or machine has none.
torch::Device parseDevice(const std::string& spec);

struct CpuFeatures {
  bool avx512Bf16 = false;  // bf16 dot products (Cooper Lake, Sapphire Rapids, Zen 4)
  bool amxBf16 = false;     // AMX tiles (Sapphire Rapids and later)
};
// From /proc/cpuinfo's flags; all false where it cannot be read.
CpuFeatures cpuFeatures();

// For provenance; the CPU form reports the current intra-op thread count.
std::string describeDevice(const torch::Device& device);

// Sets LibTorch's intra-op threads and bounds the BLAS library's own thread pool to the same
// number: Debian's LibTorch calls OpenBLAS (pthreads build), whose pool is sized by
// OPENBLAS_NUM_THREADS or the core count and ignores at::set_num_threads.
void setComputeThreads(int threads);

// Waits for queued kernels so a wall-clock time measures the work itself (no-op on CPU).
void synchronizeDevice(const torch::Device& device);

}  // namespace precisionlab
