// libFuzzer target for review-log CSVs (quiz/RevlogCsv::read, the parser behind `progress
// import-revlog`). Any input gives attempts or one message naming the file, never both. Accepted
// attempts are oldest first, each with a bank and a question free of control characters and no
// two the same answer (time, bank, question); written back with RevlogCsv::write they read back
// the same. Built with QtCore: see packaging/fuzz.sh.
#include <QByteArray>
#include <QPair>
#include <QSet>
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "quiz/RevlogCsv.h"

using namespace precisionlab::quiz;

namespace {

bool hasControlCharacter(const QString& s) {
  for (const QChar c : s)
    if (c.unicode() < 0x20 || c.unicode() == 0x7F || (c.unicode() >= 0x80 && c.unicode() < 0xA0))
      return true;
  return false;
}

bool same(const Attempt& a, const Attempt& b) {
  return a.timeMs == b.timeMs && a.bankId == b.bankId && a.questionId == b.questionId &&
         a.domain == b.domain && a.chosenOptionIds == b.chosenOptionIds && a.correct == b.correct &&
         a.confidence == b.confidence && a.timeTakenMs == b.timeTakenMs && a.mode == b.mode;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const QString name = QStringLiteral("fuzz.csv");
  const RevlogCsv::ReadResult r = RevlogCsv::read(
      QByteArray(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size)), name);
  if (!r.ok()) {
    if (!r.attempts.isEmpty() || !r.error.startsWith(name)) std::abort();
    return 0;
  }
  QSet<QPair<qint64, QPair<QString, QString>>> answers;
  for (qsizetype i = 0; i < r.attempts.size(); ++i) {
    const Attempt& a = r.attempts.at(i);
    if (i > 0 && r.attempts.at(i - 1).timeMs > a.timeMs) std::abort();
    if (a.bankId.isEmpty() || a.questionId.isEmpty() || hasControlCharacter(a.bankId) ||
        hasControlCharacter(a.questionId))
      std::abort();
    const auto key = qMakePair(a.timeMs, qMakePair(a.bankId, a.questionId));
    if (answers.contains(key)) std::abort();
    answers.insert(key);
  }
  // Round trip: the store logs each answer's rating, which write() puts in `ease`.
  QVector<Attempt> logged = r.attempts;
  for (Attempt& a : logged)
    a.log.rating =
        static_cast<int>(FsrsScheduler::ratingFor(a.correct, a.confidence, a.timeTakenMs));
  const RevlogCsv::ReadResult back = RevlogCsv::read(RevlogCsv::write(logged), name);
  if (!back.ok() || back.attempts.size() != r.attempts.size()) std::abort();
  for (qsizetype i = 0; i < back.attempts.size(); ++i)
    if (!same(back.attempts.at(i), r.attempts.at(i))) std::abort();
  return 0;
}
