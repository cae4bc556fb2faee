// The lab's settings through the engine's config validator, as a GUI user meets it: the panel's
// inputs take their ranges from the validator, an issue marks the widget of its field and is told
// with that widget's label (never a CLI flag), the marks go with the next change, and LabView
// refuses to start a run with invalid settings instead of letting each run fail. No training.
#include <QtTest>
#include <limits>

#include <QComboBox>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>

#include "core/ConfigValidator.h"
#include "core/LabScenarios.h"
#include "engine/TrainEnvironment.h"
#include "ui/lab/LabSettingsPanel.h"
#include "ui/lab/LabView.h"
#include "ui/lab/RunToggle.h"

using namespace precisionlab;

class TestLabSettings : public QObject {
  Q_OBJECT

 private slots:
  void rangesComeFromTheValidator();
  void issuesMarkTheWidgetAndNameItsLabel();
  void rangeIssuesInThePanelsWords();
  void labViewRefusesInvalidSettings();

 private:
  QTemporaryDir dir_;
};

void TestLabSettings::rangesComeFromTheValidator() {
  LabSettingsPanel panel;
  const QList<QPair<ConfigField, QString>> boxes = {{ConfigField::Steps, "Steps"},
                                                    {ConfigField::BatchSize, "Batch"},
                                                    {ConfigField::SeqLen, "Sequence"},
                                                    {ConfigField::Layers, "Layers"}};
  for (const auto& [field, label] : boxes) {
    auto* box = qobject_cast<QSpinBox*>(panel.widgetFor(field));
    QVERIFY2(box, configFieldName(field));
    const ConfigRange r = *configRange(field);
    QCOMPARE(box->minimum(), int(r.min));
    QCOMPARE(box->maximum(), int(r.max));
    QCOMPARE(panel.labelFor(field), label);
  }
  QVERIFY(!panel.widgetFor(ConfigField::SaveDir));  // the lab never saves a model
  QVERIFY(panel.labelFor(ConfigField::SaveDir).isEmpty());
}

void TestLabSettings::rangeIssuesInThePanelsWords() {
  // Beside its widget a range issue is the panel's own (translatable, locale-formatted) text.
  LabSettingsPanel panel;
  ConfigIssue issue;
  issue.field = ConfigField::SeqLen;
  issue.message = "sequence length must be between 2 and 512 tokens (got 1)";
  issue.range = configRange(ConfigField::SeqLen);
  const QStringList lines = panel.showIssues({issue});
  QCOMPARE(lines, QStringList{panel.labelFor(ConfigField::SeqLen) + ": must be between 2 and 512"});
  QCOMPARE(panel.widgetFor(ConfigField::SeqLen)->toolTip(), QString("must be between 2 and 512"));
  ConfigRange rate{0, std::numeric_limits<double>::infinity(), true, true};
  QCOMPARE(LabSettingsPanel::rangeText(rate), QString("must be greater than 0"));
  ConfigRange fraction{0, 1, false, true};
  QCOMPARE(LabSettingsPanel::rangeText(fraction), QString("must be at least 0 and less than 1"));
}

void TestLabSettings::issuesMarkTheWidgetAndNameItsLabel() {
  LabSettingsPanel panel;
  TrainConfig c = LabScenarios::builtinBase();
  c.dataPath = dir_.filePath("missing.csv").toStdString();
  c.modelDir = dir_.filePath("no-model").toStdString();
  c.evalEvery = -1;  // a field the panel has no widget for
  panel.setConfig(c);
  const std::vector<ConfigIssue> issues = validate(panel.config(), trainEnvironment());
  QCOMPARE(issues.size(), size_t(3));

  const QStringList lines = panel.showIssues(issues);
  QCOMPARE(lines.size(), 3);
  QVERIFY2(lines.filter(QRegularExpression("^Checkpoint: .*no-model: not a directory")).size() == 1,
           qPrintable(lines.join('\n')));
  QVERIFY2(
      lines.filter(QRegularExpression("^Dataset: .*missing.csv: no such dataset file")).size() == 1,
      qPrintable(lines.join('\n')));
  QVERIFY2(lines.filter(QRegularExpression("^evaluation interval must be")).size() == 1,
           qPrintable(lines.join('\n')));
  for (const QString& line : lines) QVERIFY2(!line.contains("--"), qPrintable(line));

  QWidget* data = panel.widgetFor(ConfigField::DataPath);
  QVERIFY(data->property("configIssue").toBool());
  QVERIFY(data->toolTip().contains("no such dataset file"));
  QVERIFY(data->accessibleDescription().contains("no such dataset file"));
  QVERIFY(!data->styleSheet().isEmpty());
  QVERIFY(panel.widgetFor(ConfigField::ModelDir)->property("configIssue").toBool());
  QVERIFY(!panel.widgetFor(ConfigField::SeqLen)->property("configIssue").toBool());

  // The user edits the dataset: every mark goes, the original tooltip comes back.
  qobject_cast<QLineEdit*>(data)->setText(QStringLiteral("other.csv"));
  QVERIFY(!data->property("configIssue").toBool());
  QVERIFY(data->styleSheet().isEmpty());
  QVERIFY(data->toolTip().contains("CSV, TSV or JSONL"));
  QVERIFY(!panel.widgetFor(ConfigField::ModelDir)->property("configIssue").toBool());
}

void TestLabSettings::labViewRefusesInvalidSettings() {
  LabView view;
  view.resize(1280, 800);
  view.show();
  QVERIFY(QTest::qWaitForWindowExposed(&view));
  TrainConfig c = view.settings();
  c.preset = "tiny";
  c.layers = 0;
  c.dataPath = dir_.filePath("nowhere.csv").toStdString();
  view.setSettings(c);
  QSignalSpy messages(&view, &LabView::statusMessage);
  view.runScenario(QStringLiteral("baseline-fp32"));
  QCOMPARE(messages.count(), 1);
  const QString message = messages.first().first().toString();
  QVERIFY2(message.contains("could not start") && message.contains("Dataset: ") &&
               message.contains("nowhere.csv") && !message.contains("--data"),
           qPrintable(message));
  QVERIFY(!view.anyRunActive());
  QVERIFY(view.store().runs().empty());
  QVERIFY(!view.toggle(QStringLiteral("baseline-fp32"))->isOn());
  auto* panel = view.findChild<LabSettingsPanel*>();
  QVERIFY(panel);
  QVERIFY(panel->widgetFor(ConfigField::DataPath)->property("configIssue").toBool());
  QVERIFY(panel->widgetFor(ConfigField::DataPath)->isVisible());  // the settings were opened
}

QTEST_MAIN(TestLabSettings)
#include "tst_labsettings.moc"
