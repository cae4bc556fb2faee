// RevlogCsv's columns and writer (RevlogCsv.h); the reader is RevlogCsvRead.cpp.
#include "quiz/RevlogCsv.h"

#include "quiz/CsvWriter.h"
#include "quiz/FsrsScheduler.h"

#include <QHash>
#include <cmath>

namespace precisionlab::quiz {
namespace {

constexpr qint64 kAnkiMaxAnswerMs = 60'000;

QString ivlText(double scheduledDays) {
  if (scheduledDays >= 1.0) return QString::number(std::llround(scheduledDays));
  return QString::number(-std::llround(scheduledDays * 86400.0));
}

int ankiType(int stateBefore) {
  if (stateBefore == static_cast<int>(FsrsState::Review)) return 1;
  if (stateBefore == static_cast<int>(FsrsState::Relearning)) return 2;
  return 0;
}

// The first cid from `timeMs` on that no card has yet, now taken. A taken cid points to one to
// try after it, and each walk points every cid it passed to where it ended: an exam's answers
// share one time, and walking one by one made 20,000 of them 200 million steps (issue 47).
qint64 takeCardId(QHash<qint64, qint64>* used, qint64 timeMs) {
  qint64 cid = timeMs;
  QVector<qint64> passed;
  for (auto it = used->constFind(cid); it != used->cend(); it = used->constFind(cid)) {
    passed << cid;
    cid = it.value();
  }
  for (const qint64 p : passed) used->insert(p, cid + 1);
  used->insert(cid, cid + 1);
  return cid;
}

}  // namespace

QStringList RevlogCsv::columns() {
  return {"id",     "cid",     "usn",        "ease",          "ivl",         "lastIvl",
          "factor", "time",    "type",       "bank_id",       "question_id", "domain",
          "chosen", "correct", "confidence", "time_taken_ms", "mode"};
}

QByteArray RevlogCsv::write(const QVector<Attempt>& attempts) {
  QString out = CsvWriter::record(columns());
  QHash<QString, qint64> cardIds;  // "bank\nquestion" -> cid
  QHash<qint64, qint64> usedIds;   // cid -> a cid after it to try next
  QHash<QString, QString> lastIvl;
  for (const Attempt& a : attempts) {
    const QString key = a.bankId + QLatin1Char('\n') + a.questionId;
    if (!cardIds.contains(key)) cardIds.insert(key, takeCardId(&usedIds, a.timeMs));
    const QString ivl = ivlText(a.log.scheduledDays);
    out += CsvWriter::record(
        {QString::number(a.timeMs), QString::number(cardIds.value(key)), QStringLiteral("0"),
         QString::number(a.log.rating), ivl, lastIvl.value(key, QStringLiteral("0")),
         QStringLiteral("0"), QString::number(std::min(a.timeTakenMs, kAnkiMaxAnswerMs)),
         QString::number(ankiType(a.log.stateBefore)), a.bankId, a.questionId, a.domain,
         a.chosenOptionIds.join(QLatin1Char(';')), a.correct ? "1" : "0", toString(a.confidence),
         QString::number(a.timeTakenMs), toString(a.mode)});
    lastIvl.insert(key, ivl);
  }
  return out.toUtf8();
}

}  // namespace precisionlab::quiz
