// `precisionlab-cli bank import FILE [--format F] [--out BANK.json]` and
// `precisionlab-cli bank export [BANK.json] --format F --out FILE`: question banks in and out of
// GIFT, Moodle XML and Anki's text export (quiz/BankInterchange.h). Called by runBankCommand.
#pragma once

#include <string>
#include <vector>

namespace precisionlab::cli {

// args: the words after "import" / "export". 0 done, 1 the file had problems or could not be
// written, 2 usage errors.
int runBankImport(const std::vector<std::string>& args);
int runBankExport(const std::vector<std::string>& args);
void printBankTransferUsage();

}  // namespace precisionlab::cli
