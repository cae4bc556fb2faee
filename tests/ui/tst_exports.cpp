// Exports: a chart saves as a PNG that QImage loads and an SVG whose root element is <svg>, both
// carrying the provenance footer; run records save as CSV with a header, one row per step per
// run, RFC 4180 quoting, and provenance columns. The Vertex AI dialog writes the engine's files
// and shows the gcloud commands from the generated README; bad settings are refused in words.
#include <QtTest>

#include <QChartView>
#include <QImage>
#include <QLineEdit>
#include <QTemporaryDir>
#include <QXmlStreamReader>

#include "ui/charts/ChartPanel.h"
#include "ui/charts/LiveChart.h"
#include "ui/export/RunCsvExporter.h"
#include "ui/export/VertexExportDialog.h"
#include "ui/lab/RunDataStore.h"

using namespace precisionlab;

namespace {

// Minimal RFC 4180 reader for checking what the exporter wrote.
QList<QStringList> parseCsv(const QString& text) {
  QList<QStringList> rows;
  QStringList row;
  QString field;
  bool quoted = false;
  for (qsizetype i = 0; i < text.size(); ++i) {
    const QChar c = text[i];
    if (quoted) {
      if (c == QLatin1Char('"')) {
        if (i + 1 < text.size() && text[i + 1] == QLatin1Char('"')) {
          field += c;
          ++i;
        } else {
          quoted = false;
        }
      } else {
        field += c;
      }
    } else if (c == QLatin1Char('"')) {
      quoted = true;
    } else if (c == QLatin1Char(',')) {
      row.append(field);
      field.clear();
    } else if (c == QLatin1Char('\r')) {
    } else if (c == QLatin1Char('\n')) {
      row.append(field);
      field.clear();
      rows.append(row);
      row.clear();
    } else {
      field += c;
    }
  }
  return rows;
}

RunUpdate makeUpdate(RunId id, int steps, Provenance kind) {
  RunUpdate u;
  u.id = id;
  u.state = RunState::Finished;
  u.totalSteps = steps;
  u.provenance.kind = kind;
  u.provenance.device = "cpu (2 threads)";
  u.provenance.torchVersion = "1.13.1";
  for (int s = 1; s <= steps; ++s) {
    StepRecord r;
    r.step = s;
    r.loss = 0.7 - 0.01 * s;
    r.samplesPerSec = 100 + s;
    r.lossScale = 65536;
    r.peakBytes = 1 << 20;
    u.steps.push_back(r);
  }
  u.evals.push_back({steps, 0.5, 0.75});
  return u;
}

}  // namespace

class TestExports : public QObject {
  Q_OBJECT

 private slots:
  void init();
  void cleanup();
  void pngLoads();
  void svgParses();
  void csvHasHeaderRowsAndQuoting();
  void csvCellQuoting_data();
  void csvCellQuoting();
  void unwritablePathFails();
  void vertexDialogWritesFilesAndShowsCommands_data();
  void vertexDialogWritesFilesAndShowsCommands();
  void vertexDialogRefusesBadSettings();

 private:
  QTemporaryDir* dir_ = nullptr;
  ChartPanel* panel_ = nullptr;
};

void TestExports::init() {
  dir_ = new QTemporaryDir;
  QVERIFY(dir_->isValid());
  auto* chart =
      new LiveChart(QStringLiteral("step"), QStringLiteral("loss"), LiveChart::YScale::Linear);
  panel_ = new ChartPanel(QStringLiteral("loss"), QStringLiteral("Training loss"),
                          QStringLiteral("lower is better"), chart);
  panel_->resize(640, 420);
  QList<QPointF> pts;
  for (int i = 1; i <= 300; ++i) pts.append(QPointF(i, 1.0 / i));
  chart->setLine(QStringLiteral("1"), QStringLiteral("fp32 baseline"), Qt::black, pts);
  chart->setXMax(300);
  panel_->setProvenanceText(QStringLiteral("live on cpu (2 threads): fp32 baseline"));
  panel_->finishUpdate();
  panel_->show();
  QVERIFY(QTest::qWaitForWindowExposed(panel_));
}

void TestExports::cleanup() {
  delete panel_;
  panel_ = nullptr;
  delete dir_;
  dir_ = nullptr;
}

void TestExports::pngLoads() {
  const QString path = dir_->filePath(QStringLiteral("loss.png"));
  QString error;
  QVERIFY2(panel_->savePng(path, &error), qPrintable(error));
  QImage image;
  QVERIFY(image.load(path, "PNG"));
  QVERIFY(image.width() >= 640);
  QVERIFY(image.height() > 420);  // title and provenance footer around the chart
  // Not blank: the figure has dark pixels (text and the curve) on its light background.
  int dark = 0;
  for (int y = 0; y < image.height(); y += 3)
    for (int x = 0; x < image.width(); x += 3)
      if (qGray(image.pixel(x, y)) < 100) ++dark;
  QVERIFY(dark > 50);
}

void TestExports::svgParses() {
  const QString path = dir_->filePath(QStringLiteral("loss.svg"));
  QString error;
  QVERIFY2(panel_->saveSvg(path, &error), qPrintable(error));
  QFile file(path);
  QVERIFY(file.open(QIODevice::ReadOnly));
  QXmlStreamReader xml(&file);
  QVERIFY(xml.readNextStartElement());
  QCOMPARE(xml.name(), QStringLiteral("svg"));
  bool sawFooter = false;
  while (!xml.atEnd()) {
    xml.readNext();
    if (xml.isCharacters() && xml.text().contains(QStringLiteral("live on cpu"))) sawFooter = true;
  }
  QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
  QVERIFY2(sawFooter, "the provenance footer must be part of the exported figure");
}

void TestExports::csvHasHeaderRowsAndQuoting() {
  RunDataStore store;
  TrainConfig config;
  config.preset = "tiny";
  const QString live = RunDataStore::liveSource(config);
  store.addRun({RunOrigin::Trained, 1}, live, QStringLiteral("baseline-fp32"),
               QStringLiteral("fp32 baseline"), QString(), Qt::black, config);
  config.precision = Precision::Fp32;
  store.addRun({RunOrigin::Trained, 2}, live, QStringLiteral("vertex-hp-tuning"),
               QStringLiteral("C trial 1, \"lr\" 1e-4"), QStringLiteral("C lr 1e-4"), Qt::magenta,
               config);
  QVERIFY(store.apply(RunOrigin::Trained, makeUpdate(1, 5, Provenance::Live)));
  QVERIFY(store.apply(RunOrigin::Trained, makeUpdate(2, 3, Provenance::Emulated)));
  QVERIFY(!store.apply(RunOrigin::Trained, makeUpdate(99, 3, Provenance::Live)));  // unknown
  QVERIFY(!store.apply(RunOrigin::Replayed, makeUpdate(1, 3, Provenance::Live)));  // other engine

  const QString path = dir_->filePath(QStringLiteral("runs.csv"));
  QString error;
  QVERIFY2(RunCsvExporter::save(store, path, &error), qPrintable(error));
  QFile file(path);
  QVERIFY(file.open(QIODevice::ReadOnly));
  const QList<QStringList> rows = parseCsv(QString::fromUtf8(file.readAll()));
  QCOMPARE(rows.size(), 1 + 5 + 3);
  const QStringList header = rows[0];
  for (const char* column : {"runId", "scenario", "label", "provenance", "device", "step", "loss",
                             "samplesPerSec", "tokensPerSec", "lossScale", "valAccuracy"})
    QVERIFY2(header.contains(QLatin1String(column)), column);
  for (const QStringList& row : rows) QCOMPARE(row.size(), header.size());

  const int label = int(header.indexOf(QStringLiteral("label")));
  const int provenance = int(header.indexOf(QStringLiteral("provenance")));
  const int step = int(header.indexOf(QStringLiteral("step")));
  const int valAcc = int(header.indexOf(QStringLiteral("valAccuracy")));
  QCOMPARE(rows[1][provenance], QStringLiteral("live"));
  QCOMPARE(rows[6][label], QStringLiteral("C trial 1, \"lr\" 1e-4"));
  QCOMPARE(rows[6][provenance], QStringLiteral("emulated"));
  QCOMPARE(rows[8][step], QStringLiteral("3"));
  QCOMPARE(rows[8][valAcc], QStringLiteral("0.75"));  // the eval lands on its step's row
  QCOMPARE(rows[7][valAcc], QString());
}

void TestExports::csvCellQuoting_data() {
  QTest::addColumn<QString>("value");
  QTest::addColumn<QString>("expected");
  QTest::newRow("plain") << "fp16=True"
                         << "fp16=True";
  QTest::newRow("comma") << "a,b"
                         << "\"a,b\"";
  QTest::newRow("quote") << "say \"hi\""
                         << "\"say \"\"hi\"\"\"";
  QTest::newRow("newline") << "two\nlines"
                           << "\"two\nlines\"";
  QTest::newRow("empty") << ""
                         << "";
}

void TestExports::csvCellQuoting() {
  QFETCH(QString, value);
  QFETCH(QString, expected);
  QCOMPARE(RunCsvExporter::field(value), expected);
}

void TestExports::unwritablePathFails() {
  QString error;
  QVERIFY(!panel_->savePng(QStringLiteral("/nonexistent-dir/x.png"), &error));
  QVERIFY(error.contains(QStringLiteral("/nonexistent-dir/x.png")));
  RunDataStore store;
  QVERIFY(!RunCsvExporter::save(store, QStringLiteral("/nonexistent-dir/x.csv"), &error));
}

void TestExports::vertexDialogWritesFilesAndShowsCommands_data() {
  QTest::addColumn<QString>("scenario");
  QTest::addColumn<QString>("tuningFile");
  QTest::addColumn<QString>("command");
  QTest::newRow("D fp16=True") << "fp16-amp" << QString() << "gcloud ai custom-jobs create";
  QTest::newRow("C tuning") << "vertex-hp-tuning"
                            << "hp-tuning.yaml"
                            << "gcloud ai hp-tuning-jobs create";
}

void TestExports::vertexDialogWritesFilesAndShowsCommands() {
  QFETCH(QString, scenario);
  QFETCH(QString, tuningFile);
  QFETCH(QString, command);
  QTemporaryDir dir;
  VertexExportDialog dialog(scenario);
  QCOMPARE(dialog.scenarioId(), scenario);
  dialog.setOutputFolder(dir.filePath(QStringLiteral("out")));
  QVERIFY2(dialog.exportNow(), qPrintable(dialog.errorText()));
  QVERIFY(dialog.errorText().isEmpty());
  QVERIFY(dialog.writtenFiles().contains(QStringLiteral("train.py")));
  QVERIFY(dialog.writtenFiles().contains(QStringLiteral("job.yaml")));
  if (!tuningFile.isEmpty()) QVERIFY(dialog.writtenFiles().contains(tuningFile));
  for (const QString& f : dialog.writtenFiles())
    QVERIFY2(QFile::exists(dir.filePath(QStringLiteral("out/") + f)), qPrintable(f));
  QVERIFY2(dialog.commandsText().contains(command), qPrintable(dialog.commandsText()));
  // A command continued over two README lines is shown as one line.
  QVERIFY(!dialog.commandsText().contains(QStringLiteral("\\\n")));
  if (scenario == QLatin1String("fp16-amp")) {
    QFile train(dir.filePath(QStringLiteral("out/train.py")));
    QVERIFY(train.open(QIODevice::ReadOnly));
    QVERIFY(train.readAll().contains("fp16=True"));
  }
}

void TestExports::vertexDialogRefusesBadSettings() {
  QTemporaryDir dir;
  VertexExportDialog dialog(QStringLiteral("fp16-amp"));
  dialog.setOutputFolder(dir.filePath(QStringLiteral("out")));
  auto* dataset = dialog.findChild<QLineEdit*>();
  QVERIFY(dataset);
  for (QLineEdit* e : dialog.findChildren<QLineEdit*>())
    if (e->accessibleName() == QLatin1String("Dataset URI"))
      e->setText(QStringLiteral("/home/me/data.csv"));
  QVERIFY(!dialog.exportNow());
  QVERIFY2(dialog.errorText().startsWith(QStringLiteral("Nothing was exported")),
           qPrintable(dialog.errorText()));
  QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("out/train.py"))));
  QCOMPARE(VertexExportDialog::commandsFromReadme(QStringLiteral(
               "x\n     gcloud ai a --b \\\n       --c=d\n  python3 setup.py sdist\n")),
           (QStringList{QStringLiteral("gcloud ai a --b --c=d"),
                        QStringLiteral("python3 setup.py sdist")}));
}

QTEST_MAIN(TestExports)
#include "tst_exports.moc"
