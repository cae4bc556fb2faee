// core/ConfigFields.h: TrainConfig has exactly one row per member (counted from the struct
// itself, so a new member without a row fails here), rows are in enumerator order with unique
// names, every saved field survives a run-file round trip with a non-default value, the fields
// run files do not hold read back as defaults, and docs/run-file-format.md's table of config
// keys says what the table says, precision names included. Plain values: well under a second.
#include <cstddef>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <utility>

#include "CoreTest.h"
#include "core/ConfigFields.h"
#include "core/RunRecording.h"

using namespace precisionlab;

namespace {

// Converts to any member type, so `TrainConfig{AnyMember{}, ...}` compiles exactly while there
// are at most as many initializers as members (the counting trick of Boost.PFR).
struct AnyMember {
  template <typename T>
  operator T&() const&&;
};

template <typename T, size_t... I>
constexpr auto initializable(std::index_sequence<I...>)
    -> decltype(T{(void(I), AnyMember{})...}, true) {
  return true;
}
template <typename T>
constexpr bool initializable(...) {
  return false;
}

template <typename T, size_t N = 0>
constexpr size_t memberCount() {
  if constexpr (initializable<T>(std::make_index_sequence<N + 1>()))
    return memberCount<T, N + 1>();
  else
    return N;
}

// A value inside the field's range and different from the default, for every kind.
void setOtherValue(const ConfigFieldRow& f, TrainConfig& c) {
  const TrainConfig d;
  switch (f.kind) {
    case ConfigKind::Integer:
    case ConfigKind::Real: {
      double v = f.number(d) + 1;
      if (f.range && v > f.range->max) v = f.range->min + (f.range->minOpen ? 0.5 : 0);
      if (f.kind == ConfigKind::Real && f.range && f.range->max <= 1) v = 0.25;
      f.setNumber(c, v);
      break;
    }
    case ConfigKind::Unsigned:
      CHECK(f.setText(c, "18446744073709551615"));  // beyond 2^53: exact or lost
      break;
    case ConfigKind::Flag:
      f.setNumber(c, f.number(d) != 0 ? 0 : 1);
      break;
    case ConfigKind::Text:
      CHECK(f.setText(c, f.text(d) + "-other"));
      break;
    case ConfigKind::Choice:
      CHECK(
          f.setText(c, f.choices().back() == f.text(d) ? f.choices().front() : f.choices().back()));
      break;
  }
  CHECK_MSG(f.text(c) != f.text(d), f.name);
}

RunRecording oneStepRecording(const TrainConfig& config) {
  RunRecording r;
  r.config = config;
  r.config.steps = 1;
  r.totalSteps = 1;
  r.provenance.kind = Provenance::Live;
  r.provenance.device = "cpu (1 thread)";
  r.provenance.torchVersion = "1.13.1";
  r.provenance.recordedAt = "2024-05-01T12:34:56Z";
  r.host = "testhost";
  StepRecord s;
  s.step = 1;
  s.loss = 0.7;
  s.stepMs = 10;
  r.steps.push_back(s);
  r.evals.push_back(EvalRecord{1, 0.6, 0.5});
  r.state = RunState::Finished;
  return r;
}

RunRecording roundTrip(const TrainConfig& config) {
  const std::string path = coretest::tempDir() + "/config.plrun";
  writeRunRecording(path, oneStepRecording(config));
  return readRunRecording(path);
}

const char* runFileWord(RunFileKey key) {
  switch (key) {
    case RunFileKey::Required:
      return "required";
    case RunFileKey::Added:
      return "added";
    case RunFileKey::Optional:
      return "optional";
    case RunFileKey::NotSaved:
      return "not saved";
  }
  return "";
}

}  // namespace

CORE_TEST(everyMemberHasOneRow) {
  static_assert(memberCount<TrainConfig>() > 30, "the member count works on TrainConfig");
  CHECK_EQ(configFields().size(), memberCount<TrainConfig>());
  std::set<std::string> names, flags;
  for (size_t i = 0; i < configFields().size(); ++i) {
    const ConfigFieldRow& f = configFields()[i];
    CHECK_EQ(static_cast<size_t>(f.field), i);
    CHECK_EQ(&configField(f.field), &f);
    CHECK_EQ(configFieldNamed(f.name), &f);
    CHECK_MSG(names.insert(f.name).second, f.name);
    CHECK_MSG(*f.title, f.name);
    CHECK_MSG(f.text && f.setText, f.name);
    const bool numeric =
        f.kind == ConfigKind::Integer || f.kind == ConfigKind::Real || f.kind == ConfigKind::Flag;
    CHECK_MSG(numeric == (f.number != nullptr && f.setNumber != nullptr), f.name);
    CHECK_MSG(!f.range || numeric, f.name);
    CHECK_MSG((f.kind == ConfigKind::Choice) == (f.choices != nullptr), f.name);
    CHECK_MSG(f.runFile == RunFileKey::Required || *f.runFileNote, f.name);
    CHECK_MSG(!f.writtenWith || f.runFile == RunFileKey::Optional, f.name);
    if (f.flag) {
      CHECK_MSG(flags.insert(f.flag).second, f.flag);
      CHECK_MSG(!f.help.empty(), f.flag);
      const bool takesName = f.kind != ConfigKind::Flag && f.kind != ConfigKind::Choice;
      CHECK_MSG(takesName == (*f.metavar != 0), f.flag);
    }
  }
  CHECK(configFieldNamed("noSuchSetting") == nullptr);
  CHECK_EQ(std::string(configFieldName(ConfigField::SeqLen)), std::string("seqLen"));
}

CORE_TEST(defaultsAreInsideTheirRanges) {
  const TrainConfig d;
  for (const ConfigFieldRow& f : configFields()) {
    if (!f.range) continue;
    const double v = f.number(d);
    const bool low = f.range->minOpen ? v > f.range->min : v >= f.range->min;
    const bool high = f.range->maxOpen ? v < f.range->max : v <= f.range->max;
    CHECK_MSG(low && high, f.name);
  }
}

CORE_TEST(textReadsBack) {
  for (const ConfigFieldRow& f : configFields()) {
    TrainConfig c;
    setOtherValue(f, c);
    TrainConfig back;
    CHECK_MSG(f.setText(back, f.text(c)), f.name);
    CHECK_EQ(f.text(back), f.text(c));
    if (f.kind == ConfigKind::Integer || f.kind == ConfigKind::Real)
      CHECK_MSG(!f.setText(back, f.text(c) + "x"), f.name);  // the whole text, or nothing
  }
}

CORE_TEST(everySavedFieldSurvivesTheRunFile) {
  for (const ConfigFieldRow& f : configFields()) {
    coretest::row(f.name, [&] {
      TrainConfig in;
      setOtherValue(f, in);
      if (f.field == ConfigField::Steps) return;  // a one-step recording sets it
      const TrainConfig out = roundTrip(in).config;
      const std::string expected =
          f.runFile == RunFileKey::NotSaved ? f.text(TrainConfig{}) : f.text(in);
      CHECK_EQ(f.text(out), expected);
    });
  }
}

CORE_TEST(optionalFieldsAreLeftOutAtTheirDefaults) {
  // The default config writes no optional key; an old file without them reads as defaults.
  const std::string path = coretest::tempDir() + "/defaults.plrun";
  writeRunRecording(path, oneStepRecording(TrainConfig{}));
  std::ifstream in(path);
  std::string header;
  std::getline(in, header);
  for (const ConfigFieldRow& f : configFields()) {
    const bool present = header.find("\"" + std::string(f.name) + "\":") != std::string::npos;
    const bool expected = f.runFile == RunFileKey::Required || f.runFile == RunFileKey::Added;
    CHECK_MSG(present == expected, f.name);
  }
  // Written with its partner: a LoRA run states its alpha even at the default.
  TrainConfig lora;
  lora.loraRank = 8;
  writeRunRecording(path, oneStepRecording(lora));
  std::ifstream again(path);
  std::getline(again, header);
  CHECK(coretest::contains(header, "\"loraAlpha\":16"));
}

CORE_TEST(docsListEveryConfigKey) {
  // docs/run-file-format.md's table "| `key` | required/added/optional/not saved | ... |".
  std::ifstream in(PRECISIONLAB_SOURCE_DIR "/docs/run-file-format.md");
  CHECK(in.good());
  std::set<std::string> documented;
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("| `", 0) != 0) continue;
    const size_t end = line.find("` |", 3);
    if (end == std::string::npos) continue;
    const std::string key = line.substr(3, end - 3);
    const ConfigFieldRow* f = configFieldNamed(key);
    if (!f) continue;  // a header field of the other tables
    const size_t cell = end + 4;
    const std::string mode = line.substr(cell, line.find(" |", cell) - cell);
    CHECK_EQ(mode, std::string(runFileWord(f->runFile)));
    if (f->field == ConfigField::Precision)  // every name, from the one precision table
      for (const std::string& name : f->choices())
        CHECK_MSG(coretest::contains(line, "`" + name + "`"), name);
    documented.insert(key);
  }
  for (const ConfigFieldRow& f : configFields()) CHECK_MSG(documented.count(f.name), f.name);
}
