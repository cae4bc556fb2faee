// Vertex AI export: for every exportable scenario the generated Python compiles, the YAML parses
// and carries the fields Vertex AI requires, fp16=True appears for fp16-amp only, and the tuning
// spec never tunes precision. Python and PyYAML do the checking, as gcloud would
// (tests/support/Subprocess.h runs them); without python3 or PyYAML those checks skip, saying so.
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "../support/Subprocess.h"
#include "CoreTest.h"
#include "core/EngineError.h"
#include "core/ScenarioIds.h"
#include "core/VertexAiExport.h"

using namespace precisionlab;
namespace fs = std::filesystem;

namespace {

std::string readAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// Runs python3 with `args`; returns its exit code (-1 if it did not finish in 30 s), its output
// (stdout and stderr together) in *out.
int python(const std::vector<std::string>& args, std::string* out) {
  test::ProcessOptions options;
  options.mergeOutput = true;
  const test::ProcessResult r = test::runProcess("python3", args, 30000, options);
  *out = r.out;
  return r.finished && !r.crashed ? r.exitCode : -1;
}

bool haveYaml() {
  std::string out;
  return python({"-c", "import yaml"}, &out) == 0;
}

// An empty directory of its own for one check.
std::string freshDir(const std::string& name) {
  const std::string dir = coretest::tempDir() + "/" + name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// Checks the YAML with PyYAML (tests/core/vertex_yaml_check.py).
const std::string kYamlCheck = PRECISIONLAB_SOURCE_DIR "/tests/core/vertex_yaml_check.py";

void checkScenario(const std::string& id, bool yaml) {
  const std::string out = freshDir(id) + "/export";
  VertexAiSettings settings;
  settings.datasetUri = "gs://my-bucket/data/reviews.csv";
  settings.stagingBucket = "gs://my-bucket/precisionlab/";
  const VertexAiExportResult result = exportVertexAi(id, settings, out);
  const bool hp = id == scenario::kVertexHpTuning;
  CHECK_EQ(result.files.size(), size_t(hp ? 5 : 4));
  for (const std::string& f : result.files) CHECK_MSG(fs::exists(out + "/" + f), f);

  std::string log;
  CHECK_MSG(python({"-m", "py_compile", out + "/train.py"}, &log) == 0, log);
  CHECK_MSG(python({"-m", "py_compile", out + "/setup.py"}, &log) == 0, log);

  using coretest::contains;
  const std::string train = readAll(out + "/train.py");
  const bool fp16 = id == scenario::kFp16Amp;
  CHECK_EQ(contains(train, "fp16=True,"), fp16);
  CHECK_EQ(contains(train, "bf16=True,"), id == scenario::kBf16Amp);
  CHECK_EQ(contains(train, "model = model.half()"), id == scenario::kHalfLayers);
  if (id == scenario::kHalfLayers) CHECK(contains(train, "WRONG ANSWER"));
  if (id == scenario::kTensorflowContainer)
    CHECK(contains(train, "framework swap does not change numerical precision"));
  CHECK(contains(train, "gs://my-bucket/data/reviews.csv"));
  CHECK(contains(train, "hypertune"));
  CHECK(contains(train, "trainer.save_state()"));  // trainer_state.json for the lab's import
  CHECK(contains(train, "os.environ.get(\"AIP_TENSORBOARD_LOG_DIR\")"));
  CHECK(contains(train, "precision in effect:"));

  const std::string readme = readAll(out + "/README.txt");
  CHECK(contains(readme, "gcloud ai custom-jobs create --region=us-central1"));
  CHECK_EQ(contains(readme, "gcloud ai hp-tuning-jobs create"), hp);

  if (yaml) {
    std::string yamlLog;
    CHECK_MSG(python({kYamlCheck, out + "/job.yaml", "job"}, &yamlLog) == 0, yamlLog);
    if (hp) CHECK_MSG(python({kYamlCheck, out + "/hp-tuning.yaml", "hp"}, &yamlLog) == 0, yamlLog);
  }
  // bf16 and TF32 need an Ampere or newer GPU: the default machine follows the scenario.
  const std::string job = readAll(out + "/job.yaml");
  CHECK_EQ(contains(job, "NVIDIA_L4"), id == scenario::kBf16Amp || id == scenario::kTf32);
  CHECK_EQ(contains(train, "tf32=True,"), id == scenario::kTf32);
  CHECK(contains(job, "gs://my-bucket/precisionlab/precisionlab_trainer-0.1.tar.gz"));
}

}  // namespace

CORE_TEST(everyExportableScenario) {
  if (test::findExecutable("python3").empty()) SKIP("python3 is not installed");
  const bool yaml = haveYaml();
  for (const std::string& id : vertexExportableScenarios())
    coretest::row(id, [&] { checkScenario(id, yaml); });
  // Every other check ran; the YAML checks alone need PyYAML.
  if (!yaml) SKIP("python3-yaml is not installed (packaging/setup.sh installs it)");
}

CORE_TEST(refusesNoScalerAndUnknown) {
  const std::string dir = freshDir("refused");
  try {
    exportVertexAi("fp16-no-scaler", {}, dir);
    FAIL("fp16-no-scaler was exported");
  } catch (const InputError& e) {
    CHECK(coretest::contains(e.what(), "fp16-amp"));
  }
  try {
    exportVertexAi("fp8", {}, dir);
    FAIL("an unknown scenario was exported");
  } catch (const InputError& e) {
    CHECK(coretest::contains(e.what(), "unknown scenario \"fp8\""));
  }
  CHECK(fs::is_empty(dir));
}

CORE_TEST(refusesBadSettings) {
  struct Row {
    const char* name;
    const char* field;
    const char* expected;
  };
  const Row rows[] = {
      {"local dataset", "dataset", "must be a gs:// URI"},
      {"region", "region", "setting region"},
      {"accelerator count", "count", "accelerator count"},
      {"machine without accelerator", "machine", "given together"},
      {"parallel trials", "parallel", "parallel trial count"},
  };
  for (const Row& r : rows)
    coretest::row(r.name, [&] {
      const std::string field = r.field;
      VertexAiSettings s;
      if (field == "dataset") s.datasetUri = "/home/me/data.csv";
      if (field == "region") s.region = "US Central";
      if (field == "count") s.acceleratorCount = 0;
      if (field == "machine") s.machineType = "a2-highgpu-1g";
      if (field == "parallel") s.parallelTrialCount = 99;
      try {
        exportVertexAi("vertex-hp-tuning", s, freshDir(r.field) + "/x");
        FAIL("a bad setting was accepted");
      } catch (const InputError& e) {
        CHECK_MSG(coretest::contains(e.what(), r.expected), e.what());
      }
    });
}
