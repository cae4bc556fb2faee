// The small training config the tests train with, in one place: the built-in data and the tiny
// BERT (the lab's built-in base, core/LabScenarios.h), on the CPU with one thread (on a shared
// 2-core machine a second OpenMP thread spinning against other processes made steps ~10x
// slower), evaluated at the end only. A test states only what it needs beyond that (its steps,
// batch and sequence, a learning rate or seed its numbers were measured with). Header-only, free
// of Qt and LibTorch: the core, engine and ui tests share it.
#pragma once

#include <cstdint>

#include "core/LabScenarios.h"
#include "core/TrainConfig.h"

namespace precisionlab::test {

inline TrainConfig tinyTrainConfig(int64_t steps, int64_t batchSize = 8, int64_t seqLen = 32) {
  TrainConfig c = LabScenarios::builtinBase();
  c.steps = steps;
  c.batchSize = batchSize;
  c.seqLen = seqLen;
  c.device = "cpu";
  c.threads = 1;
  c.evalEvery = 0;
  return c;
}

}  // namespace precisionlab::test
