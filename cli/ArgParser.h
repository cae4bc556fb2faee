// Long options for a subcommand ("--name value" or "--name=value", flags without a value),
// with typed getters whose errors name the option. Throws precisionlab::InputError.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace precisionlab::cli {

class ArgParser {
 public:
  explicit ArgParser(std::string command) : command_(std::move(command)) {}
  // valueName empty = a flag without a value.
  void add(const std::string& name, const std::string& valueName, const std::string& help);
  // Throws InputError for unknown options, missing values or stray arguments.
  void parse(const std::vector<std::string>& args);
  std::string usage() const;

  bool has(const std::string& name) const { return values_.count(name) != 0; }
  std::string text(const std::string& name, const std::string& fallback) const;
  int64_t integer(const std::string& name, int64_t fallback) const;
  // --threads N and --oversubscribe, for the commands that train.
  void addThreadOptions(const std::string& defaultText);
  // --threads, range-checked (0..kMaxThreads) before it is narrowed to int: 4294967297 is an
  // error, not 1 thread. Whether it fits the machine's cores is checkTrainConfig's call.
  int threads(int fallback) const;
  double number(const std::string& name, double fallback) const;

 private:
  struct Option {
    std::string name, valueName, help;
  };
  const Option* find(const std::string& name) const;

  std::string command_;
  std::vector<Option> options_;
  std::map<std::string, std::string> values_;
};

}  // namespace precisionlab::cli
