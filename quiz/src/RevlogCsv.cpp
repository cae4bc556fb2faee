#include "quiz/RevlogCsv.h"

#include "core/CsvReader.h"
#include "core/EngineError.h"
#include "quiz/CsvWriter.h"
#include "quiz/FsrsScheduler.h"

#include <QHash>
#include <QMap>
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

}  // namespace

QStringList RevlogCsv::columns() {
  return {"id",     "cid",     "usn",        "ease",          "ivl",         "lastIvl",
          "factor", "time",    "type",       "bank_id",       "question_id", "domain",
          "chosen", "correct", "confidence", "time_taken_ms", "mode"};
}

QByteArray RevlogCsv::write(const QVector<Attempt>& attempts) {
  QString out = CsvWriter::record(columns());
  QHash<QString, qint64> cardIds;  // "bank\nquestion" -> cid
  QHash<qint64, bool> usedIds;
  QHash<QString, QString> lastIvl;
  for (const Attempt& a : attempts) {
    const QString key = a.bankId + QLatin1Char('\n') + a.questionId;
    if (!cardIds.contains(key)) {
      qint64 cid = a.timeMs;
      while (usedIds.contains(cid)) ++cid;
      usedIds.insert(cid, true);
      cardIds.insert(key, cid);
    }
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

RevlogCsv::ReadResult RevlogCsv::read(const QByteArray& text, const QString& fileName) {
  ReadResult r;
  QMap<QString, int> at;  // column -> index
  const QStringList required = {"id",      "ease",       "bank_id",       "question_id",
                                "correct", "confidence", "time_taken_ms", "mode"};
  try {
    CsvReader::forEach(
        std::string_view(text.constData(), static_cast<size_t>(text.size())), ',',
        fileName.toStdString(), [&](CsvRecord& rec) {
          if (!r.error.isEmpty()) return;
          const auto where = [&](const QString& column) {
            return QStringLiteral("%1:%2: column '%3'").arg(fileName).arg(rec.line).arg(column);
          };
          if (at.isEmpty()) {
            for (size_t i = 0; i < rec.fields.size(); ++i)
              at.insert(QString::fromStdString(rec.fields[i]).trimmed(), static_cast<int>(i));
            for (const QString& c : required)
              if (!at.contains(c))
                r.error = QStringLiteral(
                              "%1:%2: no column '%3' in the header; a review log "
                              "exported by PrecisionLab has %4")
                              .arg(fileName)
                              .arg(rec.line)
                              .arg(c, columns().join(QLatin1Char(',')));
            return;
          }
          const auto field = [&](const QString& c) {
            const int i = at.value(c, -1);
            return i >= 0 && static_cast<size_t>(i) < rec.fields.size()
                       ? QString::fromStdString(rec.fields[static_cast<size_t>(i)])
                       : QString();
          };
          const auto integer = [&](const QString& c, qint64 lo, qint64 hi, qint64* v) {
            bool ok = false;
            *v = field(c).toLongLong(&ok);
            if (!ok || *v < lo || *v > hi)
              r.error = QStringLiteral("%1 is \"%2\"; it must be a whole number from %3 to %4")
                            .arg(where(c), field(c))
                            .arg(lo)
                            .arg(hi);
            return ok && *v >= lo && *v <= hi;
          };
          Attempt a;
          qint64 ease = 0, correct = 0;
          if (!integer("id", 1, 253'402'300'799'999LL, &a.timeMs) ||
              !integer("ease", 1, 4, &ease) || !integer("correct", 0, 1, &correct) ||
              !integer("time_taken_ms", 0, 86'400'000, &a.timeTakenMs))
            return;
          a.bankId = field("bank_id");
          a.questionId = field("question_id");
          if (a.bankId.isEmpty() || a.questionId.isEmpty()) {
            r.error = where(a.bankId.isEmpty() ? "bank_id" : "question_id") +
                      QStringLiteral(" is empty; every row needs the bank and question it answers");
            return;
          }
          a.domain = field("domain");
          if (const QString chosen = field("chosen"); !chosen.isEmpty())
            a.chosenOptionIds = chosen.split(QLatin1Char(';'));
          a.correct = correct == 1;
          const QString confidence = field("confidence"), mode = field("mode");
          a.confidence = confidenceFromString(confidence);
          if (toString(a.confidence) != confidence) {
            r.error =
                where("confidence") +
                QStringLiteral(" is \"%1\"; use sure, unsure, guess or unknown").arg(confidence);
            return;
          }
          a.mode = quizModeFromString(mode, QuizMode::Practice);
          if (toString(a.mode) != mode) {
            r.error = where("mode") + QStringLiteral(" is \"%1\"; use practice or exam").arg(mode);
            return;
          }
          const int rating =
              static_cast<int>(FsrsScheduler::ratingFor(a.correct, a.confidence, a.timeTakenMs));
          if (rating != ease) {
            r.error =
                where("ease") + QStringLiteral(
                                    " is %1, but correct=%2, confidence=%3 and time_taken_ms=%4 "
                                    "give rating %5 (docs/spaced-repetition.md, \"Rating from "
                                    "one answer\"); the file was changed by hand or by a tool "
                                    "that rated differently")
                                    .arg(ease)
                                    .arg(correct)
                                    .arg(confidence)
                                    .arg(a.timeTakenMs)
                                    .arg(rating);
            return;
          }
          r.attempts.push_back(a);
        });
  } catch (const InputError& e) {
    r.error = QString::fromStdString(e.what());
  }
  if (r.error.isEmpty() && at.isEmpty())
    r.error = QStringLiteral("%1: empty file; a review log starts with the header %2")
                  .arg(fileName, columns().join(QLatin1Char(',')));
  if (!r.error.isEmpty()) r.attempts.clear();
  std::stable_sort(r.attempts.begin(), r.attempts.end(),
                   [](const Attempt& a, const Attempt& b) { return a.timeMs < b.timeMs; });
  return r;
}

}  // namespace precisionlab::quiz
