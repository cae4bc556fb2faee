// The recordings shipped in resources/recorded are worth teaching from: they were made from the
// one scenario table (the tuning trials sweep the lab's learning rates, every run has the
// settings of its scenario), and their step figures do not swing with other load: the
// TensorFlow-container run is the baseline's computation, so its speed against the baseline
// must read 1.00x with a p25-p75 range inside 0.95-1.05x. Every default-lab run, the baseline
// first, must be shipped: a deleted recording fails here. Reads files only: milliseconds.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "CoreTest.h"
#include "core/LabScenarios.h"
#include "core/RunRecording.h"
#include "core/ScenarioIds.h"
#include "core/ScenarioTable.h"
#include "core/Verdict.h"

using namespace precisionlab;

namespace {

const std::string kFolder = PRECISIONLAB_SOURCE_DIR "/resources/recorded";

std::map<std::string, std::vector<RunRecording>> loadAll() {
  std::vector<std::string> files;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(kFolder, ec))
    if (entry.is_regular_file() && entry.path().extension() == ".plrun")
      files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  std::map<std::string, std::vector<RunRecording>> out;
  for (const std::string& f : files) {
    RunRecording r = readRunRecording(f);
    out[r.scenarioId].push_back(std::move(r));
  }
  return out;
}

}  // namespace

CORE_TEST(madeFromTheScenarioTable) {
  const auto all = loadAll();
  CHECK_MSG(all.count(std::string(scenario::kBaselineFp32)) == 1,
            "the baseline recording is missing from " + kFolder);
  // Every run of the default lab is shipped: a deleted recording must fail here, not pass.
  for (const ScenarioSpec& row : scenarioTable())
    if (row.inDefaultLab) CHECK_MSG(all.count(row.id) == 1, row.id);
  const RunRecording& base = all.at(std::string(scenario::kBaselineFp32)).front();
  for (const auto& [id, recordings] : all) {
    const LabScenario s = LabScenarios::make(id, base.config);
    CHECK_EQ(recordings.size(), s.runs.size());
    std::vector<double> rates, expected;
    for (const RunRecording& r : recordings) {
      rates.push_back(r.config.learningRate);
      CHECK_EQ(r.config.steps, base.config.steps);
      CHECK_EQ(r.config.batchSize, base.config.batchSize);
      CHECK_EQ(r.config.preset, base.config.preset);
    }
    for (const LabRun& run : s.runs) {
      expected.push_back(run.config.learningRate);
      CHECK_MSG(std::any_of(recordings.begin(), recordings.end(),
                            [&](const RunRecording& r) {
                              return r.config.precision == run.config.precision;
                            }),
                id);
    }
    std::sort(rates.begin(), rates.end());
    std::sort(expected.begin(), expected.end());
    for (size_t i = 0; i < rates.size(); ++i)
      CHECK_MSG(std::abs(rates[i] - expected[i]) <= 1e-12 * expected[i], id);
  }
}

CORE_TEST(bitIdenticalRunReadsOneWithATightSpread) {
  const auto all = loadAll();
  CHECK_MSG(all.count(std::string(scenario::kBaselineFp32)) == 1,
            "the baseline recording is missing from " + kFolder);
  CHECK_MSG(all.count(std::string(scenario::kTensorflowContainer)) == 1,
            "the TensorFlow-container recording is missing from " + kFolder);
  const RunRecording& base = all.at(std::string(scenario::kBaselineFp32)).front();
  const RunRecording& tf = all.at(std::string(scenario::kTensorflowContainer)).front();
  MeasuredScenario s;
  s.id = tf.scenarioId;
  s.runs.push_back(tf);  // a recording is a RunLog
  const Verdict v = computeVerdict(s, base);
  CHECK_MSG(v.identicalToBaseline, v.summary);
  CHECK_MSG(v.speedMeasurable, v.summary);
  CHECK_MSG(v.cpuTime, "the shipped recordings must carry per-step CPU time");
  CHECK_MSG(v.speedupLow >= 0.95 && v.speedupHigh <= 1.05, v.summary);
}

// A replay shows what a live run of today's default lab would: the recorded baseline has the
// default lab's settings (LabScenarios::pretrainedBase(), the pretrained MiniLM that
// packaging/setup.sh installs), field for field, save where a machine differs (its device,
// threads, where the model and data were found). Re-record when the default changes:
// `precisionlab-cli record --out resources/recorded` (resources/recorded/README.md).
CORE_TEST(recordedWithTodaysDefaultLab) {
  const auto all = loadAll();
  CHECK_MSG(all.count(std::string(scenario::kBaselineFp32)) == 1,
            "the baseline recording is missing from " + kFolder);
  const TrainConfig& got = all.at(std::string(scenario::kBaselineFp32)).front().config;
  const TrainConfig want = LabScenarios::pretrainedBase();
  CHECK_EQ(got.preset, want.preset);
  CHECK_EQ(got.layers, want.layers);
  CHECK_EQ(got.steps, want.steps);
  CHECK_EQ(got.batchSize, want.batchSize);
  CHECK_EQ(got.seqLen, want.seqLen);
  CHECK_FUZZY_EQ(got.learningRate, want.learningRate);
  CHECK_FUZZY_EQ(got.warmupFraction, want.warmupFraction);
  CHECK_FUZZY_EQ(got.weightDecay, want.weightDecay);
  CHECK_FUZZY_EQ(got.maxGradNorm, want.maxGradNorm);
  CHECK_EQ(got.seed, want.seed);
  CHECK_EQ(got.evalEvery, want.evalEvery);
  CHECK_FUZZY_EQ(got.validationFraction, want.validationFraction);
  CHECK_EQ(got.growthInterval, want.growthInterval);
  CHECK_EQ(got.dataPath.empty(), want.dataPath.empty());  // the built-in data
  // Every default-lab row recorded, each with that row's own settings on this base.
  for (const ScenarioSpec& row : scenarioTable())
    if (row.inDefaultLab) {
      CHECK_MSG(all.count(row.id) == 1, row.id + " is not recorded");
      const LabScenario s = LabScenarios::make(row.id, want);
      for (const RunRecording& r : all.at(row.id)) {
        CHECK_MSG(r.config.precision == s.runs.front().config.precision, row.id);
        CHECK_MSG(r.config.stopAfterNonFinite == s.runs.front().config.stopAfterNonFinite, row.id);
      }
    }
}
