// `precisionlab-cli predict --model DIR [TEXT...]`: runs a Hugging Face BERT classifier directory
// on texts given as arguments, or one per line on stdin, and prints the predicted label and the
// logits per text (--jsonl: one JSON object per line).
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "cli/ArgParser.h"
#include "cli/CommandRegistry.h"
#include "cli/EngineCommands.h"
#include "core/EngineError.h"
#include "core/Json.h"
#include "core/TerminalText.h"
#include "core/Utf8.h"
#include "engine/HfClassifier.h"

namespace precisionlab::cli {

namespace {

// Invalid UTF-8 in a text cannot be quoted as JSON: each bad byte is shown as U+FFFD. One pass
// (a rescan from the start after each replacement was quadratic on a large damaged text).
std::string withReplacementCharacters(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  while (!text.empty()) {
    const size_t bad = utf8::firstInvalid(text);
    if (bad == std::string_view::npos) {
      out.append(text);
      break;
    }
    out.append(text.substr(0, bad));
    out += "\xEF\xBF\xBD";
    text.remove_prefix(bad + 1);
  }
  return out;
}

// Texts from standard input, one a line, at most kMaxStdinBytes in all; a NUL byte means the
// input is not text (`predict < /dev/zero` stops at once instead of filling memory).
constexpr size_t kMaxStdinBytes = 64u << 20;
constexpr size_t kMaxStdinTexts = 1000000;

std::vector<std::string> readStdinTexts() {
  std::vector<std::string> texts;
  std::string line;
  size_t total = 0;
  char buffer[65536];
  for (;;) {
    const ssize_t n = ::read(STDIN_FILENO, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0)
      throw InputError(std::string("predict: cannot read standard input: ") + std::strerror(errno));
    if (n == 0) break;
    total += static_cast<size_t>(n);
    if (total > kMaxStdinBytes)
      throw InputError(
          "predict: more than 64 MiB of texts on standard input; split the input "
          "into smaller parts");
    for (ssize_t k = 0; k < n; ++k) {
      const char c = buffer[k];
      if (c == '\0')
        throw InputError("predict: standard input holds a NUL byte (line " +
                         std::to_string(texts.size() + 1) + "); give texts, one per line");
      if (c != '\n') {
        line += c;
        continue;
      }
      if (!line.empty() && line.back() == '\r') line.pop_back();
      texts.push_back(std::move(line));
      line.clear();
      if (texts.size() > kMaxStdinTexts)
        throw InputError("predict: more than " + std::to_string(kMaxStdinTexts) +
                         " texts on standard input; split the input into smaller parts");
    }
  }
  if (!line.empty()) {
    if (line.back() == '\r') line.pop_back();
    texts.push_back(std::move(line));
  }
  return texts;
}

ArgParser makeParser() {
  ArgParser p("predict", engineCommandSummary("predict"));
  p.describe(
      "Classifies each TEXT (or each line of standard input when no TEXT is given) with the\n"
      "Hugging Face BERT model directory DIR (config.json, vocab.txt, model.safetensors) and\n"
      "prints the label and the logits. Texts that start with - go after --.");
  p.positional("TEXT", "texts to classify (default: one per line from standard input)", 0,
               ArgParser::kMany, ValueHint::Text);
  p.option("model", "DIR",
           "the model directory, or a PEFT LoRA adapter folder (train --lora-rank --save)",
           ValueHint::Directory);
  p.require("model");
  p.option("base", "DIR",
           "an adapter's base model directory (default: the folder its adapter_config.json names)",
           ValueHint::Directory);
  p.option("device", "DEV", "cpu, cuda or cuda:N (default cpu)");
  p.option("max-length", "N", "tokens per text, longer texts are cut (default: the model's limit)");
  p.flag("jsonl", "one {\"text\", \"label\", \"label_id\", \"logits\"} object per line");
  return p;
}

int runPredict(const ArgParser& p) {
  const std::string model = p.text("model", "");
  const std::string device = p.text("device", "cpu");
  const int64_t maxLength = p.integer("max-length", 0);
  if (p.has("max-length") && maxLength < 2) p.fail("max-length", "must be at least 2");
  const bool jsonl = p.has("jsonl");
  std::vector<std::string> texts = p.positionals();
  try {
    // The model first: a bad directory is reported before anyone types texts in.
    HfClassifier classifier(model, device, p.text("base", ""));
    for (const auto& w : classifier.warnings())
      std::cerr << "warning: " << escapeForTerminal(w, NewlinePolicy::Keep) << "\n";
    if (texts.empty()) {
      if (isatty(STDIN_FILENO))
        std::cerr << "reading texts from the terminal, one per line; end with Ctrl-D\n";
      texts = readStdinTexts();
    }
    const std::vector<Prediction> preds = classifier.predict(texts, maxLength);
    for (size_t i = 0; i < preds.size(); ++i) {
      const Prediction& p = preds[i];
      if (jsonl) {
        json::Value logits = json::Value::array();
        for (const float l : p.logits) logits.push(static_cast<double>(l));
        json::Value row = json::Value::object();
        row.set("text", withReplacementCharacters(texts[i]));
        row.set("label", p.label);
        row.set("label_id", p.labelId);
        row.set("logits", std::move(logits));
        std::cout << json::serialize(row) << "\n";
      } else {
        std::cout << escapeForTerminal(p.label) << "\t[";
        for (size_t k = 0; k < p.logits.size(); ++k) std::cout << (k ? ", " : "") << p.logits[k];
        std::cout << "]\t" << escapeForTerminal(texts[i]) << "\n";
      }
    }
  } catch (const InputError& e) {
    std::cerr << "precisionlab-cli predict: " << escapeForTerminal(e.what(), NewlinePolicy::Keep)
              << "\n";
    return kExitFailure;
  }
  return kExitOk;
}

}  // namespace

PRECISIONLAB_CLI_COMMAND(predict, "predict", makeParser, runPredict, false)

}  // namespace precisionlab::cli
