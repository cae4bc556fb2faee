// `precisionlab-cli bank check [--lint] FILE...` for teachers writing question banks, and the
// dispatch to `bank import` and `bank export` (BankTransferCommand.h). Only when the CLI is built
// with the quiz library (PRECISIONLAB_HAVE_QUIZ).
#ifdef PRECISIONLAB_HAVE_QUIZ

#include "cli/ArgParser.h"
#include "cli/BankTransferCommand.h"
#include "cli/CommandRegistry.h"
#include "cli/CountText.h"

#include "quiz/BankLint.h"
#include "quiz/BankLoader.h"

#include <QHash>
#include <QString>
#include <QStringList>
#include <QVector>
#include <cstdio>

namespace precisionlab::cli {
namespace {

ArgParser makeParser() {
  ArgParser p("bank", "check question banks, import and export them");
  p.describe(
      "  bank check [--lint] FILE...\n"
      "    Validates question bank files (docs/question-bank-format.md) and prints every problem\n"
      "    with its JSON path; exit status 1 when any file has problems (or, with --lint, lint\n"
      "    warnings: answer cues and misleading lab links, docs/question-bank-authoring.md).\n" +
      bankTransferHelp());
  p.positional("ACTION", "check, import or export", 1, 1, ValueHint::Text,
               {"check", "import", "export"});
  p.positional("FILE", "the files the action reads", 0, ArgParser::kMany);
  p.flag("lint", "check: also warn about answer cues and misleading lab links");
  p.option("format", "F", bankFormatOptionHelp());
  p.option("out", "FILE",
           "import: write the bank as JSON here; export: the file to write "
           "(required)",
           ValueHint::File);
  return p;
}

// Lint lines shown per rule: a 10,000-question bank printed 40,001 warnings (12 MB). The rest of
// each rule is counted in one line; the summary counts them all.
constexpr int kShownPerRule = 20;

// `kind`: "warning" or "note". The lint groups its findings by rule.
void printLint(const QVector<quiz::LintWarning>& found, const char* kind) {
  QStringList rules;
  QHash<QString, int> count;
  for (const quiz::LintWarning& w : found) {
    if (!count.contains(w.rule)) rules << w.rule;
    if (++count[w.rule] <= kShownPerRule) std::printf("  %s: %s\n", kind, qPrintable(w.toString()));
  }
  for (const QString& rule : rules)
    if (count[rule] > kShownPerRule)
      std::printf("  ... and %d more %s %ss (the first %d are shown)\n",
                  count[rule] - kShownPerRule, qPrintable(rule), kind, kShownPerRule);
}

int runBankCheck(const ArgParser& args, const std::vector<std::string>& files) {
  if (args.has("format") || args.has("out")) throw UsageError("check takes no --format or --out");
  if (files.empty()) throw UsageError("check needs at least one FILE");
  const bool lint = args.has("lint");
  int status = 0;
  for (const std::string& name : files) {
    const QString file = QString::fromStdString(name);
    const quiz::BankLoadResult result = quiz::BankLoader::loadFile(file);
    if (result.ok()) {
      const quiz::QuestionBank& bank = *result.bank;
      std::printf("%s: ok (bank \"%s\" %s, %s, %s)\n", qPrintable(file), qPrintable(bank.id),
                  qPrintable(bank.version),
                  countText(bank.questions.size(), "question", "questions").c_str(),
                  countText(bank.domains().size(), "domain", "domains").c_str());
      if (!lint) continue;
      QVector<quiz::LintWarning> warnings, notes;
      for (const quiz::LintWarning& w : quiz::BankLint::check(bank))
        (w.informational() ? notes : warnings) << w;
      // Notes (a bare recall stem) inform the author and never change the exit status.
      printLint(notes, "note");
      if (warnings.isEmpty()) {
        std::printf("%s: no lint warnings\n", qPrintable(file));
        continue;
      }
      status = 1;
      std::printf("%s: %s\n", qPrintable(file),
                  countText(warnings.size(), "lint warning", "lint warnings").c_str());
      printLint(warnings, "warning");
      continue;
    }
    status = 1;
    // Every problem found is counted; the list stops at BankLoader::kMaxProblems and its last
    // line counts the rest.
    std::printf("%s: %s\n", qPrintable(file),
                countText(result.problemCount(), "problem", "problems").c_str());
    for (const quiz::BankProblem& p : result.problems)
      std::printf("  %s\n", qPrintable(p.toString()));
  }
  return status;
}

int runBank(const ArgParser& p) {
  const std::string action = p.positionals().front();
  const std::vector<std::string> files(p.positionals().begin() + 1, p.positionals().end());
  if (action == "check") return runBankCheck(p, files);
  if (p.has("lint")) throw UsageError("--lint is for check");
  if (action == "import") return runBankImport(p, files);
  if (action == "export") return runBankExport(p, files);
  throw UsageError("unknown action '" + action + "': use check, import or export");
}

}  // namespace

PRECISIONLAB_CLI_COMMAND(bank, "bank", makeParser, runBank, false)

}  // namespace precisionlab::cli

#endif  // PRECISIONLAB_HAVE_QUIZ
