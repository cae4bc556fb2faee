// `precisionlab-cli bank check FILE...`: validates question bank files (quiz library).
// Available only when the CLI is built with the quiz library (PRECISIONLAB_HAVE_QUIZ).
#pragma once

#include <string>
#include <vector>

namespace precisionlab::cli {

// args: the words after "bank", e.g. {"check", "my-bank.json"}. Prints every problem with its
// JSON path; returns 0 when all files are valid, 1 when any has problems, 2 on usage errors.
int runBankCommand(const std::vector<std::string>& args);

}  // namespace precisionlab::cli
