// The built-in dataset and vocabulary, embedded into the engine at build time (see
// cmake/EmbedFile.cmake), so the app and CLI run with no files beside them.
#pragma once

#include <string>

namespace precisionlab {

// resources/data/training-reports.csv, byte for byte.
const std::string& builtinDatasetCsv();
// resources/data/vocab.txt, byte for byte.
const std::string& builtinVocabText();

}  // namespace precisionlab
