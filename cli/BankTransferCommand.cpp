#ifdef PRECISIONLAB_HAVE_QUIZ

#include "cli/BankTransferCommand.h"

#include "quiz/BankInterchange.h"
#include "quiz/BankLoader.h"

#include <QString>
#include <cstdio>

namespace precisionlab::cli {
namespace {

const char* kBuiltinBank = ":/banks/pmle-scaling.json";

struct Parsed {
  std::vector<std::string> positional;
  std::string format, out;
  bool help = false;
  std::string error;
};

// FILE and --format/--out in any order; "--opt value" or "--opt=value".
Parsed parse(const std::vector<std::string>& args) {
  Parsed p;
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string a = args[i];
    std::string value;
    const auto eq = a.find('=');
    if (a.rfind("--", 0) == 0 && eq != std::string::npos) {
      value = a.substr(eq + 1);
      a = a.substr(0, eq);
    } else if ((a == "--format" || a == "--out") && i + 1 < args.size()) {
      value = args[++i];
    }
    if (a == "-h" || a == "--help") {
      p.help = true;
    } else if (a == "--format" || a == "--out") {
      if (value.empty()) p.error = a + " needs a value";
      (a == "--format" ? p.format : p.out) = value;
    } else if (a.rfind("--", 0) == 0) {
      p.error = "unknown option " + a;
    } else {
      p.positional.push_back(a);
    }
  }
  return p;
}

std::optional<quiz::BankFormat> formatArg(const std::string& name) {
  return quiz::BankInterchange::formatFromName(QString::fromStdString(name));
}

}  // namespace

void printBankTransferUsage() {
  std::fprintf(stderr,
               "       precisionlab-cli bank import FILE [--format F] [--out BANK.json]\n"
               "  Reads a GIFT, Moodle XML or Anki text file (F: gift, moodle-xml, anki; default:\n"
               "  from the file), prints what was filled in or dropped, and writes it as a bank.\n"
               "       precisionlab-cli bank export [BANK.json] --format F --out FILE\n"
               "  Writes a bank (default: the built-in one) as gift, moodle-xml, anki or json.\n");
}

int runBankImport(const std::vector<std::string>& args) {
  const Parsed p = parse(args);
  if (p.help) {
    printBankTransferUsage();
    return 0;
  }
  std::optional<quiz::BankFormat> format;
  if (!p.format.empty() && !(format = formatArg(p.format))) {
    std::fprintf(stderr, "bank import: unknown --format %s (gift, moodle-xml, anki, json)\n",
                 p.format.c_str());
    return 2;
  }
  if (!p.error.empty() || p.positional.size() != 1) {
    std::fprintf(stderr, "bank import: %s\n",
                 p.error.empty() ? "give exactly one FILE" : p.error.c_str());
    printBankTransferUsage();
    return 2;
  }
  const QString file = QString::fromStdString(p.positional[0]);
  const quiz::BankImportResult r = quiz::BankInterchange::importFile(file, format);
  if (!r.ok()) {
    std::printf("%s: %d problem%s, nothing imported\n", qPrintable(file),
                static_cast<int>(r.problems.size()), r.problems.size() == 1 ? "" : "s");
    for (const quiz::ImportProblem& problem : r.problems)
      std::printf("  %s\n", qPrintable(problem.toString()));
    return 1;
  }
  const quiz::QuestionBank& bank = *r.bank;
  std::printf("%s: ok (bank \"%s\", %d questions, %d domains)\n", qPrintable(file),
              qPrintable(bank.id), static_cast<int>(bank.questions.size()),
              static_cast<int>(bank.domains().size()));
  for (const QString& note : r.notes) std::printf("  note: %s\n", qPrintable(note));
  if (p.out.empty()) return 0;
  const QString error = quiz::BankInterchange::exportFile(bank, quiz::BankFormat::Json,
                                                          QString::fromStdString(p.out));
  if (!error.isEmpty()) {
    std::fprintf(stderr, "bank import: %s\n", qPrintable(error));
    return 1;
  }
  std::printf("wrote %s\n", p.out.c_str());
  return 0;
}

int runBankExport(const std::vector<std::string>& args) {
  const Parsed p = parse(args);
  if (p.help) {
    printBankTransferUsage();
    return 0;
  }
  const auto format = formatArg(p.format);
  if (!p.error.empty() || p.positional.size() > 1 || p.out.empty() || !format) {
    std::fprintf(stderr, "bank export: %s\n",
                 !p.error.empty() ? p.error.c_str()
                 : p.out.empty()  ? "--out FILE is required"
                 : !format        ? "--format gift|moodle-xml|anki|json is required"
                                  : "give at most one BANK.json");
    printBankTransferUsage();
    return 2;
  }
  const QString source = p.positional.empty() ? QString::fromLatin1(kBuiltinBank)
                                              : QString::fromStdString(p.positional[0]);
  const quiz::BankImportResult in = quiz::BankInterchange::importFile(source);
  if (!in.ok()) {
    std::printf("%s: %d problem%s\n", qPrintable(source), static_cast<int>(in.problems.size()),
                in.problems.size() == 1 ? "" : "s");
    for (const quiz::ImportProblem& problem : in.problems)
      std::printf("  %s\n", qPrintable(problem.toString()));
    return 1;
  }
  const QString error =
      quiz::BankInterchange::exportFile(*in.bank, *format, QString::fromStdString(p.out));
  if (!error.isEmpty()) {
    std::fprintf(stderr, "bank export: %s\n", qPrintable(error));
    return 1;
  }
  std::printf("wrote %s (%d questions, %s)\n", p.out.c_str(),
              static_cast<int>(in.bank->questions.size()),
              qPrintable(quiz::BankInterchange::formatName(*format)));
  std::printf("  what %s keeps: %s\n", qPrintable(quiz::BankInterchange::formatName(*format)),
              qPrintable(quiz::BankInterchange::losses(*format)));
  return 0;
}

}  // namespace precisionlab::cli

#endif  // PRECISIONLAB_HAVE_QUIZ
