// Core's texts in the user's language and locale, for every floor of the UI (charts, export,
// lab, study, presenter): a VerdictText's template translated (context "Verdict", where core
// marks it with PL_TRANSLATE_NOOP), its numbers formatted by QLocale (core writes them
// locale-free), NaN and infinities spelt as everywhere else ("NaN", "inf").
#pragma once

#include <QString>

#include "core/Verdict.h"

namespace precisionlab {

QString localizedText(const VerdictText& text);
// The verdict's summary, part by part.
QString localizedSummary(const Verdict& verdict);

}  // namespace precisionlab
