// Like with like and the evidence summary, from hand-made records (no training, milliseconds):
// runs are keyed by (origin, id); a verdict compares a scenario with the fp32 baseline of its
// own source only, so a live baseline never judges a recording and a live run never changes a
// recorded verdict; a mixed store says so; the cards are computed from the records (the
// half-precision option fails where its loss went NaN, the TensorFlow container is bit-identical,
// the sweep costs its trials, fp16=True learns and cites bf16 measured here and the estimate).
#include <QtTest>

#include <limits>

#include <QTableWidget>

#include "core/GpuEstimator.h"
#include "core/ScenarioIds.h"
#include "ui/charts/SpeedEvidenceChart.h"
#include "ui/export/GpuEstimateDialog.h"
#include "ui/lab/EvidenceSummary.h"
#include "ui/lab/LabEvidence.h"
#include "ui/lab/LabLayout.h"
#include "ui/lab/LabVerdicts.h"
#include "ui/lab/ProvenanceBadge.h"
#include "ui/lab/RunDataStore.h"
#include "ui/lab/ScenarioCatalog.h"
#include "ui/lab/VerdictCache.h"

using namespace precisionlab;

namespace {

TrainConfig config(double lr = 1e-3) {
  TrainConfig c;
  c.batchSize = 8;
  c.steps = 20;
  c.learningRate = lr;
  return c;
}

// A finished run: loss falling from 0.7, `stepMs` per step, NaN from `nanFrom` (0 = never).
RunUpdate finished(RunId id, Provenance kind, const std::string& device, double stepMs,
                   int64_t bytes, double acc, int nanFrom = 0, double lossOffset = 0) {
  RunUpdate u;
  u.id = id;
  u.state = RunState::Finished;
  u.provenance.kind = kind;
  u.provenance.device = device;
  if (kind == Provenance::Recorded) {
    u.provenance.recordedKind = Provenance::Live;
    u.provenance.recordedAt = "2026-01-02T03:04:05Z";
  }
  u.totalSteps = 20;
  for (int s = 1; s <= 20; ++s) {
    StepRecord r;
    r.step = s;
    r.loss = 0.7 - 0.02 * s + lossOffset;
    r.stepMs = stepMs;
    r.samplesPerSec = 8000.0 / stepMs;
    r.peakBytes = bytes;
    if (nanFrom > 0 && s >= nanFrom) {
      r.loss = std::numeric_limits<double>::quiet_NaN();
      r.nonFinite = true;
    }
    u.steps.push_back(r);
  }
  u.evals.push_back({20, nanFrom > 0 ? std::numeric_limits<double>::quiet_NaN() : 0.4, acc});
  return u;
}

// The Intel Xeon of the speed-evidence issues (avx512_bf16, avx512_fp16, no AMX): the fp32
// baseline, fp16=True and bf16=True, finished live in one store (fp16 as `fp16Kind`), each with
// its step time and peak bytes. Answers for the answer's card through `cache`.
const std::string kXeon = "cpu (1 thread, avx512_bf16, avx512_fp16, BLAS libopenblas.so.0)";
bool threeXeonRuns(RunDataStore& store, VerdictCache& cache, double baseMs, Provenance fp16Kind,
                   double fp16Ms, int64_t fp16Bytes, double bf16Ms, int64_t bf16Bytes) {
  const QString live = RunDataStore::liveSource(config());
  store.addRun({RunOrigin::Trained, 1}, live, "baseline-fp32", "b", "b", Qt::black, config());
  store.addRun({RunOrigin::Trained, 2}, live, "fp16-amp", "d", "d", Qt::green, config());
  store.addRun({RunOrigin::Trained, 3}, live, "bf16-amp", "f", "f", Qt::yellow, config());
  return store.apply(RunOrigin::Trained, finished(1, Provenance::Live, kXeon, baseMs, 1000, 0.8)) &&
         store.apply(RunOrigin::Trained,
                     finished(2, fp16Kind, kXeon, fp16Ms, fp16Bytes, 0.8, 0, 0.001)) &&
         store.apply(RunOrigin::Trained,
                     finished(3, Provenance::Live, kXeon, bf16Ms, bf16Bytes, 0.8)) &&
         cache.update(store, 0);
}

}  // namespace

class TestEvidence : public QObject {
  Q_OBJECT

 private slots:
  void verdictsCompareOneSourceOnly() {
    RunDataStore store;
    const QString live = RunDataStore::liveSource(config());
    RunProvenance gpu;
    gpu.device = "cuda:0 Test GPU";
    const QString recorded = RunDataStore::recordedSource(gpu);
    QVERIFY(live != recorded);

    // A recorded set: baseline and fp16=True at half the step time.
    store.addRun({RunOrigin::Replayed, 1}, recorded, "baseline-fp32", "b", "b", Qt::black,
                 config());
    store.addRun({RunOrigin::Replayed, 2}, recorded, "fp16-amp", "d", "d", Qt::green, config());
    QVERIFY(store.apply(RunOrigin::Replayed,
                        finished(1, Provenance::Recorded, gpu.device, 100, 1000, 0.8)));
    QVERIFY(store.apply(RunOrigin::Replayed,
                        finished(2, Provenance::Recorded, gpu.device, 50, 600, 0.8)));
    const auto before = LabVerdicts::compute(store, "fp16-amp");
    QVERIFY(before.has_value());
    QVERIFY(before->speedMeasurable);
    QCOMPARE(before->speedup, 2.0);
    QVERIFY(!store.isMixed());

    // A live baseline with the same ids (the scheduler counts from 1 too) joins: both
    // baselines stay, the recorded verdict is unchanged, and the view says it is mixed.
    store.addRun({RunOrigin::Trained, 1}, live, "baseline-fp32", "b", "b", Qt::black, config());
    QVERIFY(store.apply(RunOrigin::Trained, finished(1, Provenance::Live, "cpu", 400, 5000, 0.1)));
    QVERIFY(store.find({RunOrigin::Trained, 1}) != store.find({RunOrigin::Replayed, 1}));
    QVERIFY(store.isMixed());
    QCOMPARE(QString::fromStdString(store.baselineFor("fp16-amp")->source), recorded);
    const auto after = LabVerdicts::compute(store, "fp16-amp");
    QVERIFY(after.has_value());
    QCOMPARE(after->summary, before->summary);
    QCOMPARE(after->baselineValAccuracy, 0.8);

    // A live option with no live... it has one now; a live run is judged by the live baseline.
    store.addRun({RunOrigin::Trained, 2}, live, "tensorflow-container", "t", "t", Qt::blue,
                 config());
    QVERIFY(store.apply(RunOrigin::Trained, finished(2, Provenance::Live, "cpu", 400, 5000, 0.1)));
    const auto tf = LabVerdicts::compute(store, "tensorflow-container");
    QVERIFY(tf.has_value());
    QVERIFY(tf->identicalToBaseline);

    // A recorded option without a recorded baseline of its machine gets no verdict, and says why.
    RunProvenance other;
    other.device = "cuda:0 Other GPU";
    store.addRun({RunOrigin::Replayed, 3}, RunDataStore::recordedSource(other), "half-layers", "a",
                 "a", Qt::red, config());
    QVERIFY(store.apply(RunOrigin::Replayed,
                        finished(3, Provenance::Recorded, other.device, 100, 1000, 0.5, 4)));
    QVERIFY(!LabVerdicts::compute(store, "half-layers").has_value());
    QVERIFY(LabVerdicts::waitingText(store, "half-layers").contains("Other GPU"));

    // Removing one source's baseline leaves the other's.
    store.removeScenario("baseline-fp32", live);
    QVERIFY(store.baseline(recorded));
    QVERIFY(!store.baseline(live));
  }

  void aRowTellsItsOwnStory() {
    // A fixture row with the TensorFlow container's id and runs but no story of its own gets the
    // neutral card from its verdict, not that id's story ("a framework swap is no speedup"); told
    // as SameComputation it gets that story: the row decides, never its id. (The verdict cache
    // judges only ids of the table, so the fixture borrows one.)
    RunDataStore store;
    const QString live = RunDataStore::liveSource(config());
    store.addRun({RunOrigin::Trained, 1}, live, "baseline-fp32", "b", "b", Qt::black, config());
    QVERIFY(store.apply(RunOrigin::Trained, finished(1, Provenance::Live, "cpu", 100, 1000, 0.8)));
    store.addRun({RunOrigin::Trained, 2}, live, "tensorflow-container", "f", "f", Qt::red,
                 config());
    QVERIFY(store.apply(RunOrigin::Trained,
                        finished(2, Provenance::Live, "cpu", 50, 1000, 0.8, 0, 0.001)));
    VerdictCache cache;
    QVERIFY(cache.update(store, 0));
    QVERIFY(cache.find("tensorflow-container"));
    // A fixture row of the scenario table, and the window's view of it.
    ScenarioSpec spec;
    spec.id = "tensorflow-container";
    ScenarioInfo row;
    row.row = &spec;
    row.id = "tensorflow-container";
    row.title = "Fixture row";
    const EvidenceCard neutral = LabEvidence::card(row, store, cache, "E");
    QCOMPARE(neutral.name, QStringLiteral("E. Fixture row"));
    const QString text = neutral.headline + '\n' + neutral.evidence.join('\n');
    QVERIFY2(!text.contains("framework swap") && !text.contains("No change"), qPrintable(text));
    QVERIFY2(neutral.headline.contains("Learned like fp32"), qPrintable(text));
    QVERIFY2(text.contains("2.00x"), qPrintable(text));  // its own measured speed
    spec.story = EvidenceStory::SameComputation;
    const EvidenceCard same = LabEvidence::card(row, store, cache, "E");
    QVERIFY2(same.evidence.join('\n').contains("framework swap"),
             qPrintable(same.evidence.join('\n')));
    // A companion and the estimate come from the row too.
    spec.story = EvidenceStory::Measured;
    spec.companion = "bf16-amp";
    spec.quotesSpeedEvidence = true;
    const EvidenceCard withCompanion = LabEvidence::card(row, store, cache, "E");
    QVERIFY(withCompanion.evidence.join('\n').contains("run bf16=True to measure"));
    // The card says the speed story in a few words; its details hold every full sentence.
    QVERIFY(withCompanion.details.join('\n').contains(LabEvidence::gpuEstimateLine()));
    QVERIFY2(withCompanion.evidence.join('\n').contains("on GPUs, BERT fine-tuning"),
             qPrintable(withCompanion.evidence.join('\n')));
  }

  // The speed-evidence issue's machine: an Intel CPU with avx512_bf16 but no AMX, where bf16 ran
  // at 0.68x fp32. The card never claims "faster" from that figure: it stands with its reason,
  // the headline rests on the published GPU measurements, and the "Is it faster?" chart draws
  // the same figures, each with its kind.
  void slowerLiveFigureStandsWithItsReason() {
    RunDataStore store;
    VerdictCache cache;
    QVERIFY(threeXeonRuns(store, cache, 100, Provenance::Emulated, 130, 1000, 147, 900));
    const ScenarioInfo* answer = ScenarioCatalog::find(ScenarioCatalog::answerId());
    QVERIFY(answer);
    const EvidenceCard amp = LabEvidence::card(*answer, store, cache, "D");
    const QString text = amp.headline + '\n' + amp.evidence.join('\n');
    QCOMPARE(amp.finding, EvidenceCard::Finding::Works);
    QVERIFY2(!amp.headline.contains("measured on this machine"), qPrintable(text));
    QVERIFY2(amp.headline.contains("published measurements"), qPrintable(text));
    // The memory is named with its run when the claim quotes no run of this machine.
    QVERIFY2(amp.headline.contains("0.90x fp32's peak memory, measured with bf16=True"),
             qPrintable(text));
    QVERIFY2(text.contains(
                 "0.68x fp32's speed, 0.90x its peak memory; slower: no matrix units on this CPU"),
             qPrintable(text));
    QVERIFY2(text.contains("no matrix units (AMX)"), qPrintable(text));
    QVERIFY2(amp.details.join('\n').contains("the hardware, not the method"),
             qPrintable(amp.details.join('\n')));

    SpeedEvidenceChart chart;
    chart.setStory(LabEvidence::speedStory(*answer, store, cache));
    const QStringList bars = chart.barTexts();
    QVERIFY2(bars.first().startsWith("bf16=True, here: 0.68x (measured)"),
             qPrintable(bars.join('\n')));
    QVERIFY2(bars.join('\n').contains("V100, Trainer: 2.10x (published)"),
             qPrintable(bars.join('\n')));
    QVERIFY2(bars.join('\n').contains("x (estimated)"), qPrintable(bars.join('\n')));
    QVERIFY2(chart.reasonText().contains("no matrix units (AMX)"), qPrintable(chart.reasonText()));
    // The conclusion, once every run is final, leads with the options and says where speed
    // evidence comes from.
    const QString conclusion = LabEvidence::conclusion(store, cache);
    QVERIFY2(conclusion.contains("fp16=True, the answer, learned like fp32."),
             qPrintable(conclusion));
    QVERIFY2(conclusion.contains("this machine does not show it"), qPrintable(conclusion));
  }

  // Issue 45 and 50: LibTorch 2.x runs fp16=True live on a CPU with avx512_fp16; its own figures
  // lead the card (labelled with the CPU), the conclusion and the "Is it faster?" chart, and the
  // card carries its memory.
  void liveFp16FiguresLeadWhereTheyExist() {
    RunDataStore store;
    VerdictCache cache;
    QVERIFY(threeXeonRuns(store, cache, 105, Provenance::Live, 100, 840, 50, 800));
    const ScenarioInfo* answer = ScenarioCatalog::find(ScenarioCatalog::answerId());
    QVERIFY(answer);
    const EvidenceCard amp = LabEvidence::card(*answer, store, cache, "D");
    const QString text = amp.headline + '\n' + amp.evidence.join('\n');
    QVERIFY2(amp.headline.contains("faster, measured here with fp16=True itself (cpu, "
                                   "avx512_bf16, avx512_fp16): 1.05x fp32's speed"),
             qPrintable(text));
    QVERIFY2(amp.headline.contains("1.05x fp32's speed, 0.84x its peak memory"), qPrintable(text));
    QVERIFY2(!amp.headline.contains("2.10x"), qPrintable(text));  // bf16's figure is its own line
    QVERIFY2(text.contains("fp16=True, live, cpu: 1.05x fp32's speed, 0.84x its peak memory"),
             qPrintable(text));
    QVERIFY2(!text.contains("emulated"), qPrintable(text));
    SpeedEvidenceChart chart;
    chart.setStory(LabEvidence::speedStory(*answer, store, cache));
    QVERIFY2(chart.barTexts().join('\n').contains("fp16=True, here: 1.05x (measured)"),
             qPrintable(chart.barTexts().join('\n')));
    const QString conclusion = LabEvidence::conclusion(store, cache);
    QVERIFY2(conclusion.contains("fp16=True itself measured faster on this machine (1.05x fp32"),
             qPrintable(conclusion));
    QVERIFY2(conclusion.contains("Memory: 0.84x fp32's peak, measured here with fp16=True itself"),
             qPrintable(conclusion));
  }

  void cardsAreComputedFromTheRuns() {
    RunDataStore store;
    const QString live = RunDataStore::liveSource(config());
    RunId next = 1;
    auto add = [&](const char* scenario, RunUpdate u, double lr = 1e-3) {
      const RunId id = next++;
      u.id = id;
      store.addRun({RunOrigin::Trained, id}, live, scenario, scenario, scenario, Qt::black,
                   config(lr));
      QVERIFY(store.apply(RunOrigin::Trained, u));
    };
    add("baseline-fp32", finished(0, Provenance::Live, "cpu", 100, 1000, 0.8));
    add("half-layers", finished(0, Provenance::Emulated, "cpu", 150, 1000, 0.5, 7));
    add("tensorflow-container", finished(0, Provenance::Live, "cpu", 100, 1000, 0.8));
    for (double lr : {5e-4, 1e-3, 2e-3})
      add("vertex-hp-tuning",
          finished(0, Provenance::Live, "cpu", 100, 1000, lr == 1e-3 ? 0.82 : 0.7, 0,
                   lr == 1e-3 ? 0.01 : 0.02),
          lr);
    add("fp16-amp", finished(0, Provenance::Emulated, "cpu", 160, 1000, 0.79, 0, 0.005));
    add("bf16-amp", finished(0, Provenance::Live, "cpu", 50, 700, 0.79, 0, 0.004));

    const QHash<QString, QString> letters = {{"half-layers", "C"},
                                             {"tensorflow-container", "A"},
                                             {"vertex-hp-tuning", "D"},
                                             {"fp16-amp", "B"}};
    const QStringList order = {"tensorflow-container", "fp16-amp", "half-layers",
                               "vertex-hp-tuning"};
    VerdictCache cache;
    QVERIFY(cache.update(store, 0));
    const QList<EvidenceCard> cards = LabEvidence::cards(store, cache, order, letters);
    QCOMPARE(cards.size(), 4);
    // Named with the letters the learner saw, in the order shown.
    QCOMPARE(cards[0].name, QStringLiteral("A. TensorFlow container"));
    QCOMPARE(cards[2].name, QStringLiteral("C. Half-precision layers"));

    const EvidenceCard& tf = cards[0];
    QCOMPARE(tf.finding, EvidenceCard::Finding::NoChange);
    QVERIFY2(tf.headline.contains("bit-identical"), qPrintable(tf.headline));
    QVERIFY2(tf.evidence.join('\n').contains("1.00x"), qPrintable(tf.evidence.join('\n')));
    // The short form on the card, the whole provenance in its tooltip.
    QCOMPARE(tf.source, QStringLiteral("live, this CPU"));
    QVERIFY2(tf.sourceFull.startsWith("live on cpu"), qPrintable(tf.sourceFull));

    const EvidenceCard& half = cards[2];
    QCOMPARE(half.finding, EvidenceCard::Finding::Fails);
    QVERIFY2(half.headline.contains("step 7"), qPrintable(half.headline));
    QVERIFY(half.source.contains("emulated"));

    const EvidenceCard& sweep = cards[3];
    QCOMPARE(sweep.finding, EvidenceCard::Finding::CostsCompute);
    QVERIFY2(sweep.headline.contains("3 trials") && sweep.headline.contains("3.00x"),
             qPrintable(sweep.headline));
    QVERIFY2(sweep.evidence.join('\n').contains("HP trial") ||
                 sweep.evidence.join('\n').contains("vertex"),
             qPrintable(sweep.evidence.join('\n')));

    const EvidenceCard& amp = cards[1];
    QVERIFY(amp.correct);
    QCOMPARE(amp.finding, EvidenceCard::Finding::Works);
    const QString ampText = amp.evidence.join('\n');
    // Its own speed is emulated here, so the card cites bf16 measured live, what this machine
    // can show, the published GPU measurements, and the estimate.
    QVERIFY2(ampText.contains("bf16=True, live, cpu: 2.00x fp32"), qPrintable(ampText));
    QVERIFY2(ampText.contains("numerics emulated here"), qPrintable(ampText));
    QVERIFY2(ampText.contains("on GPUs, BERT fine-tuning: V100 2.10x fp32 (HF Trainer)"),
             qPrintable(ampText));
    QVERIFY2(ampText.contains("Vertex AI GPUs"), qPrintable(ampText));
    // bf16 measured faster here, so the headline may say so, naming bf16=True as the run that
    // measured the mechanism, never fp16=True itself (issue 45), with the memory beside it; the
    // details name every source.
    QVERIFY2(amp.headline.contains("mixed precision, measured here with bf16=True, the same "
                                   "autocast mechanism: 2.00x fp32's speed"),
             qPrintable(amp.headline));
    QVERIFY2(amp.headline.contains("2.00x fp32's speed, 0.70x its peak memory"),
             qPrintable(amp.headline));
    QVERIFY2(!amp.headline.contains("fp16=True itself"), qPrintable(amp.headline));
    QVERIFY2(amp.details.join('\n').contains("perf_train_gpu_one"),
             qPrintable(amp.details.join('\n')));
    // Three sources on one card, each line naming its own: the emulated fp16 numerics, bf16
    // measured live, the GPU estimate.
    QCOMPARE(amp.source, QStringLiteral("emulated"));
    QStringList lineSources;
    for (int i = 0; i < amp.evidence.size(); ++i) lineSources << amp.sourceOfLine(i);
    QCOMPARE(lineSources.first(), QStringLiteral("emulated"));
    QVERIFY2(lineSources.contains(QStringLiteral("live, this machine")),
             qPrintable(lineSources.join('|')));
    QVERIFY2(lineSources.contains(QStringLiteral("published; sources in the tooltip")),
             qPrintable(lineSources.join('|')));
    QCOMPARE(lineSources.last(), QStringLiteral("estimated"));

    // The widget shows the same cards.
    EvidenceSummary summary;
    summary.setOptions(order, letters);
    VerdictCache verdicts;
    verdicts.update(store, 0);
    summary.refresh(store, verdicts);
    QCOMPARE(summary.cardTexts().size(), 4);
    QVERIFY(summary.cardTexts().at(2).contains("step 7"));
    QVERIFY(summary.cardsShown());
    // On the widget each line of the mixed card carries its source.
    const QString ampCard = summary.cardTexts().at(1);
    QVERIFY2(ampCard.contains("[emulated]") && ampCard.contains("[estimated]") &&
                 ampCard.contains("[live, this machine]") &&
                 ampCard.contains("[published; sources in the tooltip]"),
             qPrintable(ampCard));
  }

  void rangeExperimentCardsCountTheOverflow() {
    // pmle-scaling-002's options b and d: fp16=True and bf16=True on the model with the outlier
    // feature. The cards count what the runs did, and say where the numbers come from.
    RunDataStore store;
    const QString live = RunDataStore::liveSource(config());
    auto outlier = [](Precision p) {
      TrainConfig c = config();
      c.precision = p;
      c.outlierScaleLog2 = 20;
      return c;
    };
    store.addRun({RunOrigin::Trained, 1}, live, "baseline-fp32", "b", "b", Qt::black, config());
    QVERIFY(store.apply(RunOrigin::Trained, finished(1, Provenance::Live, "cpu", 100, 1000, 0.8)));
    store.addRun({RunOrigin::Trained, 2}, live, "fp16-amp-outlier", "d", "d", Qt::green,
                 outlier(Precision::Fp16Amp));
    RunUpdate fp16 = finished(2, Provenance::Emulated, "cpu", 160, 1000, 0.2, 1);
    double scale = 65536;
    for (StepRecord& r : fp16.steps) {
      r.skipped = true;
      r.lossScale = scale;
      scale /= 2;
    }
    QVERIFY(store.apply(RunOrigin::Trained, fp16));
    store.addRun({RunOrigin::Trained, 3}, live, "bf16-amp-outlier", "b", "b", Qt::yellow,
                 outlier(Precision::Bf16Amp));
    QVERIFY(store.apply(RunOrigin::Trained,
                        finished(3, Provenance::Live, "cpu", 50, 700, 0.79, 0, 0.004)));

    VerdictCache cache;
    QVERIFY(cache.update(store, 0));
    const QList<EvidenceCard> cards = LabEvidence::cards(
        store, cache, {"bf16-amp-outlier", "fp16-amp-outlier"}, {{"bf16-amp-outlier", "B"}});
    QCOMPARE(cards.size(), 2);
    const EvidenceCard& bf16 = cards[0];
    QCOMPARE(bf16.name, QStringLiteral("B. bf16=True, outlier feature"));
    QVERIFY2(bf16.finding == EvidenceCard::Finding::Works,
             qPrintable(bf16.headline + " / " + bf16.evidence.join(" / ")));
    QCOMPARE(bf16.headline, QStringLiteral("bf16 trained like fp32 with activations above 65504"));
    QVERIFY2(bf16.evidence.join('\n').contains("loss finite at all 20 steps, none skipped"),
             qPrintable(bf16.evidence.join('\n')));
    QCOMPARE(bf16.source, QStringLiteral("live, this CPU"));
    const EvidenceCard& fp16card = cards[1];
    QCOMPARE(fp16card.finding, EvidenceCard::Finding::Fails);
    QCOMPARE(fp16card.headline,
             QStringLiteral("fp16 overflowed: 20 of 20 steps skipped, loss non-finite"));
    const QString fp16Text = fp16card.evidence.join('\n');
    QVERIFY2(fp16Text.contains("loss inf or NaN at 20 of 20 steps, first at step 1") &&
                 fp16Text.contains("lowered its scale from") && fp16Text.contains("forward pass") &&
                 fp16Text.contains("channel at 2^20 ("),
             qPrintable(fp16Text));
    // Emulated fp16 numerics say so, on the card and in its tooltip.
    QCOMPARE(fp16card.source, QStringLiteral("emulated"));
    QVERIFY2(fp16card.sourceFull.contains("fp16 emulated"), qPrintable(fp16card.sourceFull));
  }

  void noEmptyBandBeforeARun() {
    // Before any run the lab shows one line on what to do, not four empty cards.
    RunDataStore store;
    const VerdictCache verdicts;
    EvidenceSummary summary;
    summary.refresh(store, verdicts);
    QVERIFY(!summary.cardsShown());
    QVERIFY(!summary.placeholder()->isHidden());
    // The presenter's last step always shows the cards ("Not run yet" is its news).
    summary.applyLayout(LabLayout::slides(1.6));
    QVERIFY(summary.cardsShown());
  }

  void aRowTrainedBesideTheOptionsGetsItsOwnCard() {
    // A row trained outside the question's options and the default lab gets a card after the
    // options (its lesson read with theirs); a replayed recording of such a row adds none (the
    // shipped recordings hold rows of other questions), nor does a default-lab row (bf16=True).
    RunDataStore store;
    VerdictCache verdicts;
    const QString live = RunDataStore::liveSource(config());
    const QString noScaler = QString::fromUtf8(scenario::kFp16NoScaler.data());
    EvidenceSummary summary;
    summary.setOptions(LabEvidence::defaultOrder(), {});
    store.addRun({RunOrigin::Trained, 1}, live, "baseline-fp32", "b", "b", Qt::black, config());
    store.addRun({RunOrigin::Trained, 2}, live, "bf16-amp", "f", "f", Qt::yellow, config());
    store.addRun({RunOrigin::Replayed, 1}, QStringLiteral("recorded:cpu"), noScaler, "n", "n",
                 Qt::red, config());
    summary.refresh(store, verdicts);
    QCOMPARE(summary.cardTexts().size(), 4);
    store.addRun({RunOrigin::Trained, 3}, live, noScaler, "n", "n", Qt::red, config());
    summary.refresh(store, verdicts);
    QCOMPARE(summary.cardTexts().size(), 5);
    QVERIFY2(summary.cardTexts().last().startsWith(QStringLiteral("fp16 without loss scaling")),
             qPrintable(summary.cardTexts().last()));
  }

  void provenanceShortForm() {
    RunProvenance live;
    live.device = "cpu (2 threads, avx512_bf16, libopenblas.so.0)";
    QCOMPARE(ProvenanceBadge::shortText(live), QStringLiteral("live, this CPU"));
    QVERIFY(ProvenanceBadge::text(live).contains("libopenblas"));
    RunProvenance emulated = live;
    emulated.kind = Provenance::Emulated;
    QCOMPARE(ProvenanceBadge::shortText(emulated), QStringLiteral("emulated"));
    RunProvenance recorded;
    recorded.kind = Provenance::Recorded;
    recorded.device = "cpu (1 thread, avx512_bf16)";
    recorded.recordedAt = "2026-12-01T02:49:54Z";
    QCOMPARE(ProvenanceBadge::shortText(recorded), QStringLiteral("recorded 2026-12-01, CPU"));
    recorded.device = "cuda:0 NVIDIA H200";
    QCOMPARE(ProvenanceBadge::shortText(recorded), QStringLiteral("recorded 2026-12-01, GPU"));
    // The badge shows the short form and keeps the whole text one hover away.
    ProvenanceBadge badge;
    badge.setProvenance(live);
    QCOMPARE(badge.QLabel::text(), QStringLiteral("live, this CPU"));
    QVERIFY(badge.toolTip().contains("libopenblas"));
  }

  void notRunCardsSaySo() {
    RunDataStore store;
    const VerdictCache verdicts;
    const QList<EvidenceCard> cards =
        LabEvidence::cards(store, verdicts, LabEvidence::defaultOrder(), {});
    QCOMPARE(cards.size(), 4);
    for (const EvidenceCard& c : cards) {
      QCOMPARE(c.finding, EvidenceCard::Finding::NotRun);
      QVERIFY(c.source.isEmpty());
    }
    QCOMPARE(cards[0].name, QStringLiteral("Half-precision layers"));  // no letter: by text
  }

  void estimateIsOneCalibratedRange() {
    // The fp16=True card, the estimate dialog (and so the presenter, which shows these cards
    // and opens this dialog) read one calibrated summary: a range, Trainer to optimized code.
    const QString line = LabEvidence::gpuEstimateLine();
    QCOMPARE(line, LabVerdicts::localized(gpuestimate::summaryText(gpuestimate::labShape())));
    for (const char* needle :
         {"estimated", "Hugging Face Trainer", "optimized code", "true fp32", "tf32=True"})
      QVERIFY2(line.contains(QLatin1String(needle)), qPrintable(line));
    RunDataStore store;
    const VerdictCache verdicts;
    const QList<EvidenceCard> cards =
        LabEvidence::cards(store, verdicts, LabEvidence::defaultOrder(), {});
    QVERIFY(cards[3].details.join('\n').contains(line));

    GpuEstimateDialog dialog;
    QCOMPARE(dialog.summaryText(), line);
    QTableWidget* t = dialog.table();
    QCOMPARE(t->rowCount(), int(GpuEstimator::gpus().size()) * 4);
    // Rows: fp32, tf32=True, fp16=True, bf16=True per GPU (T4, L4, V100, A100, H100).
    const int v100 = 2 * 4, a100 = 3 * 4;
    QVERIFY2(t->item(v100 + 1, 2)->text().contains("no TF32"),
             qPrintable(t->item(v100 + 1, 2)->text()));
    dialog.setShape(QStringLiteral("large"), 32, 384);
    QVERIFY(dialog.summaryText().contains("BERT large"));
    // A100, fp16=True against tf32=True on the published shape: about 2x, as a range.
    const QStringList ends = t->item(a100 + 2, 5)->text().remove('x').split('-');
    QCOMPARE(ends.size(), 2);
    const QLocale locale;
    const double lo = locale.toDouble(ends[0]), hi = locale.toDouble(ends[1]);
    QVERIFY2(lo > 1.3 && lo < hi && hi < 2.7, qPrintable(t->item(a100 + 2, 5)->text()));
    QVERIFY(t->item(a100 + 2, 0)->toolTip().contains("calibrated"));
    QVERIFY(t->item(0, 0)->toolTip().contains("no published training measurement"));
    for (const CalibrationPoint& c : GpuEstimator::calibrationPoints())
      QVERIFY(dialog.explainText().contains(QString::fromStdString(c.url)));
  }
};

QTEST_MAIN(TestEvidence)
#include "tst_evidence.moc"
