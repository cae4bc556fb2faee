// Banks in and out: GIFT, Moodle XML, Anki's text export and Anki packages (.apkg). The built-in
// bank survives a round trip through each format with every question, option and answer key (and,
// for GIFT and Moodle XML, every field, carried by the precisionlab comment); hand-written files in
// each format (as Moodle and Anki write them) import; bad files are refused with file, line and
// question.
#include "bank_import_helpers.h"
#include "quiz/BankFormatFields.h"
#include "quiz/BankInterchange.h"
#include "quiz/BankLoader.h"
#include "quiz/GiftFormat.h"
#include "quiz/HtmlText.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace precisionlab::quiz;

namespace {

using bank_import_helpers::ankiDeckMismatch;
using bank_import_helpers::ankiImportsOurExport;
using bank_import_helpers::builtIn;
using bank_import_helpers::importText;
using bank_import_helpers::problems;
using bank_import_helpers::runAnkiCheck;

}  // namespace

class TestBankInterchange : public QObject {
  Q_OBJECT
 private slots:
  void roundTrip_data() {
    QTest::addColumn<QString>("format");
    QTest::addColumn<bool>("everyField");
    QTest::newRow("gift") << BankFormat::Gift.name() << true;
    QTest::newRow("moodle-xml") << BankFormat::MoodleXml.name() << true;
    QTest::newRow("anki") << BankFormat::AnkiText.name() << false;
    QTest::newRow("apkg") << BankFormat::AnkiPackage.name() << false;
    QTest::newRow("json") << BankFormat::Json.name() << true;
  }

  void roundTrip() {
    QFETCH(QString, format);
    QFETCH(bool, everyField);
    QuestionBank bank = builtIn();
    QVERIFY(bank.questions.size() >= 10);
    bank.questions[1].domain = "GPU/TPU choices";  // a '/' is a category separator in Moodle
    QTemporaryDir dir;
    const auto f = BankFormat(format);
    const QString path = dir.filePath("bank." + BankInterchange::fileSuffix(f));
    QCOMPARE(BankInterchange::exportFile(bank, f, path), QString());
    const BankImportResult back = BankInterchange::importFile(path);  // format from the file
    QVERIFY2(back.ok(), qPrintable(problems(back)));
    const QuestionBank& b = *back.bank;
    QCOMPARE(b.questions.size(), bank.questions.size());
    if (everyField) {  // the bank names itself, whatever the file is called ("bank.gift")
      QCOMPARE(b.id, bank.id);
      QCOMPARE(b.version, bank.version);
      QCOMPARE(b.title, bank.title);
    }
    for (int i = 0; i < bank.questions.size(); ++i) {
      const Question& want = bank.questions.at(i);
      const Question& got = b.questions.at(i);
      QCOMPARE(got.id, want.id);
      QCOMPARE(got.stem, want.stem);
      QCOMPARE(got.domain, want.domain);
      QVERIFY(got.answer == want.answer);
      QCOMPARE(got.correctOptionIds(), want.correctOptionIds());
      QCOMPARE(got.options.size(), want.options.size());
      QCOMPARE(got.explanation, want.explanation);
      for (int k = 0; k < want.options.size(); ++k) {
        QCOMPARE(got.options[k].id, want.options[k].id);
        QCOMPARE(got.options[k].text, want.options[k].text);
        QCOMPARE(got.options[k].correct, want.options[k].correct);
        QCOMPARE(got.options[k].analysis, want.options[k].analysis);
        if (everyField) {
          QCOMPARE(got.options[k].whyLearnersPick, want.options[k].whyLearnersPick);
          QCOMPARE(got.options[k].whenRight, want.options[k].whenRight);
          QCOMPARE(got.options[k].scenario, want.options[k].scenario);
        }
      }
      if (everyField) {
        QCOMPARE(got.topic, want.topic);
        QCOMPARE(got.examTrap, want.examTrap);
        QCOMPARE(got.references.size(), want.references.size());
        QCOMPARE(got.source, want.source);
        QCOMPARE(got.exam, want.exam);
        QCOMPARE(got.objectives, want.objectives);  // exam-guide sub-objective tags
      }
    }
    if (everyField) {
      QVERIFY(!bank.objectives.isEmpty());
      QCOMPARE(b.objectives, bank.objectives);
      QCOMPARE(b.schema, 2);
    }
  }

  // A GIFT file as a teacher writes it for Moodle: categories, comments, feedback, weights,
  // true/false, escapes.
  void giftByHand() {
    const QByteArray gift = R"(// Week 3 quiz
$CATEGORY: $course$/top/Precision

::fp16 flag::Which Trainer argument turns on mixed precision? {
  =fp16\=True#Right: autocast plus loss scaling.
  ~half()#Casts everything, no fp32 master weights.
  ~tf32\=True
  ####Mixed precision keeps fp32 master weights.
}

::Scaler::What does a loss scaler do? Pick two. {
  ~%50%Multiplies the loss before backward
  ~%50%Skips steps whose gradients overflow
  ~%-100%Rounds weights to bf16
}

Is bf16's exponent range the same as fp32's?{TRUE#No, bf16 keeps 8 exponent bits.#Yes: 8 exponent bits.}
)";
    const BankImportResult r = importText(gift, BankFormat::Gift, "week3.gift");
    QVERIFY2(r.ok(), qPrintable(problems(r)));
    const QuestionBank& b = *r.bank;
    QCOMPARE(b.id, QString("week3"));
    QCOMPARE(b.questions.size(), 3);
    const Question& q1 = b.questions[0];
    QCOMPARE(q1.id, QString("fp16-flag"));
    QCOMPARE(q1.domain, QString("Precision"));
    QCOMPARE(q1.options[0].text, QString("fp16=True"));
    QCOMPARE(q1.correctOptionIds(), QStringList{"a"});
    QCOMPARE(q1.options[1].analysis, QString("Casts everything, no fp32 master weights."));
    QCOMPARE(q1.options[2].analysis, BankInterchange::notGiven());
    QCOMPARE(q1.explanation, QString("Mixed precision keeps fp32 master weights."));
    const Question& q2 = b.questions[1];
    QVERIFY(q2.answer == AnswerKind::Multiple);
    QCOMPARE(q2.correctOptionIds(), (QStringList{"a", "b"}));
    const Question& q3 = b.questions[2];
    QCOMPARE(q3.correctOptionIds(), QStringList{"true"});
    QCOMPARE(q3.options[1].analysis, QString("No, bf16 keeps 8 exponent bits."));  // wrong pick
    QVERIFY(!r.notes.isEmpty());
  }

  void giftEscapes() {
    const QString text = "a=b ~c #d {e} f:g \\ h\nnext line";
    QCOMPARE(GiftFormat::unescape(GiftFormat::escape(text)), text);
  }

  void moodleXmlByHand() {
    const QByteArray xml = R"(<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="category"><category><text>$course$/top/Memory</text></category></question>
  <question type="multichoice">
    <name><text>Q1</text></name>
    <questiontext format="html"><text><![CDATA[<p>Which uses <b>less</b> memory?</p>]]></text></questiontext>
    <generalfeedback format="html"><text><![CDATA[<p>Activations dominate.</p>]]></text></generalfeedback>
    <single>true</single>
    <answer fraction="100" format="html"><text>fp16 activations</text><feedback format="html"><text>Half the bytes.</text></feedback></answer>
    <answer fraction="0" format="html"><text>fp32 activations</text><feedback format="html"><text>Four bytes each.</text></feedback></answer>
  </question>
  <question type="truefalse">
    <name><text>tf</text></name>
    <questiontext format="plain_text"><text>GradScaler is needed for bf16.</text></questiontext>
    <answer fraction="0"><text>true</text><feedback><text>No.</text></feedback></answer>
    <answer fraction="100"><text>false</text><feedback><text>Right.</text></feedback></answer>
  </question>
</quiz>
)";
    const BankImportResult r = importText(xml, BankFormat::MoodleXml, "memory.xml");
    QVERIFY2(r.ok(), qPrintable(problems(r)));
    const QuestionBank& b = *r.bank;
    QCOMPARE(b.questions.size(), 2);
    QCOMPARE(b.questions[0].id, QString("q1"));
    QCOMPARE(b.questions[0].stem, QString("Which uses less memory?"));
    QCOMPARE(b.questions[0].domain, QString("Memory"));
    QCOMPARE(b.questions[0].options[0].analysis, QString("Half the bytes."));
    QCOMPARE(b.questions[0].explanation, QString("Activations dominate."));
    QCOMPARE(b.questions[1].correctOptionIds(), QStringList{"false"});
  }

  // GIFT as Moodle reads it (question/format/gift/format.php): a text's own format marker is
  // not part of it, a block inside the text leaves a blank, "//" in a category is a '/'.
  void giftReadAsMoodleDoes() {
    const QByteArray gift = R"($CATEGORY: $course$/top/GPU//TPU choices

::sky::What colour is the sky? {~[plain]blue # [html]<i>wrong</i> =[markdown]grey #right}

::grant::Grant is {~buried =entombed ~living} in Grant's tomb.
)";
    const BankImportResult r = importText(gift, BankFormat::Gift, "moodle.gift");
    QVERIFY2(r.ok(), qPrintable(problems(r)));
    const QuestionBank& b = *r.bank;
    QCOMPARE(b.questions.size(), 2);
    const Question& sky = b.questions[0];
    QCOMPARE(sky.domain, QString("GPU/TPU choices"));
    QCOMPARE(sky.options[0].text, QString("blue"));
    QCOMPARE(sky.options[0].analysis, QString("wrong"));
    QCOMPARE(sky.options[1].text, QString("grey"));
    QCOMPARE(sky.correctOptionIds(), QStringList{"b"});
    QCOMPARE(b.questions[1].stem, QString("Grant is _____ in Grant's tomb."));
  }

  // What Moodle would misread is written so it reads the text back as it is: a text starting
  // with a format marker and raw HTML are marked [plain], a '/' in a domain is "//". Read back
  // without the precisionlab comments (as from a file Moodle wrote), nothing changes.
  void giftAndMoodleXmlWriteWhatMoodleReadsBack() {
    QuestionBank bank = builtIn();
    bank.questions.resize(2);
    Question& q = bank.questions[0];
    q.domain = "GPU/TPU choices";
    q.stem = "Which tag makes text <b>bold</b> & loud?";
    q.options[0].text = "[html]<b>";
    q.options[1].analysis = "[moodle] is a format name too";
    const QString gift = GiftFormat::write(bank);
    QVERIFY(gift.contains("$CATEGORY: GPU//TPU choices"));
    QVERIFY(gift.contains("[plain][html]<b>"));
    QVERIFY(gift.contains("::[plain]Which tag makes text <b>bold</b> & loud?"));
    const auto withoutComments = [](QString text) {
      static const QRegularExpression comment(
          QStringLiteral("(^[ \\t]*//[^\\n]*|<!--.*?-->)"),
          QRegularExpression::DotMatchesEverythingOption | QRegularExpression::MultilineOption);
      return text.remove(comment);
    };
    const QByteArray xml = BankInterchange::exportData(bank, BankFormat::MoodleXml);
    QVERIFY(xml.contains("$course$/top/GPU//TPU choices"));
    for (const auto& [format, data] :
         {std::pair{BankFormat::Gift, withoutComments(gift).toUtf8()},
          std::pair{BankFormat::MoodleXml, withoutComments(QString::fromUtf8(xml)).toUtf8()}}) {
      const BankImportResult r = importText(data, format, "moodle-wrote-it.txt");
      QVERIFY2(r.ok(), qPrintable(problems(r)));
      const Question& got = r.bank->questions[0];
      QCOMPARE(got.domain, q.domain);
      QCOMPARE(got.stem, q.stem);
      QCOMPARE(got.options[0].text, q.options[0].text);
      QCOMPARE(got.options[1].analysis, q.options[1].analysis);
    }
  }

  // Our Moodle XML against the rules Moodle's importer applies (tests/quiz/moodle_xml_check.py:
  // qformat_xml's required elements and values, the grades match_grade_options accepts, the
  // multichoice sums save_question_options checks, HTML escaping, category paths), for the
  // built-in bank and for the hard cases: every option count from 2 to 6 with all but one right
  // (fractions 50, 33.33333, 25, 20, 16.66667), HTML-looking text, a '/' in a domain. Then the
  // checker's own self-test: each of its rules fails on an edited copy of the file.
  // Skipped, saying so, without python3.
  void moodleXmlFollowsMoodleRules() {
    const QString python = QStandardPaths::findExecutable("python3");
    if (python.isEmpty()) QSKIP("skipped: python3 not found (the Moodle rule checker needs it)");
    QuestionBank hard = builtIn();
    int multiple = 0;
    for (Question& q : hard.questions) {
      if (q.options.size() < 3 || multiple >= 6) continue;
      q.answer = AnswerKind::Multiple;
      for (int k = 0; k < q.options.size(); ++k) q.options[k].correct = k > 0;
      ++multiple;
    }
    QVERIFY(multiple > 0);
    hard.questions[0].domain = "GPU/TPU choices";
    hard.questions[0].stem = "Is a < b && c > d, as in <b>bold</b> & R&D?";
    hard.questions[0].options[0].text = "[html]<b> ]]> & &amp;";
    hard.questions[1].explanation = "x < y\nand a line break";
    QTemporaryDir dir;
    const auto run = [&](const QStringList& args, QString* out) {
      QProcess p;
      p.start(python,
              QStringList{PRECISIONLAB_SOURCE_DIR "/tests/quiz/moodle_xml_check.py"} + args);
      if (!p.waitForFinished(60000)) return -1;
      *out = QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError());
      return p.exitCode();
    };
    // One python run: each file must pass, then each of its edited copies must fail.
    QStringList args{"--self-test"};
    for (const auto& [name, bank] :
         {std::pair{QString("built-in"), builtIn()}, std::pair{QString("hard cases"), hard}}) {
      args << dir.filePath(name + ".xml");
      QCOMPARE(BankInterchange::exportFile(bank, BankFormat::MoodleXml, args.last()), QString());
    }
    QString out;
    QVERIFY2(run(args, &out) == 0, qPrintable(out));
    QCOMPARE(out.count("self-test: 18 of 18 rule violations caught"), 2);
  }

  // The docs' field tables are the formats' own descriptions (regenerated in place with
  // PRECISIONLAB_WRITE_FORMAT_TABLES=1), and an export warns about what its format loses.
  void formatTablesInDocs() {
    const QString path =
        QStringLiteral(PRECISIONLAB_SOURCE_DIR "/docs/question-bank-interchange.md");
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QString doc = QString::fromUtf8(file.readAll());
    file.close();
    QString wanted = doc;
    for (const BankFormat& f :
         {BankFormat::Gift, BankFormat::MoodleXml, BankFormat::AnkiText, BankFormat::AnkiPackage}) {
      const QString open = "<!-- format-table " + BankInterchange::formatName(f) + " -->\n";
      const qsizetype start = wanted.indexOf(open);
      QVERIFY2(start >= 0, qPrintable(path + " lacks " + open));
      const qsizetype end = wanted.indexOf("<!-- /format-table -->", start);
      QVERIFY(end > start);
      wanted.replace(start + open.size(), end - start - open.size(), BankFormatFields::markdown(f));
    }
    if (qEnvironmentVariableIsSet("PRECISIONLAB_WRITE_FORMAT_TABLES") && wanted != doc) {
      QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
      file.write(wanted.toUtf8());
      file.close();
      doc = wanted;
    }
    QVERIFY2(doc == wanted,
             "docs/question-bank-interchange.md's format tables differ from "
             "quiz/BankFormatFields: regenerate them (see the docs)");
    // The built-in bank gives every field; Anki loses some, GIFT and Moodle XML none.
    const QuestionBank bank = builtIn();
    QVERIFY(BankFormatFields::losses(bank, BankFormat::Gift).isEmpty());
    QVERIFY(BankFormatFields::losses(bank, BankFormat::MoodleXml).isEmpty());
    QVERIFY(BankFormatFields::losses(bank, BankFormat::Json).isEmpty());
    const QString anki = BankFormatFields::losses(bank, BankFormat::AnkiText).join(", ");
    QVERIFY2(anki.contains("why learners pick an option (") && anki.contains("sub-objective tags"),
             qPrintable(anki));
    QVERIFY(!BankFormatFields::hiddenFromOtherTool(bank, BankFormat::Gift).isEmpty());
  }

  // Anki's own library (the project venv's `anki`, headless) imports the Anki export as File >
  // Import does, and PrecisionLab imports what Anki's File > Export > Notes in Plain Text wrote.
  // Skipped, saying so, without the venv or its anki package.
  void ankiLibraryBothWays() {
    QTemporaryDir dir;
    const QString imported =
        ankiImportsOurExport(BankFormat::AnkiText, "import", "Basic", dir.path());
    if (imported.startsWith("skipped: ")) QSKIP(qPrintable(imported));
    QVERIFY2(imported.isEmpty(), qPrintable(imported));
    const auto anki = runAnkiCheck;
    QList<QJsonObject> notes;
    // A deck Anki wrote: every note becomes a question, in its subdeck, with its tag as topic.
    const QString theirs = dir.filePath("ml.txt");
    QVERIFY2(anki("export", theirs, &notes).isEmpty(), "Anki's exporter failed");
    QCOMPARE(notes.size(), 4);
    const BankImportResult r = BankInterchange::importFile(theirs);
    QVERIFY2(ankiDeckMismatch(r).isEmpty(), qPrintable(ankiDeckMismatch(r)));
  }

  // Anki's "Notes in Plain Text" export of a Basic deck: multiple choice is made from the backs.
  void ankiDeckByHand() {
    const QByteArray deck =
        "#separator:tab\n#html:true\n#deck column:3\n#tags column:4\n"
        "What does AMP stand for?\tAutomatic mixed precision\tML::Precision\tamp\n"
        "Default GradScaler init scale?\t65536\tML::Precision\tscaler\n"
        "\"bf16 exponent\tbits?\"\t8\tML::Precision\tbf16\n"
        "fp16 max value?\t65504\tML::Precision\tfp16\n";
    const BankImportResult r = importText(deck, BankFormat::AnkiText, "ml.txt");
    QVERIFY2(r.ok(), qPrintable(problems(r)));
    const QuestionBank& b = *r.bank;
    QCOMPARE(b.title, QString("ML"));
    QCOMPARE(b.questions.size(), 4);
    QCOMPARE(b.questions[2].stem, QString("bf16 exponent\tbits?"));  // quoted field with a tab
    QCOMPARE(b.questions[0].domain, QString("Precision"));
    QCOMPARE(b.questions[0].topic, QString("amp"));
    for (const Question& q : b.questions) {
      QCOMPARE(q.options.size(), 4);
      QCOMPARE(q.correctOptionIds().size(), 1);
    }
    QCOMPARE(b.questions[1].option(b.questions[1].correctOptionIds().first())->text,
             QString("65536"));
  }

  void problemsNameFileLineAndQuestion_data() {
    QTest::addColumn<QString>("format");
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("question");
    QTest::addColumn<QString>("words");
    QTest::newRow("gift short answer")
        << BankFormat::Gift.name()
        << QByteArray("::ok::Q? {=a ~b}\n\n// c\n::sa::Name it {=fp16 =half}\n") << 4 << "sa"
        << "short-answer";
    QTest::newRow("gift unclosed")
        << BankFormat::Gift.name() << QByteArray("\n\n::x::Q? {=a ~b\n") << 3 << "x"
        << "no closing }";
    QTest::newRow("gift one option")
        << BankFormat::Gift.name() << QByteArray("::ok::Q? {=a ~b}\n\n::one::Q? {=a ~}\n") << 3
        << "one"
        << "options";
    QTest::newRow("moodle essay")
        << BankFormat::MoodleXml.name()
        << QByteArray(
               "<quiz>\n<question "
               "type=\"essay\">\n<name><text>e1</text></name></question>\n</quiz>")
        << 2 << "e1"
        << "essay";
    QTest::newRow("moodle broken")
        << BankFormat::MoodleXml.name()
        << QByteArray("<quiz>\n<question type=\"multichoice\">\n</quiz>") << 3 << ""
        << "XML error";
    QTest::newRow("anki one field")
        << BankFormat::AnkiText.name()
        << QByteArray("#separator:tab\nQ1\tA1\nQ2\tA2\nonly a front\n") << 4 << "note 3"
        << "front and a back";
    QTest::newRow("anki bad separator")
        << BankFormat::AnkiText.name() << QByteArray("#separator:Weird\nQ\tA\n") << 1 << ""
        << "separator";
  }

  void problemsNameFileLineAndQuestion() {
    QFETCH(QString, format);
    QFETCH(QByteArray, text);
    QFETCH(int, line);
    QFETCH(QString, question);
    QFETCH(QString, words);
    const BankImportResult r = importText(text, BankFormat(format), "teacher.txt");
    QVERIFY(!r.ok());
    QVERIFY(!r.bank.has_value());
    QVERIFY(!r.problems.isEmpty());
    const ImportProblem& p = r.problems.first();
    QCOMPARE(p.file, QString("teacher.txt"));
    QCOMPARE(p.line, line);
    QCOMPARE(p.question, question);
    QVERIFY2(p.toString().contains(words), qPrintable(p.toString()));
    QVERIFY2(p.toString().startsWith(QString("teacher.txt:%1").arg(line)),
             qPrintable(p.toString()));
  }

  void hostileFiles() {
    QTemporaryDir dir;
    // A folder, a missing file, an oversized file, not UTF-8: refused before parsing.
    QVERIFY(!BankInterchange::importFile(dir.path()).ok());
    QVERIFY(
        BankInterchange::importFile(dir.path()).problems.first().message.contains("regular file"));
    QVERIFY(!BankInterchange::importFile(dir.filePath("missing.gift")).ok());
    const QString big = dir.filePath("big.gift");
    {
      QFile f(big);
      QVERIFY(f.open(QIODevice::WriteOnly));
      QVERIFY(f.resize(BankInterchange::kMaxFileBytes + 1));
    }
    QVERIFY(BankInterchange::importFile(big).problems.first().message.contains("limit"));
    const BankImportResult latin1 = importText("::q::caf\xe9? {=a ~b}\n", BankFormat::Gift);
    QVERIFY(!latin1.problems.isEmpty());
    QVERIFY(latin1.problems.first().message.contains("UTF-8"));
    // The billion laughs: Qt's reader caps entity expansion; the import fails, it does not hang.
    QByteArray laughs = "<?xml version=\"1.0\"?><!DOCTYPE quiz [<!ENTITY a0 \"aaaaaaaaaa\">";
    for (int i = 1; i < 10; ++i)
      laughs += QString("<!ENTITY a%1 \"&a%2;&a%2;&a%2;&a%2;&a%2;&a%2;&a%2;&a%2;&a%2;&a%2;\">")
                    .arg(i)
                    .arg(i - 1)
                    .toUtf8();
    laughs +=
        "]><quiz><question type=\"multichoice\"><questiontext><text>&a9;</text></questiontext>"
        "<answer fraction=\"100\"><text>x</text></answer><answer "
        "fraction=\"0\"><text>y</text></answer>"
        "</question></quiz>";
    QVERIFY(!importText(laughs, BankFormat::MoodleXml).ok());
    // Detection: .txt with Anki headers vs GIFT.
    QVERIFY(BankInterchange::detect("x.txt", "#separator:tab\nq\ta\n") == BankFormat::AnkiText);
    QVERIFY(BankInterchange::detect("x.txt", "::a::q {=a ~b}") == BankFormat::Gift);
    QVERIFY(BankInterchange::detect("x.dat", "<?xml") == BankFormat::MoodleXml);
  }

  void exportIsAtomic() {
    QTemporaryDir dir;
    QVERIFY(!BankInterchange::exportFile(builtIn(), BankFormat::Gift,
                                         dir.filePath("no/such/dir/x.gift"))
                 .isEmpty());
    QVERIFY(QDir(dir.path()).entryList(QDir::Files).isEmpty());
  }
};

QTEST_GUILESS_MAIN(TestBankInterchange)
#include "tst_bankinterchange.moc"
