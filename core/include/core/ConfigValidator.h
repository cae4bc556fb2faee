// The one place that says which TrainConfig a run can start with. It knows the settings (fields),
// never how a front end spells them: an issue names its field, its limits and a message in terms
// of the setting ("sequence length must be between 2 and 512 tokens (got 1000)"). Each front end
// maps the field to its own words: the CLI to its flag ("--seq-len: ..."), the GUI to its widget.
// The Trainer calls it too, as the last guard before a run allocates anything. Fields, their
// names, titles and ranges are those of the one table (core/ConfigFields.h).
//
// Torch-free and Qt-free: what depends on the LibTorch build or the machine (cores, CPU fp16
// kernels, CUDA devices) comes in through ConfigEnvironment; engine/TrainEnvironment.h provides
// the environment of the running process (trainEnvironment()).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/ConfigFields.h"
#include "core/TrainConfig.h"

namespace precisionlab {

struct ConfigIssue {
  ConfigField field = ConfigField::Steps;
  std::string message;               // in terms of the setting, never a flag or a widget
  std::optional<ConfigRange> range;  // the limits the value broke, for range issues
  // Another field whose setting would allow the value (threads above the cores: Oversubscribe).
  std::optional<ConfigField> allowedBy;
};

// What the checks need to know about the build and the machine.
struct ConfigEnvironment {
  int cores = 1;                // hardware threads of this machine
  bool cpuFp16Kernels = false;  // the LibTorch build has CPU fp16 kernels (2.x)
  std::string torchVersion;     // for the message when it has not
  // Called only when a CUDA device is asked for (probing CUDA costs time): the number of CUDA
  // devices, 0 when the build or machine has none. Empty: devices are not checked.
  std::function<int()> cudaDeviceCount;
};

// Every issue of `config`, in field order; empty when a run can start with it. Files are looked
// at (model directory, dataset, save directory), nothing is read or written.
std::vector<ConfigIssue> validate(const TrainConfig& config, const ConfigEnvironment& env);

// The range check of one numeric field, for a value a front end holds before it narrows it
// (a --threads of 4294967297 must not wrap to 1 on the way into an int).
std::optional<ConfigIssue> checkRange(ConfigField field, double value);

// The device check alone: "cpu", "cuda" or "cuda:N", and a CUDA device that exists. Used by
// validate() and by the engine's device parser, so both refuse with the same words.
std::optional<ConfigIssue> checkDevice(const std::string& device,
                                       const std::function<int()>& cudaDeviceCount);

// The save directory check alone (the trainer checks again just before it writes): new, empty
// or an earlier model directory, in a writable folder that exists. Empty when usable.
std::string saveDirectoryProblem(const std::string& dir);

}  // namespace precisionlab
