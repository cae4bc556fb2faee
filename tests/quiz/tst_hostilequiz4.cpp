// Hostile inputs, round 4 (issue 47), for the quiz library and the CLI commands over it
// (`progress readiness`, `progress optimize`, `bank check`, `bank import`): each case is one the
// hostile run found, a hang or a message that miscounted, blamed the wrong source or named no
// place. The CLI cases run the built precisionlab-cli (PRECISIONLAB_CLI_FOR_TEST) on files and
// a progress database planted here; without it they skip, saying so. Nothing is timed: the
// readiness hang is checked as a far date refused with the limit named and the last accepted day
// completing (the cost follows the reviews until the exam, not the days).
#include "bank_import_helpers.h"
#include "quiz/BankJsonWriter.h"
#include "quiz/BankLint.h"
#include "quiz/ExamDate.h"
#include "quiz/ProgressStore.h"

#include <QDate>
#include <QDateTime>
#include <QFile>
#include <QHash>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace precisionlab::quiz;

namespace {

using bank_import_helpers::importText;
using bank_import_helpers::problems;

QString cliPath() {
#ifdef PRECISIONLAB_CLI_FOR_TEST
  return QStringLiteral(PRECISIONLAB_CLI_FOR_TEST);
#else
  return QString();
#endif
}

struct CliRun {
  int exitCode = -1;
  QString out, err;
};

CliRun cli(const QStringList& args) {
  QProcess p;
  p.start(cliPath(), args);
  CliRun r;
  if (!p.waitForFinished(300000)) {
    p.kill();
    p.waitForFinished();
    r.err = QStringLiteral("precisionlab-cli did not finish");
    return r;
  }
  r.exitCode = p.exitCode();
  r.out = QString::fromUtf8(p.readAllStandardOutput());
  r.err = QString::fromUtf8(p.readAllStandardError());
  return r;
}

bool writeFile(const QString& path, const QByteArray& data) {
  QFile f(path);
  return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
}

// `count` short questions of `options` options (ids q00001, ...; key a): valid with 4 and no
// `badLinks`, the options of each that link a lab scenario that does not exist. The formats that
// keep no links (Anki's) go wrong with 7 options (a question has 2 to 6).
QuestionBank bankOf(int count, int badLinks = 0, int options = 4) {
  QuestionBank b;
  b.id = QStringLiteral("hostile");
  b.version = QStringLiteral("1.0.0");
  b.title = QStringLiteral("Hostile");
  b.exam = QStringLiteral("PMLE");
  for (int i = 0; i < count; ++i) {
    Question q;
    q.id = QStringLiteral("q%1").arg(i + 1, 5, 10, QLatin1Char('0'));
    q.exam = b.exam;
    q.domain = QStringLiteral("Scaling");
    q.topic = QStringLiteral("Topic");
    q.stem = QStringLiteral("Situation %1: what should you do?").arg(i + 1);
    q.explanation = QStringLiteral("Lesson");
    q.source = QStringLiteral("original");
    for (int o = 0; o < options; ++o) {
      Option opt;
      opt.id = QString(QLatin1Char('a' + o));
      opt.text = QStringLiteral("Choice %1 of %2").arg(opt.id).arg(i + 1);
      opt.correct = o == 0;
      opt.whyLearnersPick = opt.analysis = opt.whenRight = QStringLiteral("Because");
      if (o < badLinks) opt.scenario = QStringLiteral("no-such-scenario");
      q.options << opt;
    }
    b.questions << q;
  }
  return b;
}

}  // namespace

class TestHostileQuiz4 : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

  // A progress database with one profile "ana" (its exam date as stored) and, when
  // `answered`, three questions answered 10 and 5 days ago: 3 training items, fewer than the
  // optimizer's 8.
  QString database(const QString& examDate, bool answered = false) {
    static int n = 0;
    const QString path = dir_.filePath(QStringLiteral("progress-%1.sqlite3").arg(++n));
    ProgressStore store;
    ProgressStore::Options options;
    options.backupAtOpen = false;
    if (!store.open(path, options).result().ok()) return {};
    const ProfileResult ana = store.addProfile(QStringLiteral("ana")).result();
    if (!ana.ok || !store.setExamDate(ana.profile.id, examDate).result().ok) return {};
    const qint64 now = QDateTime::currentMSecsSinceEpoch(), day = 24LL * 3600 * 1000;
    for (int q = 1; answered && q <= 3; ++q)
      for (qint64 ago : {10, 5}) {
        Attempt a;
        a.profileId = ana.profile.id;
        a.bankId = QStringLiteral("pmle-scaling");
        a.questionId = QStringLiteral("pmle-scaling-00%1").arg(q);
        a.timeMs = now - ago * day;
        a.correct = true;
        a.timeTakenMs = 12'000;
        if (!store.recordAttempt(a).result().ok) return {};
      }
    return path;
  }

 private slots:
  void initTestCase() { QVERIFY(dir_.isValid()); }

  // --- progress readiness: the horizon, and where a bad date came from ---------------------

  // Issue 45: 12 answers at 25 % right said 95 % (90-100 %) "if you follow the schedule", and
  // the last exam dropped its unanswered questions ("2 of 6 right"). An exam of 10 questions,
  // 6 answered, 2 of them right, and 6 practice answers, 1 right: 3 of 12.
  void readinessIsHonestWithFewAnswersAndCountsUnanswered() {
    if (cliPath().isEmpty()) QSKIP("precisionlab-cli is not built");
    const QString path = dir_.filePath(QStringLiteral("few-answers.sqlite3"));
    {
      ProgressStore store;
      ProgressStore::Options options;
      options.backupAtOpen = false;
      QVERIFY(store.open(path, options).result().ok());
      const ProfileResult ana = store.addProfile(QStringLiteral("ana")).result();
      QVERIFY(ana.ok);
      const qint64 now = QDateTime::currentMSecsSinceEpoch(), hour = 3600LL * 1000;
      for (int q = 1; q <= 12; ++q) {
        Attempt a;
        a.profileId = ana.profile.id;
        a.bankId = QStringLiteral("pmle-scaling");
        a.questionId = QStringLiteral("pmle-scaling-%1").arg(q, 3, 10, QLatin1Char('0'));
        a.mode = q <= 6 ? QuizMode::Exam : QuizMode::Practice;
        a.timeMs = now - (q <= 6 ? hour : 2 * hour) + q * 1000;
        a.correct = q == 1 || q == 2 || q == 7;
        a.timeTakenMs = 20'000;
        QVERIFY(store.recordAttempt(a).result().ok);
      }
      ExamSitting sitting;
      sitting.profileId = ana.profile.id;
      sitting.bankId = QStringLiteral("pmle-scaling");
      sitting.finishedMs = now - hour + 7000;
      sitting.questions = 10;
      sitting.answered = 6;
      sitting.correct = 2;
      QVERIFY(store.recordExamSitting(sitting).result().ok);
    }
    const QString exam = QDate::currentDate().addDays(30).toString(Qt::ISODate);
    const CliRun r = cli({"progress", "readiness", "--db", path, "--exam-date", exam});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("last exam: 2 of 10 right (20 %), 4 unanswered counted wrong; for "
                            "the 6 answered"),
             qPrintable(r.out));
    QVERIFY2(
        r.out.contains("your right answers so far (3 of 12, 25 %; from so few, an estimated 29 %"),
        qPrintable(r.out));
    // The overall row: "overall  12/52  share (low-high)  share (low-high)".
    const QRegularExpression overall(
        QStringLiteral("\\noverall +\\d+/\\d+ +(\\d+) % \\((\\d+) %-(\\d+) %\\) +(\\d+) % "
                       "\\((\\d+) %-(\\d+) %\\)"));
    const QRegularExpressionMatch m = overall.match(r.out);
    QVERIFY2(m.hasMatch(), qPrintable(r.out));
    const int follow = m.captured(4).toInt(), low = m.captured(5).toInt(),
              high = m.captured(6).toInt();
    QVERIFY2(follow >= 25 && follow <= 36 && high - low >= 30 && high <= 60, qPrintable(r.out));
    QVERIFY2(m.captured(1).toInt() <= 36, qPrintable(r.out));
  }

  void readinessRefusesAFarDateAndNamesTheLimit() {
    if (cliPath().isEmpty()) QSKIP("precisionlab-cli is not built");
    const QDate today = QDate::currentDate(), last = ExamDate::latest(today);
    const QString db = database(QString());
    QVERIFY(!db.isEmpty());
    const CliRun far = cli({"progress", "readiness", "--db", db, "--exam-date", "9999-12-31"});
    QCOMPARE(far.exitCode, 2);
    const QString limit = QStringLiteral(
                              "9999-12-31 is more than 5 years after today (%1): readiness "
                              "simulates at most 5 years of study, so the exam date must be %2 "
                              "or earlier")
                              .arg(today.toString(Qt::ISODate), last.toString(Qt::ISODate));
    QVERIFY2(far.err.startsWith("precisionlab-cli progress: --exam-date: " + limit + "\n"),
             qPrintable(far.err));
    // The last day accepted completes: a schedule of 5 years is simulated, review by review.
    const CliRun near =
        cli({"progress", "readiness", "--db", db, "--exam-date", last.toString(Qt::ISODate)});
    QVERIFY2(near.exitCode == 0, qPrintable(near.err));
    QVERIFY2(near.out.startsWith("Exam on " + last.toString(Qt::ISODate) + " (in ") &&
                 near.out.contains("\noverall "),
             qPrintable(near.out));
    // The app stores the date; a stored far date is refused the same way, saying where it is.
    const CliRun stored = cli({"progress", "readiness", "--db", database("9999-12-31")});
    QCOMPARE(stored.exitCode, 1);
    QVERIFY2(stored.err.startsWith(
                 "precisionlab-cli progress: the exam date stored for profile \"ana\" (no "
                 "--exam-date given): " +
                 limit +
                 "; give --exam-date YYYY-MM-DD, or set the date in the app (Progress, \"My exam "
                 "is on\")\n"),
             qPrintable(stored.err));
  }

  void readinessNamesThePastDateAndToday() {
    if (cliPath().isEmpty()) QSKIP("precisionlab-cli is not built");
    const QString today = QDate::currentDate().toString(Qt::ISODate);
    const CliRun given =
        cli({"progress", "readiness", "--db", database(QString()), "--exam-date", "2020-01-01"});
    QCOMPARE(given.exitCode, 2);
    QVERIFY2(given.err.startsWith("precisionlab-cli progress: --exam-date: 2020-01-01 is not "
                                  "after today (" +
                                  today + "): readiness needs an exam date in the future\n"),
             qPrintable(given.err));
  }

  // A bad stored date blamed --exam-date, which was not given.
  void readinessBlamesTheStoredDateNotTheOption() {
    if (cliPath().isEmpty()) QSKIP("precisionlab-cli is not built");
    const CliRun r = cli({"progress", "readiness", "--db", database("2027-13-01")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.startsWith("precisionlab-cli progress: the exam date stored for profile "
                              "\"ana\" (no --exam-date given): \"2027-13-01\" is not a date like "
                              "2027-01-15 (YYYY-MM-DD); give --exam-date YYYY-MM-DD, or set the "
                              "date in the app (Progress, \"My exam is on\")\n"),
             qPrintable(r.err));
    QVERIFY2(!r.err.contains("--exam-date:"), qPrintable(r.err));
  }

  // --- progress optimize: nothing fitted, nothing compared ------------------------------------

  void optimizeThatFitsNothingSaysTheParametersAreKept() {
    if (cliPath().isEmpty()) QSKIP("precisionlab-cli is not built");
    const CliRun r = cli({"progress", "optimize", "--db", database(QString(), true)});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QStringList lines = r.out.split('\n');
    QVERIFY2(lines.size() >= 3, qPrintable(r.out));
    QVERIFY2(lines[0].startsWith("Too few reviews to fit (6 reviews, 3 training items; ") &&
                 lines[0].endsWith("fewer than 8): the current parameters are kept."),
             qPrintable(r.out));
    QVERIFY2(lines[1].startsWith("nothing was fitted: the parameters in use are kept (on this "
                                 "log: log loss "),
             qPrintable(r.out));
    QVERIFY2(!r.out.contains("fitted 0.") && !r.out.contains("previous"), qPrintable(r.out));
  }

  // --- bank problems: the total is every problem, the list stops at 50 -----------------------

  void problemCountsAreTheTrueTotal_data() {
    QTest::addColumn<QString>("format");  // empty: BankLoader (a JSON bank), else a format name
    QTest::addColumn<int>("questions");
    QTest::addColumn<int>("badLinks");  // per question: one problem each
    QTest::addColumn<int>("options");   // 7: one problem per question
    QTest::addColumn<QString>("why");
    const QString link = QStringLiteral("unknown scenario id 'no-such-scenario'");
    const QString seven = QStringLiteral("has 7 options; a question needs 2 to 6");
    QTest::newRow("JSON bank, 10000") << QString() << 2500 << 4 << 4 << link;
    QTest::newRow("JSON import, 10000") << BankFormat::Json.name() << 2500 << 4 << 4 << link;
    QTest::newRow("GIFT, 51") << BankFormat::Gift.name() << 51 << 1 << 4 << link;
    QTest::newRow("Anki text, 5000") << BankFormat::AnkiText.name() << 5000 << 0 << 7 << seven;
    QTest::newRow("apkg, 105") << BankFormat::AnkiPackage.name() << 105 << 0 << 7 << seven;
  }
  void problemCountsAreTheTrueTotal() {
    QFETCH(QString, format);
    QFETCH(int, questions);
    QFETCH(int, badLinks);
    QFETCH(int, options);
    QFETCH(QString, why);
    const int total = questions * std::max(1, badLinks);
    const QString more = QStringLiteral("... and %1 more problems").arg(total - 50);
    const QuestionBank bank = bankOf(questions, badLinks, options);
    if (format.isEmpty()) {
      const BankLoadResult r = BankLoader::loadJson(BankJsonWriter::write(bank));
      QCOMPARE(r.problemCount(), total);
      QCOMPARE(r.problems.size(), BankLoader::kMaxProblems + 1);
      QCOMPARE(r.problems.last().toString(), more);
      return;
    }
    const BankFormat f(format);
    const QByteArray data = BankInterchange::exportData(bank, f);
    QVERIFY(!data.isEmpty());
    const BankImportResult r = BankInterchange::importData(data, f, "hostile.txt");
    QCOMPARE(r.problemCount(), total);
    QCOMPARE(r.problems.size(), BankInterchange::kMaxProblems + 1);
    QCOMPARE(r.problems.last().toString(), "hostile.txt: " + more);
    for (const ImportProblem& p : r.problems.mid(0, 50))
      QVERIFY2(p.message.contains(why), qPrintable(p.toString()));
  }

  // The CLI's summary counts every problem, for `bank check` and `bank import` alike.
  void cliCountsEveryProblem() {
    if (cliPath().isEmpty()) QSKIP("precisionlab-cli is not built");
    const QString json = dir_.filePath("links.json"), deck = dir_.filePath("links.txt");
    QVERIFY(writeFile(json, BankJsonWriter::write(bankOf(2500, 4))));
    QVERIFY(writeFile(deck, BankInterchange::exportData(bankOf(5000, 0, 7), BankFormat::AnkiText)));
    const CliRun check = cli({"bank", "check", json});
    QCOMPARE(check.exitCode, 1);
    QVERIFY2(check.out.startsWith(json + ": 10000 problems\n") &&
                 check.out.endsWith("\n  ... and 9950 more problems\n"),
             qPrintable(check.out.left(2000)));
    const CliRun import = cli({"bank", "import", "--format", "anki", deck});
    QCOMPARE(import.exitCode, 1);
    QVERIFY2(import.err.startsWith(deck + ": 5000 problems, nothing imported\n") &&
                 import.err.endsWith(" ... and 4950 more problems\n"),
             qPrintable(import.err.left(2000)));
  }

  // --- Moodle XML: not UTF-8 is said, with its line and offset -------------------------------

  void moodleXmlThatIsNotUtf8SaysSo() {
    // A <quiz> root and a byte that is not UTF-8 read "the root element must be <quiz>".
    const QByteArray xml =
        "<?xml version=\"1.0\"?>\n<quiz>\n<question type=\"multichoice\">"
        "<name><text>caf\xe9</text></name></question>\n</quiz>\n";
    const qsizetype offset = xml.indexOf('\xe9');
    BankImportResult r = importText(xml, BankFormat::MoodleXml, "latin.xml");
    QCOMPARE(problems(r),
             QStringLiteral("latin.xml:3: not UTF-8 text: the byte \\xe9 at offset %1 is not "
                            "valid UTF-8; save the file as UTF-8, or name its encoding in the XML "
                            "declaration (<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>)")
                 .arg(offset));
    // Declared, the same bytes are read.
    QByteArray declared = xml;
    declared.replace("<?xml version=\"1.0\"?>", "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>");
    r = importText(declared, BankFormat::MoodleXml, "latin.xml");
    QVERIFY2(!problems(r).contains("UTF-8"), qPrintable(problems(r)));
    // The text formats name the line and offset too.
    const QByteArray gift = "::q1::Tea? {=a ~b}\n\n::q2::Caf\xe9? {=a ~b}\n";
    r = importText(gift, BankFormat::Gift, "cafe.gift");
    QCOMPARE(problems(r), QStringLiteral("cafe.gift:3: not UTF-8 text: the byte \\xe9 at offset %1 "
                                         "is not valid UTF-8; save the file as UTF-8 and try "
                                         "again")
                              .arg(gift.indexOf('\xe9')));
  }

  // --- bank check --lint: bounded lines and a bounded count per rule -----------------------

  void lintOutputIsBounded() {
    if (cliPath().isEmpty()) QSKIP("precisionlab-cli is not built");
    // 400 questions whose multiple-answer stems say no count (one warning each) and whose wrong
    // options all ask for more GPUs (one never-keyed-theme warning naming 400 options).
    QuestionBank bank = bankOf(400);
    for (Question& q : bank.questions) {
      q.answer = AnswerKind::Multiple;
      q.options[1].correct = true;
      q.options[2].text = QStringLiteral("Move the job to more GPUs (%1)").arg(q.id);
    }
    const QString path = dir_.filePath("cues.json");
    QVERIFY(writeFile(path, BankJsonWriter::write(bank)));
    QVector<LintWarning> warnings;
    QHash<QString, int> perRule;
    for (const LintWarning& w : BankLint::check(bank))
      if (!w.informational()) {
        warnings << w;
        ++perRule[w.rule];
      }
    QCOMPARE(perRule.value("multiple-count"), 400);
    QVERIFY(perRule.value("never-keyed-theme") >= 1);
    const CliRun r = cli({"bank", "check", "--lint", path});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(
        r.out.contains(QStringLiteral("\n%1: %2 lint warnings\n").arg(path).arg(warnings.size())),
        qPrintable(r.out.left(3000)));
    for (auto it = perRule.cbegin(); it != perRule.cend(); ++it) {
      const int shown = int(r.out.count(QStringLiteral("[%1]\n").arg(it.key())));
      QCOMPARE(shown, std::min(it.value(), 20));
      if (it.value() > 20)
        QVERIFY2(r.out.contains(QStringLiteral("\n  ... and %1 more %2 warnings (the first 20 are "
                                               "shown)\n")
                                    .arg(it.value() - 20)
                                    .arg(it.key())),
                 qPrintable(it.key()));
    }
    for (const QString& line : r.out.split('\n')) QVERIFY2(line.size() < 1000, qPrintable(line));
    QVERIFY2(r.out.contains("q00001 c, q00002 c, q00003 c, q00004 c, q00005 c, q00006 c, q00007 "
                            "c, q00008 c, q00009 c, q00010 c and 390 more"),
             qPrintable(r.out.left(3000)));
  }
};

QTEST_GUILESS_MAIN(TestHostileQuiz4)
#include "tst_hostilequiz4.moc"
