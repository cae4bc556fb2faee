// Vertex AI export: generates train.py, setup.py, job.yaml, hp-tuning.yaml and README.txt for a
// lab scenario. YAML is written by hand (no YAML library in the engine): strings go out as JSON
// string literals, which YAML reads as double-quoted scalars, and floats always carry a decimal
// point so YAML 1.1 readers (PyYAML, gcloud) see numbers, not strings.
#include "core/VertexAiExport.h"

#include <sys/stat.h>

#include <charconv>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <system_error>

#include "core/AtomicFileWriter.h"
#include "core/EngineError.h"
#include "core/Json.h"
#include "core/LabScenarios.h"
#include "core/SafeFileReader.h"
#include "core/ScenarioIds.h"
#include "core/ScenarioTable.h"

namespace precisionlab {

namespace {

// The files an export writes are a few KiB; a larger one at their name is someone else's.
constexpr uint64_t kMaxOwnFileBytes = 4u << 20;

// A string literal valid in both YAML (double-quoted) and Python.
std::string lit(const std::string& s) { return json::quote(s); }

// Plain decimal with a point: "0.00002", never "2e-05", and never "0,00002": std::to_chars
// ignores the C locale, which a comma-decimal LC_NUMERIC (QApplication calls setlocale(LC_ALL,
// "") on Unix) would put into snprintf's output and so into train.py and the YAML.
std::string decimal(double d) {
  char buf[400];
  const auto r = std::to_chars(buf, buf + sizeof buf, d, std::chars_format::fixed, 12);
  std::string s(buf, r.ec == std::errc() ? r.ptr : buf);
  while (s.size() > 1 && s.back() == '0') s.pop_back();
  if (s.back() == '.') s += '0';
  return s;
}

[[noreturn]] void badSetting(const std::string& name, const std::string& problem) {
  throw InputError("Vertex AI export: setting " + name + " " + problem);
}

bool allOf(const std::string& s, int (*ok)(int), const char* extra) {
  for (unsigned char c : s)
    if (!ok(c) && !std::strchr(extra, c)) return false;
  return !s.empty();
}
int isLowerAlnum(int c) { return std::islower(c) || std::isdigit(c); }
int isUpperAlnum(int c) { return std::isupper(c) || std::isdigit(c); }
int isGraph(int c) { return std::isgraph(c); }

const ScenarioSpec& scenarioFor(const std::string& id) {
  const ScenarioSpec* spec = findScenario(id);
  if (!spec) {
    std::string known;
    for (const std::string& k : vertexExportableScenarios())
      known += (known.empty() ? "" : ", ") + k;
    throw InputError("Vertex AI export: unknown scenario \"" + id + "\"; use one of: " + known);
  }
  if (!spec->vertex.exportable) throw InputError("Vertex AI export: " + spec->vertex.refusal);
  return *spec;
}

void validate(const VertexAiSettings& v) {
  if (v.modelName.empty() || !allOf(v.modelName, isGraph, ""))
    badSetting("model", "must be a Hugging Face model id or a gs:// folder without spaces");
  if (v.datasetUri.rfind("gs://", 0) != 0 || !allOf(v.datasetUri, isGraph, ""))
    badSetting("dataset",
               "must be a gs:// URI (Vertex AI training reads data from Cloud Storage), "
               "not \"" +
                   v.datasetUri + "\"");
  if (v.stagingBucket.rfind("gs://", 0) != 0 || !allOf(v.stagingBucket, isGraph, ""))
    badSetting("staging bucket", "must be a gs:// URI, not \"" + v.stagingBucket + "\"");
  if (!allOf(v.region, isLowerAlnum, "-"))
    badSetting("region", "must look like us-central1, not \"" + v.region + "\"");
  if (!v.machineType.empty() && !allOf(v.machineType, isLowerAlnum, "-"))
    badSetting("machine type", "must look like n1-standard-8, not \"" + v.machineType + "\"");
  if (!v.acceleratorType.empty() && !allOf(v.acceleratorType, isUpperAlnum, "_"))
    badSetting("accelerator type",
               "must look like NVIDIA_TESLA_T4, not \"" + v.acceleratorType + "\"");
  if (v.acceleratorCount < 1 || v.acceleratorCount > 16)
    badSetting("accelerator count", "must be 1 to 16 (mixed precision needs a GPU)");
  if (v.workerCount < 1 || v.workerCount > 64)
    badSetting("worker count", "must be 1 to 64 machines (1 primary, the rest workers)");
  if (!allOf(v.containerImageUri, isGraph, ""))
    badSetting("container image", "must be an image URI without spaces");
  if (!v.displayName.empty() && !allOf(v.displayName, isGraph, " "))
    badSetting("display name", "must be printable text");
  if (v.textColumn.empty() || v.labelColumn.empty())
    badSetting("text/label column", "must not be empty");
  if (!(v.learningRate > 0 && v.learningRate < 1))
    badSetting("learning rate", "must be between 0 and 1");
  if (v.batchSize < 1) badSetting("batch size", "must be at least 1");
  if (v.epochs < 1) badSetting("epochs", "must be at least 1");
  if (v.maxSeqLength < 8 || v.maxSeqLength > 512)
    badSetting("max sequence length", "must be 8 to 512");
  if (v.maxTrialCount < 1) badSetting("max trial count", "must be at least 1");
  if (v.parallelTrialCount < 1 || v.parallelTrialCount > v.maxTrialCount)
    badSetting("parallel trial count", "must be 1 to the max trial count");
}

std::string trainPy(const ScenarioSpec& s, const VertexAiSettings& v) {
  std::ostringstream o;
  o << "#!/usr/bin/env python3\n"
       "\"\"\"Fine-tune a BERT model for text classification with the Hugging Face Trainer.\n\n"
       "Generated by PrecisionLab for the lab scenario \""
    << s.id << "\":\n"
    << s.vertex.title << ".\n\n"
    << s.vertex.docComment << "\n\n"
    << "Runs on Vertex AI custom training (see README.txt) or locally:\n"
       "    python3 train.py --train_data=data.csv --model_name=bert-base-uncased\n"
       "Hyperparameters are command-line arguments named like TrainingArguments' fields, so a\n"
       "Vertex AI tuning job can set them per trial.\n"
       "\"\"\"\n"
       "import argparse\n"
       "import inspect\n"
       "import json\n"
       "import os\n\n"
       "import numpy as np\n"
       "from datasets import load_dataset\n"
       "from transformers import (\n"
       "    AutoModelForSequenceClassification,\n"
       "    AutoTokenizer,\n"
       "    DataCollatorWithPadding,\n"
       "    Trainer,\n"
       "    TrainingArguments,\n"
       ")\n\n"
       "try:  # cloudml-hypertune reports the metric to a Vertex AI tuning job\n"
       "    import hypertune\n"
       "except ImportError:\n"
       "    hypertune = None\n\n\n"
       "def local_path(uri):\n"
       "    \"\"\"Vertex AI mounts Cloud Storage at /gcs (Cloud Storage FUSE).\"\"\"\n"
       "    if uri.startswith(\"gs://\"):\n"
       "        return \"/gcs/\" + uri[len(\"gs://\"):]\n"
       "    return uri\n\n\n"
       "def int_arg(text):\n"
       "    \"\"\"Tuning jobs pass discrete values as floats, such as 16.0.\"\"\"\n"
       "    return int(float(text))\n\n\n"
       "def parse_args():\n"
       "    p = argparse.ArgumentParser(description=\"Fine-tune BERT with the Hugging Face "
       "Trainer\")\n"
       "    p.add_argument(\"--model_name\", default="
    << lit(v.modelName) << ")\n"
    << "    p.add_argument(\"--train_data\", default=" << lit(v.datasetUri)
    << ", help=\"CSV, TSV or JSONL\")\n"
    << "    p.add_argument(\"--text_column\", default=" << lit(v.textColumn) << ")\n"
    << "    p.add_argument(\"--label_column\", default=" << lit(v.labelColumn) << ")\n"
    << "    p.add_argument(\"--validation_fraction\", type=float, default=0.1)\n"
       "    p.add_argument(\"--learning_rate\", type=float, default="
    << decimal(v.learningRate) << ")\n"
    << "    p.add_argument(\"--per_device_train_batch_size\", type=int_arg, default=" << v.batchSize
    << ")\n"
    << "    p.add_argument(\"--num_train_epochs\", type=float, default=" << v.epochs << ")\n"
    << "    p.add_argument(\"--max_seq_length\", type=int, default=" << v.maxSeqLength << ")\n"
    << "    p.add_argument(\"--max_steps\", type=int, default=-1, help=\"stop after N steps (-1: "
       "epochs)\")\n"
       "    p.add_argument(\"--logging_steps\", type=int, default=50)\n"
       "    p.add_argument(\"--use_cpu\", action=\"store_true\",\n"
       "                   help=\"train on the CPU (a local trial run; bf16=True needs it without "
       "a GPU)\")\n"
       "    p.add_argument(\"--seed\", type=int, default=42)\n"
       "    # Vertex AI sets AIP_MODEL_DIR from the job's baseOutputDirectory.\n"
       "    p.add_argument(\"--output_dir\", default=os.environ.get(\"AIP_MODEL_DIR\", "
       "\"/tmp/precisionlab-model\"))\n"
       "    return p.parse_args()\n\n\n"
       "def distributed_environment():\n"
       "    \"\"\"One process per machine when job.yaml has several (its worker pools), under "
       "DDP.\n"
       "\n"
       "    The Trainer forms the job from torchrun's variables: MASTER_ADDR, MASTER_PORT, "
       "WORLD_SIZE,\n"
       "    RANK, and LOCAL_RANK, which makes it start DDP. Vertex AI's PyTorch containers set the "
       "first\n"
       "    four on every replica; where only CLUSTER_SPEC is set they are derived from it (the "
       "primary\n"
       "    pool, workerpool0, is rank 0). LOCAL_RANK is 0: one process, one GPU, per machine.\n"
       "    \"\"\"\n"
       "    spec = os.environ.get(\"CLUSTER_SPEC\")\n"
       "    if \"WORLD_SIZE\" not in os.environ and spec:\n"
       "        spec = json.loads(spec)\n"
       "        primary = spec[\"cluster\"].get(\"workerpool0\", [])\n"
       "        workers = spec[\"cluster\"].get(\"workerpool1\", [])\n"
       "        task = spec.get(\"task\", {})\n"
       "        if len(primary) + len(workers) > 1 and task.get(\"type\") in (\"workerpool0\", "
       "\"workerpool1\"):\n"
       "            host, port = primary[0].rsplit(\":\", 1)\n"
       "            rank = task.get(\"index\", 0) + (len(primary) if task[\"type\"] == "
       "\"workerpool1\" else 0)\n"
       "            os.environ.update(MASTER_ADDR=host, MASTER_PORT=port,\n"
       "                              WORLD_SIZE=str(len(primary) + len(workers)), "
       "RANK=str(rank))\n"
       "    if int(os.environ.get(\"WORLD_SIZE\", \"1\")) > 1:\n"
       "        os.environ.setdefault(\"LOCAL_RANK\", \"0\")\n"
       "\n"
       "\n"
       "def main():\n"
       "    args = parse_args()\n"
       "    distributed_environment()\n"
       "    data_path = local_path(args.train_data)\n"
       "    if data_path.endswith((\".jsonl\", \".json\")):\n"
       "        raw = load_dataset(\"json\", data_files=data_path, split=\"train\")\n"
       "    elif data_path.endswith(\".tsv\"):\n"
       "        raw = load_dataset(\"csv\", data_files=data_path, split=\"train\", "
       "delimiter=\"\\t\")\n"
       "    else:\n"
       "        raw = load_dataset(\"csv\", data_files=data_path, split=\"train\")\n"
       "    labels = sorted(set(raw[args.label_column]))\n"
       "    label_to_id = {label: i for i, label in enumerate(labels)}\n"
       "    tokenizer = AutoTokenizer.from_pretrained(local_path(args.model_name))\n\n"
       "    def encode(batch):\n"
       "        enc = tokenizer(batch[args.text_column], truncation=True, "
       "max_length=args.max_seq_length)\n"
       "        enc[\"labels\"] = [label_to_id[label] for label in batch[args.label_column]]\n"
       "        return enc\n\n"
       "    splits = raw.train_test_split(test_size=args.validation_fraction, seed=args.seed)\n"
       "    train = splits[\"train\"].map(encode, batched=True, remove_columns=raw.column_names)\n"
       "    val = splits[\"test\"].map(encode, batched=True, remove_columns=raw.column_names)\n\n"
       "    model = AutoModelForSequenceClassification.from_pretrained(\n"
       "        local_path(args.model_name), num_labels=len(labels))\n"
    << s.vertex.modelCast
    << "\n    # transformers 4 and 5 name two settings differently: 5 dropped warmup_ratio (a\n"
       "    # warmup_steps below 1 is the ratio) and logging_dir (TensorBoard reads\n"
       "    # TENSORBOARD_LOGGING_DIR). Vertex AI sets AIP_TENSORBOARD_LOG_DIR when the job has a\n"
       "    # TensorBoard instance.\n"
       "    known = inspect.signature(TrainingArguments.__init__).parameters\n"
       "    version_args = {\"warmup_ratio\": 0.1} if \"warmup_ratio\" in known else "
       "{\"warmup_steps\": 0.1}\n"
       "    tensorboard_dir = os.environ.get(\"AIP_TENSORBOARD_LOG_DIR\")\n"
       "    if tensorboard_dir:\n"
       "        version_args[\"report_to\"] = \"tensorboard\"\n"
       "        if \"logging_dir\" in known:\n"
       "            version_args[\"logging_dir\"] = tensorboard_dir\n"
       "        else:\n"
       "            os.environ[\"TENSORBOARD_LOGGING_DIR\"] = tensorboard_dir\n"
       "    else:\n"
       "        version_args[\"report_to\"] = \"none\"\n"
       "    training_args = TrainingArguments(\n"
       "        output_dir=args.output_dir,\n"
       "        learning_rate=args.learning_rate,\n"
       "        per_device_train_batch_size=args.per_device_train_batch_size,\n"
       "        per_device_eval_batch_size=args.per_device_train_batch_size,\n"
       "        num_train_epochs=args.num_train_epochs,\n"
       "        max_steps=args.max_steps,\n"
       "        weight_decay=0.01,\n"
       "        logging_steps=args.logging_steps,\n"
       "        save_strategy=\"no\",\n"
       "        seed=args.seed,\n"
       "        use_cpu=args.use_cpu,\n"
    << s.vertex.precisionArgs
    << "        **version_args,\n"
       "    )\n\n"
       "    def compute_metrics(eval_pred):\n"
       "        logits, label_ids = eval_pred\n"
       "        return {\"accuracy\": float((np.argmax(logits, axis=-1) == label_ids).mean())}\n\n"
       "    trainer = Trainer(\n"
       "        model=model,\n"
       "        args=training_args,\n"
       "        train_dataset=train,\n"
       "        eval_dataset=val,\n"
       "        data_collator=DataCollatorWithPadding(tokenizer),\n"
       "        compute_metrics=compute_metrics,\n"
       "    )\n"
       "    # What the flags turned into: accelerate enables fp16 autocast and its GradScaler only "
       "on\n"
       "    # GPUs; with fp16=True on a CPU the run is silently fp32 (this line shows it).\n"
       "    acc = trainer.accelerator\n"
       "    print(\"precision in effect: mixed_precision=%s native_amp=%s grad_scaler=%s "
       "device=%s\" % (\n"
       "        acc.mixed_precision, getattr(acc, \"native_amp\", None),\n"
       "        getattr(acc, \"scaler\", None) is not None, training_args.device))\n"
       "    trainer.train()\n"
       "    metrics = trainer.evaluate()\n"
       "    print(metrics)\n"
       "    if hypertune is not None:\n"
       "        hypertune.HyperTune().report_hyperparameter_tuning_metric(\n"
       "            hyperparameter_metric_tag=\"accuracy\",\n"
       "            metric_value=metrics[\"eval_accuracy\"],\n"
       "            global_step=trainer.state.global_step)\n"
       "    trainer.save_model(args.output_dir)\n"
       "    # trainer_state.json: the log history PrecisionLab imports to lay this run over the "
       "lab's.\n"
       "    trainer.save_state()\n"
       "    tokenizer.save_pretrained(args.output_dir)\n\n\n"
       "if __name__ == \"__main__\":\n"
       "    main()\n";
  return o.str();
}

const char* const kPackage = "precisionlab_trainer";
const char* const kPackageVersion = "0.1";

std::string setupPy() {
  return std::string(
             "\"\"\"Packages train.py for a Vertex AI prebuilt training container "
             "(pythonPackageSpec).\"\"\"\n"
             "from setuptools import setup\n\n"
             "setup(\n"
             "    name=\"") +
         kPackage + "\",\n    version=\"" + kPackageVersion +
         "\",\n"
         "    py_modules=[\"train\"],\n"
         "    # torch comes with the prebuilt PyTorch container; these are installed on top.\n"
         "    install_requires=[\"transformers>=4.34\", \"datasets\", \"accelerate>=0.20\", "
         "\"cloudml-hypertune\"],\n"
         ")\n";
}

std::string packageUri(const VertexAiSettings& v) {
  std::string bucket = v.stagingBucket;
  while (!bucket.empty() && bucket.back() == '/') bucket.pop_back();
  return bucket + "/" + kPackage + "-" + kPackageVersion + ".tar.gz";
}

// One entry of workerPoolSpecs: `replicas` machines of the settings' type running train.py.
std::string workerPool(const VertexAiSettings& v, const std::vector<std::string>& args,
                       const std::string& in, int replicas, const std::string& role) {
  std::ostringstream o;
  if (!role.empty()) o << in << "  # " << role << "\n";
  o << in << "  - machineSpec:\n"
    << in << "      machineType: " << lit(v.machineType) << "\n"
    << in << "      acceleratorType: " << lit(v.acceleratorType) << "\n"
    << in << "      acceleratorCount: " << v.acceleratorCount << "\n"
    << in << "    replicaCount: " << replicas << "\n"
    << in << "    diskSpec:\n"
    << in << "      bootDiskType: \"pd-ssd\"\n"
    << in << "      bootDiskSizeGb: 100\n"
    << in << "    pythonPackageSpec:\n"
    << in << "      # A prebuilt PyTorch GPU training container; setup.py adds transformers.\n"
    << in << "      executorImageUri: " << lit(v.containerImageUri) << "\n"
    << in << "      packageUris:\n"
    << in << "        - " << lit(packageUri(v)) << "\n"
    << in << "      pythonModule: \"train\"\n"
    << in << "      args:\n";
  for (const std::string& a : args) o << in << "        - " << lit(a) << "\n";
  return o.str();
}

// The worker pools, indented by `indent` spaces; `args` are the script's fixed arguments. One
// pool for one machine; for several, Vertex AI's distributed layout: workerPoolSpecs[0] is the
// primary replica alone (replicaCount 1), workerPoolSpecs[1] the other workerCount - 1 machines.
std::string workerPools(const VertexAiSettings& v, const std::vector<std::string>& args,
                        int indent) {
  const std::string in(static_cast<size_t>(indent), ' ');
  std::ostringstream o;
  o << in << "workerPoolSpecs:\n";
  if (v.workerCount == 1) {
    o << workerPool(v, args, in, 1, "");
  } else {
    o << workerPool(v, args, in, 1, "workerPoolSpecs[0], the primary replica: rank 0");
    o << workerPool(
        v, args, in, v.workerCount - 1,
        "workerPoolSpecs[1], the workers: ranks 1 to " + std::to_string(v.workerCount - 1));
  }
  std::string bucket = v.stagingBucket;
  while (!bucket.empty() && bucket.back() == '/') bucket.pop_back();
  o << in << "baseOutputDirectory:\n"
    << in << "  outputUriPrefix: " << lit(bucket + "/output") << "\n";
  return o.str();
}

std::vector<std::string> scriptArgs(const VertexAiSettings& v, bool withTunedValues) {
  std::vector<std::string> a = {"--model_name=" + v.modelName,
                                "--train_data=" + v.datasetUri,
                                "--text_column=" + v.textColumn,
                                "--label_column=" + v.labelColumn,
                                "--num_train_epochs=" + std::to_string(v.epochs),
                                "--max_seq_length=" + std::to_string(v.maxSeqLength)};
  if (withTunedValues) {
    a.push_back("--learning_rate=" + decimal(v.learningRate));
    a.push_back("--per_device_train_batch_size=" + std::to_string(v.batchSize));
  }
  return a;
}

std::string jobYaml(const ScenarioSpec& s, const VertexAiSettings& v) {
  return "# Vertex AI CustomJob spec for lab scenario \"" + s.id + "\" (" + s.vertex.title +
         ").\n"
         "# Submit with:\n"
         "#   gcloud ai custom-jobs create --region=" +
         v.region + " --display-name=" + v.displayName + " --config=job.yaml\n" +
         workerPools(v, scriptArgs(v, true), 0);
}

std::string hpTuningYaml(const ScenarioSpec& s, const VertexAiSettings& v) {
  // The range the lab's sweep covers (core/LabScenarios.h, as multiples of the base rate),
  // so the tuning job searches what the lab's option runs.
  const std::vector<double> factors = LabScenarios::sweepFactors();
  const double sweepLow = *std::min_element(factors.begin(), factors.end());
  const double sweepHigh = *std::max_element(factors.begin(), factors.end());
  std::ostringstream o;
  o << "# Vertex AI hyperparameter tuning job for lab scenario \"" << s.id
    << "\".\n"
       "# Submit with:\n"
       "#   gcloud ai hp-tuning-jobs create --region="
    << v.region << " --display-name=" << v.displayName
    << " --config=hp-tuning.yaml --max-trial-count=" << v.maxTrialCount
    << " --parallel-trial-count=" << v.parallelTrialCount
    << "\n"
       "#\n"
       "# Precision is never a tuned parameter. Tuning runs several complete fp32 trials with\n"
       "# different learning rates and batch sizes and keeps the best accuracy; every trial is\n"
       "# as slow as the baseline, so this multiplies compute instead of speeding up training.\n"
       "# Mixed precision is a TrainingArguments flag (fp16=True) in train.py, not a search "
       "value.\n"
       "studySpec:\n"
       "  metrics:\n"
       "    - metricId: \"accuracy\"  # reported by train.py through cloudml-hypertune\n"
       "      goal: \"MAXIMIZE\"\n"
       "  parameters:\n"
       "    - parameterId: \"learning_rate\"\n"
       "      doubleValueSpec:\n"
       "        minValue: "
    << decimal(v.learningRate * sweepLow) << "\n"
    << "        maxValue: " << decimal(v.learningRate * sweepHigh) << "\n"
    << "      scaleType: \"UNIT_LOG_SCALE\"\n"
       "    - parameterId: \"per_device_train_batch_size\"\n"
       "      discreteValueSpec:\n"
       "        values: ["
    << std::max(1, v.batchSize / 2) << ".0, " << v.batchSize << ".0]\n"
    << "      scaleType: \"UNIT_LINEAR_SCALE\"\n"
       "  algorithm: \"RANDOM_SEARCH\"\n"
       "maxTrialCount: "
    << v.maxTrialCount << "\n"
    << "parallelTrialCount: " << v.parallelTrialCount << "\n"
    << "trialJobSpec:\n"
    << "  # Each trial gets --learning_rate=... and --per_device_train_batch_size=... appended.\n"
    << workerPools(v, scriptArgs(v, false), 2);
  return o.str();
}

std::string readme(const ScenarioSpec& s, const VertexAiSettings& v, bool hp) {
  std::ostringstream o;
  o << "PrecisionLab Vertex AI export: " << s.vertex.title << "\n"
    << "Scenario id: " << s.id << "\n\n"
    << "Files\n"
       "  train.py        Hugging Face Trainer script (the precision settings are in "
       "TrainingArguments)\n"
       "  setup.py        packages train.py for the prebuilt PyTorch training container\n"
       "  job.yaml        CustomJob spec: "
    << (v.workerCount > 1 ? std::to_string(v.workerCount) + " machines," : std::string("one"))
    << " " << v.machineType << " with " << v.acceleratorCount << " x " << v.acceleratorType
    << (v.workerCount > 1 ? " each" : "") << "\n";
  if (v.workerCount > 1)
    o << "                  data-parallel (DDP): workerPoolSpecs[0] is the primary replica\n"
         "                  (replicaCount 1, rank 0), workerPoolSpecs[1] the other "
      << v.workerCount - 1
      << "; train.py runs\n"
         "                  one process per machine (run it under torchrun for several GPUs "
         "each)\n";
  if (hp)
    o << "  hp-tuning.yaml  hyperparameter tuning job: learning rate and batch size, fp32 in every "
         "trial\n";
  o << "\nPrerequisites: the gcloud CLI, a project with Vertex AI enabled, and the data at\n  "
    << v.datasetUri << " (columns " << v.textColumn << " and " << v.labelColumn << ").\n\n"
    << "1. Try it locally on a small file first (needs transformers, datasets, accelerate):\n"
       "     python3 train.py --train_data=small.csv --num_train_epochs=1\n\n"
       "2. Package the script and upload it:\n"
       "     python3 setup.py sdist --formats=gztar\n"
       "     gcloud storage cp dist/"
    << kPackage << "-" << kPackageVersion << ".tar.gz " << packageUri(v) << "\n\n";
  if (hp) {
    o << "3. Start the tuning job:\n"
         "     gcloud ai hp-tuning-jobs create --region="
      << v.region << " --display-name=" << v.displayName
      << " \\\n       --config=hp-tuning.yaml --max-trial-count=" << v.maxTrialCount
      << " --parallel-trial-count=" << v.parallelTrialCount
      << "\n"
         "   or a single run:\n";
  } else {
    o << "3. Start the job:\n";
  }
  o << "     gcloud ai custom-jobs create --region=" << v.region
    << " --display-name=" << v.displayName
    << " --config=job.yaml\n\n"
       "4. Follow it:\n"
       "     gcloud ai custom-jobs list --region="
    << v.region
    << "\n"
       "     gcloud ai custom-jobs stream-logs JOB_ID --region="
    << v.region
    << "\n\n"
       "The container image is a Vertex AI prebuilt PyTorch GPU training container:\n  "
    << v.containerImageUri
    << "\n"
       "Check the current list of prebuilt containers in the Vertex AI documentation and change\n"
       "executorImageUri in the YAML if a newer one suits you. Jobs cost money while they run.\n";
  return o.str();
}

}  // namespace

std::vector<std::string> vertexExportableScenarios() {
  std::vector<std::string> out;
  for (const auto& spec : scenarioTable())
    if (spec.vertex.exportable) out.push_back(spec.id);
  return out;
}

VertexAiExportResult exportVertexAi(const std::string& scenarioId, const VertexAiSettings& settings,
                                    const std::string& outDir) {
  const ScenarioSpec& s = scenarioFor(scenarioId);
  VertexAiSettings v = settings;
  if (v.machineType.empty() && v.acceleratorType.empty()) {
    v.machineType = s.vertex.machineType;
    v.acceleratorType = s.vertex.acceleratorType;
  } else if (v.machineType.empty() || v.acceleratorType.empty()) {
    badSetting(v.machineType.empty() ? "machine type" : "accelerator type",
               "must be given together with the " +
                   std::string(v.machineType.empty() ? "accelerator type" : "machine type"));
  }
  if (v.displayName.empty()) v.displayName = "precisionlab-" + scenarioId;
  validate(v);

  std::vector<std::pair<std::string, std::string>> files = {
      {"train.py", trainPy(s, v)}, {"setup.py", setupPy()}, {"job.yaml", jobYaml(s, v)}};
  if (s.vertex.hpTuning) files.emplace_back("hp-tuning.yaml", hpTuningYaml(s, v));
  files.emplace_back("README.txt", readme(s, v, s.vertex.hpTuning));

  // Re-exporting over an earlier export is expected; overwriting the user's own train.py is not.
  // Every file written here names PrecisionLab, so one that does not is someone else's.
  // A FIFO or device there is refused before anything is read or written (opening a FIFO to read
  // it blocked the export forever); an existing file is read through the one reader.
  for (const auto& [name, text] : files) {
    const std::string path = outDir + "/" + name;
    if (const std::string no = AtomicFileWriter::refusal(path); !no.empty())
      throw InputError(path + ": cannot write it: " + no + "; nothing was written");
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) continue;  // a new file
    if (static_cast<uint64_t>(st.st_size) > kMaxOwnFileBytes)
      throw InputError(path +
                       ": already exists and is larger than any file PrecisionLab writes here; "
                       "nothing was written. Export into a new folder, or move the file away "
                       "first.");
    const std::string old =
        SafeFileReader::readFile(path, FileKind{"earlier export", kMaxOwnFileBytes});
    if (old.find("precisionlab") == std::string::npos &&
        old.find("PrecisionLab") == std::string::npos)
      throw InputError(path +
                       ": already exists and was not written by PrecisionLab; nothing was "
                       "written. Export into a new folder, or move the file away first.");
  }

  std::error_code ec;
  std::filesystem::create_directories(outDir, ec);
  if (ec)
    throw InputError(outDir +
                     ": cannot create the export folder: " + AtomicFileWriter::reason(ec.value()));

  VertexAiExportResult result;
  auto write = [&](const std::string& name, const std::string& text) {
    AtomicFileWriter::writeFile(outDir + "/" + name, text);
    result.files.push_back(name);
  };
  for (const auto& [name, text] : files) write(name, text);
  return result;
}

}  // namespace precisionlab
