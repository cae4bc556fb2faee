// Anki packages (.apkg): the export is a zip holding an Anki schema-11 collection that Anki's own
// library imports (cards, fields, decks, tags), a package Anki's library exported imports, and a
// hostile package (not a zip, zip64, a path that climbs out, a duplicate entry, a bomb, a bad CRC,
// Anki's newer collection.anki21b, an SQLite file that is no collection, a view posing as the
// notes table, too many notes, a one-field notetype) is refused with the file and the reason.
// The round trip itself is tst_bankinterchange's roundTrip "apkg" row.
#include "bank_import_helpers.h"
#include "quiz/AnkiPackageFormat.h"
#include "quiz/BankInterchange.h"
#include "quiz/HtmlText.h"
#include "quiz/ZipArchive.h"

#include <QBuffer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QtEndian>

#include <sqlite3.h>

#include <cstring>

using namespace precisionlab::quiz;

namespace {

using bank_import_helpers::ankiDeckMismatch;
using bank_import_helpers::ankiImportsOurExport;
using bank_import_helpers::builtIn;
using bank_import_helpers::problems;
using bank_import_helpers::runAnkiCheck;

QByteArray zipOf(const QVector<QPair<QString, QByteArray>>& entries) {
  ZipWriter zip;
  for (const auto& [name, data] : entries) zip.add(name, data);
  return zip.finish();
}

// `sql` run on `db` (then closed), the database as bytes.
QByteArray serializedAfter(sqlite3* db, const char* sql) {
  char* error = nullptr;
  if (sqlite3_exec(db, sql, nullptr, nullptr, &error) != SQLITE_OK) {
    qWarning() << "sqlite:" << error;
    sqlite3_free(error);
  }
  sqlite3_int64 size = 0;
  unsigned char* bytes = sqlite3_serialize(db, "main", &size, 0);
  const QByteArray out(reinterpret_cast<const char*>(bytes), qsizetype(size));
  sqlite3_free(bytes);
  sqlite3_close(db);
  return out;
}

// An SQLite database built by `sql`, as bytes.
QByteArray sqliteOf(const char* sql) {
  sqlite3* db = nullptr;
  sqlite3_open(":memory:", &db);
  return serializedAfter(db, sql);
}

// The collection our export writes, with `sql` run on it.
QByteArray ourCollectionWith(const char* sql) {
  const QByteArray package = AnkiPackageFormat::write(builtIn());
  QBuffer buffer;
  buffer.setData(package);
  buffer.open(QIODevice::ReadOnly);
  ZipReader zip;
  if (!zip.open(&buffer).isEmpty()) return {};
  QString error;
  const QByteArray collection =
      zip.read(*zip.find("collection.anki2"), 1 << 30, &error).value_or(QByteArray());
  sqlite3* db = nullptr;
  sqlite3_open(":memory:", &db);
  auto* copy = static_cast<unsigned char*>(sqlite3_malloc64(quint64(collection.size())));
  memcpy(copy, collection.constData(), size_t(collection.size()));
  sqlite3_deserialize(db, "main", copy, collection.size(), collection.size(),
                      SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE);
  return serializedAfter(db, sql);
}

// The central directory entry of a one-entry archive (ZipWriter's layout).
qsizetype directoryOf(const QByteArray& zip) {
  return qsizetype(qFromLittleEndian<quint32>(zip.constData() + zip.size() - 6));
}
void set32(QByteArray* b, qsizetype at, quint32 v) { qToLittleEndian<quint32>(v, b->data() + at); }

BankImportResult importPackage(const QByteArray& data) {
  return BankInterchange::importData(data, BankFormat::AnkiPackage, "deck.apkg");
}

}  // namespace

class TestAnkiPackage : public QObject {
  Q_OBJECT
 private slots:
  // What the export writes: a zip with collection.anki2 (SQLite, schema 11) and media; one note
  // and one card per question, every deck and its parent.
  void exportLayout() {
    const QuestionBank bank = builtIn();
    const QByteArray package = AnkiPackageFormat::write(bank);
    QVERIFY(package.startsWith("PK\x03\x04"));
    QVERIFY(BankInterchange::detect("x.bin", package.left(64)) == BankFormat::AnkiPackage);
    QBuffer buffer;
    buffer.setData(package);
    QVERIFY(buffer.open(QIODevice::ReadOnly));
    ZipReader zip;
    QCOMPARE(zip.open(&buffer), QString());
    QCOMPARE(zip.entries().size(), 2);
    QVERIFY(zip.find("collection.anki2"));
    QString error;
    QCOMPARE(zip.read(*zip.find("media"), 100, &error).value_or("?"), QByteArray("{}"));
    const QByteArray collection = zip.read(*zip.find("collection.anki2"), 1 << 30, &error).value();
    QVERIFY(collection.startsWith("SQLite format 3"));
    // Reading our own package: the same questions (tst_bankinterchange checks every field).
    const BankImportResult r = importPackage(package);
    QVERIFY2(r.ok(), qPrintable(problems(r)));
    QCOMPARE(r.bank->questions.size(), bank.questions.size());
    QCOMPARE(r.bank->title, bank.title);
  }

  void hostilePackages_data() {
    QTest::addColumn<QByteArray>("data");
    QTest::addColumn<QString>("expected");
    const QByteArray good = AnkiPackageFormat::write(builtIn());
    QTest::newRow("not a zip") << QByteArray("PK\x03\x04 and then nothing of a zip")
                               << "not a zip archive";
    QTest::newRow("truncated") << good.left(good.size() / 2) << "not a zip archive";
    QTest::newRow("climbs out") << zipOf({{"../collection.anki2", "x"}}) << "unsafe name";
    QTest::newRow("absolute") << zipOf({{"/etc/passwd", "x"}}) << "unsafe name";
    QTest::newRow("backslash") << zipOf({{"..\\x", "x"}}) << "unsafe name";
    QTest::newRow("twice") << zipOf({{"collection.anki2", "a"}, {"collection.anki2", "b"}})
                           << "appears twice";
    QTest::newRow("no collection") << zipOf({{"media", "{}"}}) << "not an Anki package";
    QTest::newRow("anki21b only") << zipOf({{"collection.anki21b", "zstd..."}, {"media", "x"}})
                                  << "Support older Anki versions";
    QTest::newRow("not sqlite") << zipOf({{"collection.anki2", "hello"}})
                                << "is not an SQLite database";
    QByteArray zip64 = zipOf({{"collection.anki2", "x"}});
    for (int i = 6; i >= 3; --i) zip64[zip64.size() - i] = char(0xff);  // offset 0xffffffff
    QTest::newRow("zip64") << zip64 << "zip64";
    // Exactly 65,535 entries fit a plain zip's count: it was refused as "a zip64 archive".
    QVector<QPair<QString, QByteArray>> many;
    for (int i = 0; i < 65534; ++i) many.push_back({QString::number(i), QByteArray()});
    many.push_back({"collection.anki2", "hello"});
    QTest::newRow("65535 entries, no zip64") << zipOf(many) << "is not an SQLite database";
    // A bomb declares what it inflates to: over the cap is refused before anything is allocated,
    // and data that inflates past its declared size stops there.
    QByteArray huge = zipOf({{"collection.anki2", QByteArray(1 << 20, '\0')}});
    set32(&huge, directoryOf(huge) + 24, 3u << 30);
    QTest::newRow("declared 3 GiB") << huge << "over the 256 MiB limit";
    QByteArray bomb = zipOf({{"collection.anki2", QByteArray(1 << 20, '\0')}});
    set32(&bomb, directoryOf(bomb) + 24, 4096);
    QTest::newRow("inflates past its size") << bomb << "inflates to more than";
    QByteArray crc = zipOf({{"collection.anki2", QByteArray(4096, 'a')}});
    set32(&crc, directoryOf(crc) + 16, 0x12345678);
    QTest::newRow("bad crc") << crc << "CRC-32 mismatch";
    QTest::newRow("no collection tables")
        << zipOf({{"collection.anki2", sqliteOf("CREATE TABLE t(x);")}})
        << "not an Anki collection";
    QTest::newRow("view as notes")
        << zipOf({{"collection.anki2", sqliteOf("CREATE TABLE col(x); CREATE TABLE cards(x); "
                                                "CREATE VIEW notes AS SELECT 1;")}})
        << "not an Anki collection";
    QTest::newRow("models not json")
        << zipOf({{"collection.anki2", ourCollectionWith("UPDATE col SET models = '[1,'")}})
        << "col.models is not a JSON object";
    QTest::newRow("one field") << zipOf({{"collection.anki2",
                                          ourCollectionWith(
                                              "UPDATE notes SET flds = 'front only' WHERE rowid = "
                                              "(SELECT min(rowid) FROM notes)")}})
                               << "has 1 field(s); a question needs a front and a back";
    QTest::newRow("too many notes")
        << zipOf({{"collection.anki2",
                   ourCollectionWith("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 "
                                     "FROM n WHERE i < 5001) INSERT INTO notes SELECT i, 'g' || "
                                     "i, 0, 0, 0, '', 'a' || char(31) || 'b', 'a', 0, 0, '' "
                                     "FROM n")}})
        << "more than 5000 notes";
    // 100k cards and no index on cards.nid: every note's card look-up reads every card. It
    // stopped with "too much work for a deck" and no cause.
    QTest::newRow("no index on cards.nid")
        << zipOf({{"collection.anki2",
                   ourCollectionWith(
                       "DROP INDEX ix_cards_nid; WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL "
                       "SELECT i + 1 FROM n WHERE i < 100000) INSERT INTO cards SELECT i + "
                       "1000000, -i, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, '' FROM n; "
                       "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i "
                       "< 3000) INSERT INTO notes SELECT i + 1000000, 'g' || i, 0, 0, 0, '', "
                       "'a' || char(31) || 'b', 'a', 0, 0, '' FROM n")}})
        << "its cards table has no index on nid";
    QTest::newRow("huge note")
        << zipOf({{"collection.anki2",
                   ourCollectionWith("UPDATE notes SET flds = 'f' || char(31) || "
                                     "hex(zeroblob(600000)) WHERE rowid = (SELECT min(rowid) "
                                     "FROM notes)")}})
        << "over the 1024 KiB limit for one note";
  }

  void hostilePackages() {
    QFETCH(QByteArray, data);
    QFETCH(QString, expected);
    const BankImportResult r = importPackage(data);
    QVERIFY(!r.ok());
    const QString text = problems(r);
    QVERIFY2(text.contains(expected), qPrintable(text));
    QVERIFY2(text.startsWith("deck.apkg"), qPrintable(text));
  }

  // Through importFile: a package over the size cap is refused before it is read; a package
  // named .txt is still recognised by its first bytes.
  void packageFiles() {
    QTemporaryDir dir;
    const QString renamed = dir.filePath("deck.txt");
    QFile f(renamed);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(AnkiPackageFormat::write(builtIn()));
    f.close();
    const BankImportResult r = BankInterchange::importFile(renamed);
    QVERIFY2(r.ok(), qPrintable(problems(r)));
    const QString big = dir.filePath("big.apkg");
    QFile b(big);
    QVERIFY(b.open(QIODevice::WriteOnly));
    QVERIFY(b.resize(AnkiPackageFormat::kMaxPackageBytes + 1));  // sparse
    b.close();
    const BankImportResult tooBig = BankInterchange::importFile(big);
    QVERIFY(problems(tooBig).contains("MiB limit for an Anki package"));
  }

  // Anki's own library (the project venv's `anki`, headless): it imports our package as a double
  // click does (every question a note with its fields, deck, tag and card), and we import the
  // packages it exports (legacy: read; Anki 2.1.50+'s anki21b: refused with what to do).
  // Skipped, saying so, without the venv or its anki package.
  void ankiLibraryBothWays() {
    QTemporaryDir dir;
    const QString imported = ankiImportsOurExport(BankFormat::AnkiPackage, "import-apkg",
                                                  "PrecisionLab Basic", dir.path());
    if (imported.startsWith("skipped: ")) QSKIP(qPrintable(imported));
    QVERIFY2(imported.isEmpty(), qPrintable(imported));
    const auto anki = runAnkiCheck;
    QList<QJsonObject> notes;
    // Packages Anki exported: the legacy one imports (four Basic notes; the cloze note is
    // skipped, saying so), the anki21b one is refused with what to do.
    const QString theirs = dir.filePath("ml.apkg");
    QVERIFY2(anki("export-apkg", theirs, &notes).isEmpty(), "Anki's exporter failed");
    QCOMPARE(notes.size(), 5);
    const BankImportResult r = BankInterchange::importFile(theirs);
    QVERIFY2(ankiDeckMismatch(r).isEmpty(), qPrintable(ankiDeckMismatch(r)));
    QVERIFY2(r.notes.join(' ').contains("1 cloze note(s) skipped"), qPrintable(r.notes.join(' ')));
    const BankImportResult newer = BankInterchange::importFile(theirs + ".new.apkg");
    QVERIFY(!newer.ok());
    QVERIFY2(problems(newer).contains("Support older Anki versions"), qPrintable(problems(newer)));
  }
};

QTEST_GUILESS_MAIN(TestAnkiPackage)
#include "tst_ankipackage.moc"
