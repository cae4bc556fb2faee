// RFC 4180 quoting of single fields and records.
#include "quiz/CsvWriter.h"

#include <QTest>

using precisionlab::quiz::CsvWriter;

class TestCsvWriter : public QObject {
  Q_OBJECT
 private slots:
  void field_data() {
    QTest::addColumn<QString>("in");
    QTest::addColumn<QString>("out");
    QTest::newRow("plain") << "abc"
                           << "abc";
    QTest::newRow("empty") << ""
                           << "";
    QTest::newRow("comma") << "a,b"
                           << "\"a,b\"";
    QTest::newRow("quote") << "say \"hi\""
                           << "\"say \"\"hi\"\"\"";
    QTest::newRow("newline") << "a\nb"
                             << "\"a\nb\"";
    QTest::newRow("carriage return") << "a\rb"
                                     << "\"a\rb\"";
    QTest::newRow("only quote") << "\""
                                << "\"\"\"\"";
    QTest::newRow("spaces kept") << " a "
                                 << " a ";
    QTest::newRow("unicode") << QString::fromUtf8("bf16 → fp32")
                             << QString::fromUtf8("bf16 → fp32");
  }
  void field() {
    QFETCH(QString, in);
    QFETCH(QString, out);
    QCOMPARE(CsvWriter::field(in), out);
  }
  void record() {
    QCOMPARE(CsvWriter::record({"1", "a,b", "", "x\"y"}), QString("1,\"a,b\",,\"x\"\"y\"\r\n"));
  }
};

QTEST_GUILESS_MAIN(TestCsvWriter)
#include "tst_csvwriter.moc"
