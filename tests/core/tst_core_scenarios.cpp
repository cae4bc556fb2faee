// The one scenario table (issue 13): every front end builds its runs from LabScenarios, so the
// table itself must be whole: every id builds, exactly the seed question's answer is correct, the
// sweep is the documented multiples of the base learning rate, unknown ids are named.
#include <algorithm>
#include <set>

#include "CoreTest.h"
#include "core/EngineError.h"
#include "core/LabScenarios.h"
#include "core/ScenarioIds.h"
#include "core/ScenarioTable.h"
#include "core/TrainerStateImport.h"
#include "core/VertexAiExport.h"

using namespace precisionlab;

CORE_TEST(everyScenarioBuildsOnTheSameBase) {
  const TrainConfig base = LabScenarios::builtinBase();
  int correct = 0;
  for (const auto& spec : scenarioTable()) {
    const LabScenario s = LabScenarios::make(spec.id, base);
    CHECK(s.row == &spec);  // the row itself, not a copy of it
    CHECK(!spec.title.empty());
    CHECK(!spec.legend.empty());
    CHECK(!spec.shows.empty());
    CHECK(spec.focusChart == "loss" || spec.focusChart == "throughput" ||
          spec.focusChart == "underflow");
    CHECK_EQ(spec.vertex.exportable, spec.vertex.refusal.empty());
    CHECK(!s.runs.empty());
    std::set<std::string> labels;
    for (const auto& r : s.runs) {
      CHECK(labels.insert(r.label).second);  // labels are unique within a scenario
      CHECK_EQ(r.config.steps, base.steps);
      CHECK_EQ(r.config.seed, base.seed);
      // The one row whose point is another batch halves it; every other keeps the baseline's.
      if (spec.story == EvidenceStory::SmallerBatch)
        CHECK_EQ(r.config.batchSize, base.batchSize / 2);
      else
        CHECK_EQ(r.config.batchSize, base.batchSize);
    }
    CHECK_EQ(spec.isSweep, s.runs.size() > 1);
    if (spec.correct) {
      ++correct;
      CHECK_EQ(spec.id, std::string(scenario::kFp16Amp));
    }
  }
  CHECK_EQ(correct, 1);
}

CORE_TEST(theSweepIsMultiplesOfTheBaseRate) {
  TrainConfig base = LabScenarios::builtinBase();
  base.learningRate = 5e-4;
  const LabScenario s = LabScenarios::make(scenario::kVertexHpTuning, base);
  const auto factors = LabScenarios::sweepFactors();
  CHECK(s.row->isSweep);
  CHECK_EQ(s.runs.size(), factors.size());
  for (size_t i = 0; i < factors.size(); ++i)
    CHECK(std::abs(s.runs[i].config.learningRate - 5e-4 * factors[i]) < 1e-12);
  CHECK(LabScenarios::sweepLearningRates(5e-4) ==
        std::vector<double>({5e-4 * factors[0], 5e-4 * factors[1], 5e-4 * factors[2]}));
}

CORE_TEST(unknownIdsAreNamed) {
  CHECK_THROWS(LabScenarios::make("fp17", LabScenarios::builtinBase()), InputError, "fp16-amp");
}

CORE_TEST(defaultAndExportableIdsAreKnown) {
  const auto known = [](const std::string& id) { return isKnownScenario(id); };
  for (const auto& id : LabScenarios::defaultIds()) CHECK(known(id));
  for (const auto& id : vertexExportableScenarios()) CHECK(known(id));
}

// Precision names have one table (PrecisionNames.cpp): every name parses back, the help text
// lists them all, and every reader of a precision name accepts every one of them (the Trainer
// import had lost fp16-amp-noscale when it kept its own list).
CORE_TEST(everyPrecisionNameIsAcceptedEverywhere) {
  const std::vector<std::string> names = precisionNames();
  CHECK(names.size() >= 5);
  const std::string list = precisionNameList();
  const std::string state =
      R"({"log_history": [{"step": 1, "loss": 1.5, "learning_rate": 0.001}]})";
  for (const std::string& name : names) {
    Precision p{};
    CHECK(parsePrecision(name, &p));
    CHECK_EQ(std::string(precisionName(p)), name);
    CHECK(list.find(name) != std::string::npos);
    TrainerStateImportOptions options;
    options.precision = name;
    const RunRecording r = TrainerStateImport::fromText(state, "trainer_state.json", options);
    CHECK_EQ(std::string(precisionName(r.config.precision)), name);
  }
  Precision p{};
  CHECK(!parsePrecision("fp8", &p));
}

// Everything the window shows of a row comes from the row: the baseline is the first row and the
// only reference, the answer is an option, a companion names a row, every colour is #rrggbb and
// distinct, and every seed option tells a story of its own (not the neutral default).
CORE_TEST(everyRowCarriesItsStoryCompanionAndColour) {
  const auto& table = scenarioTable();
  CHECK_EQ(baselineScenario().id, std::string(scenario::kBaselineFp32));
  CHECK(baselineScenario().story == EvidenceStory::Reference);
  CHECK(answerScenario().correct);
  CHECK(!answerScenario().optionText.empty());
  std::set<std::string> colors;
  int references = 0;
  for (const auto& spec : table) {
    if (spec.story == EvidenceStory::Reference) ++references;
    if (!spec.companion.empty()) CHECK(isKnownScenario(spec.companion));
    CHECK(spec.companion != spec.id);
    CHECK_EQ(spec.color.size(), size_t(7));
    CHECK_EQ(spec.color[0], '#');
    CHECK(spec.color.find_first_not_of("0123456789abcdefABCDEF", 1) == std::string::npos);
    CHECK(colors.insert(spec.color).second);
  }
  CHECK_EQ(references, 1);
  const std::vector<std::string> options = seedOptionIds();
  CHECK_EQ(options.size(), size_t(4));
  for (const std::string& id : options) CHECK(findScenario(id)->story != EvidenceStory::Measured);
}
