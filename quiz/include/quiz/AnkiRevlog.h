// Anki's own review log into a profile (`progress import-revlog`, docs/spaced-repetition.md,
// "Anki's review log"): a CSV of Anki's `revlog` table (columns id, cid, usn, ease, ivl, lastIvl,
// factor, time, type; the app's own richer CSV, RevlogCsv.h, has bank_id besides and is read by
// RevlogCsv), or the `revlog` table of the collection inside an Anki export (.colpkg, .apkg;
// AnkiCollection.h). Rows are kept and left out as Anki's FSRS optimizer keeps them
// (rslib/src/scheduler/fsrs/params.rs, reviews_for_fsrs, training):
//   - left out: ease 0 or type 4 (Manual: set due date, reset, forget), type 3 with factor 0
//     (a filtered deck that did not reschedule: cramming), type 5 (Rescheduled);
//   - per card, only the rows from the first of its last group of learning steps (type 0,
//     ease 1-4) on: the history before a reset is dropped, and a card whose learning steps are
//     not in the log (or that was reset after them) is left out whole.
// Each kept row becomes an attempt whose answer gives its ease back (FsrsScheduler::ratingFor):
// 1 wrong; 2 right, confidence guess; 3 right, unknown; 4 right, sure; the answer time Anki
// stored, at most 90 s (the app's "slow" mark, which would lower the rating). A card is a bank
// question when its note's guid is a question id of the bank given (`match`; only a package
// carries guids, and only a note's first card counts: its siblings are other cards); every other
// card is stored under the bank id kCardsBankId with its card id as the question id: it feeds the
// profile's FSRS parameter fit (the learner's memory) and no bank's statistics or readiness.
#pragma once

#include "quiz/ProgressTypes.h"

#include <QByteArray>
#include <QIODevice>
#include <QString>
#include <QVector>

namespace precisionlab::quiz {

class AnkiRevlog {
 public:
  static QString cardsBankId() { return QStringLiteral("anki-cards"); }
  // The columns of Anki's revlog table, in its order.
  static QStringList columns();
  // True when the CSV's first line names Anki's revlog columns cid and ease and not the app's
  // bank_id (the app's own export is read by RevlogCsv).
  static bool isAnkiCsv(const QByteArray& text);

  struct ReadResult {
    QVector<Attempt> attempts;  // oldest first; profileId and log left empty
    AnkiImportCounts counts;
    QString error;  // "<file>:<line>: column 'x' is ...: what to do" (the first problem)
    bool ok() const { return error.isEmpty(); }
  };
  static ReadResult readCsv(const QByteArray& text, const QString& fileName,
                            const AnkiCardMatch& match, const ImportProgressFn& progress = {});
  // `device`: the package, open, random access.
  static ReadResult readPackage(QIODevice* device, const QString& fileName,
                                const AnkiCardMatch& match);
};

}  // namespace precisionlab::quiz
