#include "core/VerdictJson.h"

#include <cmath>

#include "core/RecordJson.h"
#include "core/Utf8.h"

namespace precisionlab {

namespace {

json::Value figureValue(const VerdictFigure& f) {
  if (!f.measurable) return json::Value();
  if (!f.text.empty()) return json::Value(utf8::replaceInvalid(f.text));
  if (f.unit == "bool") return json::Value(f.value != 0);
  // Counts as integers ("comparedSteps": 60), everything else as core's record numbers.
  if (std::isfinite(f.value) && std::abs(f.value) < 9007199254740992.0 &&
      f.value == std::floor(f.value))
    return json::Value(static_cast<int64_t>(f.value));
  return numberToJson(f.value);
}

}  // namespace

json::Value verdictToJson(const Verdict& v) {
  json::Value o = json::Value::object();
  o.set("scenario", utf8::replaceInvalid(v.scenarioId));
  o.set("judgement", judgementName(v.judgement));
  o.set("run", utf8::replaceInvalid(v.label));
  o.set("provenance", provenanceName(v.provenance));
  o.set("valAccuracy", v.hasEval ? numberToJson(v.valAccuracy) : json::Value());
  o.set("baselineValAccuracy", v.hasEval ? numberToJson(v.baselineValAccuracy) : json::Value());
  o.set("chanceAccuracy", numberToJson(v.chanceAccuracy));
  o.set("speedup", v.speedMeasurable ? numberToJson(v.speedup) : json::Value());
  o.set("timedApart", v.timedApart);
  o.set("speedNotTheClaim", v.speedNotTheClaim);
  o.set("memoryRatio", v.memoryMeasurable ? numberToJson(v.memoryRatio) : json::Value());
  o.set("firstNonFiniteStep", v.firstNonFiniteStep);
  o.set("identicalToBaseline", v.identicalToBaseline);
  for (const VerdictFigure& f : v.figures) o.set(f.key, figureValue(f));
  o.set("summary", utf8::replaceInvalid(v.summary));
  return o;
}

std::string verdictsJsonText(const std::vector<Verdict>& verdicts) {
  json::Value all = json::Value::array();
  for (const Verdict& v : verdicts) all.push(verdictToJson(v));
  return json::serialize(all, 1) + "\n";
}

}  // namespace precisionlab
