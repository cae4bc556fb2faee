// Hostile inputs, round 2 (issue 25), for the quiz library: the new bank formats (GIFT, Moodle
// XML, Anki text), the one output writer and the progress store. Each case is one the hostile run
// found: a crash, a hang, lost or wrongly imported data, or a message that sends the user the
// wrong way. The cases that need root (an immutable file, a mount) skip, saying so, without it.
#include "../support/LinearTime.h"
#include "bank_import_helpers.h"
#include "quiz/BankInterchange.h"
#include "quiz/BankLoader.h"
#include "quiz/OutputFile.h"
#include "quiz/ProgressDatabase.h"
#include "quiz/ProgressStore.h"

#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>
#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStringDecoder>
#include <QTemporaryDir>
#include <QTest>

#include <cerrno>

using namespace precisionlab::quiz;

namespace {

using bank_import_helpers::builtIn;
using bank_import_helpers::importText;
using bank_import_helpers::problems;

QByteArray giftQuestion(int i, const QByteArray& close = "}") {
  return "::q" + QByteArray::number(i) + "::Question " + QByteArray::number(i) +
         "? {\n  =right\n  ~wrong\n" + close + "\n\n";
}

bool isFifo(const QString& path) {
  struct stat st {};
  return ::lstat(QFile::encodeName(path).constData(), &st) == 0 && S_ISFIFO(st.st_mode);
}

bool run(const QString& program, const QStringList& args) {
  QProcess p;
  p.start(program, args);
  return p.waitForFinished(20000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

QByteArray fileHash(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}

void exec(const QString& db, const char* sql) {
  sqlite3* h = nullptr;
  sqlite3_open(QFile::encodeName(db).constData(), &h);
  sqlite3_exec(h, sql, nullptr, nullptr, nullptr);
  sqlite3_close(h);
}

qint64 seed(const QString& path, int attempts) {
  ProgressStore store;
  ProgressStore::Options options;
  options.backupAtOpen = false;
  if (!store.open(path, options).result().ok()) return 0;
  const qint64 id = store.addProfile("Ana").result().profile.id;
  for (int i = 0; i < attempts; ++i) {
    Attempt a;
    a.profileId = id;
    a.bankId = "bank";
    a.questionId = QString("q%1").arg(i);
    a.domain = "d";
    a.chosenOptionIds = {"a"};
    a.correct = true;
    a.timeTakenMs = 1000;
    store.recordAttempt(a).result();
  }
  store.backup(true).result();
  return id;
}

// A tmpfs of `size` at `dir` (root only); false if this machine does not allow it.
bool mountTmpfs(const QString& dir, const QString& size) {
  return run("mount", {"-t", "tmpfs", "-o", "size=" + size, "tmpfs", dir});
}

}  // namespace

class TestHostileQuiz : public QObject {
  Q_OBJECT
 private slots:
  // --- Moodle XML -------------------------------------------------------------------------

  void deepMoodleXmlIsRefusedNotACrash() {
    // Qt's readElementText(IncludeChildElements) recursed per level: 60,000 levels (420 KB)
    // overflowed the stack and killed the CLI and the app.
    const int levels = 100000;
    QByteArray xml = "<quiz>\n<question type=\"multichoice\">\n<questiontext><text>";
    xml += QByteArray("<b>").repeated(levels) + "deep" + QByteArray("</b>").repeated(levels);
    xml += "</text></questiontext></question>\n</quiz>\n";
    const BankImportResult r = importText(xml, BankFormat::MoodleXml, "deep.xml");
    QVERIFY(!r.ok());
    QVERIFY2(problems(r).contains("nested deeper than"), qPrintable(problems(r)));
    QVERIFY2(problems(r).startsWith("deep.xml:3"), qPrintable(problems(r)));
  }

  void moodleXmlDtdIsRefused() {
    // Moodle XML needs no DTD; entity declarations expanded 5.7 MB into 4.3 GB.
    const QByteArray xml =
        "<?xml version=\"1.0\"?>\n<!DOCTYPE quiz [<!ENTITY e \"expanded\">]>\n<quiz>"
        "<question type=\"multichoice\"><questiontext><text>&e;?</text></questiontext>"
        "<answer fraction=\"100\"><text>x</text></answer><answer fraction=\"0\"><text>y</text>"
        "</answer></question></quiz>";
    const BankImportResult r = importText(xml, BankFormat::MoodleXml, "dtd.xml");
    QVERIFY(!r.ok());
    QVERIFY2(problems(r).contains("DOCTYPE"), qPrintable(problems(r)));
    QVERIFY2(problems(r).startsWith("dtd.xml:2"), qPrintable(problems(r)));
  }

  void moodleXmlInItsDeclaredEncoding() {
    // A declared ISO-8859-1 and a UTF-16 file with a BOM were refused as "not UTF-8".
    const QString body = QString::fromUtf8(
        "<quiz><question type=\"multichoice\"><name><text>caf\xC3\xA9</text></name>"
        "<questiontext format=\"plain_text\"><text>Caf\xC3\xA9 or tea?</text></questiontext>"
        "<answer fraction=\"100\"><text>caf\xC3\xA9</text></answer>"
        "<answer fraction=\"0\"><text>tea</text></answer></question></quiz>\n");
    const QByteArray latin1 = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n" + body.toLatin1();
    BankImportResult r = importText(latin1, BankFormat::MoodleXml, "latin1.xml");
    QVERIFY2(r.ok(), qPrintable(problems(r)));
    QCOMPARE(r.bank->questions.first().stem, QString::fromUtf8("Caf\xC3\xA9 or tea?"));
    QStringEncoder utf16(QStringEncoder::Utf16LE, QStringEncoder::Flag::WriteBom);
    const QByteArray wide = utf16.encode(QStringLiteral("<?xml version=\"1.0\"?>\n") + body);
    r = importText(wide, BankFormat::MoodleXml, "utf16.xml");
    QVERIFY2(r.ok(), qPrintable(problems(r)));
    QCOMPARE(r.bank->questions.first().options.first().text, QString::fromUtf8("caf\xC3\xA9"));
  }

  void moodleXmlQuestionCapWhileReading() {
    QByteArray xml = "<quiz>\n";
    const QByteArray q =
        "<question type=\"multichoice\"><questiontext><text>Q?</text></questiontext>"
        "<answer fraction=\"100\"><text>x</text></answer><answer fraction=\"0\"><text>y</text>"
        "</answer></question>\n";
    xml += q.repeated(BankInterchange::kMaxQuestions + 10) + "</quiz>\n";
    const BankImportResult r = importText(xml, BankFormat::MoodleXml, "many.xml");
    QVERIFY(!r.ok());
    QCOMPARE(r.problems.size(), 1);
    QVERIFY2(problems(r).contains("more than 5000 questions"), qPrintable(problems(r)));
    QVERIFY2(problems(r).startsWith("many.xml:5002"), qPrintable(problems(r)));
  }

  void moodleXmlIsLinear() {
    const auto t = precisionlab::testing::measureLinearTime(
        [](size_t n) {
          QByteArray xml = "<quiz>\n";
          const QByteArray q =
              "<question type=\"multichoice\"><name><text>n</text></name><questiontext "
              "format=\"html\"><text><![CDATA[<p>" +
              QByteArray("Which one? ").repeated(40) +
              "</p>]]></text></questiontext><answer fraction=\"100\"><text>x</text></answer>"
              "<answer fraction=\"0\"><text>y</text></answer></question>\n";
          xml += q.repeated(static_cast<qsizetype>(n)) + "</quiz>\n";
          importText(xml, BankFormat::MoodleXml);
        },
        250, 2500);
    qInfo("%s", t.describe().c_str());
    QVERIFY2(t.linear(), t.describe().c_str());
  }

  // --- GIFT --------------------------------------------------------------------------------

  void giftUnclosedBlockDoesNotSwallowTheRest() {
    // "{" without "}" in question 2 made the other 48 questions its stem: "ok (2 questions)".
    QByteArray gift;
    for (int i = 1; i <= 50; ++i) {
      if (i == 2)
        gift += "::q2::Question 2? {\n  =right\n  ~wrong\n\n";
      else if (i == 30)
        gift += "::q30::Short answer? {=only}\n\n";  // a second, separate problem
      else
        gift += giftQuestion(i);
    }
    const BankImportResult r = importText(gift, BankFormat::Gift, "week.gift");
    QVERIFY(!r.ok());
    const QString all = problems(r);
    QCOMPARE(r.problems.size(), 2);
    QVERIFY2(r.problems.at(0).toString().startsWith("week.gift:6:"), qPrintable(all));
    QVERIFY2(r.problems.at(0).message.contains("opened on line 6 has no closing }"),
             qPrintable(all));
    QCOMPARE(r.problems.at(0).question, QString("q2"));
    QVERIFY2(r.problems.at(1).question == "q30", qPrintable(all));
    QVERIFY2(r.problems.at(1).message.contains("short-answer"), qPrintable(all));
  }

  void giftWeightsMustBeFiniteNumbers() {
    // toDouble read "nan" and "inf": %inf% marked an option correct.
    for (const char* w : {"inf", "nan", "-inf", "1e999", "150"}) {
      const QByteArray gift = QByteArray("::w::Pick? {\n  ~%") + w + "%a\n  ~%-100%b\n}\n";
      const BankImportResult r = importText(gift, BankFormat::Gift, "w.gift");
      QVERIFY2(!r.ok(), w);
      QVERIFY2(problems(r).contains("from -100 to 100"), qPrintable(problems(r)));
    }
  }

  void optionIdsDoNotWrapPastZ() {
    // 'a' + k % 26: the 27th option was a second "a".
    QByteArray gift = "::many::Pick one? {\n  =right\n";
    for (int i = 0; i < 26; ++i) gift += "  ~wrong " + QByteArray::number(i) + "\n";
    gift += "}\n";
    const BankImportResult r = importText(gift, BankFormat::Gift, "many.gift");
    QVERIFY(!r.ok());
    QVERIFY2(problems(r).contains("27 answers is more than the 26"), qPrintable(problems(r)));
  }

  void giftIsLinear() {
    const auto t = precisionlab::testing::measureLinearTime(
        [](size_t n) {
          QByteArray gift;
          for (size_t i = 0; i < n; ++i) gift += giftQuestion(int(i) % 4000);
          importText(gift, BankFormat::Gift);
        },
        300, 2500);
    qInfo("%s", t.describe().c_str());
    QVERIFY2(t.linear(), t.describe().c_str());
  }

  void giftUnclosedBlocksAreLinear() {
    // Found by the GIFT fuzz target's crafted inputs: a config.json read as GIFT (one long line,
    // { inside {) took 76 s under ASan, each position copying the rest of the text.
    const auto oneLine = precisionlab::testing::measureLinearTime(
        [](size_t n) {
          importText("::t::Q " + QByteArray("{\"k\": {=a ~b ").repeated(qsizetype(n)),
                     BankFormat::Gift);
        },
        20000, 1000000);
    qInfo("one line: %s", oneLine.describe().c_str());
    QVERIFY2(oneLine.linear(), oneLine.describe().c_str());
    const auto lines = precisionlab::testing::measureLinearTime(
        [](size_t n) {
          importText(QByteArray("::t::Q {=a ~b\n").repeated(qsizetype(n)), BankFormat::Gift);
        },
        2000, 400000);
    qInfo("lines: %s", lines.describe().c_str());
    QVERIFY2(lines.linear(), lines.describe().c_str());
  }

  // --- Anki text ---------------------------------------------------------------------------

  void ankiImportIsLinear() {
    // Every note scanned every other note for distractors: 20,000 notes took 10.6 s.
    const auto t = precisionlab::testing::measureLinearTime(
        [](size_t n) {
          QByteArray deck = "#separator:tab\n";
          const QByteArray back = QByteArray("the same answer ").repeated(120);
          for (size_t i = 0; i < n; ++i)
            deck += "Front " + QByteArray::number(qulonglong(i)) + "\t" + back + "\n";
          importText(deck, BankFormat::AnkiText);
        },
        600, 5000);
    qInfo("%s", t.describe().c_str());
    QVERIFY2(t.linear(), t.describe().c_str());
  }

  void ankiNoteCapWhileReading() {
    QByteArray deck = "#separator:tab\n";
    for (int i = 0; i < BankInterchange::kMaxQuestions + 100; ++i)
      deck += "Q" + QByteArray::number(i) + "\tA" + QByteArray::number(i % 7) + "\n";
    const BankImportResult r = importText(deck, BankFormat::AnkiText, "deck.txt");
    QVERIFY(!r.ok());
    QCOMPARE(r.problems.size(), 1);
    QVERIFY2(problems(r).contains("more than 5000 notes"), qPrintable(problems(r)));
    QVERIFY2(problems(r).startsWith("deck.txt:5002"), qPrintable(problems(r)));
  }

  // --- Every format ------------------------------------------------------------------------

  void problemListIsBounded() {
    // One malformed file printed 99,976 problem lines.
    QByteArray deck = "#separator:tab\n";
    for (int i = 0; i < 3000; ++i) deck += "only a front " + QByteArray::number(i) + "\n";
    const BankImportResult r = importText(deck, BankFormat::AnkiText, "fronts.txt");
    QCOMPARE(r.problems.size(), BankInterchange::kMaxProblems + 1);
    QVERIFY2(r.problems.last().toString().contains("... and 2950 more problems"),
             qPrintable(r.problems.last().toString()));
  }

  void nulAndControlCharactersAreRefused() {
    // NUL bytes were imported into banks and shown; escape sequences reached the terminal.
    BankImportResult r = importText(
        QByteArray("::nul::Stem with a ") + QByteArray(1, '\0') + " NUL? {\n  =a\n  ~b\n}\n",
        BankFormat::Gift, "nul.gift");
    QVERIFY(!r.ok());
    QVERIFY2(problems(r).contains("control character U+0000"), qPrintable(problems(r)));
    r = importText("::t\x1b]0;owned\x07::Q? {=a}\n", BankFormat::Gift, "esc.gift");
    QVERIFY(!r.ok());
    for (const ImportProblem& p : r.problems) {
      QVERIFY2(!p.toString().contains(QChar(0x1b)), qPrintable(p.toString()));
      QVERIFY2(!p.toString().contains(QChar(0x07)), qPrintable(p.toString()));
    }
    QVERIFY2(problems(r).contains("\\e]0;owned"), qPrintable(problems(r)));
  }

  void messagesNameTheCause() {
    // Issue 39: an unclosed quote in an Anki text file read "a note needs a front and a back
    // field"; a NUL byte in Moodle XML was cut out of the message ("Unexpected ''"); a bank
    // schema of 2^31 read "expected an integer".
    BankImportResult r = importText("#separator:tab\nfront\tback\n\"open\tback\nmore\tnotes\n",
                                    BankFormat::AnkiText, "quote.txt");
    QVERIFY(!r.ok());
    QVERIFY2(problems(r).contains("quote.txt:3: a quote (\") that opens a field here is never "
                                  "closed"),
             qPrintable(problems(r)));
    QVERIFY2(!problems(r).contains("front and a back"), qPrintable(problems(r)));
    r = importText(QByteArray("<quiz><question type=\"multichoice\"><name><text>q") +
                       QByteArray(1, '\0') + "</text></name></question></quiz>",
                   BankFormat::MoodleXml, "nul.xml");
    QVERIFY(!r.ok());
    QVERIFY2(problems(r).contains("\\x00"), qPrintable(problems(r)));
    const BankLoadResult bank = BankLoader::loadJson(R"({"schema": 2147483648, "questions": []})");
    QVERIFY(!bank.bank);
    QStringList texts;
    for (const BankProblem& p : bank.problems) texts << p.toString();
    QVERIFY2(texts.join('\n').contains("schema 2147483648 is not a schema version"),
             qPrintable(texts.join('\n')));
  }

  // --- Output files ------------------------------------------------------------------------

  void exportNeverReplacesAFifo() {
    // QSaveFile renamed over whatever was at the path (as root, --out /dev/null would have
    // replaced the machine's /dev/null).
    QTemporaryDir dir;
    const QString fifo = dir.filePath("out.gift");
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const QString error = BankInterchange::exportFile(builtIn(), BankFormat::Gift, fifo);
    QVERIFY2(error.contains("not a regular file"), qPrintable(error));
    QVERIFY(isFifo(fifo));
    QVERIFY(!outputFileRefusal("/dev/null").isEmpty());

    ProgressStore store;
    QVERIFY(store.open(dir.filePath("p.sqlite3")).result().ok());
    const QString csv = dir.filePath("out.csv");
    QCOMPARE(::mkfifo(QFile::encodeName(csv).constData(), 0600), 0);
    const ExportResult r = store.exportCsv(0, csv).result();
    QVERIFY(!r.ok);
    QVERIFY2(r.error.contains("not a regular file"), qPrintable(r.error));
    QVERIFY(isFifo(csv));
  }

  void exportSaysAFullDiskInWords() {
    // A full disk on `bank export` read "Unknown error".
    QTemporaryDir dir;
    const QString mnt = dir.filePath("small");
    QVERIFY(QDir().mkpath(mnt));
    if (!mountTmpfs(mnt, "16k")) QSKIP("mounting a tmpfs needs root");
    const QString error =
        BankInterchange::exportFile(builtIn(), BankFormat::Json, mnt + "/bank.json");
    run("umount", {mnt});
    QVERIFY2(error.contains("the disk is full"), qPrintable(error));
  }

  // --- The progress store ------------------------------------------------------------------

  void fifoProgressFileIsRefusedAtOnce() {
    // Only folders were refused; SQLite's open of a FIFO blocked forever, the app never quit.
    QTemporaryDir dir;
    const QString fifo = dir.filePath("progress.sqlite3");
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    QElapsedTimer timer;
    timer.start();
    ProgressStore store;
    const OpenReport report = store.open(fifo).result();
    QVERIFY(!report.ok());
    QVERIFY2(report.message.contains("not a regular file"), qPrintable(report.message));
    QVERIFY(timer.elapsed() < 10000);
    QVERIFY(isFifo(fifo));
  }

  void newerSchemaIsNeverWritten() {
    // The probing connection's close ran a backup that wrote meta.dirty into the newer file.
    QTemporaryDir dir;
    const QString path = dir.filePath("progress.sqlite3");
    QVERIFY(seed(path, 3) > 0);
    exec(path,
         "PRAGMA journal_mode=DELETE; UPDATE meta SET value = '1' WHERE key = 'dirty'; "
         "PRAGMA user_version = 99");
    QDir(ProgressStore::backupDir(path)).removeRecursively();
    const QByteArray before = fileHash(path);
    {
      ProgressStore::Options options;
      options.backupAtOpen = true;
      options.minBackupIntervalMs = 0;
      ProgressStore store;
      const OpenReport report = store.open(path, options).result();
      QVERIFY2(report.outcome == OpenReport::Outcome::NewerReadOnly, qPrintable(report.message));
    }
    QCOMPARE(fileHash(path), before);
    QVERIFY(QDir(ProgressStore::backupDir(path)).entryList(QDir::Files).isEmpty());
  }

  void unwritableReasonsAreEachTheirOwn() {
    // Every failed write was "Another program ... is using your progress file".
    const QString full = ProgressDatabase::unwritableReason(SQLITE_FULL, 0, 0);
    const QString mount = ProgressDatabase::unwritableReason(SQLITE_READONLY, EROFS, EROFS);
    const QString immutable = ProgressDatabase::unwritableReason(SQLITE_READONLY, EPERM, 0);
    const QString denied = ProgressDatabase::unwritableReason(SQLITE_READONLY, EACCES, 0);
    const QString folder = ProgressDatabase::unwritableReason(SQLITE_CANTOPEN, 0, EACCES);
    QVERIFY(full.contains("full"));
    QVERIFY(mount.contains("mounted read-only"));
    QVERIFY(immutable.contains("immutable"));
    QVERIFY(denied.contains("no permission to write the file"));
    QVERIFY(folder.contains("its folder"));
    QVERIFY(ProgressDatabase::unwritableReason(SQLITE_BUSY, 0, 0).isEmpty());  // a lock
  }

  void immutableProgressFileSaysSo() {
    QTemporaryDir dir;
    const QString path = dir.filePath("progress.sqlite3");
    QVERIFY(seed(path, 2) > 0);
    exec(path, "PRAGMA journal_mode=DELETE");
    if (!run("chattr", {"+i", path})) QSKIP("chattr +i needs root and ext2/3/4 or similar");
    OpenReport report;
    {
      ProgressStore store;
      report = store.open(path).result();
    }
    run("chattr", {"-i", path});
    QVERIFY2(report.outcome == OpenReport::Outcome::UnwritableReadOnly, qPrintable(report.message));
    QVERIFY2(report.message.contains("immutable"), qPrintable(report.message));
    QVERIFY(!report.message.contains("Another program"));
    QVERIFY(report.readOnly);
  }

  void readOnlyMountAndFullDiskSaySo() {
    QTemporaryDir dir;
    const QString mnt = dir.filePath("disk");
    QVERIFY(QDir().mkpath(mnt));
    if (!mountTmpfs(mnt, "1m")) QSKIP("mounting a tmpfs needs root");
    const QString path = mnt + "/progress.sqlite3";
    const QString wal = mnt + "/wal.sqlite3";  // as the app leaves it: in WAL mode
    const bool seeded = seed(path, 2) > 0 && seed(wal, 2) > 0;
    exec(path, "PRAGMA journal_mode=DELETE");
    OpenReport readOnly, walReadOnly, full;
    if (seeded && run("mount", {"-o", "remount,ro", mnt})) {
      {
        ProgressStore store;
        readOnly = store.open(path).result();
      }
      {
        ProgressStore store;
        walReadOnly = store.open(wal).result();
      }
      run("mount", {"-o", "remount,rw", mnt});
    }
    {
      QFile filler(mnt + "/filler");  // the disk full to the last byte
      if (filler.open(QIODevice::WriteOnly)) {
        const QByteArray block(4096, 'x');
        while (filler.write(block) == block.size() && filler.flush()) {
        }
      }
    }
    if (seeded) {
      ProgressStore store;
      full = store.open(path).result();
    }
    run("umount", {mnt});
    QVERIFY(seeded);
    QVERIFY2(readOnly.outcome == OpenReport::Outcome::UnwritableReadOnly,
             qPrintable(readOnly.message));
    QVERIFY2(readOnly.message.contains("mounted read-only"), qPrintable(readOnly.message));
    QVERIFY2(walReadOnly.message.contains("mounted read-only"), qPrintable(walReadOnly.message));
    QVERIFY(!walReadOnly.message.contains("Another program"));
    QVERIFY2(!full.message.contains("Another program"), qPrintable(full.message));
    QVERIFY2(full.message.contains("full"), qPrintable(full.message));
  }

  void aProgressFileThatCannotBeCreatedIsNotLeftEmpty() {
    // Issue 39: a disk full when the progress database was created left a 0-byte p.sqlite3
    // (the message itself was right), which the next start read as a truncated file.
    QTemporaryDir dir;
    const QString mnt = dir.filePath("full");
    QVERIFY(QDir().mkpath(mnt));
    if (!mountTmpfs(mnt, "64k")) QSKIP("mounting a tmpfs needs root");
    {
      QFile filler(mnt + "/filler");  // the disk full to the last byte
      if (filler.open(QIODevice::WriteOnly)) {
        const QByteArray block(4096, 'x');
        while (filler.write(block) == block.size() && filler.flush()) {
        }
      }
    }
    OpenReport report;
    {
      ProgressStore store;
      report = store.open(mnt + "/p.sqlite3").result();
    }
    const QStringList left = QDir(mnt).entryList({"p.sqlite3*"}, QDir::Files);
    run("umount", {mnt});
    QVERIFY2(left.isEmpty(), qPrintable(left.join(", ")));
    QCOMPARE(report.outcome, OpenReport::Outcome::Failed);
    QVERIFY2(report.message.contains("full") && report.message.contains("Nothing was left"),
             qPrintable(report.message));
  }

  void readOnlyFileSaysSo() {
    // A progress file its user may not write (mode 0444 in a writable folder): read-only, with
    // its own reason, not a lock, and not changed. Root writes any file, so as root the open runs
    // with the effective user nobody.
    QTemporaryDir dir;
    QVERIFY(::chmod(QFile::encodeName(dir.path()).constData(), 0777) == 0);
    const QString path = dir.filePath("progress.sqlite3");
    QVERIFY(seed(path, 2) > 0);
    exec(path, "PRAGMA journal_mode=DELETE");
    QVERIFY(::chmod(QFile::encodeName(path).constData(), 0444) == 0);
    const QByteArray before = fileHash(path);
    const bool root = ::geteuid() == 0;
    if (root && ::seteuid(65534) != 0) QSKIP("cannot take the user nobody's identity");
    OpenReport report;
    {
      ProgressStore store;
      report = store.open(path).result();
    }
    if (root) QVERIFY(::seteuid(0) == 0);
    QVERIFY2(report.outcome == OpenReport::Outcome::UnwritableReadOnly, qPrintable(report.message));
    QVERIFY2(report.message.contains("no permission to write the file"),
             qPrintable(report.message));
    QVERIFY(!report.message.contains("Another program"));
    QVERIFY(report.readOnly);
    QCOMPARE(fileHash(path), before);
  }

  void deviceAtTheProgressPathIsRefused() {
    // A device (here a link to /dev/null, which needs no root) is no database: refused at once,
    // the link and the device left as they are.
    QTemporaryDir dir;
    const QString path = dir.filePath("progress.sqlite3");
    QVERIFY(QFile::link("/dev/null", path));
    ProgressStore store;
    const OpenReport report = store.open(path).result();
    QVERIFY(!report.ok());
    QVERIFY2(report.message.contains("not a regular file"), qPrintable(report.message));
    QVERIFY(QFileInfo(path).isSymLink());
    struct stat st {};
    QVERIFY(::stat("/dev/null", &st) == 0 && S_ISCHR(st.st_mode));
  }

  void stalePartialBackupsGoAtOpen() {
    // Interrupted backups left .partial files (1.06 GB after 8 kills) for 10 minutes.
    QTemporaryDir dir;
    const QString path = dir.filePath("progress.sqlite3");
    QVERIFY(seed(path, 2) > 0);
    QProcess gone;  // a process id that no longer runs
    gone.start("sleep", {"0.2"});
    QVERIFY(gone.waitForStarted(10000));
    const qint64 deadPid = gone.processId();
    QVERIFY(deadPid > 0);
    QVERIFY(gone.waitForFinished(10000));
    const QString backups = ProgressStore::backupDir(path);
    const QString dead = QDir(backups).filePath(
        QString("progress-20260101-000000-000.sqlite3.partial.%1").arg(deadPid));
    const QString alive = QDir(backups).filePath(
        QString("progress-20260101-000000-001.sqlite3.partial.%1").arg(::getpid()));
    for (const QString& f : {dead, alive}) {
      QFile file(f);
      QVERIFY(file.open(QIODevice::WriteOnly));
      file.write("half a backup");
    }
    ProgressStore::Options options;
    options.backupAtOpen = false;
    ProgressStore store;
    QVERIFY(store.open(path, options).result().ok());
    QVERIFY(!QFile::exists(dead));
    QVERIFY(QFile::exists(alive));  // its process runs: perhaps another window backing up
  }

  void damagedSymlinkedDatabaseKeepsTheLink() {
    // A damaged progress file that is a symbolic link had the link renamed aside.
    QTemporaryDir dir;
    const QString real = dir.filePath("synced/progress.sqlite3");
    QVERIFY(QDir().mkpath(dir.filePath("synced")));
    const QString link = dir.filePath("progress.sqlite3");
    QVERIFY(seed(real, 3) > 0);
    exec(real, "PRAGMA journal_mode=DELETE");
    QVERIFY(QFile::link(real, link));
    // The backups are found beside the name the app uses: make one there.
    {
      ProgressStore store;
      ProgressStore::Options options;
      options.backupAtOpen = false;
      QVERIFY(store.open(link, options).result().ok());
      QVERIFY(store.backup(true).result().ok);
    }
    exec(real, "PRAGMA journal_mode=DELETE");
    {
      QFile f(real);
      QVERIFY(f.open(QIODevice::ReadWrite));
      f.write(QByteArray(4096, '\x5a'));
    }
    ProgressStore store;
    const OpenReport report = store.open(link).result();
    QVERIFY2(report.outcome == OpenReport::Outcome::RestoredBackup, qPrintable(report.message));
    QVERIFY(QFileInfo(link).isSymLink());
    QCOMPARE(QFileInfo(link).symLinkTarget(), real);
    QVERIFY(report.movedAsidePath.startsWith(real + ".damaged-"));
    QCOMPARE(store.attempts(0).result().size(), 3);
  }
};

QTEST_GUILESS_MAIN(TestHostileQuiz)
#include "tst_hostilequiz.moc"
