// Translations (issue 15, item 4). The shipped resources/translations/*.ts files are complete
// (no unfinished, empty, vanished or obsolete entry; every %1/%n placeholder and every menu
// accelerator of the English text kept; one form per German plural) and up to date with the
// sources (lupdate, run with the build's own source list and options, finds no text the .ts
// lacks); the app runs in German (menus, tabs, study and lab texts, an engine-marked scenario
// text; accelerators unique per menu); figures on screen follow the user's locale while an
// exported file keeps '.' decimals.
#include <QtTest>

#include <QLabel>
#include <QMenuBar>
#include <QProcess>
#include <QPushButton>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <clocale>
#include <string>

#include "../support/TestMainWindow.h"
#include "core/LabScenarios.h"
#include "core/ScenarioIds.h"
#include "core/Verdict.h"
#include "ui/app/AppLanguage.h"
#include "ui/app/EnglishPlurals.h"
#include "ui/app/MainWindow.h"
#include "ui/export/RunCsvExporter.h"
#include "ui/lab/LabVerdictTable.h"
#include "ui/lab/LabVerdicts.h"
#include "ui/lab/RunDataStore.h"
#include "ui/lab/ScenarioCatalog.h"
#include "ui/lab/VerdictCache.h"
#include "ui/study/ProgressView.h"

using namespace precisionlab;

namespace {

const QString kTsDir = QStringLiteral(PRECISIONLAB_SOURCE_DIR "/resources/translations");
const QString kLupdateDir = QStringLiteral(PRECISIONLAB_BINARY_DIR "/translations");

struct TsMessage {
  QString context;
  QString source;
  QString comment;
  QString type;              // the translation's type attribute: "", unfinished, vanished...
  QStringList translations;  // one, or the numerus forms
  bool numerus = false;
  QString key() const {
    return context + QLatin1Char('\x1f') + source + QLatin1Char('\x1f') + comment;
  }
};

QList<TsMessage> readTs(const QString& path, QString* error) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) {
    *error = file.errorString();
    return {};
  }
  QList<TsMessage> out;
  QXmlStreamReader xml(&file);
  QString context;
  TsMessage m;
  while (!xml.atEnd()) {
    xml.readNext();
    if (!xml.isStartElement()) continue;
    const auto name = xml.name();
    if (name == QLatin1String("name")) {
      context = xml.readElementText();
    } else if (name == QLatin1String("message")) {
      m = TsMessage{};
      m.context = context;
      m.numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
    } else if (name == QLatin1String("source")) {
      m.source = xml.readElementText();
    } else if (name == QLatin1String("comment")) {
      m.comment = xml.readElementText();
    } else if (name == QLatin1String("translation")) {
      m.type = xml.attributes().value(QLatin1String("type")).toString();
      if (m.numerus) {
        while (xml.readNextStartElement()) m.translations << xml.readElementText();
      } else {
        m.translations << xml.readElementText();
      }
      out << m;
    }
  }
  if (xml.hasError())
    *error =
        QStringLiteral("%1 line %2: %3").arg(path).arg(xml.lineNumber()).arg(xml.errorString());
  return out;
}

QStringList shippedTsFiles() {
  QStringList files;
  for (const QString& f :
       QDir(kTsDir).entryList({QStringLiteral("precisionlab_*.ts")}, QDir::Files))
    files << kTsDir + QLatin1Char('/') + f;
  return files;
}

// %1..%99, %n and %Ln, as a sorted set.
QStringList placeholders(const QString& text) {
  static const QRegularExpression re(QStringLiteral("%L?(\\d{1,2}|n)"));
  QStringList found;
  for (auto it = re.globalMatch(text); it.hasNext();) found << it.next().captured(0);
  found.sort();
  found.removeDuplicates();
  return found;
}

// A menu or label accelerator: '&' before a character other than a space or a second '&'.
bool hasAccelerator(const QString& text) {
  static const QRegularExpression re(QStringLiteral("&[^& ]"));
  return re.match(QString(text).remove(QStringLiteral("&&"))).hasMatch();
}

QChar acceleratorOf(const QString& text) {
  const QString t = QString(text).remove(QStringLiteral("&&"));
  const qsizetype at = t.indexOf(QLatin1Char('&'));
  return at >= 0 && at + 1 < t.size() ? t.at(at + 1).toLower() : QChar();
}

// Every menu's accelerators, recursively: duplicates make Alt+letter ambiguous.
void checkMenu(const QString& path, const QList<QAction*>& actions, QStringList* problems) {
  QHash<QChar, QString> seen;
  for (QAction* a : actions) {
    if (a->isSeparator()) continue;
    const QChar c = acceleratorOf(a->text());
    if (!c.isNull()) {
      if (seen.contains(c))
        *problems << QStringLiteral("%1: '%2' and '%3' share Alt+%4")
                         .arg(path, seen.value(c), a->text(), QString(c));
      seen.insert(c, a->text());
    }
    if (a->menu())
      checkMenu(path + QStringLiteral(" > ") + a->text(), a->menu()->actions(), problems);
  }
}

RunUpdate finishedRun(RunId id, int steps, double accuracy) {
  RunUpdate u;
  u.id = id;
  u.state = RunState::Finished;
  u.totalSteps = steps;
  u.provenance.kind = Provenance::Live;
  u.provenance.device = "cpu (1 thread)";
  u.provenance.torchVersion = "1.13.1";
  for (int s = 1; s <= steps; ++s) {
    StepRecord r;
    r.step = s;
    r.loss = 0.75 - 0.01 * s;
    r.stepMs = 12.5;
    r.samplesPerSec = 100.5;
    r.lossScale = 1;
    r.peakBytes = 1 << 20;
    u.steps.push_back(r);
  }
  u.evals.push_back({steps, 0.5, accuracy});
  return u;
}

}  // namespace

class TestTranslations : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void shippedTranslationsAreComplete();
  void translationsAreUpToDate();
  void appRunsInGerman();
  void pluralsInEnglishAndGerman();
  void defaultProfileNameFollowsTheLanguage();
  void qtOwnTextsAreGerman();
  void unknownLanguageNeedsNoDisplay();
  void screenFollowsLocaleFilesDoNot();
  void killAndResumeVerdictIsGerman();
  void cleanupTestCase();
};

void TestTranslations::initTestCase() {
  QCoreApplication::setOrganizationName(QStringLiteral("PrecisionLabTest"));
  QCoreApplication::setApplicationName(QStringLiteral("tst_translations"));
  QVERIFY2(!shippedTsFiles().isEmpty(), qPrintable(kTsDir));
  QVERIFY2(AppLanguage::available().contains(QStringLiteral("de")),
           qPrintable(AppLanguage::available().join(QLatin1Char(' '))));
  QVERIFY(AppLanguage::install(QStringLiteral("de")));
  QVERIFY(!AppLanguage::isAvailable(QStringLiteral("xx")));
}

void TestTranslations::shippedTranslationsAreComplete() {
  for (const QString& ts : shippedTsFiles()) {
    QString error;
    const QList<TsMessage> messages = readTs(ts, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY2(messages.size() > 500, qPrintable(ts));
    QStringList problems;
    for (const TsMessage& m : messages) {
      const QString where = QStringLiteral("%1: %2 \"%3\"")
                                .arg(QFileInfo(ts).fileName(), m.context, m.source.left(60));
      if (!m.type.isEmpty()) problems << where + QStringLiteral(": type=") + m.type;
      // German has two plural forms (one, other).
      if (m.numerus && m.translations.size() != 2)
        problems << where + QStringLiteral(": %1 plural forms").arg(m.translations.size());
      for (const QString& t : m.translations) {
        if (t.trimmed().isEmpty()) problems << where + QStringLiteral(": empty translation");
        if (placeholders(t) != placeholders(m.source))
          problems << where + QStringLiteral(": placeholders %1 vs %2")
                                  .arg(placeholders(t).join(QLatin1Char(',')),
                                       placeholders(m.source).join(QLatin1Char(',')));
        if (hasAccelerator(m.source) != hasAccelerator(t))
          problems << where + QStringLiteral(": accelerator '&' lost or added in \"%1\"").arg(t);
      }
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.mid(0, 20).join(QLatin1Char('\n'))));
  }
}

void TestTranslations::translationsAreUpToDate() {
#ifndef PRECISIONLAB_LUPDATE
  QSKIP("lupdate was not found at configure time (Debian: qt6-l10n-tools)");
#else
  QFile optionsFile(kLupdateDir + QStringLiteral("/lupdate-options.txt"));
  QVERIFY2(optionsFile.open(QIODevice::ReadOnly), qPrintable(optionsFile.fileName()));
  QStringList args =
      QString::fromUtf8(optionsFile.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
  QTemporaryDir dir;
  const QString fresh = dir.filePath(QStringLiteral("precisionlab_de.ts"));
  args << QLatin1Char('@') + kLupdateDir + QStringLiteral("/lupdate-sources.lst")
       << QStringLiteral("-ts") << fresh;
  QProcess lupdate;
  lupdate.start(QStringLiteral(PRECISIONLAB_LUPDATE), args);
  QVERIFY(lupdate.waitForFinished(120000));
  QVERIFY2(lupdate.exitCode() == 0, lupdate.readAllStandardError().constData());

  QString error;
  QSet<QString> current;
  for (const TsMessage& m : readTs(fresh, &error)) current.insert(m.key());
  QVERIFY2(error.isEmpty(), qPrintable(error));
  QVERIFY(current.size() > 500);
  for (const QString& ts : shippedTsFiles()) {
    QSet<QString> shipped;
    for (const TsMessage& m : readTs(ts, &error)) shipped.insert(m.key());
    QStringList missing, stale;
    for (const QString& k : current)
      if (!shipped.contains(k))
        missing << QString(k).replace(QLatin1Char('\x1f'), QLatin1String(" | "));
    for (const QString& k : shipped)
      if (!current.contains(k))
        stale << QString(k).replace(QLatin1Char('\x1f'), QLatin1String(" | "));
    QVERIFY2(missing.isEmpty(),
             qPrintable(QStringLiteral("%1 lacks texts the sources have; run "
                                       "tools/update-translations.sh and translate them:\n%2")
                            .arg(ts, missing.mid(0, 20).join(QLatin1Char('\n')))));
    QVERIFY2(stale.isEmpty(),
             qPrintable(QStringLiteral("%1 has texts the sources no longer have; run "
                                       "tools/update-translations.sh:\n%2")
                            .arg(ts, stale.mid(0, 20).join(QLatin1Char('\n')))));
  }
#endif
}

void TestTranslations::appRunsInGerman() {
  QTemporaryDir dir;
  const auto shown =
      test::showTestWindow(dir.filePath(QStringLiteral("progress.sqlite3")), {1280, 800});
  QVERIFY(shown);
  MainWindow& window = *shown;

  QStringList menus;
  for (QAction* a : window.menuBar()->actions()) menus << a->text();
  QCOMPARE(menus, (QStringList{QStringLiteral("&Datei"), QStringLiteral("Lerne&n"),
                               QStringLiteral("&Ansicht"), QStringLiteral("&Hilfe")}));
  QCOMPARE(window.tabs()->tabText(0), QStringLiteral("Lernen"));
  QCOMPARE(window.tabs()->tabText(1), QStringLiteral("Labor"));
  QCOMPARE(window.tabs()->tabText(2), QStringLiteral("Fortschritt"));
  QStringList buttons;
  for (auto* b : window.findChildren<QAbstractButton*>()) buttons << b->text();
  QVERIFY2(buttons.contains(QStringLiteral("Antwort abgeben (Enter)")),
           qPrintable(buttons.join(QLatin1Char('|'))));
  QVERIFY2(buttons.contains(QStringLiteral("Alle stoppen")),
           qPrintable(buttons.join(QLatin1Char('|'))));

  // Engine texts marked with PL_TRANSLATE_NOOP: the engine keeps English, the screen does not.
  const LabScenario half = LabScenarios::make(scenario::kHalfLayers, LabScenarios::builtinBase());
  QCOMPARE(QString::fromStdString(half.row->title), QStringLiteral("Half-precision layers"));
  const ScenarioInfo* info = ScenarioCatalog::find(QStringLiteral("half-layers"));
  QVERIFY(info);
  QCOMPARE(info->title, QStringLiteral("Half-Precision-Schichten"));
  QVERIFY(info->detail.startsWith(QStringLiteral("model.to(torch.float16): Gewichte")));

  QStringList problems;
  checkMenu(QStringLiteral("menu bar"), window.menuBar()->actions(), &problems);
  // Form labels with a buddy: Alt+letter must reach one field per form.
  QHash<QWidget*, QHash<QChar, QString>> forms;
  for (QLabel* label : window.findChildren<QLabel*>()) {
    const QChar c = acceleratorOf(label->text());
    if (!label->buddy() || c.isNull()) continue;
    QHash<QChar, QString>& seen = forms[label->parentWidget()];
    if (seen.contains(c))
      problems << QStringLiteral("labels '%1' and '%2' share Alt+%3")
                      .arg(seen.value(c), label->text(), QString(c));
    seen.insert(c, label->text());
  }
  QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
}

void TestTranslations::pluralsInEnglishAndGerman() {
  // German (installed by initTestCase): the .ts's numerus forms, one and other.
  const auto de = [](const char* context, const char* text, int n) {
    return QCoreApplication::translate(context, text, nullptr, n);
  };
  QCOMPARE(de("precisionlab::StudyView", "%n question(s)", 1), QStringLiteral("1 Frage"));
  QCOMPARE(de("precisionlab::StudyView", "%n question(s)", 20), QStringLiteral("20 Fragen"));
  const auto answers = [](int n) {
    return QCoreApplication::translate("precisionlab::ProgressCharts", "(%Ln answer(s))",
                                       "chart label: the group's answers", n);
  };
  QCOMPARE(answers(1), QStringLiteral("(1 Antwort)"));
  QCOMPARE(answers(3), QStringLiteral("(3 Antworten)"));
  QVERIFY(!de("precisionlab::StudyView", " (%n unanswered, counted wrong)", 1).contains("(s)"));
  // English: the source's "(s)" resolved by count; texts without a count are left alone.
  EnglishPlurals en;
  QCOMPARE(en.translate("precisionlab::StudyView", "%n question(s)", nullptr, 1),
           QStringLiteral("%n question"));
  QCOMPARE(en.translate("precisionlab::StudyView", "%n question(s)", nullptr, 0),
           QStringLiteral("%n questions"));
  QCOMPARE(en.translate("precisionlab::MainWindow", "Studying as %1.", nullptr, -1), QString());
  QCOMPARE(en.translate("precisionlab::StudyView", "Question %1 of %2", nullptr, 2), QString());
  QCOMPARE(EnglishPlurals::form(QStringLiteral("ran %n step(s), %n run(s)"), 1),
           QStringLiteral("ran %n step, %n run"));
}

void TestTranslations::defaultProfileNameFollowsTheLanguage() {
  // Stored in English, shown in German: no "Sie lernen als Learner." for a database made
  // under English; a learner's own name stays as typed.
  QCOMPARE(QString::fromLatin1(ProgressView::kDefaultProfileName), QStringLiteral("Learner"));
  QCOMPARE(ProgressView::displayName(QStringLiteral("Learner")), QStringLiteral("Standardprofil"));
  QCOMPARE(ProgressView::displayName(QStringLiteral("Ada")), QStringLiteral("Ada"));
  QCOMPARE(QCoreApplication::translate("precisionlab::MainWindow", "Studying as %1.")
               .arg(ProgressView::displayName(QStringLiteral("Learner"))),
           QStringLiteral("Lernprofil: Standardprofil."));
}

void TestTranslations::qtOwnTextsAreGerman() {
  const QString qm =
      QLibraryInfo::path(QLibraryInfo::TranslationsPath) + QStringLiteral("/qtbase_de.qm");
  if (!QFileInfo::exists(qm))
    QSKIP("Qt's own German translations are not installed (Debian: qt6-translations-l10n)");
  QCOMPARE(QCoreApplication::translate("QPlatformTheme", "Cancel"), QStringLiteral("Abbrechen"));
}

// `precisionlab --lang xx` is refused before a display is needed, naming what there is.
void TestTranslations::unknownLanguageNeedsNoDisplay() {
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  for (const char* name : {"QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"}) env.remove(name);
  QProcess app;
  app.setProcessEnvironment(env);
  app.start(QStringLiteral(PRECISIONLAB_APP), {QStringLiteral("--lang"), QStringLiteral("xx")});
  QVERIFY(app.waitForFinished(30000));
  const QString err = QString::fromUtf8(app.readAllStandardError());
  QCOMPARE(app.exitCode(), 2);
  QVERIFY2(err.contains(QStringLiteral("available: de, en")), qPrintable(err));
  // A 100 KB code was echoed whole (issue 39): at most 80 bytes of it, then its length.
  app.start(QStringLiteral(PRECISIONLAB_APP),
            {QStringLiteral("--lang"), QString(100000, QLatin1Char('x'))});
  QVERIFY(app.waitForFinished(30000));
  const QString huge = QString::fromUtf8(app.readAllStandardError());
  QCOMPARE(app.exitCode(), 2);
  QVERIFY2(huge.size() < 400 && huge.contains(QStringLiteral("(100000 bytes)")),
           qPrintable(huge.left(400)));
}

void TestTranslations::screenFollowsLocaleFilesDoNot() {
  // The app runs with setlocale(LC_ALL, "") under the user's locale: both the Qt default locale
  // and the C library's numeric locale are German here, as they are for a German user.
  const QLocale previous;
  QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
  const std::string previousC = std::setlocale(LC_NUMERIC, nullptr);
  for (const char* name : {"de_DE.UTF-8", "de_DE.utf8", "de_DE"})
    if (std::setlocale(LC_NUMERIC, name)) break;

  RunDataStore store;
  TrainConfig config;
  config.preset = "tiny";
  const QString live = RunDataStore::liveSource(config);
  store.addRun({RunOrigin::Trained, 1}, live, QStringLiteral("baseline-fp32"),
               QStringLiteral("fp32 baseline"), QString(), Qt::black, config);
  store.addRun({RunOrigin::Trained, 2}, live, QStringLiteral("bf16-amp"),
               QStringLiteral("bf16=True"), QString(), Qt::darkYellow, config);
  // 24 steps: a verdict needs at least 20 (core/Verdict.h), else it is "too short to judge".
  QVERIFY(store.apply(RunOrigin::Trained, finishedRun(1, 24, 0.75)));
  QVERIFY(store.apply(RunOrigin::Trained, finishedRun(2, 24, 0.625)));

  VerdictCache verdicts;
  verdicts.update(store, 0);
  LabVerdictTable table;
  table.fill(&store, &verdicts,
             {{QStringLiteral("fp32"), QStringLiteral("baseline-fp32"), -1},
              {QStringLiteral("bf16"), QStringLiteral("bf16-amp"), 0}});
  QVERIFY(table.rowCount() >= 2);
  const QString accuracy = table.item(1, LabVerdictTable::kAccuracy)->text();
  const QString speed = table.item(1, LabVerdictTable::kSpeed)->text();
  const QByteArray csv = RunCsvExporter::toCsv(store);
  // The verdict's own wording: translated from core's marked templates, numbers in the locale;
  // the engine's English summary (CLI, files) stays locale-free.
  const CachedVerdict* cached = verdicts.find(QStringLiteral("bf16-amp"));
  QVERIFY(cached);
  const QString shown = cached->text;
  const std::string english = cached->verdict.summary;
  std::setlocale(LC_NUMERIC, previousC.c_str());
  QLocale::setDefault(previous);

  QVERIFY2(accuracy.startsWith(QStringLiteral("0,625 (fp32 0,750)")), qPrintable(accuracy));
  QVERIFY2(speed.contains(QStringLiteral("1,00x")), qPrintable(speed));
  QVERIFY2(csv.contains("0.625") && csv.contains("100.5"), csv.left(600).constData());
  QVERIFY2(!csv.contains("0,625") && !csv.contains("100,5"), csv.left(600).constData());
  QVERIFY2(shown.contains(QStringLiteral("Val.-Genauigkeit 0,625")), qPrintable(shown));
  QVERIFY2(english.find("val acc 0.625") != std::string::npos, english.c_str());
}

void TestTranslations::killAndResumeVerdictIsGerman() {
  // The kill-and-resume experiment's verdict is a judge's like every other (issue 48): its
  // summary is core's marked templates, so the German window shows it in German.
  auto run = [](RunRole role, int64_t from, int64_t to, RunState state) {
    RunLog r;
    r.role = role;
    r.config.steps = 30;
    r.state = state;
    for (int64_t s = from; s <= to; ++s) {
      StepRecord st;
      st.step = s;
      st.loss = 1.0 / double(s + 1);
      st.stepMs = 10;
      r.steps.push_back(st);
    }
    return r;
  };
  MeasuredScenario m;
  m.id = std::string(scenario::kPreemptionResume);
  m.runs = {run(RunRole::Uninterrupted, 1, 30, RunState::Finished),
            run(RunRole::Killed, 1, 13, RunState::Cancelled),
            run(RunRole::Resumed, 11, 30, RunState::Finished)};
  m.runs[2].resumedStep = 10;
  const Verdict v = computeVerdict(m, RunLog());
  QVERIFY(v.judgement == Judgement::Identical);
  const QString shown = LabVerdicts::localizedSummary(v);
  QVERIFY2(shown.contains(QStringLiteral("die fortgesetzte Kurve gleicht der ununterbrochenen: "
                                         "30 Schritte bitgleich")),
           qPrintable(shown));
  QVERIFY2(shown.contains(QStringLiteral("verlorene Arbeit: 3 Schritte seit checkpoint-10")),
           qPrintable(shown));
  QVERIFY2(v.summary.find("30 steps bit-equal") != std::string::npos, v.summary.c_str());
}

void TestTranslations::cleanupTestCase() { QSettings().clear(); }

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
