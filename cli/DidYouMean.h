// "did you mean" for a mistyped command, option or value: the known word nearest to what was
// typed by edit distance (an insertion, deletion, substitution or swap of two neighbouring
// letters counts 1, so "tarin" is 1 from "train"), offered only when it is close enough to be a
// typo. It never changes what runs: the caller still fails with its usage error.
#pragma once

#include <string>
#include <vector>

namespace precisionlab::cli {

// Optimal-string-alignment distance between `a` and `b`, ASCII letters compared without case.
size_t editDistance(const std::string& a, const std::string& b);

// " (did you mean 'train'?)" with `prefix` before the word ("--" for options), or "" when no
// candidate is within 1 edit (words of up to 3 characters), 2 (up to 6) or 3 (longer), or the
// word itself is a candidate. Ties go to the candidate listed first.
std::string didYouMean(const std::string& word, const std::vector<std::string>& candidates,
                       const std::string& prefix = "");

// didYouMean over the lab's scenario ids (the scenario table's rows).
std::string didYouMeanScenario(const std::string& id);

}  // namespace precisionlab::cli
