// The bank-format table (quiz/BankFormat.h): a format is one row. A fixture format registered
// here as one row (a plain "Q: / * / -" text) is detected from its suffix and first bytes,
// round-trips through BankInterchange, and is listed in `bank --help` (BankFormatFields::helpText),
// in the `--format` choices and in the window's open and export dialog filters, with no other
// edit. The built-in rows keep the detection rules, names and aliases the app always had.
#include "bank_import_helpers.h"
#include "quiz/BankFormat.h"
#include "quiz/BankFormatFields.h"
#include "quiz/BankInterchange.h"
#include "quiz/BankLoader.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace precisionlab::quiz;

namespace {

// "Q: stem" then one line per option ("* " correct, "- " not), a blank line between questions.
BankFormatSpec plainQuizFormat() {
  BankFormatSpec f;
  f.name = QStringLiteral("plain-quiz");
  f.aliases = {QStringLiteral("pq")};
  f.suffixes = {QStringLiteral("pq")};
  f.openFilter = "Plain quiz (*.pq)";
  f.saveFilter = "Plain quiz text (*.pq)";
  f.losses = "Only the stems, options and answer key.";
  f.description = QStringLiteral("plain quiz");
  f.tooBig = "%1 bytes is over the %2 MiB limit for a question bank";
  f.sniff = [](const QString& suffix, const QByteArray& head) {
    if (suffix == QLatin1String("pq")) return 100;
    return head.startsWith("Q: ") ? 60 : 0;
  };
  f.read = [](const BankFormatInput& in, QVector<ImportProblem>* problems) {
    BankFormatRead r;
    const QStringList lines = in.text.split(QLatin1Char('\n'));
    for (int i = 0; i < lines.size(); ++i) {
      const QString& line = lines[i];
      if (line.startsWith(QLatin1String("Q: "))) {
        ImportedQuestion q;
        q.line = i + 1;
        q.label = QStringLiteral("question %1").arg(r.questions.size() + 1);
        q.question.stem = line.mid(3);
        r.questions.push_back(q);
      } else if ((line.startsWith(QLatin1String("* ")) || line.startsWith(QLatin1String("- "))) &&
                 !r.questions.isEmpty()) {
        Question& q = r.questions.last().question;
        Option o;
        o.id = BankInterchange::optionId(q.options.size());
        o.text = line.mid(2);
        o.correct = line.startsWith('*');
        q.options.push_back(o);
      } else if (!line.trimmed().isEmpty()) {
        problems->push_back({in.fileName, i + 1, {}, QStringLiteral("not a plain-quiz line")});
      }
    }
    for (ImportedQuestion& q : r.questions)
      q.question.answer =
          q.question.correctOptionIds().size() > 1 ? AnswerKind::Multiple : AnswerKind::Single;
    return r;
  };
  f.write = [](const QuestionBank& bank, QString*) {
    QString out;
    for (const Question& q : bank.questions) {
      out += QStringLiteral("Q: %1\n").arg(QString(q.stem).replace('\n', ' '));
      for (const Option& o : q.options)
        out += QStringLiteral("%1 %2\n")
                   .arg(o.correct ? '*' : '-')
                   .arg(QString(o.text).replace('\n', ' '));
      out += QLatin1Char('\n');
    }
    return out.toUtf8();
  };
  f.places = std::vector<const char*>(18, "");
  f.places[3] = "Q: line";
  f.places[4] = "option lines";
  f.places[5] = "`*` marks";
  return f;
}

}  // namespace

class TestBankFormats : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    QVERIFY(BankFormats::add(plainQuizFormat()));
    // A name or alias already taken is refused (the table stays unambiguous).
    BankFormatSpec clash = plainQuizFormat();
    clash.name = QStringLiteral("other");
    clash.aliases = {QStringLiteral("xml")};
    QVERIFY(!BankFormats::add(clash));
    QVERIFY(!BankFormats::add(plainQuizFormat()));
  }

  void builtInRows() {
    QStringList names;
    for (const BankFormat& f : BankFormats::all()) names << f.name();
    QCOMPARE(names, QStringList({"json", "gift", "moodle-xml", "anki", "apkg", "plain-quiz"}));
    QCOMPARE(BankInterchange::formatFromName(" XML "), BankFormat::MoodleXml);
    QCOMPARE(BankInterchange::formatFromName("moodle"), BankFormat::MoodleXml);
    QCOMPARE(BankInterchange::formatFromName("anki-text"), BankFormat::AnkiText);
    QCOMPARE(BankInterchange::formatFromName("anki-package"), BankFormat::AnkiPackage);
    QVERIFY(!BankInterchange::formatFromName("csv"));
    QVERIFY(BankInterchange::isBinary(BankFormat::AnkiPackage));
    QVERIFY(!BankInterchange::isBinary(BankFormat::AnkiText));
    // The open dialog lists every suffix once, as the window always did.
    QVERIFY2(BankInterchange::openDialogFilter().startsWith(
                 "Question banks (*.json *.gift *.xml *.txt *.tsv *.apkg *.pq);;PrecisionLab bank "
                 "(*.json);;GIFT (*.gift *.txt);;Moodle XML (*.xml);;Anki text export (*.txt "
                 "*.tsv);;Anki deck package (*.apkg);;"),
             qPrintable(BankInterchange::openDialogFilter()));
    QVERIFY(BankInterchange::openDialogFilter().endsWith(";;All files (*)"));
  }

  // The sniff scores keep the old detection order: the suffix first, then '{' (JSON), '<'
  // (XML), Anki's headers, .tsv/.csv, GIFT's braces, else Anki text; a zip is a package.
  void detection() {
    const auto is = [](const char* path, const QByteArray& head, const BankFormat& f) {
      return BankInterchange::detect(QString::fromLatin1(path), head) == f;
    };
    QVERIFY(is("a.json", "<x>", BankFormat::Json));
    QVERIFY(is("a.gift", "{ \"schema\": 1 }", BankFormat::Gift));
    QVERIFY(is("a.xml", "PK\x03\x04", BankFormat::MoodleXml));
    QVERIFY(is("a.bin", "PK\x03\x04", BankFormat::AnkiPackage));
    QVERIFY(is("a.apkg", "", BankFormat::AnkiPackage));
    QVERIFY(is("a.txt", "  {\"schema\": 2}", BankFormat::Json));
    QVERIFY(is("a.txt", "<?xml?>\n#separator:tab\n", BankFormat::MoodleXml));
    QVERIFY(is("a.txt", "#separator:tab\nq {x}\ta\n", BankFormat::AnkiText));
    QVERIFY(is("a.tsv", "q {x}\ta\n", BankFormat::AnkiText));
    QVERIFY(is("a.csv", "q,a\n", BankFormat::AnkiText));
    QVERIFY(is("a.txt", "::t:: q {=a ~b}", BankFormat::Gift));
    QVERIFY(is("a.txt", "front\tback\n", BankFormat::AnkiText));
    QVERIFY(is("notes", "Q: what?\n* this\n", BankFormat(QStringLiteral("plain-quiz"))));
  }

  // The fixture row is in `bank --help`, the `--format` choices and the export dialog.
  void listedEverywhere() {
    QString help = BankFormatFields::helpText();
    QVERIFY2(help.contains("  plain-quiz:\n    bank id and version"), qPrintable(help));
    help.replace(QRegularExpression("\\n    (?=[^ ])"), " ");  // the usage lines unwrapped
    QVERIFY2(help.contains("Reads a GIFT, Moodle XML, Anki text, Anki package (.apkg) or plain "
                           "quiz file"),
             qPrintable(help));
    QVERIFY2(help.contains("(F: gift, moodle-xml, anki, apkg, plain-quiz;"), qPrintable(help));
    QVERIFY2(help.contains("as gift, moodle-xml, anki, apkg, plain-quiz or json, and warns"),
             qPrintable(help));
    QCOMPARE(BankFormatFields::formatChoices(),
             QString("gift, moodle-xml, anki, apkg, plain-quiz or json"));
    const QVector<BankFormat> writable = BankFormats::writable();
    QCOMPARE(writable.last(), BankFormat::Json);  // PrecisionLab's own, last
    QVERIFY(writable.contains(BankFormat(QStringLiteral("plain-quiz"))));
    QCOMPARE(BankInterchange::saveFilter(BankFormat(QStringLiteral("plain-quiz"))),
             QString("Plain quiz text (*.pq)"));
    QCOMPARE(BankInterchange::saveFilter(BankFormat::Gift), QString("GIFT for Moodle (*.gift)"));
    QVERIFY(BankInterchange::openDialogFilter().contains(";;Plain quiz (*.pq);;"));
    QCOMPARE(BankInterchange::losses(BankFormat(QStringLiteral("plain-quiz"))),
             QString("Only the stems, options and answer key."));
    const QStringList lost = BankFormatFields::losses(bank_import_helpers::builtIn(),
                                                      BankFormat(QStringLiteral("plain-quiz")));
    QVERIFY2(lost.join(", ").contains("explanation ("), qPrintable(lost.join(", ")));
  }

  // Export, then import with the format found from the file: the same questions and answers.
  void fixtureRoundTrips() {
    const QuestionBank bank = bank_import_helpers::builtIn();
    QTemporaryDir dir;
    const BankFormat f = *BankInterchange::formatFromName("pq");
    const QString path = dir.filePath("bank." + BankInterchange::fileSuffix(f));
    QCOMPARE(BankInterchange::exportFile(bank, f, path), QString());
    const BankImportResult back = BankInterchange::importFile(path);
    QVERIFY2(back.ok(),
             back.problems.isEmpty() ? "no bank" : qPrintable(back.problems.first().toString()));
    QCOMPARE(back.bank->questions.size(), bank.questions.size());
    for (qsizetype i = 0; i < bank.questions.size(); ++i) {
      const Question& a = bank.questions[i];
      const Question& b = back.bank->questions[i];
      QCOMPARE(b.stem, QString(a.stem).replace('\n', ' '));
      QCOMPARE(b.options.size(), a.options.size());
      QCOMPARE(b.correctOptionIds().size(), a.correctOptionIds().size());
      QCOMPARE(b.explanation, BankInterchange::notGiven());
    }
    // Its problems name the file and line, as every format's do; its size cap holds.
    const BankImportResult bad = BankInterchange::importData("Q: x\n* a\nnonsense\n", f, "w.pq");
    QVERIFY(!bad.ok());
    QCOMPARE(bad.problems.first().toString(), QString("w.pq:3: not a plain-quiz line"));
  }

  // A bank is parsed once (core's JSON), on load and on import: a JSON bank as it is read, any
  // other format once, when the completed bank is validated.
  void aBankIsParsedOnce() {
    const QByteArray json =
        BankInterchange::exportData(bank_import_helpers::builtIn(), BankFormat::Json);
    int before = BankLoader::parseCount();
    QVERIFY(BankLoader::loadJson(json).ok());
    QCOMPARE(BankLoader::parseCount() - before, 1);
    QTemporaryDir dir;
    const QString path = dir.filePath("bank.json");
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly) && file.write(json) == json.size());
    file.close();
    before = BankLoader::parseCount();
    QVERIFY(BankInterchange::importFile(path).ok());
    QCOMPARE(BankLoader::parseCount() - before, 1);
    before = BankLoader::parseCount();
    QVERIFY(BankInterchange::importData("::q1::Which? {=a ~b}\n", BankFormat::Gift, "w.gift").ok());
    QCOMPARE(BankLoader::parseCount() - before, 1);
    // A syntax error still names its line and column.
    const BankLoadResult broken =
        BankLoader::loadJson("{\n  \"schema\": 1,\n  \"bank\": {\"id\" 1}}");
    QVERIFY(!broken.ok());
    QVERIFY2(broken.problems.first().message.startsWith("JSON syntax error at line 3, column 17"),
             qPrintable(broken.problems.first().message));
  }
};

QTEST_GUILESS_MAIN(TestBankFormats)
#include "tst_bankformats.moc"
