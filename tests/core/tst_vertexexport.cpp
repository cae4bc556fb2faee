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
      {"no machines", "workers", "worker count"},
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
      if (field == "workers") s.workerCount = 0;
      try {
        exportVertexAi("vertex-hp-tuning", s, freshDir(r.field) + "/x");
        FAIL("a bad setting was accepted");
      } catch (const InputError& e) {
        CHECK_MSG(coretest::contains(e.what(), r.expected), e.what());
      }
    });
}

// Several machines: Vertex AI's distributed-training layout (bank question 022):
// workerPoolSpecs[0] is the primary replica alone (replicaCount 1), workerPoolSpecs[1] the other
// N - 1 machines, both running the same package on the same machines; one machine keeps one
// pool. train.py derives torchrun's variables from CLUSTER_SPEC where the container did not set
// them, run here on its own (the rest of train.py needs transformers).
CORE_TEST(severalMachinesMakeAPrimaryPoolAndAWorkerPool) {
  using coretest::contains;
  const std::string one = freshDir("one-machine") + "/export";
  exportVertexAi(std::string(scenario::kFp16Amp), VertexAiSettings{}, one);
  const std::string single = readAll(one + "/job.yaml");
  CHECK(contains(single, "    replicaCount: 1\n"));
  CHECK(single.find("replicaCount:") == single.rfind("replicaCount:"));  // one pool

  const std::string out = freshDir("four-machines") + "/export";
  VertexAiSettings settings;
  settings.workerCount = 4;
  exportVertexAi(std::string(scenario::kFp16Amp), settings, out);
  const std::string job = readAll(out + "/job.yaml");
  const size_t primary = job.find("    replicaCount: 1\n"),
               workers = job.find("    replicaCount: 3\n");
  CHECK(primary != std::string::npos && workers != std::string::npos && primary < workers);
  CHECK(contains(readAll(out + "/README.txt"), "4 machines"));
  CHECK(contains(readAll(out + "/train.py"), "    distributed_environment()\n"));

  if (test::findExecutable("python3").empty()) SKIP("python3 is not installed");
  const std::string envCheck =
      "import ast, json, os, sys\n"
      "src = open(sys.argv[1]).read()\n"
      "fn = next(n for n in ast.parse(src).body if getattr(n, 'name', '') == "
      "'distributed_environment')\n"
      "scope = {'os': os, 'json': json}\n"
      "exec(compile(ast.Module([fn], []), 'train.py', 'exec'), scope)\n"
      "for k in ('WORLD_SIZE', 'RANK', 'LOCAL_RANK', 'MASTER_ADDR', 'MASTER_PORT'):\n"
      "    os.environ.pop(k, None)\n"
      "os.environ['CLUSTER_SPEC'] = json.dumps({'cluster': {'workerpool0': ['p-0:2222'],\n"
      "    'workerpool1': ['w-0:2222', 'w-1:2222', 'w-2:2222']},\n"
      "    'task': {'type': 'workerpool1', 'index': 1}})\n"
      "scope['distributed_environment']()\n"
      "print(' '.join(os.environ[k] for k in ('MASTER_ADDR', 'MASTER_PORT', 'WORLD_SIZE', "
      "'RANK', 'LOCAL_RANK')))\n";
  std::string log;
  CHECK_MSG(python({"-c", envCheck, out + "/train.py"}, &log) == 0, log);
  CHECK_MSG(contains(log, "p-0 2222 4 2 0"), log);  // worker 1 of workerpool1 is rank 2

  if (!haveYaml()) SKIP("python3-yaml is not installed (packaging/setup.sh installs it)");
  CHECK_MSG(python({kYamlCheck, out + "/job.yaml", "job"}, &log) == 0, log);
  const std::string poolCheck =
      "import sys, yaml\n"
      "pools = yaml.safe_load(open(sys.argv[1]))['workerPoolSpecs']\n"
      "assert [p['replicaCount'] for p in pools] == [1, 3], pools\n"
      "assert pools[0]['machineSpec'] == pools[1]['machineSpec']\n"
      "assert pools[0]['pythonPackageSpec'] == pools[1]['pythonPackageSpec']\n"
      "print('ok')\n";
  CHECK_MSG(python({"-c", poolCheck, out + "/job.yaml"}, &log) == 0, log);
}
