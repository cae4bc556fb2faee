// verdicts.json, written by one encoder for every scenario (the lab's `--out` and the preemption
// experiment alike): one object per verdict with its scenario, judgement, run, provenance, the
// common figures (validation accuracy, speedup, memory ratio, first non-finite step, identical
// to the baseline), the figures its experiment's judge measured under their own keys (a
// figure not measurable here is null), and its summary. Numbers as core's record encoding
// writes them (core/RecordJson.h: NaN and infinities as strings, null only for "not
// measured"). Qt-free and torch-free.
#pragma once

#include <string>
#include <vector>

#include "core/Json.h"
#include "core/Verdict.h"

namespace precisionlab {

json::Value verdictToJson(const Verdict& verdict);
// The file's text: an array of verdictToJson, one member per line, ending in a newline.
std::string verdictsJsonText(const std::vector<Verdict>& verdicts);

}  // namespace precisionlab
