// OpenBLAS picks its matrix kernels once, when it is loaded, from the CPU it recognises. On a CPU
// it does not know (seen here: a Sapphire Rapids-class Xeon in a VM, model name "Intel(R)
// Xeon(R) Processor", with Debian's OpenBLAS 0.3.21) it falls back to its oldest generic
// kernels ("Prescott", SSE3): the lab's fp32 step then took 2.09 s instead of 0.59 s with the
// AVX-512 kernels (MiniLM, 6 layers, batch 16, 48 tokens, one thread), so every fp32 figure, and
// every speedup against fp32, measured the fallback instead of the machine. Losses were equal to
// six digits with both kernels.
//
// selectBlasKernels() is the first call of the CLI's and the app's main(): when OpenBLAS runs a
// generic core on a CPU with AVX-512 (or AVX2 and FMA) and OPENBLAS_CORETYPE is not set, it sets
// OPENBLAS_CORETYPE to the matching kernel family (SkylakeX, or Haswell) and re-executes the
// program, once. An OPENBLAS_CORETYPE the user or the machine set is never changed; nothing
// happens with another BLAS. blasKernelNote() says what was done, for provenance.
#pragma once

#include <string>

namespace precisionlab {

void selectBlasKernels(int argc, char** argv);

// "OpenBLAS SkylakeX kernels (chosen by PrecisionLab: OpenBLAS detected only Prescott)",
// "OpenBLAS SkylakeX kernels", or "" when no OpenBLAS is loaded.
std::string blasKernelNote();

}  // namespace precisionlab
