// `precisionlab-cli progress ACTION`: the learner's progress file from the terminal. FSRS
// parameters fitted to a profile's own answers (optimize, parameters) and the review log as a CSV
// in Anki's revlog column names (export-revlog, import-revlog); docs/spaced-repetition.md. Only
// when the CLI is built with the quiz library (PRECISIONLAB_HAVE_QUIZ).
#ifdef PRECISIONLAB_HAVE_QUIZ

#include "cli/ArgParser.h"
#include "cli/CommandRegistry.h"
#include "cli/CountText.h"
#include "core/EngineError.h"
#include "core/TerminalText.h"

#include "quiz/BankLoader.h"
#include "quiz/ExamDate.h"
#include "quiz/ExamReadiness.h"
#include "quiz/FsrsProfileFit.h"
#include "quiz/OutputFile.h"
#include "quiz/ProgressStore.h"

#include <QCoreApplication>
#include <QDate>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimeZone>
#include <chrono>
#include <cstdio>
#include <memory>

namespace precisionlab::cli {
namespace {

using namespace precisionlab::quiz;

ArgParser makeParser() {
  ArgParser p("progress", "fit FSRS parameters to a learner, export and import the review log");
  p.describe(
      "  progress optimize [--profile NAME] [--json FILE]\n"
      "    Fits the 21 FSRS-6 parameters to the profile's answers (as Anki's Optimize does),\n"
      "    stores them with the date and the log size, and prints the log loss and RMSE (bins)\n"
      "    of the previous and the fitted parameters. Below fsrs-rs's minimum log size the\n"
      "    previous parameters are kept, and it says so.\n"
      "  progress parameters [--profile NAME] [--anki] [--json FILE]\n"
      "    Prints the profile's parameters and where they came from; --anki: only Anki's\n"
      "    parameter string (21 comma-separated numbers for Anki's FSRS options).\n"
      "  progress export-revlog --out FILE [--profile NAME]\n"
      "    Writes the profile's answers as a CSV in Anki's revlog column names plus the app's own\n"
      "    (docs/spaced-repetition.md, \"Review log CSV\").\n"
      "  progress import-revlog FILE [--profile NAME] [--bank FILE]\n"
      "    Reads such a CSV back into a profile with no answers yet (created when missing, in\n"
      "    the import's transaction: a refused file leaves no profile), with a progress line\n"
      "    on standard error once a second for a long one. FILE may also be Anki's own review\n"
      "    log: a CSV of its revlog table (id,cid,usn,ease,ivl,lastIvl,factor,time,type) or an\n"
      "    Anki export (.colpkg, .apkg) whose collection's revlog is read. Rows Anki's FSRS\n"
      "    optimizer leaves out are left out and counted; cards that are not questions of\n"
      "    --bank (note guid = question id) fit the FSRS parameters only.\n"
      "  progress readiness [--exam-date YYYY-MM-DD] [--bank FILE] [--profile NAME]\n"
      "    The predicted share of the bank's questions (default: the built-in one) answered\n"
      "    right on the exam date (default: the one set in the app; after today and at most\n"
      "    " +
      std::to_string(ExamDate::kMaxYearsAhead) +
      " years after it), per exam-guide sub-objective and overall, if studying stops now\n"
      "    and if the schedule is followed, with how much the prediction rests on.\n"
      "  progress day-start [--hour H] [--time-zone ZONE] [--profile NAME]\n"
      "    When the profile's day starts (Anki's \"Next day starts at\", 4 a.m. by default) and\n"
      "    in which time zone (an IANA name such as Europe/Berlin; \"\" for this computer's):\n"
      "    due days, elapsed days for FSRS and exported intervals count these days. Without\n"
      "    options it prints them.\n");
  p.positional(
      "ACTION", "optimize, parameters, export-revlog, import-revlog, readiness or day-start", 1, 1,
      ValueHint::Text,
      {"optimize", "parameters", "export-revlog", "import-revlog", "readiness", "day-start"});
  p.positional("FILE", "import-revlog: the CSV to read", 0, 1);
  p.option("db", "FILE", "the progress file (default: the app's, in its data folder)",
           ValueHint::File);
  p.option("profile", "NAME", "the learner's profile (default: the only one)");
  p.option("json", "FILE", "optimize, parameters: also write the result as JSON here",
           ValueHint::File);
  p.option("out", "FILE", "export-revlog: the CSV to write", ValueHint::File);
  p.flag("anki", "parameters: print only Anki's parameter string");
  p.option("exam-date", "YYYY-MM-DD", "readiness: the exam day (default: the profile's)");
  p.option("bank", "FILE",
           "readiness: the question bank (default: the built-in one); import-revlog: the bank "
           "Anki's cards may be questions of (default: none)",
           ValueHint::File);
  p.option("hour", "H", "day-start: the hour a new day starts, 0 to 23");
  p.option("time-zone", "ZONE", "day-start: an IANA time zone, \"\" for this computer's");
  return p;
}

QJsonArray numbers(const FsrsModel::Weights& w) {
  QJsonArray a;
  for (double v : w) a.append(v);
  return a;
}

QJsonObject parametersJson(const FsrsParameters& p) {
  return {{"optimized", p.optimized},
          {"weights", numbers(p.weights)},
          {"fitted", numbers(p.fitted)},
          {"anki", FsrsOptimizer::ankiParameterString(p.weights)},
          {"fittedUtc",
           p.fittedMs > 0
               ? QDateTime::fromMSecsSinceEpoch(p.fittedMs).toUTC().toString(Qt::ISODateWithMs)
               : QString()},
          {"reviews", p.reviews},
          {"items", p.items},
          {"outcome", p.outcome},
          {"keptPrevious", p.keptPrevious},
          {"logLoss", QJsonObject{{"previous", p.logLossPrevious}, {"fitted", p.logLossFitted}}},
          {"rmseBins", QJsonObject{{"previous", p.rmsePrevious}, {"fitted", p.rmseFitted}}},
          {"summary", p.summary}};
}

void writeJson(const ArgParser& args, const QJsonObject& o) {
  if (!args.has("json")) return;
  const QString path = QString::fromStdString(args.text("json", ""));
  if (const QString error = writeOutputFile(path, QJsonDocument(o).toJson()); !error.isEmpty())
    throw InputError(error.toStdString());
}

// The profile named by --profile, or the only one; 0 when `mayBeNew` and --profile names none
// (import-revlog creates it in its own transaction, so a failed import leaves none behind).
qint64 pickProfile(ProgressStore& store, const ArgParser& args, bool mayBeNew) {
  const QVector<Profile> profiles = store.profiles().result();
  if (args.has("profile")) {
    const QString name = QString::fromStdString(args.text("profile", ""));
    for (const Profile& p : profiles)
      if (p.name == name) return p.id;
    if (mayBeNew) return 0;
    QStringList names;
    for (const Profile& p : profiles) names << p.name;
    args.fail("profile",
              "no profile \"" + name.toStdString() + "\" in this progress file (it has: " +
                  (names.isEmpty() ? std::string("none") : names.join(", ").toStdString()) + ")");
  }
  if (profiles.size() == 1) return profiles.front().id;
  args.fail("profile", profiles.isEmpty() ? "this progress file has no profile yet"
                                          : "this progress file has several profiles: name one");
}

// A line on standard error at most once a second while an import runs (a million rows take
// several seconds), none for one that ends sooner. Called on the store's thread.
ImportProgressFn importProgressLine() {
  using Clock = std::chrono::steady_clock;
  auto next = std::make_shared<Clock::time_point>(Clock::now() + std::chrono::seconds(1));
  return [next](const ImportProgress& p) {
    if (Clock::now() < *next || p.total <= 0) return;
    *next = Clock::now() + std::chrono::seconds(1);
    const bool reading = p.stage == ImportProgress::Stage::Reading;
    std::fprintf(stderr, "import-revlog: %s %lld of %lld (%lld %%)\n",
                 reading ? "reading line" : "writing answer", static_cast<long long>(p.done),
                 static_cast<long long>(p.total), static_cast<long long>(p.done * 100 / p.total));
  };
}

// The bank of --bank (default: the built-in one), or an InputError naming it.
BankLoadResult loadBank(const ArgParser& args) {
  const QString source = QString::fromStdString(args.text("bank", ":/banks/pmle-scaling.json"));
  BankLoadResult loaded = BankLoader::loadFile(source);
  if (!loaded.ok())
    throw InputError(source.toStdString() +
                     ": the question bank does not load (precisionlab-cli bank check shows why)");
  return loaded;
}

// What an import of Anki's own review log left out and where its cards went.
void printAnkiCounts(const AnkiImportCounts& c, bool bankGiven) {
  if (!c.anki) return;
  const std::string apart = countText(c.otherCards, "card", "cards") +
                            " kept apart (they fit the FSRS parameters, not a bank's statistics)";
  if (bankGiven)
    std::printf("Anki's review log: %s of the bank, %s\n",
                countText(c.bankCards, "card", "cards").c_str(), apart.c_str());
  else
    std::printf("Anki's review log: %s (no --bank given)\n", apart.c_str());
  std::printf("%s left out as Anki's FSRS optimizer leaves them out",
              countText(c.skipped(), "row", "rows").c_str());
  if (c.skipped() > 0)
    std::printf(
        ": %d manual (ease 0 or type 4), %d filtered-deck cramming (type 3, factor 0), "
        "%d rescheduled (type 5), %d before a card's last learning steps, %d of %s "
        "without learning steps in the log",
        c.manual, c.cram, c.rescheduled, c.beforeLastLearning, c.rowsWithoutLearning,
        countText(c.cardsWithoutLearning, "card", "cards").c_str());
  std::printf("\n");
}

QString percent(double share) {
  return QString::number(qRound(share * 100)) + QStringLiteral(" %");
}

QString shareText(const ReadinessShare& s) {
  return QStringLiteral("%1 (%2-%3)").arg(percent(s.share), percent(s.low), percent(s.high));
}

Profile profileOf(ProgressStore& store, qint64 id) {
  for (const Profile& p : store.profiles().result())
    if (p.id == id) return p;
  return {};
}

// What the prediction rests on, as the app's readiness panel says it.
QString readinessEvidence(const ReadinessReport& r) {
  const QString basis =
      QStringLiteral("Based on %1 to this bank's questions, with FSRS parameters %2.")
          .arg(QString::fromStdString(countText(r.answers, "answer", "answers")),
               r.fitted ? QStringLiteral("fitted to your answers")
                        : QStringLiteral("not fitted to you (the defaults)"));
  if (!r.evidenceIsThin)
    return basis + QStringLiteral(" The range includes how uncertain those parameters are.");
  return basis + QStringLiteral(
                     " That is little to go on: every figure rests mostly on your right answers "
                     "so far (%1 of %2, %3; from so few, an estimated %4, 90 % range %5-%6), "
                     "not on the schedule's memory model (its weight: %7), and the ranges are "
                     "as wide as that. They narrow as you answer more and optimize (progress "
                     "optimize).")
                     .arg(r.right)
                     .arg(r.answers)
                     .arg(r.answers ? percent(double(r.right) / r.answers) : QStringLiteral("-"),
                          percent(r.overall.evidence.share), percent(r.overall.evidence.low),
                          percent(r.overall.evidence.high), percent(r.modelWeight));
}

// The last exam as the exam scored it (unanswered questions count wrong, as the app says), when
// the store has the sitting the answers come from; else the answered ones, said to be so.
QString lastExamLine(const ExamSittingCheck& answers, const ExamSitting& sitting) {
  const bool scored = ExamReadiness::sittingMatches(answers, sitting);
  QString out;
  if (scored) {
    out = QStringLiteral("last exam: %1 of %2 right (%3)")
              .arg(sitting.correct)
              .arg(sitting.questions)
              .arg(percent(double(sitting.correct) / sitting.questions));
    if (sitting.questions > sitting.answered)
      out +=
          QStringLiteral(", %1 unanswered counted wrong").arg(sitting.questions - sitting.answered);
  } else if (answers.answers > 0) {
    out = QStringLiteral("last exam: %1 of the %2 answered right")
              .arg(answers.correct)
              .arg(answers.answers);
  } else {
    return QString();
  }
  if (answers.answers > 0)
    out += QStringLiteral("; for the %1 answered, readiness predicted %2")
               .arg(answers.answers)
               .arg(percent(answers.predicted));
  return out + QLatin1Char('\n');
}

// The exam day from --exam-date or, without it, the one the profile stores (set in the app);
// a problem names where the date came from and how to change it.
QDate examDate(ProgressStore& store, qint64 profile, const ArgParser& args) {
  const QDate today = QDate::currentDate();
  if (args.has("exam-date")) {
    const ExamDateCheck given =
        ExamDate::parse(QString::fromStdString(args.text("exam-date", "")), today);
    if (!given.ok()) args.fail("exam-date", given.problem.toStdString());
    return given.date;
  }
  const Profile p = profileOf(store, profile);
  const std::string name = escapeForTerminal(elideForMessage(p.name.toStdString()));
  const std::string change =
      "give --exam-date YYYY-MM-DD, or set the date in the app (Progress, \"My exam is on\")";
  if (p.examDate.isEmpty())
    args.fail("exam-date", "no exam date is stored for profile \"" + name + "\": " + change);
  const ExamDateCheck stored = ExamDate::parse(p.examDate, today);
  if (!stored.ok())
    throw InputError("the exam date stored for profile \"" + name +
                     "\" (no --exam-date given): " + stored.problem.toStdString() + "; " + change);
  return stored.date;
}

int runReadiness(ProgressStore& store, qint64 profile, const ArgParser& args) {
  const QDate exam = examDate(store, profile, args);
  const QString date = exam.toString(Qt::ISODate);
  const BankLoadResult loaded = loadBank(args);
  const QuestionBank& bank = *loaded.bank;
  ReadinessInput in;
  for (const Question& q : bank.questions) in.questions << ReadinessQuestion{q.id, q.objectives};
  const DayClock days = profileOf(store, profile).dayClock();
  ExamReadiness::fill(&in, bank.id, store.attempts(profile).result(),
                      store.reviewStates(profile, bank.id).result(),
                      store.fsrsParameters(profile).result(), days);
  in.nowMs = QDateTime::currentMSecsSinceEpoch();
  in.examMs = ExamReadiness::examStart(exam, days);
  const ReadinessReport r = ExamReadiness::predict(in);
  if (!r.ok) throw InputError(r.message.toStdString());
  std::printf("Exam on %s (in %s); predicted share right (90 %% range):\n", qPrintable(date),
              countText(r.daysToExam, "day", "days").c_str());
  std::printf("%-14s %-10s %-22s %s\n", "sub-objective", "answered", "if you stop now",
              "if you follow the schedule");
  const auto row = [](const QString& name, const ObjectiveReadiness& o) {
    std::printf("%-14s %-10s %-22s %s\n", qPrintable(name),
                qPrintable(QStringLiteral("%1/%2").arg(o.answered).arg(o.questions)),
                qPrintable(shareText(o.stopNow)), qPrintable(shareText(o.followSchedule)));
  };
  for (const ObjectiveReadiness& o : r.objectives) row(o.objective, o);
  row(QStringLiteral("overall"), r.overall);
  if (!r.weakest.isEmpty())
    std::printf("weakest: %s %s\n", qPrintable(r.weakest),
                qPrintable(bank.objectives.value(r.weakest)));
  for (const ReviewSuggestion& s : r.thisWeek)
    std::printf("review this week: %s (%s on the exam day if not reviewed)\n",
                qPrintable(s.questionId), qPrintable(percent(s.recallAtExam)));
  std::printf(
      "%s", qPrintable(lastExamLine(r.lastExam, store.lastExamSitting(profile, bank.id).result())));
  std::printf("%s\n", qPrintable(readinessEvidence(r)));
  return kExitOk;
}

// Prints the profile's day start, after setting it from --hour and --time-zone when given.
int runDayStart(ProgressStore& store, qint64 profile, const ArgParser& args) {
  Profile p = profileOf(store, profile);
  if (args.has("hour") || args.has("time-zone")) {
    int hour = p.rolloverHour;
    if (args.has("hour")) {
      bool ok = false;
      hour = QString::fromStdString(args.text("hour", "")).toInt(&ok);
      if (!ok || hour < 0 || hour > 23)
        args.fail("hour",
                  "the hour a new day starts is a whole number from 0 to 23 (Anki's "
                  "default is 4)");
    }
    const QString zone =
        args.has("time-zone") ? QString::fromStdString(args.text("time-zone", "")) : p.timeZone;
    if (!zone.isEmpty() && !QTimeZone::isTimeZoneIdAvailable(zone.toUtf8()))
      args.fail("time-zone", "\"" + escapeForTerminal(elideForMessage(zone.toStdString())) +
                                 "\" is not a time zone this computer knows: give an IANA name "
                                 "such as Europe/Berlin or America/New_York, or \"\" for this "
                                 "computer's zone");
    const ProfileResult r = store.setDayStart(profile, hour, zone).result();
    if (!r.ok) throw InputError(r.error.toStdString());
    p = r.profile;
  }
  std::printf("A new day starts at %d:00 in %s%s.\n", p.rolloverHour,
              qPrintable(QString::fromUtf8(p.dayClock().zone().id())),
              p.timeZone.isEmpty() ? " (this computer's time zone)" : "");
  return kExitOk;
}

int runProgress(const ArgParser& args) {
  const std::string action = args.positionals().front();
  const bool import = action == "import-revlog";
  if (import != (args.positionals().size() == 2))
    throw UsageError(import ? "import-revlog needs the CSV file to read"
                            : action + " takes no FILE");
  if (action == "export-revlog" && !args.has("out"))
    args.fail("out", "export-revlog needs --out FILE");
  static int argc = 1;
  static char name[] = "precisionlab-cli";
  static char* argv[] = {name, nullptr};
  QCoreApplication app(argc, argv);
  QCoreApplication::setApplicationName(QStringLiteral("PrecisionLab"));
  QCoreApplication::setOrganizationName(QStringLiteral("PrecisionLab"));
  const QString db =
      args.has("db") ? QString::fromStdString(args.text("db", "")) : ProgressStore::defaultPath();
  ProgressStore store;
  ProgressStore::Options options;
  options.backupAtOpen = false;  // a terminal command; the app keeps the rotating backups
  const OpenReport opened = store.open(db, options).result();
  if (!opened.ok()) throw InputError(db.toStdString() + ": " + opened.message.toStdString());
  if (opened.needsAttention()) std::fprintf(stderr, "%s\n", qPrintable(opened.message));
  const qint64 profile = pickProfile(store, args, import);

  if (action == "readiness") return runReadiness(store, profile, args);
  if (action == "day-start") return runDayStart(store, profile, args);
  if (action == "optimize") {
    const FsrsProfileFitResult r = FsrsProfileFit::run(store, profile);
    if (!r.ok) throw InputError(r.error.toStdString());
    std::printf("%s\n", qPrintable(r.fit.summary));
    if (r.fit.outcome == FsrsFit::Outcome::TooFewReviews) {
      // The summary above says why; "log loss: previous 0.3, fitted 0.3" compared the kept
      // parameters with themselves.
      std::printf("nothing was fitted: the parameters in use are kept");
      if (r.fit.items > 0)
        std::printf(" (on this log: log loss %.4f, RMSE (bins) %.4f)", r.fit.current.logLoss,
                    r.fit.current.rmseBins);
      std::printf("\n");
    } else if (r.fit.items > 0) {
      std::printf(
          "log loss: previous %.4f, fitted %.4f; RMSE (bins): previous %.4f, fitted %.4f%s\n",
          r.fit.current.logLoss, r.fit.result.logLoss, r.fit.current.rmseBins,
          r.fit.result.rmseBins, r.fit.keptCurrent ? " (the previous parameters are kept)" : "");
    }
    std::printf("parameters in use: %s\n",
                qPrintable(FsrsOptimizer::ankiParameterString(r.stored.weights)));
    writeJson(args, parametersJson(r.stored));
  } else if (action == "parameters") {
    const FsrsParameters p = store.fsrsParameters(profile).result();
    if (args.has("anki")) {
      std::printf("%s\n", qPrintable(FsrsOptimizer::ankiParameterString(p.weights)));
    } else {
      std::printf("%s\n", p.optimized ? qPrintable(p.summary)
                                      : "Not optimized yet: the FSRS-6 default parameters.");
      std::printf("parameters in use: %s\n",
                  qPrintable(FsrsOptimizer::ankiParameterString(p.weights)));
    }
    writeJson(args, parametersJson(p));
  } else if (action == "export-revlog") {
    const ExportResult r =
        store.exportRevlog(profile, QString::fromStdString(args.text("out", ""))).result();
    if (!r.ok) throw InputError(r.error.toStdString());
    std::printf("%s written to %s\n", countText(r.rows, "review", "reviews").c_str(),
                qPrintable(r.path));
  } else {
    const QString file = QString::fromStdString(args.positionals()[1]);
    const ImportProgressFn progress = importProgressLine();
    AnkiCardMatch match;
    if (args.has("bank")) {
      const BankLoadResult loaded = loadBank(args);
      match.bankId = loaded.bank->id;
      for (const Question& q : loaded.bank->questions) match.questionIds.insert(q.id);
    }
    const ImportResult r =
        profile != 0
            ? store.importRevlog(profile, file, progress, match).result()
            : store
                  .importRevlogAsNewProfile(QString::fromStdString(args.text("profile", "")), file,
                                            progress, match)
                  .result();
    if (!r.ok) throw InputError(r.error.toStdString());
    std::printf("%s imported\n", countText(r.rows, "review", "reviews").c_str());
    printAnkiCounts(r.anki, args.has("bank"));
  }
  return kExitOk;
}

}  // namespace
}  // namespace precisionlab::cli

PRECISIONLAB_CLI_COMMAND(progress, "progress", precisionlab::cli::makeParser,
                         precisionlab::cli::runProgress, false)

#endif  // PRECISIONLAB_HAVE_QUIZ
