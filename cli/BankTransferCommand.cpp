#ifdef PRECISIONLAB_HAVE_QUIZ

#include "cli/BankTransferCommand.h"
#include "cli/CountText.h"

#include "core/TerminalText.h"
#include "quiz/BankFormatFields.h"
#include "quiz/BankInterchange.h"
#include "quiz/BankLoader.h"

#include <QString>
#include <cstdio>

namespace precisionlab::cli {
namespace {

const char* kBuiltinBank = ":/banks/pmle-scaling.json";

std::optional<quiz::BankFormat> formatArg(const ArgParser& args) {
  if (!args.has("format")) return std::nullopt;
  const std::string name = args.text("format", "");
  const auto format = quiz::BankInterchange::formatFromName(QString::fromStdString(name));
  if (!format)
    args.fail("format", "unknown format '" + name + "': use " +
                            quiz::BankFormatFields::formatChoices().toStdString());
  return format;
}

// A file's problems, on standard error (they went to standard output, mixed with what a script
// reads there), escaped: a NUL byte in a problem is shown, not cut off with what follows it.
// The count is every problem found; the list stops at BankInterchange::kMaxProblems and its last
// line counts the rest.
void printProblems(const std::string& file, const quiz::BankImportResult& result,
                   const char* outcome) {
  std::fprintf(stderr, "%s: %s%s\n", escapeForTerminal(file).c_str(),
               countText(result.problemCount(), "problem", "problems").c_str(), outcome);
  for (const quiz::ImportProblem& problem : result.problems) {
    const QByteArray utf8 = problem.toString().toUtf8();
    std::fprintf(
        stderr, "  %s\n",
        escapeForTerminal(std::string_view(utf8.constData(), size_t(utf8.size()))).c_str());
  }
}

}  // namespace

int runBankImport(const ArgParser& args, const std::vector<std::string>& files) {
  const std::optional<quiz::BankFormat> format = formatArg(args);
  if (files.size() != 1) throw UsageError("import needs exactly one FILE");
  const std::string out = args.text("out", "");
  const QString file = QString::fromStdString(files[0]);
  const quiz::BankImportResult r = quiz::BankInterchange::importFile(file, format);
  if (!r.ok()) {
    printProblems(files[0], r, ", nothing imported");
    return 1;
  }
  const quiz::QuestionBank& bank = *r.bank;
  std::printf("%s: ok (bank \"%s\", %s, %s)\n", qPrintable(file), qPrintable(bank.id),
              countText(bank.questions.size(), "question", "questions").c_str(),
              countText(bank.domains().size(), "domain", "domains").c_str());
  for (const QString& note : r.notes) std::printf("  note: %s\n", qPrintable(note));
  if (out.empty()) return 0;
  const QString error =
      quiz::BankInterchange::exportFile(bank, quiz::BankFormat::Json, QString::fromStdString(out));
  if (!error.isEmpty()) {
    std::fprintf(stderr, "precisionlab-cli bank: %s\n", qPrintable(error));
    return 1;
  }
  std::printf("wrote %s\n", out.c_str());
  return 0;
}

int runBankExport(const ArgParser& args, const std::vector<std::string>& files) {
  const std::optional<quiz::BankFormat> format = formatArg(args);
  if (!format)
    throw UsageError("export needs --format " +
                     quiz::BankFormatFields::formatChoices(QStringLiteral("|"), QStringLiteral("|"))
                         .toStdString());
  const std::string out = args.text("out", "");
  if (out.empty()) throw UsageError("export needs --out FILE");
  if (files.size() > 1) throw UsageError("export takes at most one BANK.json");
  const QString source =
      files.empty() ? QString::fromLatin1(kBuiltinBank) : QString::fromStdString(files[0]);
  const quiz::BankImportResult in = quiz::BankInterchange::importFile(source);
  if (!in.ok()) {
    printProblems(source.toStdString(), in, "");
    return 1;
  }
  const QString error =
      quiz::BankInterchange::exportFile(*in.bank, *format, QString::fromStdString(out));
  if (!error.isEmpty()) {
    std::fprintf(stderr, "precisionlab-cli bank: %s\n", qPrintable(error));
    return 1;
  }
  const QString name = quiz::BankInterchange::formatName(*format);
  std::printf("wrote %s (%s, %s)\n", out.c_str(),
              countText(in.bank->questions.size(), "question", "questions").c_str(),
              qPrintable(name));
  std::printf("  what %s keeps: %s\n", qPrintable(name),
              qPrintable(quiz::BankInterchange::losses(*format)));
  // What this bank gives and the file cannot hold: said before anyone relies on the file.
  const QStringList lost = quiz::BankFormatFields::losses(*in.bank, *format);
  if (!lost.isEmpty())
    std::fprintf(stderr, "precisionlab-cli bank: warning: %s loses %s\n", qPrintable(name),
                 qPrintable(lost.join(QStringLiteral(", "))));
  const QStringList hidden = quiz::BankFormatFields::hiddenFromOtherTool(*in.bank, *format);
  if (!hidden.isEmpty())
    std::printf("  only PrecisionLab reads back (in comments): %s\n",
                qPrintable(hidden.join(QStringLiteral(", "))));
  return 0;
}

std::string bankTransferHelp() { return quiz::BankFormatFields::helpText().toStdString(); }

std::string bankFormatOptionHelp() {
  return "import: the file's format (default: from the file); export: " +
         quiz::BankFormatFields::formatChoices().toStdString() + " (required)";
}

}  // namespace precisionlab::cli

#endif  // PRECISIONLAB_HAVE_QUIZ
