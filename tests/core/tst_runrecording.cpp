// Run files: a write/read round trip keeps every number (NaN included), damaged or too-new files
// give errors naming the file and line, and the replayer plays a recording back in order with
// Recorded provenance at the requested speed. Step lines are named by the one record table, and
// RunLog folds updates in and summarises with the one step-time statistic.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "CoreTest.h"
#include "core/EngineError.h"
#include "core/Json.h"
#include "core/RecordFields.h"
#include "core/RunRecording.h"
#include "core/RunReplayer.h"

using namespace precisionlab;
namespace json = precisionlab::json;

namespace {

RunRecording sampleRecording(int steps = 20, double stepMs = 10) {
  RunRecording r;
  r.scenarioId = "fp16-amp";
  r.label = "D: fp16=True";
  r.config.preset = "tiny";
  r.config.steps = steps;
  r.config.batchSize = 8;
  r.config.learningRate = 3e-4;
  r.config.precision = Precision::Fp16Amp;
  r.config.seed = 7;
  r.provenance.kind = Provenance::Emulated;
  r.provenance.device = "cpu (2 threads)";
  r.provenance.torchVersion = "1.13.1";
  r.provenance.recordedAt = "2024-05-01T12:34:56Z";
  r.host = "testhost";
  r.libraries = {{"libtorch", "1.13.1"}, {"precisionlab", "0.1.0"}};
  r.totalSteps = steps;
  for (int i = 1; i <= steps; ++i) {
    StepRecord s;
    s.step = i;
    s.loss = 0.7 / i + 0.1;
    s.learningRate = 3e-4 * i / steps;
    s.stepMs = stepMs;
    s.samplesPerSec = 8 / (stepMs / 1000);
    s.tokensPerSec = 1234.5;
    s.gradNorm = 1.0 / 3.0;
    s.lossScale = 65536;
    s.gradZeroFraction = 1e-7;
    s.peakBytes = int64_t(1) << 40;
    if (i == 5) {
      s.loss = std::numeric_limits<double>::quiet_NaN();
      s.gradNorm = std::numeric_limits<double>::infinity();
      s.nonFinite = true;
      s.skipped = true;
    }
    r.steps.push_back(s);
    if (i % 10 == 0) r.evals.push_back({i, 0.5, 0.75});
  }
  r.evals.insert(r.evals.begin(), EvalRecord{0, 0.69, 0.5});
  r.state = RunState::Finished;
  r.message = "done";
  return r;
}

std::string toText(const RunRecording& r) {
  const std::string path = coretest::tempDir() + "/r.plrun";
  writeRunRecording(path, r);
  std::ifstream in(path);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Whether parsing `bad` as bad.plrun fails on its line 1 with `expected` in the message.
bool refused(const std::string& bad, const char* expected) {
  try {
    parseRunRecording(bad, "bad.plrun");
  } catch (const InputError& e) {
    const std::string message = e.what();
    return coretest::startsWith(message, "bad.plrun:1:") && coretest::contains(message, expected);
  }
  return false;
}

// Replaces the first occurrence of `from` in `text`.
std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

}  // namespace

CORE_TEST(roundTrip) {
  const std::string path = coretest::tempDir() + "/fp16.plrun";
  const RunRecording in = sampleRecording();
  writeRunRecording(path, in);
  const RunRecording out = readRunRecording(path);

  CHECK_EQ(out.scenarioId, in.scenarioId);
  CHECK_EQ(out.label, in.label);
  CHECK_EQ(out.host, in.host);
  CHECK_EQ(out.provenance.kind, Provenance::Emulated);
  CHECK_EQ(out.provenance.device, in.provenance.device);
  CHECK_EQ(out.provenance.recordedAt, in.provenance.recordedAt);
  CHECK_EQ(out.provenance.torchVersion, in.provenance.torchVersion);
  CHECK_EQ(out.libraries, in.libraries);
  CHECK_EQ(out.config.preset, std::string("tiny"));
  CHECK_EQ(out.config.batchSize, int64_t(8));
  CHECK_FUZZY_EQ(out.config.learningRate, 3e-4);
  CHECK_EQ(out.config.seed, uint64_t(7));
  CHECK_EQ(out.config.precision, Precision::Fp16Amp);
  CHECK_EQ(out.totalSteps, in.totalSteps);
  CHECK_EQ(out.steps.size(), in.steps.size());
  for (size_t i = 0; i < in.steps.size(); ++i) {
    const StepRecord& a = in.steps[i];
    const StepRecord& b = out.steps[i];
    CHECK_EQ(b.step, a.step);
    if (std::isnan(a.loss)) {
      CHECK(std::isnan(b.loss));
    } else {
      CHECK_EQ(b.loss, a.loss);  // exact: shortest round-trip text
    }
    CHECK_EQ(b.gradNorm, a.gradNorm);
    CHECK_EQ(b.learningRate, a.learningRate);
    CHECK_EQ(b.stepMs, a.stepMs);
    CHECK_EQ(b.nonFinite, a.nonFinite);
    CHECK_EQ(b.skipped, a.skipped);
    CHECK_EQ(b.lossScale, a.lossScale);
    CHECK_EQ(b.gradZeroFraction, a.gradZeroFraction);
    CHECK_EQ(b.peakBytes, a.peakBytes);
  }
  CHECK_EQ(out.evals.size(), size_t(3));
  CHECK_EQ(out.evals[0].step, int64_t(0));
  CHECK_FUZZY_EQ(out.evals[2].valAccuracy, 0.75);
  CHECK_EQ(out.state, RunState::Finished);
  CHECK_EQ(out.message, std::string("done"));
  CHECK_EQ(out.summary().stepsDone, int64_t(20));
  CHECK_EQ(out.summary().skippedSteps, int64_t(1));
  CHECK_EQ(out.summary().firstNonFiniteStep, int64_t(5));
  CHECK_FUZZY_EQ(out.summary().finalValAccuracy, 0.75);
  CHECK_EQ(out.summary().peakBytes, int64_t(1) << 40);
}

CORE_TEST(memoryExperimentFields) {
  // Written only where they differ from one batch per step and stored activations.
  const std::string plain = toText(sampleRecording());
  CHECK(plain.find("accumulationSteps") == std::string::npos);
  CHECK(plain.find("checkpointActivations") == std::string::npos);
  CHECK_EQ(parseRunRecording(plain, "old.plrun").config.accumulationSteps, int64_t(1));
  CHECK(!parseRunRecording(plain, "old.plrun").config.checkpointActivations);

  RunRecording in = sampleRecording();
  in.config.accumulationSteps = 4;
  in.config.checkpointActivations = true;
  const std::string text = toText(in);
  const RunRecording out = parseRunRecording(text, "memory.plrun");
  CHECK_EQ(out.config.accumulationSteps, int64_t(4));
  CHECK(out.config.checkpointActivations);

  // Hostile values name the file, the line and the field.
  CHECK(refused(replaced(text, "\"accumulationSteps\":4", "\"accumulationSteps\":3"),
                "config.accumulationSteps"));  // 3 does not divide the batch of 8
  CHECK(refused(replaced(text, "\"accumulationSteps\":4", "\"accumulationSteps\":0"),
                "accumulationSteps"));
  CHECK(refused(replaced(text, "\"checkpointActivations\":true", "\"checkpointActivations\":1"),
                "checkpointActivations"));
  // The preemption experiment's periodic checkpoints: written only when on, held to the bounds.
  CHECK(plain.find("checkpointEvery") == std::string::npos);
  RunRecording periodic = sampleRecording();
  periodic.config.checkpointEvery = 5;
  const std::string withCheckpoints = toText(periodic);
  CHECK_EQ(parseRunRecording(withCheckpoints, "p.plrun").config.checkpointEvery, int64_t(5));
  CHECK(refused(replaced(withCheckpoints, "\"checkpointEvery\":5", "\"checkpointEvery\":-1"),
                "checkpointEvery"));
}

CORE_TEST(loraFields) {
  // Full fine-tuning writes neither; LoRA writes both, and steps carry the measured figures.
  const std::string plain = toText(sampleRecording());
  CHECK(plain.find("loraRank") == std::string::npos);
  CHECK(plain.find("trainableParams") == std::string::npos);
  CHECK_EQ(parseRunRecording(plain, "old.plrun").config.loraRank, int64_t(0));
  RunRecording in = sampleRecording();
  in.config.loraRank = 8;
  in.config.loraAlpha = 16;
  in.steps[0].trainableParams = 75653;
  in.steps[0].optimizerStateBytes = 605224;
  const std::string text = toText(in);
  const RunRecording out = parseRunRecording(text, "lora.plrun");
  CHECK_EQ(out.config.loraRank, int64_t(8));
  CHECK_FUZZY_EQ(out.config.loraAlpha, 16.0);
  CHECK_EQ(out.steps[0].trainableParams, int64_t(75653));
  CHECK_EQ(out.steps[0].optimizerStateBytes, int64_t(605224));
  CHECK(refused(replaced(text, "\"loraRank\":8", "\"loraRank\":-1"), "loraRank"));
  CHECK(refused(replaced(text, "\"loraRank\":8", "\"loraRank\":5000"), "loraRank"));
  CHECK(refused(replaced(text, "\"loraAlpha\":16", "\"loraAlpha\":0"), "loraAlpha"));
}

CORE_TEST(outlierFeatureField) {
  // Written only for the range experiment's runs; a file without it has no outlier feature.
  const std::string plain = toText(sampleRecording());
  CHECK(plain.find("outlierScaleLog2") == std::string::npos);
  CHECK_EQ(parseRunRecording(plain, "old.plrun").config.outlierScaleLog2, int64_t(0));

  RunRecording in = sampleRecording();
  in.config.outlierScaleLog2 = 20;
  const std::string text = toText(in);
  CHECK_EQ(parseRunRecording(text, "range.plrun").config.outlierScaleLog2, int64_t(20));
  for (const char* bad : {"\"outlierScaleLog2\":65", "\"outlierScaleLog2\":-1",
                          "\"outlierScaleLog2\":2.5", "\"outlierScaleLog2\":\"20\""})
    CHECK_MSG(refused(replaced(text, "\"outlierScaleLog2\":20", bad), "outlierScaleLog2"), bad);
}

// Damages the sample's file one way (kind) and parses it: the error names the file and the line.
static void damagedFile(const std::string& kind, int line, const std::string& expected) {
  std::string text = toText(sampleRecording());
  // Line numbers of the sample: 1 header, 2 eval@0, 3 step 1, ..., 12 step 10, 13 eval@10, ...
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  auto join = [&](size_t count) {
    std::string s;
    for (size_t i = 0; i < count; ++i) s += lines[i] + "\n";
    return s;
  };

  if (kind == "truncated") {
    text = join(7) + lines[7].substr(0, lines[7].size() / 2);
  } else if (kind == "no-end") {
    text = join(lines.size() - 1);
  } else if (kind == "bad-json") {
    lines[2] = replaced(lines[2], "\"step\":1,", "\"step\":1,,");
    text = join(lines.size());
  } else if (kind == "missing-field") {
    lines[3] = replaced(lines[3], "\"stepMs\"", "\"stepTime\"");
    text = join(lines.size());
  } else if (kind == "missing-config") {
    lines[0] = replaced(lines[0], "\"batchSize\"", "\"batch\"");
    text = join(lines.size());
  } else if (kind == "newer") {
    lines[0] = replaced(lines[0], "\"version\":1", "\"version\":2");
    lines[0] = replaced(lines[0], "\"config\"", "\"settings\"");  // newer files may differ
    text = join(lines.size());
  } else if (kind == "unknown-format") {
    lines[0] = replaced(lines[0], "precisionlab-run", "somebody-else");
    text = join(lines.size());
  } else if (kind == "wrong-type") {
    lines[1] = replaced(lines[1], "\"type\":\"eval\"", "\"type\":\"step\",\"loss\":true");
    text = join(lines.size());
  } else if (kind == "order") {
    std::swap(lines[2], lines[3]);
    text = join(lines.size());
  }
  const std::string fileName = "/some/where/fp16.plrun";
  try {
    parseRunRecording(text, fileName);
    FAIL("a damaged file was accepted");
  } catch (const InputError& e) {
    const std::string message = e.what();
    CHECK_MSG(coretest::startsWith(message, fileName + ":" + std::to_string(line) + ":"), message);
    CHECK_MSG(coretest::contains(message, expected), message);
  }
}

CORE_TEST(damagedFiles) {
  struct Row {
    const char* name;
    const char* kind;
    int line;
    const char* expected;
  };
  const Row rows[] = {
      {"truncated", "truncated", 8, "truncated"},
      {"no end record", "no-end", 24, "truncated"},
      {"bad JSON", "bad-json", 3, "bad JSON at column"},
      {"missing step field", "missing-field", 4, "missing field \"stepMs\""},
      {"missing config field", "missing-config", 1, "config.batchSize"},
      {"newer version", "newer", 1,
       "made by a newer PrecisionLab (format 2); this version reads format 1"},
      {"unknown format", "unknown-format", 1, "not a PrecisionLab run file"},
      {"wrong type", "wrong-type", 2, "\"loss\" must be a number"},
      {"steps out of order", "order", 4, "steps must increase"},
  };
  for (const Row& r : rows) coretest::row(r.name, [&] { damagedFile(r.kind, r.line, r.expected); });
}

CORE_TEST(missingFileIsInputError) {
  CHECK_THROWS_AS(readRunRecording("/nonexistent/dir/x.plrun"), InputError);
}

CORE_TEST(refusesToRecordAReplay) {
  RunRecording r = sampleRecording();
  r.provenance.kind = Provenance::Recorded;
  CHECK_THROWS_AS(writeRunRecording(coretest::tempDir() + "/x.plrun", r), InputError);
}

CORE_TEST(replayAtTenTimesSpeed) {
  // 20 steps x 10 ms = 200 ms recorded; at 10x it must finish in about 20 ms of real time.
  const RunRecording rec = sampleRecording(20, 10);
  RunReplayer replayer(10.0);
  const RunId id = replayer.add(rec);
  std::vector<StepRecord> steps;
  std::vector<EvalRecord> evals;
  RunState last = RunState::Queued;
  const auto start = std::chrono::steady_clock::now();
  const auto elapsedMs = [&start] {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                 start)
        .count();
  };
  while (!replayer.idle() && elapsedMs() < 5000) {
    for (const RunUpdate& u : replayer.drain()) {
      CHECK_EQ(u.id, id);
      CHECK_EQ(u.provenance.kind, Provenance::Recorded);
      CHECK_EQ(u.provenance.device, std::string("cpu (2 threads)"));
      CHECK_EQ(u.provenance.recordedAt, std::string("2024-05-01T12:34:56Z"));
      CHECK(coretest::startsWith(u.provenance.note, "recorded on cpu (2 threads), 2024-05-01"));
      CHECK_EQ(u.totalSteps, int64_t(20));
      CHECK_EQ(u.label, rec.label);
      steps.insert(steps.end(), u.steps.begin(), u.steps.end());
      evals.insert(evals.end(), u.evals.begin(), u.evals.end());
      last = u.state;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  CHECK(replayer.idle());
  CHECK_MSG(elapsedMs() >= 15, "replay at 10x ran faster than the recorded times allow");
  CHECK_EQ(last, RunState::Finished);
  CHECK_EQ(steps.size(), rec.steps.size());
  for (size_t i = 0; i < steps.size(); ++i) CHECK_EQ(steps[i].step, rec.steps[i].step);
  CHECK_EQ(evals.size(), rec.evals.size());
  for (size_t i = 0; i < evals.size(); ++i) CHECK_EQ(evals[i].step, rec.evals[i].step);
  CHECK(replayer.drain().empty());
}

CORE_TEST(replayFollowsRecordedTimes) {
  double now = 0;
  RunReplayer replayer(1.0, [&] { return now; });
  RunRecording rec = sampleRecording(4, 100);
  rec.steps[1].stepMs = 300;  // steps end at 100, 400, 500, 600 ms
  rec.evals.clear();
  replayer.add(rec);
  auto stepsNow = [&] {
    size_t n = 0;
    for (const RunUpdate& u : replayer.drain()) n += u.steps.size();
    return n;
  };
  CHECK_EQ(stepsNow(), size_t(0));
  now = 99;
  CHECK_EQ(stepsNow(), size_t(0));
  now = 100;
  CHECK_EQ(stepsNow(), size_t(1));
  now = 399;
  CHECK_EQ(stepsNow(), size_t(0));
  replayer.setSpeed(2.0);  // 400 recorded ms reached at real 399.5, 600 at real 499.5
  now = 400;
  CHECK_EQ(stepsNow(), size_t(1));
  now = 499.5;
  CHECK_EQ(stepsNow(), size_t(2));
  CHECK(replayer.idle());
  CHECK_THROWS_AS(replayer.setSpeed(0), InputError);
}

CORE_TEST(replayPauseAndCancel) {
  double now = 0;
  RunReplayer replayer(1.0, [&] { return now; });
  const RunId a = replayer.add(sampleRecording(10, 10));
  const RunId b = replayer.add(sampleRecording(10, 10));
  CHECK_EQ(replayer.drain().size(), size_t(2));  // both announce themselves
  replayer.setPaused(a, true);
  now = 50;
  for (const RunUpdate& u : replayer.drain()) {
    if (u.id == a) {
      CHECK_EQ(u.state, RunState::Paused);
      CHECK(u.steps.empty());
    } else {
      CHECK_EQ(u.steps.size(), size_t(5));
    }
  }
  replayer.setPaused(a, false);
  replayer.cancel(b);
  now = 70;
  for (const RunUpdate& u : replayer.drain()) {
    if (u.id == a) CHECK_EQ(u.steps.size(), size_t(2));  // paused time did not count
    if (u.id == b) CHECK_EQ(u.state, RunState::Cancelled);
  }
  now = 1000;
  bool finished = false;
  for (const RunUpdate& u : replayer.drain())
    if (u.id == a) finished = u.state == RunState::Finished;
  CHECK(finished);
  CHECK(replayer.idle());
}

CORE_TEST(stepLinesUseTheFieldTable) {
  const std::string path = coretest::tempDir() + "/fields.plrun";
  RunRecording in = sampleRecording(4);
  in.steps[1].cpuMs = 7.5;  // optional: written only where measured
  writeRunRecording(path, in);
  std::ifstream file(path);
  std::vector<json::Value> steps;
  for (std::string line; std::getline(file, line);) {
    json::Value o = json::parse(line);
    const json::Value* type = o.find("type");
    if (type && type->isString() && type->asString() == "step") steps.push_back(std::move(o));
  }
  CHECK_EQ(steps.size(), size_t(4));
  const auto keysOf = [](const json::Value& o) {
    std::vector<std::string> keys;
    for (const auto& member : o.members()) keys.push_back(member.first);
    std::sort(keys.begin(), keys.end());
    return keys;
  };
  std::vector<std::string> expected = {"type"};
  for (const StepField& f : stepFields())
    if (!f.optional) expected.push_back(f.name);
  std::sort(expected.begin(), expected.end());
  CHECK_EQ(keysOf(steps[0]), expected);
  CHECK(steps[1].find("cpuMs") != nullptr);
  CHECK(steps[0].find("cpuMs") == nullptr);
  CHECK_FUZZY_EQ(readRunRecording(path).steps[1].cpuMs, 7.5);
}

CORE_TEST(endLineSummaryUsesTheSummaryTable) {
  // The end line's summary has every key of the summary table, in its order (the same keys
  // `train --jsonl` writes), and a NaN final loss is spelt as everywhere else: "NaN".
  const std::string text = toText(sampleRecording(5));
  const json::Value end = json::parse(text.substr(text.rfind('\n', text.size() - 2) + 1));
  const json::Value* summary = end.find("summary");
  CHECK(summary && summary->isObject());
  std::vector<std::string> keys, expected;
  for (const auto& member : summary->members()) keys.push_back(member.first);
  for (const SummaryField& f : summaryFields()) expected.emplace_back(f.name);
  CHECK_EQ(keys, expected);
  CHECK_EQ(json::serialize(*summary->find("finalLoss")), std::string("\"NaN\""));
}

CORE_TEST(summaryIsTheMedianAfterWarmup) {
  RunLog log;
  // Warm-up steps are slow, one later step stalls: the median after step 3 ignores both (a mean
  // after step 1 would read 298 ms).
  const double ms[] = {900, 400, 300, 10, 12, 11, 1000, 10};
  for (int i = 0; i < 8; ++i) {
    StepRecord r;
    r.step = i + 1;
    r.stepMs = ms[i];
    r.samplesPerSec = 1000.0 / ms[i];
    r.loss = 1.0 / (i + 1);
    log.steps.push_back(r);
  }
  const RunSummary s = log.summary();
  CHECK_EQ(s.stepsDone, int64_t(8));
  CHECK_FUZZY_EQ(s.medianStepMs, 11.0);  // of 10, 12, 11, 1000, 10
  CHECK_FUZZY_EQ(s.medianSamplesPerSec, 1000.0 / 11);
  CHECK_FUZZY_EQ(s.finalLoss, 1.0 / 8);
  CHECK_FUZZY_EQ(s.finalValAccuracy, -1.0);
  // A run no longer than the warm-up gets its figure from every step.
  log.steps.resize(2);
  CHECK_FUZZY_EQ(log.summary().medianStepMs, 650.0);
}

CORE_TEST(applyFoldsUpdatesIn) {
  RunLog log;
  log.key = {RunOrigin::Trained, 3};
  RunUpdate u;
  u.id = 3;
  u.label = "run";
  u.state = RunState::Running;
  u.message = "training";
  u.totalSteps = 5;
  u.steps.resize(2);
  log.apply(u);
  CHECK(!log.provenanceKnown);  // the scheduler reports it once the run is prepared
  u.state = RunState::Failed;
  u.message = "out of memory";
  u.provenance.device = "cpu";
  u.steps.resize(1);
  u.evals.resize(1);
  log.apply(u);
  u.state = RunState::Failed;
  u.message.clear();  // an update without news keeps the cause
  u.steps.clear();
  u.evals.clear();
  log.apply(u);
  CHECK_EQ(log.label, std::string("run"));
  CHECK_EQ(log.steps.size(), size_t(3));
  CHECK_EQ(log.evals.size(), size_t(1));
  CHECK_EQ(log.message, std::string("out of memory"));
  CHECK(log.provenanceKnown);
  CHECK(!log.active());
  CHECK_EQ(log.revision, uint64_t(3));
}
