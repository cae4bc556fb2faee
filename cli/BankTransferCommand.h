// `precisionlab-cli bank import FILE [--format F] [--out BANK.json]` and
// `precisionlab-cli bank export [BANK.json] --format F --out FILE`: question banks in and out of
// every format of quiz/BankFormat.h's table (quiz/BankInterchange.h). Called by the bank command.
#pragma once

#include <string>
#include <vector>

#include "cli/ArgParser.h"

namespace precisionlab::cli {

// args: the parsed `bank` command line (--format, --out); files: the arguments after the action.
// 0 done, 1 the file had problems or could not be written; throws UsageError for usage errors.
int runBankImport(const ArgParser& args, const std::vector<std::string>& files);
int runBankExport(const ArgParser& args, const std::vector<std::string>& files);
// `bank --help`'s import and export usage with every format and what each export format keeps
// and loses, one table per format; `--format`'s help. From the format table
// (quiz/BankFormat.h, quiz/BankFormatFields.h).
std::string bankTransferHelp();
std::string bankFormatOptionHelp();

}  // namespace precisionlab::cli
