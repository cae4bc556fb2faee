#include "cli/ArgParser.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "cli/DidYouMean.h"
#include "core/EngineError.h"
#include "core/TrainConfig.h"

namespace precisionlab::cli {

namespace {

std::string joined(const std::vector<std::string>& items, const char* separator) {
  std::string s;
  for (const auto& i : items) s += (s.empty() ? "" : separator) + i;
  return s;
}

// "  --name VALUE" padded to the help column (or on a line of its own when longer), then the
// help wrapped at word boundaries to fit 80 columns, as man and help2man expect.
std::string helpRow(std::string left, const std::string& help) {
  constexpr size_t kColumn = 28, kWidth = 80;
  const std::string indent(kColumn, ' ');
  left += left.size() < kColumn ? std::string(kColumn - left.size(), ' ') : "\n" + indent;
  std::string line, out;
  size_t pos = 0;
  while (pos < help.size()) {
    size_t end = help.find(' ', pos);
    if (end == std::string::npos) end = help.size();
    const std::string word = help.substr(pos, end - pos);
    if (!line.empty() && kColumn + line.size() + 1 + word.size() > kWidth) {
      out += (out.empty() ? left : indent) + line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
    pos = end + 1;
  }
  return out + (out.empty() ? left : indent) + line + "\n";
}

}  // namespace

const char* exitStatusText() {
  return "Exit status:\n"
         "  0    success\n"
         "  1    a runtime error: a file that cannot be read or written, a failed run,\n"
         "       problems found in a checked file\n"
         "  2    a usage error: an unknown option, a missing or malformed value, a\n"
         "       setting out of range\n"
         "  3    data-parallel training lost a rank: one died, or a collective waited\n"
         "       past --collective-timeout (the message names the rank)\n"
         "  4    data-parallel ranks could not form the job: port in use, WORLD_SIZE or\n"
         "       settings differ between ranks, a rank never joined\n"
         "  130  cancelled with Ctrl-C\n";
}

ArgParser::ArgParser(std::string command, std::string summary)
    : command_(std::move(command)), summary_(std::move(summary)) {
  flag("help", "show this help and exit (also -h)");
  flag("version", "show the version and what this build runs on, and exit (also -V)");
}

void ArgParser::flag(const std::string& name, const std::string& help) {
  options_.push_back({name, "", help, ValueHint::Text, {}, false});
}

void ArgParser::option(const std::string& name, const std::string& valueName,
                       const std::string& help, ValueHint hint) {
  options_.push_back({name, valueName, help, hint, {}, false});
}

void ArgParser::choice(const std::string& name, const std::vector<std::string>& choices,
                       const std::string& help) {
  options_.push_back({name, joined(choices, "|"), help, ValueHint::Text, choices, false});
}

void ArgParser::require(const std::string& name) {
  for (auto& o : options_)
    if (o.name == name) o.required = true;
}

void ArgParser::positional(const std::string& name, const std::string& help, size_t min, size_t max,
                           ValueHint hint, std::vector<std::string> choices) {
  positionalSpecs_.push_back({name, help, min, max, hint, std::move(choices)});
}

const ArgParser::Option* ArgParser::find(const std::string& name) const {
  for (const auto& o : options_)
    if (o.name == name) return &o;
  return nullptr;
}

void ArgParser::fail(const std::string& name, const std::string& message) const {
  throw UsageError(flagName(name) + ": " + message);
}

void ArgParser::parse(const std::vector<std::string>& args) {
  bool optionsEnded = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (optionsEnded || a == "-" || a.empty() || a[0] != '-') {
      positionalValues_.push_back(a);
      continue;
    }
    if (a == "--") {
      optionsEnded = true;
      continue;
    }
    if (a == "-h" || a == "-V") {
      values_[a == "-h" ? "help" : "version"] = "";
      continue;
    }
    if (a.rfind("--", 0) != 0)
      throw UsageError("unknown option " + a +
                       (positionalSpecs_.empty() ? std::string()
                                                 : " (arguments that start with - go after --)"));
    const auto eq = a.find('=');
    const std::string name = a.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
    const Option* o = find(name);
    if (!o) {
      std::vector<std::string> names = {"help", "version"};
      for (const auto& known : options_) names.push_back(known.name);
      throw UsageError("unknown option --" + name + didYouMean(name, names, "--"));
    }
    std::string value;
    if (o->valueName.empty()) {
      if (eq != std::string::npos) fail(name, "takes no value");
    } else if (eq != std::string::npos) {
      value = a.substr(eq + 1);
    } else {
      // "--steps --threads 1" is a forgotten value, not a step count of "--threads".
      if (i + 1 >= args.size() || args[i + 1].rfind("--", 0) == 0)
        fail(name, "needs a value (" + o->valueName + ")");
      value = args[++i];
    }
    if (!o->choices.empty()) {
      bool known = false;
      for (const auto& c : o->choices) known = known || c == value;
      if (!known)
        fail(name, "'" + value + "' is not one of " + joined(o->choices, ", ") +
                       didYouMean(value, o->choices));
    }
    values_[name] = value;
  }
  if (helpRequested() || versionRequested()) return;
  for (const auto& o : options_)
    if (o.required && !has(o.name))
      fail(o.name, "is required (" + flagName(o.name) + " " + o.valueName + ")");
  size_t min = 0, max = 0;
  for (const auto& p : positionalSpecs_) {
    min += p.min;
    max = (max == kMany || p.max == kMany) ? kMany : max + p.max;
  }
  const size_t n = positionalValues_.size();
  if (n > max)
    throw UsageError(max == 0 ? "unexpected argument '" + positionalValues_.front() +
                                    "' (options start with --)"
                              : "too many arguments (at most " + std::to_string(max) + ", got " +
                                    std::to_string(n) + ")");
  if (n < min) {
    std::vector<std::string> names;
    for (const auto& p : positionalSpecs_)
      if (p.min > 0) names.push_back(p.name);
    throw UsageError("missing " + joined(names, " and ") +
                     (min > 1 ? " (at least " + std::to_string(min) + " arguments)" : ""));
  }
}

std::string ArgParser::usageLine() const {
  std::string s = "precisionlab-cli " + command_ + " [options]";
  for (const auto& o : options_)
    if (o.required) s += " --" + o.name + " " + o.valueName;
  for (const auto& p : positionalSpecs_) {
    std::string word = p.name + (p.max == kMany || p.max > 1 ? "..." : "");
    s += " " + (p.min == 0 ? "[" + word + "]" : word);
  }
  return s;
}

std::string ArgParser::help() const {
  std::string s = "Usage: " + usageLine() + "\n\n";
  s += (description_.empty() ? summary_ + "." : description_) + "\n";
  if (!positionalSpecs_.empty()) {
    s += "\nArguments:\n";
    for (const auto& p : positionalSpecs_) s += helpRow("  " + p.name, p.help);
  }
  s += "\nOptions:\n";
  for (const auto& o : options_) {
    const std::string left = "  --" + o.name + (o.valueName.empty() ? "" : " " + o.valueName);
    s += helpRow(left, o.help + (o.required ? " (required)" : ""));
  }
  if (!notes_.empty()) s += "\n" + notes_ + (notes_.back() == '\n' ? "" : "\n");
  s += "\n";
  s += exitStatusText();
  return s;
}

std::string ArgParser::text(const std::string& name, const std::string& fallback) const {
  auto it = values_.find(name);
  return it == values_.end() ? fallback : it->second;
}

int64_t ArgParser::integer(const std::string& name, int64_t fallback) const {
  auto it = values_.find(name);
  if (it == values_.end()) return fallback;
  errno = 0;
  char* end = nullptr;
  const long long v = std::strtoll(it->second.c_str(), &end, 10);
  if (it->second.empty() || *end != '\0' || errno == ERANGE)
    fail(name, "expects an integer, got '" + it->second + "'");
  return v;
}

double ArgParser::number(const std::string& name, double fallback) const {
  auto it = values_.find(name);
  if (it == values_.end()) return fallback;
  char* end = nullptr;
  const double v = std::strtod(it->second.c_str(), &end);
  if (it->second.empty() || *end != '\0' || !std::isfinite(v))
    fail(name, "expects a number, got '" + it->second + "'");
  return v;
}

}  // namespace precisionlab::cli
