// Labelled text datasets: see TextDataset.h. Readers (CsvReader, JsonlReader) turn a file into
// (line, text, label) records; this file checks them, maps labels to ids and splits.
#include "core/TextDataset.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <random>
#include <sstream>

#include "core/BertConfig.h"
#include "core/BuiltinData.h"
#include "core/CsvReader.h"
#include "core/EngineError.h"
#include "core/JsonlReader.h"
#include "core/SafeFileReader.h"
#include "core/TerminalText.h"
#include "core/Utf8.h"

namespace precisionlab {
namespace {

struct RawExample {
  size_t line;
  std::string text;
  std::string label;
};

std::string lowerAscii(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string trimmed(const std::string& s) {
  const size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return {};
  return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

// An integer label ("3", "-1", " 2 "), or false.
bool parseInteger(const std::string& s, int64_t& value) {
  const std::string t = trimmed(s);
  if (t.empty() || t.size() > 18) return false;
  size_t k = (t[0] == '-' || t[0] == '+') ? 1 : 0;
  if (k == t.size()) return false;
  for (size_t j = k; j < t.size(); ++j) {
    if (!std::isdigit(static_cast<unsigned char>(t[j]))) return false;
  }
  value = std::stoll(t);
  return true;
}

std::string joinNames(const std::vector<std::string>& names, size_t limit = 20) {
  std::string out;
  for (size_t i = 0; i < names.size() && i < limit; ++i) {
    if (i) out += ", ";
    out += "\"" + elideForMessage(names[i]) + "\"";
  }
  if (names.size() > limit) out += ", ...";
  return out;
}

[[noreturn]] void tooManyExamples(const std::string& source, size_t line) {
  throw InputError(source + ":" + std::to_string(line) + ": more than " +
                   std::to_string(kMaxDatasetExamples) +
                   " examples; train on a sample of the file (it is read whole into memory).");
}

// One record at a time (CsvReader::forEach): only the text and label of each row are kept.
std::vector<RawExample> readDelimited(std::string_view text, char delimiter,
                                      const DatasetOptions& options, const std::string& source) {
  CsvRecord header;
  bool haveHeader = false;
  size_t textIndex = 0, labelIndex = 0;
  const char* kind = delimiter == '\t' ? "tabs" : "commas";
  std::vector<RawExample> rows;
  const auto column = [&](const std::string& name, const char* option) {
    const auto it = std::find(header.fields.begin(), header.fields.end(), name);
    if (it == header.fields.end()) {
      throw InputError(source + ":" + std::to_string(header.line) + ": no column \"" +
                       elideForMessage(name) +
                       "\" in the header (columns found: " + joinNames(header.fields) +
                       "). Set the " + option + " column option to one of them.");
    }
    return static_cast<size_t>(it - header.fields.begin());
  };
  CsvLimits limits;
  limits.maxRecords = SIZE_MAX;  // counted below, as examples
  CsvReader::forEach(
      text, delimiter, source,
      [&](CsvRecord& record) {
        if (!haveHeader) {
          header = std::move(record);
          haveHeader = true;
          textIndex = column(options.textColumn, "text");
          labelIndex = column(options.labelColumn, "label");
          return;
        }
        if (record.fields.size() != header.fields.size()) {
          throw InputError(source + ":" + std::to_string(record.line) + ": " +
                           std::to_string(record.fields.size()) + " fields, but the header has " +
                           std::to_string(header.fields.size()) + ". Put fields that hold " + kind +
                           " in double quotes.");
        }
        if (rows.size() >= kMaxDatasetExamples) tooManyExamples(source, record.line);
        rows.push_back({record.line, std::move(record.fields[textIndex]),
                        std::move(record.fields[labelIndex])});
      },
      limits);
  if (!haveHeader) {
    throw InputError(source +
                     ": the file has no header row and no data. Add a header with "
                     "the columns \"" +
                     elideForMessage(options.textColumn) + "\" and \"" +
                     elideForMessage(options.labelColumn) + "\", then one example per row.");
  }
  return rows;
}

// The line of the first example over kMaxDatasetExamples, or 0. JSONL holds one example a line,
// so the cap is checked on the text (one fast pass) before a line is parsed.
size_t lineOverExampleCap(std::string_view text) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  size_t examples = 0, line = 0, pos = 0;
  while (pos < text.size()) {
    ++line;
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    // Blank lines (spaces, tabs, a CR) are skipped by the reader.
    if (text.find_first_not_of(" \t\r", pos) < end && ++examples > kMaxDatasetExamples) return line;
    pos = end + 1;
  }
  return 0;
}

std::vector<RawExample> readJsonl(std::string_view text, const DatasetOptions& options,
                                  const std::string& source) {
  if (const size_t line = lineOverExampleCap(text)) tooManyExamples(source, line);
  std::vector<RawExample> rows;
  JsonlReader::forEach(text, options.textColumn, options.labelColumn, source, [&](JsonlRecord& r) {
    if (rows.size() >= kMaxDatasetExamples) tooManyExamples(source, r.line);
    rows.push_back({r.line, std::move(r.text), std::move(r.label)});
  });
  return rows;
}

[[noreturn]] void tooManyLabels(const std::string& source, const std::string& column) {
  throw InputError(source + ": more than " + std::to_string(kMaxLabels) +
                   " different labels in "
                   "column \"" +
                   column + "\"; is it the label column? (--label-column names it)");
}

// Checks the records and maps labels to ids.
TextDataset build(std::vector<RawExample> rows, const DatasetOptions& options,
                  const std::string& source) {
  if (rows.empty()) {
    throw InputError(source + ": no examples after the header. Add one example per row.");
  }
  for (RawExample& row : rows) {
    if (trimmed(row.text).empty()) {
      throw InputError(source + ":" + std::to_string(row.line) + ": the text in column \"" +
                       options.textColumn + "\" is empty. Remove the row or fill in its text.");
    }
    row.label = trimmed(row.label);
    if (row.label.empty()) {
      throw InputError(source + ":" + std::to_string(row.line) + ": the label in column \"" +
                       options.labelColumn + "\" is empty. Give every row a label.");
    }
  }

  std::vector<std::string> labels;
  std::vector<Example> examples;
  examples.reserve(rows.size());
  if (!options.labels.empty()) {
    labels = options.labels;
    std::map<std::string, int64_t> ids;
    for (size_t i = 0; i < labels.size(); ++i) ids.emplace(labels[i], static_cast<int64_t>(i));
    for (RawExample& row : rows) {
      int64_t id = -1;
      const auto it = ids.find(row.label);
      if (it != ids.end()) {
        id = it->second;
      } else if (int64_t n = 0;
                 parseInteger(row.label, n) && n >= 0 && n < static_cast<int64_t>(labels.size())) {
        id = n;
      } else {
        throw InputError(source + ":" + std::to_string(row.line) + ": label \"" +
                         elideForMessage(row.label) + "\" in column \"" + options.labelColumn +
                         "\" is not one of the " + std::to_string(labels.size()) +
                         " labels the model knows (" + joinNames(labels) + ") nor an index 0-" +
                         std::to_string(labels.size() - 1) +
                         ". Use the model's labels or train a new classifier head.");
      }
      examples.push_back({std::move(row.text), id});
    }
  } else {
    // Integer labels sort numerically (so 0..K-1 keep their ids), any others as strings.
    bool allIntegers = true;
    for (const RawExample& row : rows) {
      int64_t n = 0;
      allIntegers = allIntegers && parseInteger(row.label, n);
    }
    std::map<std::string, int64_t> ids;
    if (allIntegers) {
      std::map<int64_t, int64_t> numeric;
      for (const RawExample& row : rows) {
        numeric.emplace(std::stoll(row.label), 0);
        if (numeric.size() > kMaxLabels) tooManyLabels(source, options.labelColumn);
      }
      for (auto& [value, id] : numeric) {
        id = static_cast<int64_t>(labels.size());
        labels.push_back(std::to_string(value));
      }
      for (RawExample& row : rows) {
        examples.push_back({std::move(row.text), numeric.at(std::stoll(row.label))});
      }
    } else {
      for (const RawExample& row : rows) {
        ids.emplace(row.label, 0);
        if (ids.size() > kMaxLabels) tooManyLabels(source, options.labelColumn);
      }
      for (auto& [name, id] : ids) {
        id = static_cast<int64_t>(labels.size());
        labels.push_back(name);
      }
      for (RawExample& row : rows) examples.push_back({std::move(row.text), ids.at(row.label)});
    }
  }
  if (labels.size() < 2) {
    throw InputError(source + ": only " + std::to_string(labels.size()) + " class (" +
                     joinNames(labels) + ") in column \"" + options.labelColumn +
                     "\"; classification needs at least 2. Check the label column.");
  }
  return TextDataset(std::move(examples), std::move(labels), source);
}

TextDataset parseText(const std::string& text, const std::string& extension,
                      const DatasetOptions& options, const std::string& source) {
  if (text.empty()) {
    throw InputError(source + ": the file is empty. Add a header row and one example per row.");
  }
  const size_t bad = utf8::firstInvalid(text);
  if (bad != std::string::npos) {
    const size_t line = 1 + static_cast<size_t>(std::count(text.begin(), text.begin() + bad, '\n'));
    throw InputError(source + ":" + std::to_string(line) + ": invalid UTF-8 (byte " +
                     std::to_string(bad) + "). Save the file as UTF-8.");
  }
  std::vector<RawExample> rows;
  if (extension == ".csv") {
    rows = readDelimited(text, ',', options, source);
  } else if (extension == ".tsv") {
    rows = readDelimited(text, '\t', options, source);
  } else {
    rows = readJsonl(text, options, source);
  }
  return build(std::move(rows), options, source);
}

}  // namespace

TextDataset::TextDataset(std::vector<Example> examples, std::vector<std::string> labels,
                         std::string sourceName)
    : examples_(std::move(examples)),
      labels_(std::move(labels)),
      sourceName_(std::move(sourceName)) {}

TextDataset TextDataset::load(const DatasetOptions& options) {
  const std::string& path = options.path;
  const size_t dot = path.find_last_of('.');
  const size_t slash = path.find_last_of("/\\");
  const std::string extension =
      (dot == std::string::npos || (slash != std::string::npos && dot < slash))
          ? std::string()
          : lowerAscii(path.substr(dot));
  if (extension != ".csv" && extension != ".tsv" && extension != ".jsonl" &&
      extension != ".ndjson") {
    throw InputError(path + ": unsupported dataset format \"" + extension +
                     "\". Use a .csv, .tsv, .jsonl or .ndjson file.");
  }
  return parseText(SafeFileReader::readFile(path, filekinds::kDataset), extension, options, path);
}

TextDataset TextDataset::builtin() {
  DatasetOptions options;
  options.path = "training-reports.csv";
  return parseText(builtinDatasetCsv(), ".csv", options, "built-in training reports");
}

std::pair<TextDataset, TextDataset> TextDataset::split(double validationFraction,
                                                       uint64_t seed) const {
  const size_t n = examples_.size();
  if (!(validationFraction > 0.0 && validationFraction < 1.0)) {
    throw InputError("validation fraction " + std::to_string(validationFraction) +
                     " must be between 0 and 1 (for example 0.1).");
  }
  if (n < 2) {
    throw InputError(sourceName_ + ": " + std::to_string(n) +
                     " example(s) cannot be split into training and validation; add more.");
  }
  // Fisher-Yates with an unbiased bounded draw of our own: std::shuffle and
  // std::uniform_int_distribution differ between standard libraries, mt19937_64 does not.
  std::mt19937_64 rng(seed);
  std::vector<size_t> order(n);
  for (size_t i = 0; i < n; ++i) order[i] = i;
  for (size_t i = n - 1; i > 0; --i) {
    const uint64_t bound = static_cast<uint64_t>(i) + 1;
    const uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
    uint64_t draw = rng();
    while (draw >= limit) draw = rng();
    std::swap(order[i], order[static_cast<size_t>(draw % bound)]);
  }
  size_t validation = static_cast<size_t>(static_cast<double>(n) * validationFraction + 0.5);
  validation = std::min(std::max<size_t>(validation, 1), n - 1);
  std::vector<Example> train, valid;
  valid.reserve(validation);
  train.reserve(n - validation);
  for (size_t k = 0; k < n; ++k) {
    (k < validation ? valid : train).push_back(examples_[order[k]]);
  }
  return {TextDataset(std::move(train), labels_, sourceName_),
          TextDataset(std::move(valid), labels_, sourceName_)};
}

}  // namespace precisionlab
