// The built-in dataset and vocabulary: see BuiltinData.h. The bytes come from sources that
// cmake/EmbedFile.cmake generates at build time from resources/data/.
#include "core/BuiltinData.h"

#include <cstddef>

namespace precisionlab {
namespace embedded {
extern const unsigned char kTrainingReportsCsv[];
extern const std::size_t kTrainingReportsCsvSize;
extern const unsigned char kVocabTxt[];
extern const std::size_t kVocabTxtSize;
}  // namespace embedded

const std::string& builtinDatasetCsv() {
  static const std::string text(reinterpret_cast<const char*>(embedded::kTrainingReportsCsv),
                                embedded::kTrainingReportsCsvSize);
  return text;
}

const std::string& builtinVocabText() {
  static const std::string text(reinterpret_cast<const char*>(embedded::kVocabTxt),
                                embedded::kVocabTxtSize);
  return text;
}

}  // namespace precisionlab
