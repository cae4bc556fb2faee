// What this binary was built against and what it runs on, for `--version`, the About box and
// every run's provenance: LibTorch version, whether CUDA support is compiled in (and the CUDA
// version it was built for), the CPU's mixed-precision features read from /proc/cpuinfo, and the
// BLAS library actually mapped into this process (read from /proc/self/maps, never assumed).
#pragma once

#include <string>

namespace precisionlab {

struct BuildInfo {
  std::string torchVersion;    // "1.13.0" (Debian reports 1.13.0 for 1.13.1), "2.15.0"
  bool cudaCompiled = false;   // the engine was built against a CUDA LibTorch
  std::string cudaVersion;     // CUDA version LibTorch was built for ("13.0"); empty without
  bool cudaAvailable = false;  // a CUDA device can be used now
  bool avx512Bf16 = false;     // bf16 dot products (Cooper Lake, Sapphire Rapids, Zen 4)
  bool amxBf16 = false;        // AMX bf16 tiles (Sapphire Rapids and later)
  bool avx512Fp16 = false;     // fp16 arithmetic in AVX-512 (Sapphire Rapids and later)
  bool amxFp16 = false;        // AMX fp16 tiles (Granite Rapids)
  std::string blas;            // file name of the BLAS library loaded ("libopenblas.so.0"), or
                               // "none loaded"
  int threads = 0;             // intra-op threads LibTorch uses now
};

// Reads the facts once per call; cheap enough for a --version or a run start.
BuildInfo buildInfo();

// Multi-line text for --version and the About box ("LibTorch 1.13.0 (CPU only)\n...").
std::string buildInfoText();

// The device text a run on `device` ("cpu", "cuda", "cuda:1") will carry in its provenance
// ("cpu (2 threads, avx512_bf16, BLAS ...)", "cuda:0 NVIDIA H200 (sm_90)"), before any run; a
// device that cannot be used is described as asked for ("cuda (not available)").
std::string describeComputeDevice(const std::string& device);

}  // namespace precisionlab
