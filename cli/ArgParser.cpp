#include "cli/ArgParser.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "core/EngineError.h"
#include "core/TrainConfig.h"

namespace precisionlab::cli {

void ArgParser::add(const std::string& name, const std::string& valueName,
                    const std::string& help) {
  options_.push_back({name, valueName, help});
}

const ArgParser::Option* ArgParser::find(const std::string& name) const {
  for (const auto& o : options_)
    if (o.name == name) return &o;
  return nullptr;
}

void ArgParser::parse(const std::vector<std::string>& args) {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a.rfind("--", 0) != 0)
      throw InputError(command_ + ": unexpected argument '" + a + "' (options start with --)");
    const auto eq = a.find('=');
    const std::string name = a.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
    const Option* o = find(name);
    if (!o) throw InputError(command_ + ": unknown option --" + name + " (see --help)");
    if (o->valueName.empty()) {
      if (eq != std::string::npos) throw InputError(command_ + ": --" + name + " takes no value");
      values_[name] = "";
    } else if (eq != std::string::npos) {
      values_[name] = a.substr(eq + 1);
    } else {
      // "--steps --threads 1" is a forgotten value, not a step count of "--threads".
      if (i + 1 >= args.size() || args[i + 1].rfind("--", 0) == 0)
        throw InputError(command_ + ": --" + name + " needs a value (" + o->valueName + ")");
      values_[name] = args[++i];
    }
  }
}

std::string ArgParser::usage() const {
  std::string s = "usage: precisionlab-cli " + command_ + " [options]\n\noptions:\n";
  for (const auto& o : options_) {
    std::string left = "  --" + o.name + (o.valueName.empty() ? "" : " " + o.valueName);
    if (left.size() < 26)
      left += std::string(26 - left.size(), ' ');
    else
      left += "\n" + std::string(26, ' ');
    s += left + o.help + "\n";
  }
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
    throw InputError(command_ + ": --" + name + " expects an integer, got '" + it->second + "'");
  return v;
}

void ArgParser::addThreadOptions(const std::string& defaultText) {
  add("threads", "N",
      "CPU threads, 0 = all cores (default " + defaultText +
          "); at most the "
          "machine's cores unless --oversubscribe");
  add("oversubscribe", "", "allow --threads above the number of cores");
}

int ArgParser::threads(int fallback) const {
  const int64_t n = integer("threads", fallback);
  if (n < 0 || n > kMaxThreads)
    throw InputError(command_ + ": --threads must be between 0 (all cores) and " +
                     std::to_string(kMaxThreads) + ", got " + std::to_string(n));
  return static_cast<int>(n);
}

double ArgParser::number(const std::string& name, double fallback) const {
  auto it = values_.find(name);
  if (it == values_.end()) return fallback;
  char* end = nullptr;
  const double v = std::strtod(it->second.c_str(), &end);
  if (it->second.empty() || *end != '\0' || !std::isfinite(v))
    throw InputError(command_ + ": --" + name + " expects a number, got '" + it->second + "'");
  return v;
}

}  // namespace precisionlab::cli
