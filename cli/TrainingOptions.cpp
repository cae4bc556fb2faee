// cli/TrainingOptions.h: the flags are those of the config field table (core/ConfigFields.h),
// whose rows give the flag, its value name, help and kind; this file adds the companions of a
// field (--oversubscribe with --threads) and turns values of the command line into fields.
#include "cli/TrainingOptions.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "cli/DidYouMean.h"
#include "cli/JsonText.h"
#include "core/ConfigFields.h"
#include "core/EngineError.h"
#include "core/LabScenarios.h"
#include "core/OutputFolder.h"
#include "core/TerminalText.h"
#include "engine/TrainEnvironment.h"

namespace precisionlab::cli {

namespace {

std::string shortNumber(double v) { return formatNumber("%g", v); }

// The fields whose flags come along with another's: one feature, several flags.
std::vector<ConfigField> withCompanions(ConfigField field) {
  using F = ConfigField;
  switch (field) {
    case F::Threads:
      return {F::Threads, F::Oversubscribe};
    case F::CheckpointEvery:
      return {F::CheckpointEvery, F::CheckpointKeep, F::CheckpointDir, F::ResumeFrom};
    default:
      return {field};
  }
}

bool offers(const ArgParser& parser, const std::string& name) {
  for (const auto& o : parser.options())
    if (o.name == name) return true;
  return false;
}

ValueHint hintOf(ConfigPath path) {
  switch (path) {
    case ConfigPath::File:
      return ValueHint::File;
    case ConfigPath::Directory:
      return ValueHint::Directory;
    case ConfigPath::None:
      break;
  }
  return ValueHint::Text;
}

// "<help> (default 128)"; no default for flags, nor for an empty text (no model directory).
std::string helpWithDefault(const ConfigFieldRow& f, const TrainConfig& d) {
  const std::string value = f.kind == ConfigKind::Real ? shortNumber(f.number(d)) : f.text(d);
  if (f.kind == ConfigKind::Flag || value.empty()) return f.help;
  return f.help + " (default " + value + ")";
}

void addField(ArgParser& p, const ConfigFieldRow& f, const TrainConfig& d) {
  if (f.kind == ConfigKind::Flag) {
    p.flag(f.flag, f.help);
  } else if (f.kind == ConfigKind::Choice) {
    std::string help = helpWithDefault(f, d);
    if (f.field == ConfigField::CpuFp16 && !cpuFp16KernelsAvailable())
      help += "; this build has LibTorch 1.13: emulate only";
    p.choice(f.flag, f.choices(), help);
  } else {
    p.option(f.flag, f.metavar, helpWithDefault(f, d), hintOf(f.path));
  }
}

// Copies one field's flag, when given, into `c`.
void applyField(const ArgParser& p, const ConfigFieldRow& f, TrainConfig& c) {
  if (!p.has(f.flag)) return;
  switch (f.kind) {
    case ConfigKind::Integer: {
      const int64_t v = p.integer(f.flag, 0);
      f.setNumber(c, static_cast<double>(v));
      // Checked before it is narrowed: 4294967297 threads is an error, not 1 thread.
      if (f.number(c) != static_cast<double>(v)) {
        if (auto issue = checkRange(f.field, static_cast<double>(v)))
          throw UsageError(describeIssue(p, *issue));
        p.fail(f.flag, "is out of range");
      }
      break;
    }
    case ConfigKind::Unsigned: {
      const int64_t v = p.integer(f.flag, 0);
      if (v < 0) p.fail(f.flag, "must not be negative");
      f.setText(c, std::to_string(v));
      break;
    }
    case ConfigKind::Real:
      f.setNumber(c, p.number(f.flag, 0));
      break;
    case ConfigKind::Flag:
      f.setNumber(c, 1);  // a flag only ever turns a setting on
      break;
    case ConfigKind::Text:
    case ConfigKind::Choice:  // a choice: the parser accepted only its names
      f.setText(c, p.text(f.flag, ""));
      break;
  }
}

}  // namespace

void addTrainingOptions(ArgParser& p, const TrainConfig& d,
                        std::initializer_list<ConfigField> fields) {
  for (ConfigField field : fields)
    for (ConfigField f : withCompanions(field))
      if (configField(f).flag) addField(p, configField(f), d);
}

void applyTrainingOptions(const ArgParser& p, TrainConfig& c) {
  for (const ConfigFieldRow& f : configFields())
    if (f.flag) applyField(p, f, c);
}

std::string flagFor(const ArgParser& parser, ConfigField field) {
  const ConfigFieldRow& f = configField(field);
  return f.flag && offers(parser, f.flag) ? ArgParser::flagName(f.flag) : "";
}

std::string describeIssue(const ArgParser& parser, const ConfigIssue& issue) {
  const std::string flag = flagFor(parser, issue.field);
  std::string message = issue.message;
  // A range issue quotes the value as a double ("(got 4.61169e+18)"); a flag's value is echoed
  // as the user typed it.
  const size_t got = message.rfind("(got ");
  if (issue.range && !flag.empty() && parser.has(configField(issue.field).flag) &&
      got != std::string::npos && message.back() == ')')
    message = message.substr(0, got) + "(got " +
              elideForMessage(parser.text(configField(issue.field).flag, "")) + ")";
  std::string s = flag.empty() ? message : flag + ": " + message;
  if (issue.allowedBy) {
    const std::string allow = flagFor(parser, *issue.allowedBy);
    if (!allow.empty()) s += ", or add " + allow + " to insist";
  }
  return s;
}

void checkTrainingConfig(const ArgParser& parser, const TrainConfig& config) {
  std::string message;
  // Alpha only scales adapters: without a rank the run is full fine-tuning and alpha unused.
  if (offers(parser, "lora-alpha") && parser.has("lora-alpha") && config.loraRank == 0)
    message = "--lora-alpha " + parser.text("lora-alpha", "") +
              " needs --lora-rank R: alpha scales LoRA adapters (by alpha/R), and without a rank "
              "the run is full fine-tuning with no adapters";
  for (const ConfigIssue& issue : validate(config, trainEnvironment()))
    message += (message.empty() ? "" : "\n") + describeIssue(parser, issue);
  if (!message.empty()) throw UsageError(message);
}

void makeOutputFolders(const ArgParser& parser, const TrainConfig& config) {
  if (config.checkpointEvery <= 0) return;
  if (const std::string problem = makeOutputFolder(config.checkpointDir); !problem.empty())
    throw UsageError(flagFor(parser, ConfigField::CheckpointDir) + ": " + problem);
}

std::vector<std::string> scenarioIdList(const ArgParser& parser, const std::string& option,
                                        const std::string& list) {
  std::vector<std::string> ids;
  size_t pos = 0;
  while (pos <= list.size()) {
    const size_t end = std::min(list.find(',', pos), list.size());
    if (end > pos) ids.push_back(list.substr(pos, end - pos));
    pos = end + 1;
  }
  for (size_t i = 0; i < ids.size(); ++i) {
    const std::string& id = ids[i];
    // "all,all" was an unknown scenario 'all', and a repeated id was dropped without a word.
    if (id == "all" && ids.size() > 1)
      parser.fail(option, "'all' stands for every scenario: give it alone (" +
                              ArgParser::flagName(option) + " all), not in a list");
    if (std::find(ids.begin(), ids.begin() + std::ptrdiff_t(i), id) !=
        ids.begin() + std::ptrdiff_t(i))
      parser.fail(option, "names '" + elideForMessage(id) +
                              "' twice; name each scenario once (it runs once either way)");
    try {
      (void)LabScenarios::make(id, TrainConfig{});  // throws for an unknown id
    } catch (const InputError& e) {
      parser.fail(option, e.what() + didYouMeanScenario(id));
    }
  }
  return ids;
}

}  // namespace precisionlab::cli
