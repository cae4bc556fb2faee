// The one run-CSV writer (core/RunCsv.h) and the one JSON encoding of records
// (core/RecordJson.h): columns are the run columns then the record table's names, cells are
// quoted per RFC 4180 with CRLF rows, numbers are '.'-decimal whatever the C locale, an
// evaluation lands on its step's row (and on its own row in evalsCsv, step 0 included), and
// non-finite numbers are the strings "NaN", "Infinity", "-Infinity" in JSON, read back exactly,
// also by the reader of `train --jsonl` (a NaN loss once came out as null, which it refused).
#include <clocale>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "CoreTest.h"
#include "core/CsvReader.h"
#include "core/EngineError.h"
#include "core/Json.h"
#include "core/RecordFields.h"
#include "core/RecordJson.h"
#include "core/RunCsv.h"
#include "core/RunRecording.h"

using namespace precisionlab;

namespace {

RunLog sampleRun(RunId id, int steps) {
  RunLog r;
  r.key = {RunOrigin::Trained, id};
  r.scenarioId = "vertex-hp-tuning";
  r.label = "C trial 1, \"lr\" 1e-4";
  r.config.preset = "tiny";
  r.config.batchSize = 8;
  r.config.seqLen = 64;
  r.config.learningRate = 1e-4;
  r.provenance.kind = Provenance::Emulated;
  r.provenance.device = "cpu (2 threads)";
  r.provenance.torchVersion = "1.13.1";
  r.provenanceKnown = true;
  r.state = RunState::Finished;
  r.totalSteps = steps;
  for (int i = 1; i <= steps; ++i) {
    StepRecord s;
    s.step = i;
    s.loss = 0.5 + i;
    s.stepMs = 12.25;
    s.samplesPerSec = 100.5;
    s.peakBytes = int64_t(1) << 40;
    r.steps.push_back(s);
  }
  r.evals = {{0, 0.69, 0.5}, {2, 0.625, 0.75}};
  return r;
}

size_t column(const std::vector<std::string>& header, const std::string& name) {
  for (size_t i = 0; i < header.size(); ++i)
    if (header[i] == name) return i;
  coretest::fail(__FILE__, __LINE__, "no column " + name);
}

}  // namespace

CORE_TEST(stepsCsvHasRunColumnsThenTheRecordTable) {
  RunLog live = sampleRun(1, 3);
  live.steps[2].loss = std::numeric_limits<double>::quiet_NaN();
  RunLog replayed = sampleRun(1, 2);
  replayed.key.origin = RunOrigin::Replayed;
  replayed.provenanceKnown = false;
  const std::string text = stepsCsv({&live, &replayed});
  CHECK(text.find("\r\n") != std::string::npos);
  CHECK_EQ(text.find('\n'), text.find("\r\n") + 1);  // every row ends in CRLF, no bare LF
  const auto rows = CsvReader::parse(text, ',', "steps.csv");
  CHECK_EQ(rows.size(), size_t(1 + 3 + 2));
  const std::vector<std::string>& header = rows[0].fields;
  std::vector<std::string> expected = runColumns();
  for (const StepField& f : stepFields()) expected.emplace_back(f.name);
  for (const EvalField& f : evalFields())
    if (std::string(f.name) != "step") expected.emplace_back(f.name);
  CHECK_EQ(header, expected);
  for (const auto& row : rows) CHECK_EQ(row.fields.size(), header.size());

  const auto& first = rows[1].fields;
  CHECK_EQ(first[column(header, "runId")], std::string("trained-1"));
  CHECK_EQ(first[column(header, "label")], std::string("C trial 1, \"lr\" 1e-4"));
  CHECK_EQ(first[column(header, "provenance")], std::string("emulated"));
  CHECK_EQ(first[column(header, "peakLearningRate")], std::string("1e-04"));  // shortest round trip
  CHECK_EQ(first[column(header, "peakBytes")], std::string("1099511627776"));
  CHECK_EQ(rows[3].fields[column(header, "loss")], std::string("nan"));
  // The evaluation after step 2 is on step 2's row; the one before training has no step row.
  CHECK_EQ(rows[2].fields[column(header, "valAccuracy")], std::string("0.75"));
  CHECK_EQ(rows[1].fields[column(header, "valAccuracy")], std::string());
  CHECK_EQ(rows[4].fields[column(header, "runId")], std::string("replayed-1"));
  CHECK_EQ(rows[4].fields[column(header, "provenance")], std::string());  // not reported yet
}

CORE_TEST(evalsCsvHasEveryEvaluation) {
  const RunLog run = sampleRun(3, 2);
  const auto rows = CsvReader::parse(evalsCsv({&run}), ',', "evals.csv");
  CHECK_EQ(rows.size(), size_t(3));
  std::vector<std::string> expected = runColumns();
  for (const EvalField& f : evalFields()) expected.emplace_back(f.name);
  CHECK_EQ(rows[0].fields, expected);
  CHECK_EQ(rows[1].fields[column(expected, "step")], std::string("0"));
  CHECK_EQ(rows[2].fields[column(expected, "valLoss")], std::string("0.625"));
}

CORE_TEST(csvNumbersIgnoreTheLocale) {
  // A comma-decimal C locale (where installed) must not reach the CSV.
  const std::string previous = std::setlocale(LC_NUMERIC, nullptr);
  std::setlocale(LC_NUMERIC, "de_DE.UTF-8");
  const RunLog run = sampleRun(1, 1);
  const std::string text = stepsCsv({&run});
  std::setlocale(LC_NUMERIC, previous.c_str());
  CHECK(text.find("12.25") != std::string::npos);
  CHECK(text.find("100.5") != std::string::npos);
  CHECK(text.find("12,25") == std::string::npos);
}

CORE_TEST(nonFiniteNumbersAreOneSpellingInJson) {
  coretest::row("encoding", [] {
    CHECK_EQ(json::serialize(numberToJson(std::nan(""))), std::string("\"NaN\""));
    CHECK_EQ(json::serialize(numberToJson(HUGE_VAL)), std::string("\"Infinity\""));
    CHECK_EQ(json::serialize(numberToJson(-HUGE_VAL)), std::string("\"-Infinity\""));
    CHECK_EQ(json::serialize(numberToJson(0.1)), std::string("0.1"));
  });
  coretest::row("reading", [] {
    CHECK(std::isnan(numberFromJson(json::Value("NaN"))));
    CHECK_EQ(numberFromJson(json::Value("-Infinity")), -HUGE_VAL);
    CHECK_EQ(numberFromJson(json::parse("2.5")), 2.5);
    CHECK_THROWS_AS(numberFromJson(json::Value("nan")), json::TypeError);
    CHECK_THROWS_AS(numberFromJson(json::Value(nullptr)), json::TypeError);
  });
}

CORE_TEST(summaryJsonHasEveryFieldOfTheTable) {
  RunLog run = sampleRun(1, 4);
  run.steps[3].loss = std::numeric_limits<double>::infinity();
  run.steps[3].nonFinite = true;
  json::Value o = json::Value::object();
  addRecordFields(o, run.summary());
  std::vector<std::string> keys, expected;
  for (const auto& member : o.members()) keys.push_back(member.first);
  for (const SummaryField& f : summaryFields()) expected.emplace_back(f.name);
  CHECK_EQ(keys, expected);
  CHECK_EQ(json::serialize(*o.find("finalLoss")), std::string("\"Infinity\""));
  CHECK_EQ(o.find("firstNonFiniteStep")->asInt64(), int64_t(4));
  CHECK_EQ(numberFromJson(*o.find("finalValAccuracy")), 0.75);
}

CORE_TEST(trainJsonlReadsTheOneEncoding) {
  // Lines as `train --jsonl` writes them: the type, then the one encoding of the record.
  const RunLog run = [] {
    RunLog r = sampleRun(1, 2);
    r.steps[1].loss = std::numeric_limits<double>::quiet_NaN();
    r.steps[1].nonFinite = true;
    return r;
  }();
  std::string text;
  for (const StepRecord& s : run.steps) {
    json::Value o = json::Value::object();
    o.set("type", "step");
    addRecordFields(o, s);
    text += json::serialize(o) + "\n";
  }
  json::Value summary = json::Value::object();
  summary.set("type", "summary");
  summary.set("state", "finished");
  summary.set("message", "");
  addRecordFields(summary, run.summary());
  text += json::serialize(summary) + "\n";
  const TrainJsonl parsed = parseTrainJsonl(text, "run.jsonl");
  CHECK_EQ(parsed.steps.size(), size_t(2));
  CHECK(std::isnan(parsed.steps[1].loss));
  CHECK(parsed.hasSummary);
  CHECK_EQ(parsed.state, std::string("finished"));
  // null is no number: the old CLI spelling is refused, naming the field.
  std::string old = text.substr(0, text.find('\n'));
  old.replace(old.find("\"loss\":1.5"), 10, "\"loss\":null");
  CHECK_THROWS(parseTrainJsonl(old + "\n", "old.jsonl"), InputError, "\"loss\" must be a number");
}
