#include "cli/DidYouMean.h"

#include <algorithm>
#include <cctype>

#include "core/ScenarioTable.h"

namespace precisionlab::cli {

size_t editDistance(const std::string& a, const std::string& b) {
  const auto lower = [](char c) { return char(std::tolower(static_cast<unsigned char>(c))); };
  // d[i][j]: distance between a's first i and b's first j characters.
  std::vector<std::vector<size_t>> d(a.size() + 1, std::vector<size_t>(b.size() + 1));
  for (size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (size_t i = 1; i <= a.size(); ++i)
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) &&
          lower(a[i - 2]) == lower(b[j - 1]))
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);  // two neighbours swapped
    }
  return d[a.size()][b.size()];
}

std::string didYouMean(const std::string& word, const std::vector<std::string>& candidates,
                       const std::string& prefix) {
  const size_t limit = word.size() <= 3 ? 1 : word.size() <= 6 ? 2 : 3;
  const std::string* best = nullptr;
  size_t bestDistance = limit + 1;
  for (const std::string& c : candidates) {
    const size_t d = editDistance(word, c);
    if (d == 0) return std::string();
    if (d < bestDistance) {
      bestDistance = d;
      best = &c;
    }
  }
  return best ? " (did you mean '" + prefix + *best + "'?)" : std::string();
}

std::string didYouMeanScenario(const std::string& id) {
  std::vector<std::string> known;
  for (const ScenarioSpec& row : scenarioTable()) known.push_back(row.id);
  return didYouMean(id, known);
}

}  // namespace precisionlab::cli
