// `precisionlab-cli bank check [--lint] FILE...` for teachers writing question banks.
#ifdef PRECISIONLAB_HAVE_QUIZ

#include "cli/BankCommand.h"
#include "cli/BankTransferCommand.h"
#include "cli/CommandRegistry.h"

#include "quiz/BankLint.h"
#include "quiz/BankLoader.h"

#include <QString>
#include <cstdio>

namespace precisionlab::cli {
namespace {

void usage() {
  std::fprintf(stderr,
               "usage: precisionlab-cli bank check [--lint] FILE...\n"
               "  Validates question bank files (docs/question-bank-format.md) and prints every\n"
               "  problem with its JSON path. --lint also warns about answer cues and misleading\n"
               "  lab links (docs/question-bank-authoring.md). Exit status: 0 valid (and no lint\n"
               "  warnings with --lint), 1 problems or warnings found, 2 usage.\n");
  printBankTransferUsage();
}

}  // namespace

int runBankCommand(const std::vector<std::string>& args) {
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    usage();
    return args.empty() ? 2 : 0;
  }
  if (args[0] == "import") return runBankImport({args.begin() + 1, args.end()});
  if (args[0] == "export") return runBankExport({args.begin() + 1, args.end()});
  if (args[0] != "check" || args.size() < 2) {
    usage();
    return 2;
  }
  std::vector<std::string> files;
  bool lint = false;
  for (std::size_t i = 1; i < args.size(); ++i) {
    if (args[i] == "--lint")
      lint = true;
    else
      files.push_back(args[i]);
  }
  if (files.empty()) {
    usage();
    return 2;
  }
  int status = 0;
  for (const std::string& name : files) {
    const QString file = QString::fromStdString(name);
    const quiz::BankLoadResult result = quiz::BankLoader::loadFile(file);
    if (result.ok()) {
      const quiz::QuestionBank& bank = *result.bank;
      std::printf("%s: ok (bank \"%s\" %s, %d questions, %d domains)\n", qPrintable(file),
                  qPrintable(bank.id), qPrintable(bank.version),
                  static_cast<int>(bank.questions.size()), static_cast<int>(bank.domains().size()));
      if (!lint) continue;
      const QStringList warnings = quiz::lintBank(bank);
      if (warnings.isEmpty()) {
        std::printf("%s: no lint warnings\n", qPrintable(file));
        continue;
      }
      status = 1;
      std::printf("%s: %d lint warning%s\n", qPrintable(file), static_cast<int>(warnings.size()),
                  warnings.size() == 1 ? "" : "s");
      for (const QString& w : warnings) std::printf("  warning: %s\n", qPrintable(w));
      continue;
    }
    status = 1;
    std::printf("%s: %d problem%s\n", qPrintable(file), static_cast<int>(result.problems.size()),
                result.problems.size() == 1 ? "" : "s");
    for (const quiz::BankProblem& p : result.problems)
      std::printf("  %s\n", qPrintable(p.toString()));
  }
  return status;
}

}  // namespace precisionlab::cli

PRECISIONLAB_CLI_COMMAND(bank, "bank",
                         "check, import, export question banks: bank check [--lint]|import|export",
                         &precisionlab::cli::runBankCommand, false)

#endif  // PRECISIONLAB_HAVE_QUIZ
