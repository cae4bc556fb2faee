// Run files (.plrun): writer and strict reader. The format is specified in
// docs/run-file-format.md; keep the two in step.
#include "core/RunRecording.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <ctime>
#include <fstream>
#include <limits>
#include <sstream>

#include "core/AtomicFileWriter.h"
#include "core/ConfigFields.h"
#include "core/ConfigValidator.h"
#include "core/EngineError.h"
#include "core/Json.h"
#include "core/RecordFields.h"
#include "core/RecordJson.h"
#include "core/SafeFileReader.h"
#include "core/TerminalText.h"

namespace precisionlab {

namespace {

constexpr std::string_view kFormatName = "precisionlab-run";
const char* const kRecordAgain = "Record the run again, or use another copy of the file.";
// Entry caps of the header, checked while it is read (steps are at most totalSteps, since they
// increase; evaluations at most kMaxSteps).
constexpr size_t kMaxLibraries = 256;
constexpr size_t kMaxUnknownSettings = 64;

// A number in the one encoding of records (core/RecordJson.h): non-finite ones as "NaN",
// "Infinity" and "-Infinity".
json::Value number(double d) { return numberToJson(d); }

// Where a value came from, for messages: "<file>:<line>".
struct Where {
  const std::string& file;
  size_t line;
  [[noreturn]] void fail(const std::string& problem,
                         const std::string& advice = kRecordAgain) const {
    throw InputError(file + ":" + std::to_string(line) + ": " + problem + ". " + advice);
  }
};

const json::Value& field(const json::Value& obj, const char* key, const Where& at,
                         const std::string& prefix) {
  const json::Value* v = obj.find(key);
  if (!v) at.fail("missing field \"" + prefix + key + "\"");
  return *v;
}

// A top-level field. Its own overload rather than a defaulted prefix: a defaulted std::string is
// a temporary at every call, and a reference taken from the call then looks dangling to GCC 14
// (-Wdangling-reference), though the result refers into obj.
const json::Value& field(const json::Value& obj, const char* key, const Where& at) {
  static const std::string kTopLevel;
  return field(obj, key, at, kTopLevel);
}

template <typename Fn>
auto typed(const json::Value& obj, const char* key, const Where& at, const std::string& prefix,
           const char* expected, Fn get) {
  const json::Value& v = field(obj, key, at, prefix);
  try {
    return get(v);
  } catch (const json::TypeError&) {
    // A number is quoted as written: "must be an integer, not number" hid 2^70 and 1e308.
    at.fail("field \"" + prefix + key + "\" must be " + expected + ", not " +
            (v.isNumber() ? elideForMessage(json::serialize(v)) : json::typeName(v.type())));
  }
}

std::string getString(const json::Value& o, const char* k, const Where& at,
                      const std::string& p = {}) {
  return typed(o, k, at, p, "a string", [](const json::Value& v) { return v.asString(); });
}
int64_t getInt(const json::Value& o, const char* k, const Where& at, const std::string& p = {}) {
  return typed(o, k, at, p, "an integer", [](const json::Value& v) { return v.asInt64(); });
}
bool getBool(const json::Value& o, const char* k, const Where& at, const std::string& p = {}) {
  return typed(o, k, at, p, "true or false", [](const json::Value& v) { return v.asBool(); });
}
double getDouble(const json::Value& o, const char* k, const Where& at, const std::string& p = {}) {
  // Also "NaN", "Infinity" and "-Infinity": the one spelling of non-finite numbers.
  return typed(o, k, at, p, "a number", [](const json::Value& v) { return numberFromJson(v); });
}

// An integer in [lo, hi], checked before any caller narrows it (threads is an int).
int64_t getIntIn(const json::Value& o, const char* k, int64_t lo, int64_t hi, const Where& at,
                 const std::string& p = {}) {
  const json::Value& raw = field(o, k, at, p);
  if (raw.isNumber() && raw.isInteger()) {
    try {
      (void)raw.asInt64();
    } catch (const json::TypeError&) {  // beyond 64 bits: out of any range, said as one
      at.fail("field \"" + p + k + "\" = " + elideForMessage(json::serialize(raw)) +
              " is outside " + std::to_string(lo) + ".." + std::to_string(hi));
    }
  }
  const int64_t v = getInt(o, k, at, p);
  if (v < lo || v > hi)
    at.fail("field \"" + p + k + "\" = " + std::to_string(v) + " is outside " + std::to_string(lo) +
            ".." + std::to_string(hi));
  return v;
}
// A config field of a run file, held to the config validator's bounds: the ones a live run has.
void checkInRange(const ConfigFieldRow& row, double v, const Where& at, const std::string& p) {
  if (auto issue = checkRange(row.field, v))
    at.fail("field \"" + p + row.name + "\": " + issue->message);
}

// The config: every field of the one table (core/ConfigFields.h) that run files hold, in its
// order; optional ones only where they differ from the default.
bool written(const ConfigFieldRow& f, const TrainConfig& c) {
  static const TrainConfig defaults;
  if (f.runFile != RunFileKey::Optional) return f.runFile != RunFileKey::NotSaved;
  return f.text(c) != f.text(defaults) ||
         (f.writtenWith && written(configField(*f.writtenWith), c));
}

json::Value configToJson(const TrainConfig& c) {
  json::Value o = json::Value::object();
  for (const ConfigFieldRow& f : configFields()) {
    if (!written(f, c)) continue;
    switch (f.kind) {
      case ConfigKind::Integer:
        o.set(f.name, static_cast<int64_t>(f.number(c)));
        break;
      case ConfigKind::Unsigned:
        o.set(f.name, static_cast<uint64_t>(std::stoull(f.text(c))));
        break;
      case ConfigKind::Real:
        o.set(f.name, number(f.number(c)));
        break;
      case ConfigKind::Flag:
        o.set(f.name, f.number(c) != 0);
        break;
      case ConfigKind::Text:
      case ConfigKind::Choice:
        o.set(f.name, f.text(c));
        break;
    }
  }
  return o;
}

TrainConfig configFromJson(const json::Value& o, const Where& at) {
  const std::string p = "config.";
  if (!o.isObject()) at.fail("field \"config\" must be an object");
  TrainConfig c;
  for (const ConfigFieldRow& f : configFields()) {
    // Not saved, or optional and absent (files before the field, or a default): the default.
    if (f.runFile == RunFileKey::NotSaved) continue;
    if (f.runFile != RunFileKey::Required && !o.find(f.name)) continue;
    // A run file is untrusted: every value is held to the bounds a live run has, before it is
    // narrowed to its member (threads is an int).
    switch (f.kind) {
      case ConfigKind::Integer: {
        // The range first, on the number as written: 1e308 steps is out of range (said with
        // the range), not merely "not an integer".
        if (const json::Value* raw = o.find(f.name); raw && raw->isNumber()) {
          double d = std::numeric_limits<double>::infinity();
          try {
            d = raw->asDouble();
          } catch (const json::TypeError&) {
          }
          checkInRange(f, d, at, p);
        }
        const int64_t v = getInt(o, f.name, at, p);
        checkInRange(f, static_cast<double>(v), at, p);
        f.setNumber(c, static_cast<double>(v));
        break;
      }
      case ConfigKind::Unsigned:
        f.setText(c, std::to_string(typed(o, f.name, at, p, "a non-negative integer",
                                          [](const json::Value& v) { return v.asUint64(); })));
        break;
      case ConfigKind::Real: {
        const double v = getDouble(o, f.name, at, p);
        checkInRange(f, v, at, p);
        f.setNumber(c, v);
        break;
      }
      case ConfigKind::Flag:
        f.setNumber(c, getBool(o, f.name, at, p) ? 1 : 0);
        break;
      case ConfigKind::Text:
        f.setText(c, getString(o, f.name, at, p));
        break;
      case ConfigKind::Choice: {
        const std::string name = getString(o, f.name, at, p);
        if (!f.setText(c, name))
          at.fail("field \"" + p + f.name + "\" has unknown value \"" + elideForMessage(name) +
                  "\"");
        break;
      }
    }
  }
  if (c.batchSize % c.accumulationSteps != 0)
    at.fail("field \"config.accumulationSteps\" (" + std::to_string(c.accumulationSteps) +
            ") does not divide config.batchSize (" + std::to_string(c.batchSize) + ")");
  return c;
}

template <typename Record>
Record recordFromJson(const json::Value& o, const std::vector<RecordField<Record>>& fields,
                      const Where& at) {
  Record rec;
  for (const auto& f : fields) {
    if (f.optional && o.find(f.name) == nullptr) continue;  // files before the field lack it
    if (f.kind == FieldKind::Integer)
      f.set(rec, static_cast<double>(getInt(o, f.name, at)));
    else if (f.kind == FieldKind::Flag)
      f.set(rec, getBool(o, f.name, at) ? 1 : 0);
    else
      f.set(rec, getDouble(o, f.name, at));
  }
  return rec;
}

StepRecord stepFromJson(const json::Value& o, const Where& at) {
  const StepRecord s = recordFromJson(o, stepFields(), at);
  if (s.step < 1 || s.step > kMaxSteps)
    at.fail("field \"step\" = " + std::to_string(s.step) + " is outside 1.." +
            std::to_string(kMaxSteps));
  // An hour a step is far slower than any real run; a larger value would stall a replay.
  if (!(s.stepMs >= 0) || !(s.stepMs <= kMaxRecordedStepMs))
    at.fail("field \"stepMs\" must be a time from 0 to " +
            std::to_string(static_cast<int64_t>(kMaxRecordedStepMs)) + " ms");
  if (!(s.cpuMs >= 0) || std::isinf(s.cpuMs))
    at.fail("field \"cpuMs\" must be a finite time of 0 ms or more");
  return s;
}

json::Value summaryToJson(const RunSummary& s) {
  json::Value o = json::Value::object();
  addRecordFields(o, s);
  return o;
}

bool parseRunState(const std::string& name, RunState* out) {
  for (RunState s : {RunState::Queued, RunState::Preparing, RunState::Running, RunState::Paused,
                     RunState::Finished, RunState::Failed, RunState::Cancelled}) {
    if (name == runStateName(s)) {
      *out = s;
      return true;
    }
  }
  return false;
}

std::string hostName() {
  char buf[256] = {};
  if (::gethostname(buf, sizeof buf - 1) != 0) return "unknown";
  return buf;
}

}  // namespace

std::string currentUtcTimestamp() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

void writeRunRecording(const std::string& path, RunRecording r) {
  if (r.provenance.kind == Provenance::Recorded)
    throw InputError(path + ": a replayed run cannot be recorded again; record the live run");
  if (r.provenance.recordedAt.empty()) r.provenance.recordedAt = currentUtcTimestamp();
  if (r.host.empty()) r.host = hostName();

  json::Value header = json::Value::object();
  header.set("format", std::string(kFormatName));
  header.set("version", RunRecording::kFormatVersion);
  header.set("scenario", r.scenarioId);
  header.set("label", r.label);
  header.set("recordedAt", r.provenance.recordedAt);
  header.set("host", r.host);
  json::Value prov = json::Value::object();
  prov.set("kind", provenanceName(r.provenance.kind));
  prov.set("device", r.provenance.device);
  prov.set("torchVersion", r.provenance.torchVersion);
  prov.set("note", r.provenance.note);
  if (!r.provenance.speedRepresentative) prov.set("speedRepresentative", false);
  header.set("provenance", std::move(prov));
  json::Value libs = json::Value::object();
  for (const auto& [name, version] : r.libraries) libs.set(name, version);
  header.set("libraries", std::move(libs));
  header.set("totalSteps", r.totalSteps);
  header.set("config", configToJson(r.config));
  if (!r.unknownSettings.empty()) {
    json::Value unknown = json::Value::array();
    for (const std::string& key : r.unknownSettings) unknown.push(key);
    header.set("unknownSettings", std::move(unknown));
  }

  std::string out = json::serialize(header) + "\n";
  // Steps and evaluations interleave in step order: an evaluation follows the step it ran after.
  size_t e = 0;
  for (const StepRecord& s : r.steps) {
    for (; e < r.evals.size() && r.evals[e].step < s.step; ++e)
      out += json::serialize(recordLine(r.evals[e])) + "\n";
    out += json::serialize(recordLine(s)) + "\n";
  }
  for (; e < r.evals.size(); ++e) out += json::serialize(recordLine(r.evals[e])) + "\n";
  json::Value end = json::Value::object();
  end.set("type", "end");
  end.set("state", runStateName(r.state));
  end.set("message", r.message);
  end.set("summary", summaryToJson(r.summary()));
  out += json::serialize(end) + "\n";

  AtomicFileWriter::writeFile(path, out);
}

bool RunRecording::settingKnown(const std::string& key) const {
  return std::find(unknownSettings.begin(), unknownSettings.end(), key) == unknownSettings.end();
}

RunRecording readRunRecording(const std::string& path) {
  return parseRunRecording(SafeFileReader::readFile(path, filekinds::kRunFile), path);
}

RunRecording parseRunRecording(std::string_view text, const std::string& fileName) {
  if (text.empty())
    throw InputError(fileName + ": the file is empty, not a PrecisionLab run file. " +
                     kRecordAgain);

  // One line at a time (a list of every line first cost 16 bytes a line: 128 MiB of empty lines
  // asked for 2 GB before the first was refused). A writer that stopped half-way leaves a last
  // line without a newline.
  const bool lastLineComplete = text.back() == '\n';
  size_t pos = 0;
  size_t lineNo = 0;
  std::string_view line;
  bool lastLine = false;
  const auto nextLine = [&] {
    if (pos >= text.size()) return false;
    const size_t nl = text.find('\n', pos);
    if (nl == std::string_view::npos) {
      line = text.substr(pos);
      pos = text.size();
    } else {
      line = text.substr(pos, nl - pos);
      pos = nl + 1;
    }
    lastLine = pos >= text.size();
    ++lineNo;
    return true;
  };

  auto parseLine = [&]() {
    const Where at{fileName, lineNo};
    if (line.empty()) at.fail("empty line (each line holds one record)");
    try {
      json::Value v = json::parse(line);
      if (!v.isObject())
        at.fail("a record must be a JSON object, not " + std::string(json::typeName(v.type())));
      return v;
    } catch (const json::ParseError& e) {
      if (lastLine && !lastLineComplete)
        at.fail(
            "the file is truncated (it ends in the middle of a record; it was not completely "
            "written)");
      at.fail("bad JSON at column " + std::to_string(e.column()) + ": " + e.problem());
    }
  };

  RunRecording r;
  {
    const Where at{fileName, 1};
    nextLine();
    const json::Value header = parseLine();
    const json::Value* format = header.find("format");
    if (!format || !format->isString() || format->asString() != kFormatName)
      at.fail("not a PrecisionLab run file (unknown format" +
                  (format && format->isString() ? " \"" + elideForMessage(format->asString()) + "\""
                                                : std::string()) +
                  "; expected \"format\": \"precisionlab-run\")",
              "Open a .plrun file written by PrecisionLab.");
    const json::Value& versionValue = field(header, "version", at);
    if (versionValue.isNumber() && versionValue.isInteger() &&
        json::serialize(versionValue).size() > 18)  // past int64: a format that does not exist
      at.fail("format version " + elideForMessage(json::serialize(versionValue)) +
              " does not exist; this version reads formats 1 to " +
              std::to_string(RunRecording::kFormatVersion));
    const int64_t version = getInt(header, "version", at);
    if (version > RunRecording::kFormatVersion)
      at.fail("made by a newer PrecisionLab (format " + std::to_string(version) +
                  "); this version reads format " + std::to_string(RunRecording::kFormatVersion),
              "Update PrecisionLab to replay it.");
    if (version < 1) at.fail("format version " + std::to_string(version) + " does not exist");
    r.scenarioId = getString(header, "scenario", at);
    r.label = getString(header, "label", at);
    r.host = getString(header, "host", at);
    r.totalSteps = getIntIn(header, "totalSteps", 1, kMaxSteps, at);
    const json::Value& prov = field(header, "provenance", at);
    if (!prov.isObject()) at.fail("field \"provenance\" must be an object");
    const std::string kind = getString(prov, "kind", at, "provenance.");
    if (kind == provenanceName(Provenance::Live)) {
      r.provenance.kind = Provenance::Live;
    } else if (kind == provenanceName(Provenance::Emulated)) {
      r.provenance.kind = Provenance::Emulated;
    } else {
      at.fail("field \"provenance.kind\" must be \"live\" or \"emulated\", not \"" +
              elideForMessage(kind) + "\"");
    }
    r.provenance.device = getString(prov, "device", at, "provenance.");
    if (r.provenance.device.empty()) at.fail("field \"provenance.device\" is empty");
    r.provenance.torchVersion = getString(prov, "torchVersion", at, "provenance.");
    r.provenance.note = getString(prov, "note", at, "provenance.");
    // Optional (format 1 files written before it existed): absent means representative.
    if (const json::Value* rep = prov.find("speedRepresentative")) {
      if (!rep->isBool()) at.fail("field \"provenance.speedRepresentative\" must be true or false");
      r.provenance.speedRepresentative = rep->asBool();
    }
    r.provenance.recordedAt = getString(header, "recordedAt", at);
    const json::Value& libs = field(header, "libraries", at);
    if (!libs.isObject()) at.fail("field \"libraries\" must be an object");
    if (libs.members().size() > kMaxLibraries)
      at.fail("field \"libraries\" lists " + std::to_string(libs.members().size()) +
              " libraries, more than the " + std::to_string(kMaxLibraries) + " a run file holds");
    for (const auto& [name, version] : libs.members()) {
      if (!version.isString())
        at.fail("field \"libraries." + elideForMessage(name) + "\" must be a string");
      r.libraries.emplace_back(name, version.asString());
    }
    const json::Value& config = field(header, "config", at);
    r.config = configFromJson(config, at);
    // Optional: the config fields the recording does not know (an imported run).
    if (const json::Value* unknown = header.find("unknownSettings")) {
      if (!unknown->isArray()) at.fail("field \"unknownSettings\" must be an array");
      if (unknown->asArray().size() > kMaxUnknownSettings)
        at.fail("field \"unknownSettings\" lists " + std::to_string(unknown->asArray().size()) +
                " names, more than the " + std::to_string(kMaxUnknownSettings) +
                " settings a run has");
      for (const json::Value& key : unknown->asArray()) {
        if (!key.isString() || !config.find(key.asString()))
          at.fail("field \"unknownSettings\" must list names of config fields, found " +
                  (key.isString() ? "\"" + elideForMessage(key.asString()) + "\""
                                  : std::string(json::typeName(key.type()))));
        if (!r.settingKnown(key.asString()))
          at.fail("field \"unknownSettings\" names \"" + elideForMessage(key.asString()) +
                  "\" twice");
        r.unknownSettings.push_back(key.asString());
      }
    }
    r.provenanceKnown = true;
  }

  bool ended = false;
  while (nextLine()) {
    const Where at{fileName, lineNo};
    if (ended) at.fail("a record after the end record");
    const json::Value rec = parseLine();
    const std::string type = getString(rec, "type", at);
    if (type == "step") {
      StepRecord s = stepFromJson(rec, at);
      if (s.step > r.totalSteps)
        at.fail("step " + std::to_string(s.step) + " is past the run's " +
                std::to_string(r.totalSteps) + " steps (totalSteps)");
      if (!r.steps.empty() && s.step <= r.steps.back().step)
        at.fail("step " + std::to_string(s.step) + " comes after step " +
                std::to_string(r.steps.back().step) + " (steps must increase)");
      r.steps.push_back(s);
    } else if (type == "eval") {
      if (r.evals.size() >= static_cast<size_t>(kMaxSteps))
        at.fail("more than " + std::to_string(kMaxSteps) + " evaluation records");
      r.evals.push_back(recordFromJson(rec, evalFields(), at));
    } else if (type == "end") {
      const std::string state = getString(rec, "state", at);
      if (!parseRunState(state, &r.state))
        at.fail("field \"state\" has unknown value \"" + elideForMessage(state) + "\"");
      // A recording is of a run that ended; a "running" end state would replay forever.
      if (r.state != RunState::Finished && r.state != RunState::Failed &&
          r.state != RunState::Cancelled)
        at.fail("field \"state\" = \"" + state +
                "\" is not an end state (finished, failed or "
                "cancelled)");
      r.message = getString(rec, "message", at);
      // Derived numbers: RunLog::summary() recomputes them from the records, so files whose
      // summary used an older statistic (a mean) read the same as new ones.
      if (!field(rec, "summary", at).isObject()) at.fail("field \"summary\" must be an object");
      ended = true;
    } else {
      at.fail("unknown record type \"" + elideForMessage(type) + "\" (expected step, eval or end)");
    }
  }
  if (!ended) {
    const Where at{fileName, lineNo};
    at.fail(
        "the file is truncated (no end record after this line; it was not completely "
        "written)");
  }
  return r;
}

TrainJsonl parseTrainJsonl(std::string_view text, const std::string& fileName) {
  static const std::string kRunAgain = "Run the experiment again";
  TrainJsonl out;
  size_t pos = 0, lineNo = 0;
  while (pos < text.size()) {
    const size_t nl = std::min(text.find('\n', pos), text.size());
    const std::string_view line = text.substr(pos, nl - pos);
    pos = nl + 1;
    ++lineNo;
    const Where at{fileName, lineNo};
    if (line.empty()) continue;
    if (out.hasSummary) at.fail("a record after the summary line", kRunAgain);
    json::Value rec;
    try {
      rec = json::parse(line);
    } catch (const json::ParseError& e) {
      at.fail("bad JSON at column " + std::to_string(e.column()) + ": " + e.problem(), kRunAgain);
    }
    if (!rec.isObject())
      at.fail("a record must be a JSON object, not " + std::string(json::typeName(rec.type())),
              kRunAgain);
    const std::string type = getString(rec, "type", at);
    if (type == "step") {
      StepRecord s = stepFromJson(rec, at);
      if (!out.steps.empty() && s.step <= out.steps.back().step)
        at.fail("step " + std::to_string(s.step) + " comes after step " +
                    std::to_string(out.steps.back().step) + " (steps must increase)",
                kRunAgain);
      out.steps.push_back(s);
    } else if (type == "eval") {
      out.evals.push_back(recordFromJson(rec, evalFields(), at));
    } else if (type == "summary") {
      out.hasSummary = true;
      out.state = getString(rec, "state", at);
      out.message = getString(rec, "message", at);
      if (const json::Value* w = rec.find("collectiveWaitMs")) {
        if (!w->isNumber() || !std::isfinite(w->asDouble()) || w->asDouble() < 0)
          at.fail("collectiveWaitMs must be a number of milliseconds, 0 or more", kRunAgain);
        out.collectiveWaitMs = w->asDouble();
      }
      if (const json::Value* ranks = rec.find("rankMemory")) {
        if (!ranks->isArray()) at.fail("rankMemory must be an array, one object a rank", kRunAgain);
        for (const json::Value& rank : ranks->asArray()) {
          auto bytes = [&](const char* key) -> int64_t {
            const json::Value* b = rank.isObject() ? rank.find(key) : nullptr;
            if (!b || !b->isInteger() || b->asInt64() < 0)
              at.fail("rankMemory: each rank needs " + std::string(key) +
                          ", a whole number of bytes, 0 or more",
                      kRunAgain);
            return b->asInt64();
          };
          RankMemory m;
          m.parameterBytes = bytes("parameterBytes");
          m.gradientBytes = bytes("gradientBytes");
          m.optimizerStateBytes = bytes("optimizerStateBytes");
          m.peakBytes = bytes("peakBytes");
          out.rankMemory.push_back(m);
        }
      }
    } else {
      at.fail(
          "unknown record type \"" + elideForMessage(type) + "\" (expected step, eval or summary)",
          kRunAgain);
    }
  }
  return out;
}

bool sameTraining(const TrainConfig& a, const TrainConfig& b) {
  return a.saveDir.empty() && b.saveDir.empty() && a.cpuFp16 == b.cpuFp16 &&
         json::serialize(configToJson(a)) == json::serialize(configToJson(b));
}

}  // namespace precisionlab
