// The one argument parser of precisionlab-cli: every command declares its options and
// positional arguments here, and the dispatcher (main.cpp) parses, answers -h/--help and
// -V/--version, and reports usage errors in one format with exit code 2.
//
// Syntax: "--name value" or "--name=value"; flags take no value; "--" ends the options (what
// follows is positional, so a text may start with "--"); options and positionals may mix.
// A value is never taken from an argument that starts with "--": "--steps --threads 1" is a
// forgotten value. The option tables also generate --help, the man page and bash completion.
#pragma once

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace precisionlab::cli {

// A usage error: an unknown option, a missing or malformed value, a setting out of range. The
// dispatcher prints it as "precisionlab-cli <command>: <message>" with a hint to --help and exits
// with kExitUsage. Each line of the message is printed with that prefix.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Exit codes, the same for every command (documented in --help and the README).
constexpr int kExitOk = 0;
constexpr int kExitFailure = 1;     // runtime: unreadable file, failed run, problems found
constexpr int kExitUsage = 2;       // usage: unknown option, bad value, invalid setting
constexpr int kExitRankLost = 3;    // data-parallel: a rank died or a collective timed out
constexpr int kExitRendezvous = 4;  // data-parallel: the ranks could not form the job
constexpr int kExitCancelled = 130;

// What a value is, for bash completion.
enum class ValueHint { Text, File, Directory };

class ArgParser {
 public:
  struct Option {
    std::string name;       // without "--"
    std::string valueName;  // empty: a flag
    std::string help;
    ValueHint hint = ValueHint::Text;
    std::vector<std::string> choices;  // when not empty, the only values accepted
    bool required = false;
  };
  struct Positional {
    std::string name;  // "FILE", "TEXT"
    std::string help;
    size_t min = 0;
    size_t max = 0;  // kMany: no limit
    ValueHint hint = ValueHint::File;
    std::vector<std::string> choices;  // words bash completion offers (the command checks them)
  };
  static constexpr size_t kMany = static_cast<size_t>(-1);

  // command: as typed ("train", "bank"); summary: one line for the command list.
  ArgParser(std::string command, std::string summary);

  // A flag without a value.
  void flag(const std::string& name, const std::string& help);
  // An option with a value.
  void option(const std::string& name, const std::string& valueName, const std::string& help,
              ValueHint hint = ValueHint::Text);
  // An option whose value must be one of `choices` (listed in --help and completed by bash).
  void choice(const std::string& name, const std::vector<std::string>& choices,
              const std::string& help);
  // Marks an option declared before as required.
  void require(const std::string& name);
  void positional(const std::string& name, const std::string& help, size_t min, size_t max,
                  ValueHint hint = ValueHint::File, std::vector<std::string> choices = {});
  // Paragraphs of --help: what the command does (after the usage line), and notes at the end.
  void describe(const std::string& text) { description_ = text; }
  void addNotes(const std::string& text) { notes_ += text; }

  // Throws UsageError. After -h/--help or -V/--version nothing else is checked (required
  // options, positional counts), so `train --help` works whatever else is on the line.
  void parse(const std::vector<std::string>& args);

  bool helpRequested() const { return has("help"); }
  bool versionRequested() const { return has("version"); }
  std::string help() const;
  std::string usageLine() const;

  bool has(const std::string& name) const { return values_.count(name) != 0; }
  std::string text(const std::string& name, const std::string& fallback) const;
  int64_t integer(const std::string& name, int64_t fallback) const;
  double number(const std::string& name, double fallback) const;
  const std::vector<std::string>& positionals() const { return positionalValues_; }

  // "--name" for messages.
  static std::string flagName(const std::string& name) { return "--" + name; }
  // Throws UsageError("--name: message").
  [[noreturn]] void fail(const std::string& name, const std::string& message) const;

  const std::string& command() const { return command_; }
  const std::string& summary() const { return summary_; }
  const std::vector<Option>& options() const { return options_; }
  const std::vector<Positional>& positionalSpecs() const { return positionalSpecs_; }

 private:
  const Option* find(const std::string& name) const;

  std::string command_, summary_, description_, notes_;
  std::vector<Option> options_;
  std::vector<Positional> positionalSpecs_;
  std::map<std::string, std::string> values_;
  std::vector<std::string> positionalValues_;
};

// The exit status paragraph every --help ends with.
const char* exitStatusText();

}  // namespace precisionlab::cli
