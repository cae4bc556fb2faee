// The built-in bank's upgrade from 1.0.0 (schema 1, tests/data/pmle-scaling-1.0.0.json, the file
// as shipped) to the current version: a learner's progress must survive it. Attempts and review
// states are keyed by (profile, bank id, question id), not by the bank version, so every old
// question id and option id must still exist with the same key, and history recorded against the
// old bank must still count, per domain and per sub-objective, after the new bank is loaded.
#include "quiz/BankLoader.h"
#include "quiz/ProgressStore.h"
#include "quiz/StatisticsCalculator.h"

#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace precisionlab::quiz;

namespace {

QuestionBank load(const QString& relativePath) {
  const BankLoadResult r =
      BankLoader::loadFile(QStringLiteral(PRECISIONLAB_SOURCE_DIR "/") + relativePath);
  QStringList problems;
  for (const auto& p : r.problems) problems << p.toString();
  if (!r.ok()) qFatal("%s: %s", qPrintable(relativePath), qPrintable(problems.join('\n')));
  return *r.bank;
}

Attempt answer(qint64 profile, const QuestionBank& bank, const Question& q,
               const QStringList& chosen) {
  Attempt a;
  a.profileId = profile;
  a.bankId = bank.id;
  a.questionId = q.id;
  a.domain = q.domain;
  a.chosenOptionIds = chosen;
  a.correct = q.isCorrect(chosen);
  a.timeTakenMs = 1500;
  return a;
}

}  // namespace

class TestBankUpgrade : public QObject {
  Q_OBJECT
 private slots:
  void idsAndKeysAreStable() {
    const QuestionBank before = load("tests/data/pmle-scaling-1.0.0.json");
    const QuestionBank after = load("resources/banks/pmle-scaling.json");
    QCOMPARE(before.schema, 1);  // schema 1 files still load
    QCOMPARE(after.id, before.id);
    QVERIFY(after.version != before.version);
    for (const Question& old : before.questions) {
      const Question* now = after.question(old.id);
      QVERIFY2(now, qPrintable(old.id + " was removed or renamed"));
      QCOMPARE(now->answer, old.answer);
      QCOMPARE(now->correctOptionIds(), old.correctOptionIds());
      for (const Option& o : old.options)
        QVERIFY2(now->option(o.id), qPrintable(old.id + " " + o.id));
    }
  }

  void progressSurvivesTheNewVersion() {
    const QuestionBank before = load("tests/data/pmle-scaling-1.0.0.json");
    const QuestionBank after = load("resources/banks/pmle-scaling.json");
    QTemporaryDir dir;
    const QString path = dir.filePath("progress.sqlite3");
    qint64 profile = 0;
    int correctBefore = 0;
    {
      // Study the old bank: every question once, the first option chosen.
      ProgressStore store;
      QVERIFY(store.open(path).result().ok());
      profile = store.addProfile("Ana").result().profile.id;
      for (const Question& q : before.questions) {
        const Attempt a = answer(profile, before, q, {q.options.first().id});
        correctBefore += a.correct ? 1 : 0;
        QVERIFY(store.recordAttempt(a).result().ok);
      }
    }
    // Reopen with the new bank loaded, as the app does after an update.
    ProgressStore store;
    QVERIFY(store.open(path).result().ok());
    const QVector<Attempt> history = store.attempts(profile).result();
    QCOMPARE(history.size(), before.questions.size());
    for (const Attempt& a : history)
      QVERIFY2(after.question(a.questionId), qPrintable(a.questionId));
    QCOMPARE(store.reviewStates(profile, after.id).result().size(), before.questions.size());
    const Statistics s = store.statistics(profile, after.id).result();
    QCOMPARE(s.attempts, static_cast<int>(before.questions.size()));
    QCOMPARE(s.correct, correctBefore);

    // A changed question (008's options were rewritten in 2.0.0) keeps its history and grows it.
    const Question* changed = after.question("pmle-scaling-008");
    QVERIFY(changed);
    QVERIFY(store.recordAttempt(answer(profile, after, *changed, changed->correctOptionIds()))
                .result()
                .ok);
    int on008 = 0;
    for (const Attempt& a : store.attempts(profile).result())
      on008 += a.questionId == changed->id ? 1 : 0;
    QCOMPARE(on008, 2);
    QCOMPARE(store.reviewStates(profile, after.id).result().size(), before.questions.size());

    // Old attempts group by the new bank's sub-objectives, which the old file did not have.
    const QVector<DomainStats> byObjective =
        StatisticsCalculator::perObjective(store.attempts(profile).result(), after);
    QStringList names;
    int tagged = 0;
    for (const DomainStats& d : byObjective) {
      names << d.domain;
      tagged += d.attempts;
    }
    QCOMPARE(names, (QStringList{"3.2 Training models",
                                 "3.3 Choosing appropriate hardware for training"}));
    int expected = 0;
    for (const Attempt& a : store.attempts(profile).result())
      expected += static_cast<int>(after.question(a.questionId)->objectives.size());
    QCOMPARE(tagged, expected);
  }

  void perObjectiveSkipsOtherBanksAndCountsUntagged() {
    QuestionBank bank;
    bank.id = "b";
    bank.objectives = {{"3.2", "Training models"}};
    Question tagged;
    tagged.id = "t";
    tagged.objectives = {"3.2"};
    Question plain;
    plain.id = "p";
    bank.questions = {tagged, plain};
    auto attempt = [](const QString& bankId, const QString& question, bool correct) {
      Attempt a;
      a.bankId = bankId;
      a.questionId = question;
      a.correct = correct;
      return a;
    };
    const QVector<DomainStats> s = StatisticsCalculator::perObjective(
        {attempt("b", "t", true), attempt("b", "t", false), attempt("b", "p", true),
         attempt("other", "t", true), attempt("b", "gone", true)},
        bank);
    QCOMPARE(s.size(), 2);
    QCOMPARE(s[0].domain, QString());  // untagged, sorted first
    QCOMPARE(s[0].attempts, 1);
    QCOMPARE(s[1].domain, QString("3.2 Training models"));
    QCOMPARE(s[1].attempts, 2);
    QCOMPARE(s[1].correct, 1);
    QCOMPARE(s[1].accuracy, 0.5);
  }
};

QTEST_GUILESS_MAIN(TestBankUpgrade)
#include "tst_bankupgrade.moc"
