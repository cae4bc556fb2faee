// The training examples of the FSRS parameter optimizer, made from a review log the way Anki
// makes them (rslib/src/scheduler/fsrs/params.rs, fsrs_items_for_training and reviews_for_fsrs):
// a card's reviews in time order; one item per review after the first, holding every review of
// the card up to it; the item predicts its last review from the ones before. Only items whose
// last review comes at least a day after the previous one are kept (same-day answers are
// modelled by the short-term formula, but scored only as history), and items are ordered by the
// time of their last review, which fsrs-rs's recency weighting relies on.
//
// delta_t is in the learner's days (DayClock: the days between the two reviews' days, a day
// starting at the rollover hour, 4 a.m. local time by default), as Anki counts them: a review at
// 23:00 and the next at 09:00 the morning after are a day apart, one at 09:00 and the next at
// 02:00 that night the same day. The first review of a card has delta_t 0. Every card of this app
// starts with a first answer (no imported SM-2 history), so nothing is cut before a card's first
// learning step as Anki must.
#pragma once

#include "quiz/DayClock.h"

#include <QString>
#include <QVector>
#include <QtGlobal>

namespace precisionlab::quiz {

struct FsrsReview {
  int rating = 0;  // 1 Again, 2 Hard, 3 Good, 4 Easy
  int deltaT = 0;  // whole days since the card's previous review; 0 for the first review
};

struct FsrsItem {
  QVector<FsrsReview> reviews;  // the card's reviews up to and including the one predicted
  qint64 cardId = 0;
  qint64 timeMs = 0;  // when the predicted review happened

  const FsrsReview& current() const { return reviews.back(); }
  // Reviews a day or more after the previous one (the first review is never one).
  int longTermReviewCount() const;
  const FsrsReview& firstLongTermReview() const;  // requires longTermReviewCount() > 0
  bool recalled() const { return current().rating > 1; }
};

// One row of a review log: who, when, what rating.
struct FsrsRevlogEntry {
  qint64 cardId = 0;
  qint64 timeMs = 0;
  int rating = 0;  // 1..4; rows with another value are skipped (Anki: manual entries)
};

class FsrsItems {
 public:
  // Anki's training items of a log in any order (ties in time keep the given order), days
  // counted by `days`. `reviewCount`, when given, receives the number of rated reviews used.
  static QVector<FsrsItem> forTraining(QVector<FsrsRevlogEntry> log, const DayClock& days,
                                       int* reviewCount = nullptr);
  // Whole 24-hour periods (py-fsrs's elapsed days; FsrsScheduler without a DayClock).
  static int wholeDays(qint64 fromMs, qint64 toMs);
};

}  // namespace precisionlab::quiz
