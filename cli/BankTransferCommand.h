// `precisionlab-cli bank import FILE [--format F] [--out BANK.json]` and
// `precisionlab-cli bank export [BANK.json] --format F --out FILE`: question banks in and out of
// GIFT, Moodle XML and Anki's text export (quiz/BankInterchange.h). Called by the bank command.
#pragma once

#include <string>
#include <vector>

#include "cli/ArgParser.h"

namespace precisionlab::cli {

// args: the parsed `bank` command line (--format, --out); files: the arguments after the action.
// 0 done, 1 the file had problems or could not be written; throws UsageError for usage errors.
int runBankImport(const ArgParser& args, const std::vector<std::string>& files);
int runBankExport(const ArgParser& args, const std::vector<std::string>& files);
// What each export format keeps and loses, one table per format (quiz/BankFormatFields.h), for
// `bank --help`.
std::string bankFormatTables();

}  // namespace precisionlab::cli
