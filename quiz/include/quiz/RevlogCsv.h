// A profile's attempts as a CSV in the column names of Anki's review log (the `revlog` table),
// followed by this app's own columns, so that the file goes to Anki's and FSRS's tools (which
// read id, cid and ease) and comes back into PrecisionLab without loss. RFC 4180, UTF-8, CRLF,
// numbers written without the locale. The columns (docs/spaced-repetition.md, "Review log CSV"):
//   id         epoch milliseconds of the answer (Anki: the review's time)
//   cid        the question's card id: epoch ms of its first answer in the file (Anki: the
//              card's creation time), +1 per clash, so it is stable across exports
//   usn        0 (Anki's sync counter; not used)
//   ease       the FSRS rating 1 Again, 2 Hard, 3 Good, 4 Easy (Anki: the button pressed)
//   ivl        the interval set: days when >= 1 day, negative seconds below (Anki's convention)
//   lastIvl    the previous row's ivl for the card, 0 for the first
//   factor     0 (Anki's SM-2 ease; this app keeps FSRS difficulty elsewhere)
//   time       answer time in ms, capped at 60 000 as Anki caps it
//   type       0 learning (new or learning card), 1 review, 2 relearning (Anki's review kind)
//   bank_id, question_id, domain, chosen (option ids joined by ';'), correct (0/1),
//   confidence (sure, unsure, guess, unknown), time_taken_ms (uncapped), mode (practice, exam)
// Reading back takes the app's columns and id; ease must be the rating those columns give
// (FsrsScheduler::ratingFor), and ivl, lastIvl, factor, type and usn are recomputed by the
// schedule when the attempts are replayed.
#pragma once

#include "quiz/ProgressTypes.h"

#include <QByteArray>
#include <QString>
#include <QVector>

namespace precisionlab::quiz {

class RevlogCsv {
 public:
  static QStringList columns();
  // `attempts` oldest first, their review-log entries filled (as the store reads them).
  static QByteArray write(const QVector<Attempt>& attempts);

  struct ReadResult {
    QVector<Attempt> attempts;  // oldest first; profileId and log left empty
    QString error;              // "<file>:<line>: column 'x' ...: what is wrong and what to do"
    bool ok() const { return error.isEmpty(); }
  };
  // Strict: the first problem refuses the file, with its line and column. Refused besides bad
  // values: bytes that are not UTF-8 (in any field), control characters in bank_id, question_id,
  // chosen (and, but for tab and newline, domain), and a row repeating an earlier row's answer
  // (the same id, bank_id and question_id). `progress`, when given, hears every 65,536 rows.
  static ReadResult read(const QByteArray& text, const QString& fileName,
                         const ImportProgressFn& progress = {});
};

}  // namespace precisionlab::quiz
