// Anki's own review log into a profile (issue 46, item 2; quiz/AnkiRevlog.h): a CSV of Anki's
// revlog table and the revlog of an Anki package (.colpkg, .apkg), planted here with SQLite and
// ZipWriter, and a collection package written by Anki's own library (tests/quiz/anki_check.py;
// skipped, saying so, without it). Rows are left out as Anki's FSRS optimizer leaves them out
// and counted; cards that are not bank questions feed the FSRS fit and no bank's statistics;
// the first problem of a refused file is named with its line and column.
#include "bank_import_helpers.h"

#include "quiz/AnkiRevlog.h"
#include "quiz/ProgressStore.h"
#include "quiz/ZipArchive.h"

#include <sqlite3.h>
#include <QFile>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace precisionlab::quiz;

namespace {

constexpr qint64 kDay = 86'400'000;
constexpr qint64 kT0 = 1'700'000'000'000;  // 2023-11-14

const QByteArray kHeader = "id,cid,usn,ease,ivl,lastIvl,factor,time,type\r\n";

// One revlog row: review at kT0 + day days (+ minutes), card cid.
QByteArray row(qint64 cid, double day, int ease, int type, int factor = 2500, int timeMs = 6000) {
  const qint64 id = kT0 + static_cast<qint64>(day * kDay);
  return QByteArray::number(id) + "," + QByteArray::number(cid) + ",0," + QByteArray::number(ease) +
         ",1,0," + QByteArray::number(factor) + "," + QByteArray::number(timeMs) + "," +
         QByteArray::number(type) + "\r\n";
}

// Card 1: learned, reviewed (Hard, Easy), with a due date set by hand (type 4, ease 0), a
// cramming review in a filtered deck (type 3, factor 0), a rescheduled row (type 5) and a
// filtered-deck review that rescheduled (type 3, factor 2500: kept, as Anki keeps it).
// Card 2: reviews only, its learning not in the log: left out whole.
// Card 3: learned, reviewed, reset to new (type 4, factor 0), learned again: the rows up to the
// reset left out as history before its last learning steps.
QByteArray plantedLog() {
  return kHeader + row(1, 0, 3, 0) + row(1, 0.01, 3, 0) + row(1, 2, 2, 1) + row(1, 3, 0, 4) +
         row(1, 4, 3, 3, 0) + row(1, 5, 0, 5) + row(1, 7, 4, 1) + row(1, 12, 3, 3, 2500) +
         row(2, 1, 3, 1) + row(2, 6, 1, 1) +  //
         row(3, 0, 1, 0) + row(3, 1, 3, 1) + row(3, 2, 0, 4, 0) + row(3, 2.1, 3, 0) +
         row(3, 5, 3, 1);
}

bool writeFile(const QString& path, const QByteArray& data) {
  QFile f(path);
  return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
}

// A collection with Anki's revlog, cards and notes tables (the columns read), zipped as an
// export holding `entry`.
QByteArray packageOf(const char* sql, const QString& entry = QStringLiteral("collection.anki21")) {
  sqlite3* db = nullptr;
  sqlite3_open(":memory:", &db);
  char* error = nullptr;
  if (sqlite3_exec(db, sql, nullptr, nullptr, &error) != SQLITE_OK) {
    qWarning() << "sqlite:" << error;
    sqlite3_free(error);
  }
  sqlite3_int64 size = 0;
  unsigned char* bytes = sqlite3_serialize(db, "main", &size, 0);
  const QByteArray collection(reinterpret_cast<const char*>(bytes), qsizetype(size));
  sqlite3_free(bytes);
  sqlite3_close(db);
  ZipWriter zip;
  zip.add(entry, collection);
  zip.add(QStringLiteral("media"), QByteArrayLiteral("{}"));
  return zip.finish();
}

struct Imported {
  ImportResult result;
  QVector<Attempt> attempts;  // newest first
  QVector<FsrsRevlogEntry> log;
  Statistics bankStats;
};

Imported importInto(const QString& db, const QString& file, const AnkiCardMatch& match = {},
                    const QString& bankId = QString()) {
  ProgressStore store;
  Imported out;
  if (!store.open(db).result().ok()) return out;
  out.result = store.importRevlogAsNewProfile(QStringLiteral("anki"), file, {}, match).result();
  if (!out.result.ok) return out;
  out.attempts = store.attempts(out.result.profileId).result();
  out.log = store.reviewLog(out.result.profileId).result();
  if (!bankId.isEmpty())
    out.bankStats = store.statistics(out.result.profileId, bankId, kT0 + 30 * kDay).result();
  return out;
}

}  // namespace

class TestAnkiRevlog : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;
  int n_ = 0;
  QString path(const QString& name) { return dir_.filePath(QString::number(++n_) + name); }

 private slots:
  void csvRowsAreKeptAndLeftOutAsAnkisOptimizer() {
    const QString file = path("revlog.csv");
    QVERIFY(writeFile(file, plantedLog()));
    const Imported in = importInto(path("p.db"), file);
    QVERIFY2(in.result.ok, qPrintable(in.result.error));
    const AnkiImportCounts& c = in.result.anki;
    QVERIFY(c.anki);
    QCOMPARE(c.manual, 1);              // card 1's due date
    QCOMPARE(c.cram, 1);                // card 1's type 3, factor 0
    QCOMPARE(c.rescheduled, 1);         // card 1's type 5
    QCOMPARE(c.beforeLastLearning, 3);  // card 3's first learning, review and its reset
    QCOMPARE(c.cardsWithoutLearning, 1);
    QCOMPARE(c.rowsWithoutLearning, 2);
    QCOMPARE(c.otherCards, 2);
    QCOMPARE(c.bankCards, 0);
    QCOMPARE(c.skipped(), 8);
    QCOMPARE(in.result.rows, 15 - 8);
    // Every kept row is an attempt of an Anki card, rated as Anki's ease said.
    QVector<int> card1, card3;
    for (auto it = in.attempts.crbegin(); it != in.attempts.crend(); ++it) {
      QCOMPARE(it->bankId, AnkiRevlog::cardsBankId());
      (it->questionId == QLatin1String("1") ? card1 : card3) << fsrsRating(*it);
    }
    QCOMPARE(card1, (QVector<int>{3, 3, 2, 4, 3}));
    QCOMPARE(card3, (QVector<int>{3, 3}));
    // The optimizer's log holds them all, with the same ratings.
    QCOMPARE(in.log.size(), 7);
  }

  void firstProblemIsNamedWithLineAndColumn_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("expected");
    QTest::newRow("missing column") << QByteArray("id,cid,usn,ease,ivl,lastIvl,time,type\r\n")
                                    << ":1: no column 'factor' in the header";
    QTest::newRow("ease out of range")
        << QByteArray(kHeader + row(1, 0, 3, 0) + row(1, 1, 5, 1))
        << ":3: column 'ease' (field 4) is \"5\"; it must be a whole number from 0 to 4";
    // Two problems on one row: the one further left is named.
    QTest::newRow("first of two") << QByteArray(kHeader + "17000000x,1,0,9,1,0,0,0,7\r\n")
                                  << ":2: column 'id' (field 1) is \"17000000x\"";
    QTest::newRow("type beyond Anki's")
        << QByteArray(kHeader + row(1, 0, 3, 6)) << ":2: column 'type' (field 9) is \"6\"";
    QTest::newRow("repeated review")
        << QByteArray(kHeader + row(1, 0, 3, 0) + row(2, 0, 3, 0) + row(1, 0, 3, 0))
        << ":4: column 'id' is 1700000000000 again for card (cid) 1, as on line 2";
  }
  void firstProblemIsNamedWithLineAndColumn() {
    QFETCH(QByteArray, text);
    QFETCH(QString, expected);
    const QString file = path("bad.csv");
    QVERIFY(writeFile(file, text));
    const QString db = path("p.db");
    const Imported in = importInto(db, file);
    QVERIFY(!in.result.ok);
    QVERIFY2(in.result.error.startsWith(file + expected), qPrintable(in.result.error));
    ProgressStore store;
    QVERIFY(store.open(db).result().ok());
    QVERIFY(store.profiles().result().isEmpty());  // nothing left behind
  }

  // The app's own CSV is still read by its own reader: a file with bank_id is not Anki's.
  void appCsvIsNotTakenForAnkis() {
    QVERIFY(!AnkiRevlog::isAnkiCsv(
        "id,cid,usn,ease,ivl,lastIvl,factor,time,type,bank_id,question_id\r\n"));
    QVERIFY(AnkiRevlog::isAnkiCsv("\xEF\xBB\xBF\"id\",\"cid\",\"ease\"\n1,2,3\n"));
    QVERIFY(!AnkiRevlog::isAnkiCsv("id,ease\n"));
  }

  // A package's collection: the card whose note's guid is a bank question goes to the bank (and
  // its statistics); its sibling card (ord 1) and the other note's card stay apart, in the fit.
  void packageCardsOfTheBankAndApart() {
    const QByteArray package = packageOf(
        "CREATE TABLE notes (id integer PRIMARY KEY, guid text NOT NULL);"
        "CREATE TABLE cards (id integer PRIMARY KEY, nid integer NOT NULL, ord integer NOT NULL);"
        "CREATE TABLE revlog (id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL,"
        " ease integer NOT NULL, ivl integer NOT NULL, lastIvl integer NOT NULL, factor integer"
        " NOT NULL, time integer NOT NULL, type integer NOT NULL);"
        "INSERT INTO notes VALUES (10, 'q-guid'), (20, 'other-guid');"
        "INSERT INTO cards VALUES (100, 10, 0), (101, 10, 1), (200, 20, 0);"
        "INSERT INTO revlog VALUES (1700000000000, 100, 0, 3, 0, 0, 0, 5000, 0),"
        " (1700086400000, 100, 0, 3, 1, 0, 2500, 5000, 1),"
        " (1700000001000, 101, 0, 1, 0, 0, 0, 5000, 0),"
        " (1700172800000, 101, 0, 3, 1, 0, 2500, 5000, 1),"
        " (1700000002000, 200, 0, 4, 0, 0, 0, 5000, 0),"
        " (1700259200000, 200, 0, 0, 0, 0, 2500, 0, 4);");
    const QString file = path("deck.colpkg");
    QVERIFY(writeFile(file, package));
    AnkiCardMatch match{QStringLiteral("bank"), {QStringLiteral("q-guid")}};
    const Imported in = importInto(path("p.db"), file, match, QStringLiteral("bank"));
    QVERIFY2(in.result.ok, qPrintable(in.result.error));
    QCOMPARE(in.result.rows, 5);
    QCOMPARE(in.result.anki.manual, 1);
    QCOMPARE(in.result.anki.bankCards, 1);
    QCOMPARE(in.result.anki.otherCards, 2);
    QCOMPARE(in.bankStats.attempts, 2);  // the bank's statistics: its question only
    QCOMPARE(in.log.size(), 5);          // the fit: every card
    QStringList questions;
    for (const Attempt& a : in.attempts)
      if (!questions.contains(a.bankId + "/" + a.questionId))
        questions << a.bankId + "/" + a.questionId;
    questions.sort();
    QCOMPARE(questions, (QStringList{"anki-cards/101", "anki-cards/200", "bank/q-guid"}));
  }

  void zstdCollectionIsRefusedWithWhatToDo() {
    const QString file = path("new.colpkg");
    QVERIFY(
        writeFile(file, packageOf("CREATE TABLE x (y);", QStringLiteral("collection.anki21b"))));
    const Imported in = importInto(path("p.db"), file);
    QVERIFY(!in.result.ok);
    QVERIFY2(in.result.error.contains("Support older Anki versions"), qPrintable(in.result.error));
    const QString notAnki = path("zip.apkg");
    QVERIFY(writeFile(notAnki, packageOf("CREATE TABLE revlog (id);")));
    const Imported other = importInto(path("p.db"), notAnki);
    QVERIFY2(other.result.error.contains("is not an Anki collection (no revlog, cards and notes"),
             qPrintable(other.result.error));
  }

  // A collection package written by Anki's own library, studied with Anki's scheduler.
  void realAnkiCollectionPackage() {
    const QString file = path("anki.colpkg");
    QList<QJsonObject> rows;
    const QString error =
        bank_import_helpers::runAnkiCheck(QStringLiteral("export-colpkg-revlog"), file, &rows);
    if (error.startsWith("anki not importable"))
      QSKIP(qPrintable("Anki's library is not in the venv: " + error +
                       " (pip install -r packaging/python-requirements.txt)"));
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(rows.size() >= 8);
    // What Anki's rules leave, worked out from Anki's rows here: the card reset to new (its
    // manual row with factor 0 comes after its learning) is left out whole; the due date set by
    // hand is a manual row; every other graded row is kept, with its ease as the rating.
    QHash<qint64, QVector<int>> graded;
    QHash<qint64, bool> reset;
    int manual = 0;
    for (const QJsonObject& r : rows) {
      const qint64 cid = r.value("cid").toInteger();
      if (r.value("type").toInt() == 4 && r.value("factor").toInt() == 0)
        reset[cid] = true;
      else if (r.value("ease").toInt() == 0)
        ++manual;
      else
        graded[cid] << r.value("ease").toInt();
    }
    QCOMPARE(reset.size(), 1);
    int kept = 0;
    for (auto it = graded.cbegin(); it != graded.cend(); ++it)
      if (!reset.contains(it.key())) kept += it.value().size();
    const QString guid = rows.first().value("guid").toString();
    AnkiCardMatch match{QStringLiteral("bank"), {guid}};
    const Imported in = importInto(path("p.db"), file, match, QStringLiteral("bank"));
    QVERIFY2(in.result.ok, qPrintable(in.result.error));
    QCOMPARE(in.result.rows, kept);
    QCOMPARE(in.result.anki.manual, manual);
    QCOMPARE(in.result.anki.cardsWithoutLearning, 1);
    QCOMPARE(in.result.anki.bankCards + in.result.anki.otherCards, graded.size() - 1);
    QCOMPARE(in.result.anki.bankCards,
             reset.contains(rows.first().value("cid").toInteger()) ? 0 : 1);
    // Each kept card's ratings are Anki's eases, in order.
    QHash<QString, QVector<int>> ratings;
    for (auto it = in.attempts.crbegin(); it != in.attempts.crend(); ++it)
      ratings[it->questionId] << fsrsRating(*it);
    for (auto it = graded.cbegin(); it != graded.cend(); ++it) {
      if (reset.contains(it.key())) continue;
      bool found = false;
      for (const QJsonObject& r : rows)
        if (r.value("cid").toInteger() == it.key()) {
          const QString id = r.value("guid").toString() == guid ? guid : QString::number(it.key());
          QCOMPARE(ratings.value(id), it.value());
          found = true;
          break;
        }
      QVERIFY(found);
    }
  }
};

QTEST_GUILESS_MAIN(TestAnkiRevlog)
#include "tst_ankirevlog.moc"
