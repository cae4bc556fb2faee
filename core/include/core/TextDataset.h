// Labelled text datasets for sequence classification: CSV (RFC 4180), TSV and JSONL files with
// configurable text and label columns, plus the built-in training-reports dataset. Labels are
// mapped to ids; split() shuffles with a seed, identically on every platform.
// Pure C++17: no torch, no Qt. Bad files raise InputError naming the file and line.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace precisionlab {

// The most examples a dataset file may hold, counted while it is read (the file itself is at most
// 512 MiB, filekinds::kDataset): far more than a CPU fine-tune goes through, and a bound on the
// memory a hostile file can ask for. A CSV/TSV row holds at most CsvLimits::maxFields fields.
constexpr size_t kMaxDatasetExamples = 2000000;
// The largest dataset file a training run takes (ConfigValidator refuses a larger one before
// anything runs). A run reads and tokenizes every example before its first step: a valid 150 MB
// CSV took 180 s of CPU and 2.2 GB before step 1 (issue 47). 16 MiB is some 100,000 examples,
// far more than a CPU fine-tune goes through (60 steps of 16 are 960); the refusal says how to
// take a sample.
constexpr uint64_t kMaxTrainingDatasetBytes = 16u << 20;

struct DatasetOptions {
  std::string path;                   // .csv, .tsv, .jsonl or .ndjson
  std::string textColumn = "text";    // column (or JSON key) holding the text
  std::string labelColumn = "label";  // column (or JSON key) holding the label
  // If non-empty: the allowed labels in id order (e.g. a checkpoint's id2label). A row whose
  // label is neither one of them nor an integer index in range is an error. If empty, labels
  // are discovered: sorted as strings, or numerically when every label is an integer.
  std::vector<std::string> labels;
};

struct Example {
  std::string text;
  int64_t label;
};

class TextDataset {
 public:
  static TextDataset load(const DatasetOptions& options);
  // The dataset embedded in the engine (resources/data/training-reports.csv).
  static TextDataset builtin();

  const std::vector<Example>& examples() const { return examples_; }
  // Label names in id order.
  const std::vector<std::string>& labels() const { return labels_; }
  const std::string& sourceName() const { return sourceName_; }

  // Seeded shuffle (std::mt19937_64 with an own Fisher-Yates, so the order is the same on every
  // platform), then the first round(n * validationFraction) examples become the validation part.
  // Returns {train, validation}; both are non-empty (throws InputError if that is impossible).
  std::pair<TextDataset, TextDataset> split(double validationFraction, uint64_t seed) const;

  // Builds a dataset from parsed parts (used by the readers and by tests).
  TextDataset(std::vector<Example> examples, std::vector<std::string> labels,
              std::string sourceName);

 private:
  std::vector<Example> examples_;
  std::vector<std::string> labels_;
  std::string sourceName_;
};

}  // namespace precisionlab
