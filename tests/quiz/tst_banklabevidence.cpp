// Every lab link of the built-in bank shows what its option claims, judged on what is there
// without training (issue 36 item 4): the linked scenario is a row of the lab's scenario table
// (core/ScenarioTable.h); the option's role agrees with the row (a keyed option links a row whose
// story is a recipe working, a wrong option one whose story is a failure or no gain, and a row of
// the seed question's own options is linked only by an option of the same correctness); and where
// the lab ships a recording of the scenario (resources/recorded), the verdict computed from it
// agrees: a keyed option's run learns like the fp32 baseline, a wrong option's run fails, stalls
// or differs, or gains nothing (the baseline's own computation, a sweep's extra compute, or more
// gradients flushed to zero than the baseline's). The LoRA row measures trainable parameters and
// optimizer state, not quality (docs/lora-experiment.md), so only an option about memory may link
// it. Reads files only: well under a second.
#include "quiz/BankLoader.h"

#include "core/LabScenarios.h"
#include "core/RunRecording.h"
#include "core/ScenarioIds.h"
#include "core/ScenarioTable.h"
#include "core/Verdict.h"

#include <QDir>
#include <QRegularExpression>
#include <QTest>
#include <map>
#include <string>
#include <vector>

using namespace precisionlab;
using namespace precisionlab::quiz;

namespace {

// The stories that show a recipe working (a keyed option's evidence) and those that show a
// failure or no gain (a wrong option's). The baseline is the reference either may use.
bool storySupportsKey(EvidenceStory s) {
  switch (s) {
    case EvidenceStory::Reference:
    case EvidenceStory::MixedPrecision:
    case EvidenceStory::MemoryExperiment:
    case EvidenceStory::RangeExperiment:
    case EvidenceStory::PreemptionResume:
    case EvidenceStory::LoraExperiment:
    case EvidenceStory::DataParallel:  // the same updates over 2 processes, all-reduce measured
    case EvidenceStory::WorkerDies:    // a lost rank fails the job; the whole job resumes
    case EvidenceStory::ShardedState:  // sharding divides the optimizer state, same updates
      return true;
    default:
      return false;
  }
}

bool storySupportsDistractor(EvidenceStory s) {
  switch (s) {
    case EvidenceStory::Reference:
    case EvidenceStory::SameComputation:
    case EvidenceStory::WholeModelHalf:
    case EvidenceStory::NoLossScaling:
    case EvidenceStory::Sweep:
    case EvidenceStory::RangeExperiment:
    case EvidenceStory::SmallerBatch:  // less memory, but other updates than the baseline's
    case EvidenceStory::ShardedState:  // the replica every data-parallel process keeps, measured
      return true;
    default:
      return false;
  }
}

std::map<std::string, std::vector<RunRecording>> shippedRecordings() {
  std::map<std::string, std::vector<RunRecording>> out;
  const QDir folder(QStringLiteral(PRECISIONLAB_SOURCE_DIR "/resources/recorded"));
  for (const QString& name : folder.entryList({QStringLiteral("*.plrun")}, QDir::Files)) {
    RunRecording r = readRunRecording(folder.filePath(name).toStdString());
    LabScenarios::identify(r, r.scenarioId);  // title, option and sweep from the row, as the lab
    out[r.scenarioId].push_back(std::move(r));
  }
  return out;
}

struct Link {
  QString where;  // "pmle-scaling-046 b"
  const Option* option;
  const ScenarioSpec* row;
};

}  // namespace

class TestBankLabEvidence : public QObject {
  Q_OBJECT

  QuestionBank bank_;
  QVector<Link> links_;
  QStringList unknown_;

  const Question* questionOf(const Option* option) const {
    for (const Question& q : bank_.questions)
      for (const Option& o : q.options)
        if (&o == option) return &q;
    return nullptr;
  }

 private slots:
  void initTestCase() {
    const BankLoadResult r = BankLoader::loadFile(
        QStringLiteral(PRECISIONLAB_SOURCE_DIR "/resources/banks/pmle-scaling.json"));
    QVERIFY(r.ok());
    bank_ = *r.bank;
    for (const Question& q : bank_.questions)
      for (const Option& o : q.options) {
        if (o.scenario.isEmpty()) continue;
        const QString where = q.id + QLatin1Char(' ') + o.id;
        const ScenarioSpec* row = findScenario(o.scenario.toStdString());
        if (row)
          links_.push_back({where, &o, row});
        else
          unknown_ << where + QStringLiteral(" -> ") + o.scenario;
      }
    QVERIFY(links_.size() >= 20);  // the bank links most scenarios from several questions
  }

  void everyLinkedScenarioExists() {
    QVERIFY2(unknown_.isEmpty(), qPrintable(unknown_.join('\n')));
  }

  void roleMatchesTheRow() {
    QStringList wrong;
    for (const Link& l : links_) {
      const ScenarioSpec& row = *l.row;
      const QString id = QString::fromStdString(row.id);
      if (l.option->correct) {
        if (row.linkFrom == EvidenceLink::Wrong || !storySupportsKey(row.story))
          wrong << l.where + QStringLiteral(": keyed, but '%1' shows %2")
                                 .arg(id, QString::fromStdString(row.shows));
      } else if (row.linkFrom == EvidenceLink::Correct || !storySupportsDistractor(row.story)) {
        wrong << l.where + QStringLiteral(": wrong, but '%1' shows %2")
                               .arg(id, QString::fromStdString(row.shows));
      }
      // A row of the seed question's options is that option: right or wrong as it is there.
      if (!row.optionText.empty() && row.correct != l.option->correct)
        wrong << l.where + QStringLiteral(": links '%1', the seed question's %2 option \"%3\"")
                               .arg(id,
                                    row.correct ? QStringLiteral("keyed") : QStringLiteral("wrong"),
                                    QString::fromStdString(row.optionText));
    }
    QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join('\n')));
  }

  // The LoRA run shows the memory claim (trainable share, measured optimizer state); in the
  // lab's budget it does not learn like full fine-tuning, so it cannot back a claim of quality.
  void loraLinksClaimOnlyMemory() {
    static const QRegularExpression memory(
        QStringLiteral("\\b(memory|optimizer|gradients?|parameters?)\\b"),
        QRegularExpression::CaseInsensitiveOption);
    int loraLinks = 0;
    for (const Link& l : links_) {
      if (l.row->story != EvidenceStory::LoraExperiment) continue;
      ++loraLinks;
      QVERIFY2(memory.match(l.option->text).hasMatch(),
               qPrintable(l.where +
                          QStringLiteral(" links the LoRA run, which measures memory, "
                                         "from an option that claims something else: ") +
                          l.option->text));
    }
    QVERIFY(loraLinks >= 1);
  }

  // The data-parallel run shows synchronous data parallelism (DDP launched as torchrun starts
  // it) making one process's updates, with the gradient all-reduce's measured share of the step:
  // evidence for an option that recommends that, in a question about the all-reduce's cost. It
  // runs Gloo on CPU processes, so it says nothing about a backend's or a reducer's speed: an
  // option naming Gloo or Reduction Server must not link it.
  void dataParallelLinksClaimPlainDataParallelism() {
    static const QRegularExpression ddp(
        QStringLiteral("\\b(DistributedDataParallel|DDP|torchrun)\\b"));
    static const QRegularExpression allReduce(QStringLiteral("all-reduce"),
                                              QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression otherMechanism(
        QStringLiteral("\\b(Gloo|Reduction Server|Horovod|parameter-server)\\b"),
        QRegularExpression::CaseInsensitiveOption);
    int links = 0;
    for (const Link& l : links_) {
      if (l.row->story != EvidenceStory::DataParallel) continue;
      ++links;
      const Question* question = questionOf(l.option);
      QVERIFY(question);
      QVERIFY2(l.option->correct, qPrintable(l.where + QStringLiteral(" is not keyed")));
      QVERIFY2(ddp.match(l.option->text).hasMatch(),
               qPrintable(l.where + QStringLiteral(" does not recommend DDP: ") + l.option->text));
      QVERIFY2(!otherMechanism.match(l.option->text).hasMatch(),
               qPrintable(l.where +
                          QStringLiteral(" claims a mechanism the CPU run cannot "
                                         "show: ") +
                          l.option->text));
      QVERIFY2(allReduce.match(question->stem).hasMatch(),
               qPrintable(l.where + QStringLiteral("'s question is not about the all-reduce: ") +
                          question->stem));
    }
    QVERIFY(links >= 1);  // 034's key
  }

  // The worker-dies run shows a data-parallel job that lost a rank failing at the collective
  // timeout, and every rank restarted from the newest checkpoint continuing the uninterrupted
  // curve: evidence for an option that restarts the whole job and resumes from a checkpoint, in
  // a question about a distributed job that lost a worker. It shows nothing about a longer
  // timeout or another backend being the fix (the row's own verdict says why they are not), so an
  // option recommending those must not link it.
  void workerDiesLinksClaimWholeJobRestart() {
    static const QRegularExpression restart(
        QStringLiteral("\\b(restartJobOnWorkerRestart|restart(s|ing)? (the|every|all)\\b)"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression checkpoint(QStringLiteral("\\bcheckpoint"),
                                               QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression lostWorker(
        QStringLiteral("\\b(worker|rank|node)s?\\b.*\\b(timeout|fails?|replaced|restarts?)\\b"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression notTheFix(QStringLiteral("\\b(timeout|Gloo|NCCL|elastic)\\b"),
                                              QRegularExpression::CaseInsensitiveOption);
    int links = 0;
    for (const Link& l : links_) {
      if (l.row->story != EvidenceStory::WorkerDies) continue;
      ++links;
      const Question* question = questionOf(l.option);
      QVERIFY(question);
      QVERIFY2(l.option->correct, qPrintable(l.where + QStringLiteral(" is not keyed")));
      QVERIFY2(
          restart.match(l.option->text).hasMatch() && checkpoint.match(l.option->text).hasMatch(),
          qPrintable(l.where +
                     QStringLiteral(" does not restart the whole job from a checkpoint: ") +
                     l.option->text));
      QVERIFY2(!notTheFix.match(l.option->text).hasMatch(),
               qPrintable(l.where + QStringLiteral(" claims a fix the run does not show: ") +
                          l.option->text));
      QVERIFY2(lostWorker.match(question->stem).hasMatch(),
               qPrintable(l.where + QStringLiteral("'s question is not about a lost worker: ") +
                          question->stem));
    }
    QVERIFY(links >= 1);  // 041's key
  }

  // The sharded-state run measures the optimizer state each data-parallel process holds,
  // replicated (DDP) against sharded over the processes, with the same updates: evidence that
  // plain data parallelism keeps a full replica per GPU (a wrong option recommending it in a
  // question whose model state does not fit one GPU) and that sharding divides the state (a
  // keyed option that shards it: FSDP, ZeRO). It shows nothing about splitting the layers
  // (pipeline or tensor parallelism) or about activations, so such options must not link it.
  void shardedStateLinksClaimReplicaOrShards() {
    static const QRegularExpression plainDataParallel(
        QStringLiteral("\\b(DistributedDataParallel|DDP|data parallelism|MirroredStrategy)\\b"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression sharded(QStringLiteral("\\b(FSDP|ZeRO|shard(ed|s|ing)?)"),
                                            QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression otherSplit(
        QStringLiteral("\\b(pipeline|tensor parallel|activation|accumulation|micro-batch)"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression stateTooLarge(
        QStringLiteral("\\b(bytes per parameter|optimizer state)\\b.*\\b(GB|does not fit)\\b"),
        QRegularExpression::CaseInsensitiveOption);
    int replicas = 0, shards = 0;
    for (const Link& l : links_) {
      if (l.row->story != EvidenceStory::ShardedState) continue;
      const Question* question = questionOf(l.option);
      QVERIFY(question);
      QVERIFY2(stateTooLarge.match(question->stem).hasMatch(),
               qPrintable(l.where +
                          QStringLiteral("'s question is not about model state that "
                                         "does not fit one device: ") +
                          question->stem));
      QVERIFY2(!otherSplit.match(l.option->text).hasMatch(),
               qPrintable(l.where + QStringLiteral(" claims a split the run does not show: ") +
                          l.option->text));
      if (l.option->correct) {
        ++shards;
        QVERIFY2(sharded.match(l.option->text).hasMatch(),
                 qPrintable(l.where + QStringLiteral(" is keyed but shards nothing: ") +
                            l.option->text));
      } else {
        ++replicas;
        QVERIFY2(plainDataParallel.match(l.option->text).hasMatch() &&
                     !sharded.match(l.option->text).hasMatch(),
                 qPrintable(l.where + QStringLiteral(" is wrong but not plain data parallelism: ") +
                            l.option->text));
      }
    }
    QVERIFY(replicas >= 1);  // 010 b: DDP's full replica on every GPU
    QVERIFY(shards >= 1);    // 010 d: FSDP / ZeRO-3 divides the state
  }

  // On the shipped recordings (CPU, the lab's defaults): the verdict of each linked scenario
  // that has one says what the option's role needs.
  void recordedVerdictsAgree() {
    const auto recorded = shippedRecordings();
    const auto base = recorded.find(std::string(scenario::kBaselineFp32));
    QVERIFY2(base != recorded.end(), "the baseline recording is missing from resources/recorded");
    int judged = 0;
    QStringList wrong;
    for (const Link& l : links_) {
      const auto it = recorded.find(l.row->id);
      if (it == recorded.end() || l.row->story == EvidenceStory::Reference) continue;
      MeasuredScenario s;
      s.id = it->first;
      for (const RunRecording& r : it->second) s.runs.push_back(r);
      const Verdict v = computeVerdict(s, base->second.front());
      ++judged;
      const bool learnedAlike =
          v.judgement == Judgement::LearnsLikeBaseline || v.judgement == Judgement::Identical;
      const bool failed = v.judgement == Judgement::Failed || v.judgement == Judgement::Stalled ||
                          v.judgement == Judgement::Differs;
      const bool noGain =
          (l.row->story == EvidenceStory::SameComputation && v.identicalToBaseline) ||
          (l.row->story == EvidenceStory::Sweep && v.value("sampleMultiple") > 1.5) ||
          (l.row->story == EvidenceStory::NoLossScaling &&
           v.meanGradZeroFraction > v.baselineGradZeroFraction);
      const bool agrees = l.option->correct ? learnedAlike : (failed || noGain);
      if (!agrees)
        wrong << l.where +
                     QStringLiteral(" (%1, %2): recorded verdict %3: %4")
                         .arg(l.option->correct ? QStringLiteral("keyed") : QStringLiteral("wrong"),
                              QString::fromStdString(l.row->id),
                              QString::fromLatin1(judgementName(v.judgement)),
                              QString::fromStdString(v.summary));
    }
    QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join('\n')));
    QVERIFY(judged >= 10);  // the default lab's rows are linked from many options
  }
};

QTEST_GUILESS_MAIN(TestBankLabEvidence)
#include "tst_banklabevidence.moc"
