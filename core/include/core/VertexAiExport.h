// Writes what a learner would run on Vertex AI for one lab scenario: a Hugging Face Trainer
// script (train.py) with the TrainingArguments the option implies, setup.py to package it for
// a prebuilt PyTorch GPU training container, a CustomJob spec (job.yaml) and, for the
// hyperparameter tuning option, a tuning job spec (hp-tuning.yaml), plus README.txt with the
// gcloud commands. Nothing is submitted; no Google Cloud library is needed. Qt-free, torch-free.
#pragma once

#include <string>
#include <vector>

namespace precisionlab {

struct VertexAiSettings {
  std::string modelName = "bert-base-uncased";  // Hugging Face Hub id or gs:// checkpoint dir
  std::string datasetUri = "gs://YOUR_BUCKET/data/train.csv";  // CSV or JSONL on Cloud Storage
  std::string textColumn = "text";
  std::string labelColumn = "label";
  std::string stagingBucket = "gs://YOUR_BUCKET/precisionlab";  // where the package and outputs go
  std::string region = "us-central1";
  std::string displayName;  // empty: "precisionlab-<scenario>"
  // Empty: n1-standard-8 with one NVIDIA_TESLA_T4, or g2-standard-8 with one NVIDIA_L4 for
  // bf16 (bf16 needs an Ampere or newer GPU).
  std::string machineType;
  std::string acceleratorType;
  int acceleratorCount = 1;
  // Machines (replicas) that train together, data-parallel. 1: one worker pool of one replica.
  // N > 1: Vertex AI's distributed-training layout, the primary pool (workerPoolSpecs[0],
  // replicaCount 1, rank 0) and a worker pool of the same machines (workerPoolSpecs[1],
  // replicaCount N - 1); train.py then runs one process per machine under DDP.
  int workerCount = 1;
  // A prebuilt PyTorch GPU training container (pythonPackageSpec.executorImageUri).
  std::string containerImageUri =
      "us-docker.pkg.dev/vertex-ai/training/pytorch-gpu.2-4.py310:latest";
  double learningRate = 2e-5;
  int batchSize = 32;  // per_device_train_batch_size
  int epochs = 3;
  int maxSeqLength = 128;
  // Hyperparameter tuning (vertex-hp-tuning only).
  int maxTrialCount = 8;
  int parallelTrialCount = 2;
};

// The file names written, relative to the output folder.
struct VertexAiExportResult {
  std::vector<std::string> files;
};

// Throws InputError naming the setting for an unknown scenario, a scenario with no Trainer
// equivalent (fp16-no-scaler: TrainingArguments cannot turn loss scaling off), or a bad
// setting (a dataset that is not gs://, an empty region, ...). Creates `outDir` if needed and
// overwrites the files it writes there, unless one of them exists and was not written by
// PrecisionLab (the user's own train.py): then nothing is written.
VertexAiExportResult exportVertexAi(const std::string& scenarioId, const VertexAiSettings& settings,
                                    const std::string& outDir);

// The scenarios exportVertexAi() accepts.
std::vector<std::string> vertexExportableScenarios();

}  // namespace precisionlab
