// Helper for tst_crashsafety: `attempt_writer DB` records attempts through ProgressStore in a
// loop and prints each attempt id on its own line after the store reports it stored. The test
// kills it with SIGKILL at a random moment and then checks the database.
// `attempt_writer DB backup` makes forced backups in a loop, printing "backup" after each;
// `attempt_writer DB open` prints "opening", opens (so a damaged file is restored from a backup
// and an old schema migrated) and prints "opened".
#include "quiz/ProgressStore.h"

#include <QCoreApplication>
#include <cstdio>

using namespace precisionlab::quiz;

int main(int argc, char** argv) {
  QCoreApplication app(argc, argv);
  if (argc < 2) {
    std::fprintf(stderr, "usage: attempt_writer DATABASE\n");
    return 2;
  }
  const QString mode = argc > 2 ? QString::fromLocal8Bit(argv[2]) : QStringLiteral("attempts");
  ProgressStore store;
  ProgressStore::Options options;
  options.backupAtOpen = false;
  options.keepBackups = 3;
  if (mode == QLatin1String("open")) {
    std::printf("opening\n");
    std::fflush(stdout);
    const OpenReport opened = store.open(QString::fromLocal8Bit(argv[1]), options).result();
    std::printf("opened %d\n", opened.ok() ? 1 : 0);
    std::fflush(stdout);
    return opened.ok() ? 0 : 3;
  }
  const OpenReport report = store.open(QString::fromLocal8Bit(argv[1]), options).result();
  if (!report.ok() || report.readOnly) {
    std::fprintf(stderr, "open failed: %s\n", qPrintable(report.message));
    return 3;
  }
  QVector<Profile> profiles = store.profiles().result();
  qint64 profileId =
      profiles.isEmpty() ? store.addProfile("crash").result().profile.id : profiles[0].id;
  std::printf("ready\n");
  std::fflush(stdout);
  if (mode == QLatin1String("backup")) {
    for (int i = 0; i < 100000; ++i) {
      // Two backups in one millisecond are refused by name; that is not a failure here.
      if (store.backup(true).result().ok) std::printf("backup\n");
      std::fflush(stdout);
    }
    return 0;
  }
  for (int i = 0; i < 100000; ++i) {
    Attempt a;
    a.profileId = profileId;
    a.bankId = "crash-bank";
    a.questionId = QString("q-%1").arg(i % 17);
    a.domain = QString("domain %1").arg(i % 3);
    a.chosenOptionIds = {"a", "c"};
    a.correct = i % 2 == 0;
    a.timeTakenMs = 1000 + i;
    a.confidence = Confidence::Unsure;
    const RecordResult r = store.recordAttempt(a).result();
    if (!r.ok) {
      std::fprintf(stderr, "write failed: %s\n", qPrintable(r.error));
      return 4;
    }
    std::printf("%lld\n", static_cast<long long>(r.attemptId));
    std::fflush(stdout);
  }
  return 0;
}
