#include "quiz/FsrsItems.h"

#include <algorithm>

namespace precisionlab::quiz {
namespace {
constexpr qint64 kDayMs = 24LL * 60 * 60 * 1000;
}

int FsrsItem::longTermReviewCount() const {
  return static_cast<int>(std::count_if(reviews.begin(), reviews.end(),
                                        [](const FsrsReview& r) { return r.deltaT > 0; }));
}

const FsrsReview& FsrsItem::firstLongTermReview() const {
  return *std::find_if(reviews.begin(), reviews.end(),
                       [](const FsrsReview& r) { return r.deltaT > 0; });
}

int FsrsItems::wholeDays(qint64 fromMs, qint64 toMs) {
  const qint64 ms = toMs - fromMs;
  qint64 d = ms / kDayMs;
  if (ms % kDayMs != 0 && ms < 0) --d;
  return static_cast<int>(std::max<qint64>(0, d));
}

QVector<FsrsItem> FsrsItems::forTraining(QVector<FsrsRevlogEntry> log, const DayClock& days,
                                         int* reviewCount) {
  log.erase(std::remove_if(log.begin(), log.end(),
                           [](const FsrsRevlogEntry& e) { return e.rating < 1 || e.rating > 4; }),
            log.end());
  if (reviewCount) *reviewCount = log.size();
  std::stable_sort(log.begin(), log.end(), [](const FsrsRevlogEntry& a, const FsrsRevlogEntry& b) {
    return a.cardId != b.cardId ? a.cardId < b.cardId : a.timeMs < b.timeMs;
  });
  QVector<FsrsItem> items;
  for (int begin = 0; begin < log.size();) {
    int end = begin;
    while (end < log.size() && log[end].cardId == log[begin].cardId) ++end;
    QVector<FsrsReview> reviews;
    for (int i = begin; i < end; ++i) {
      const int deltaT = i == begin ? 0 : days.daysBetween(log[i - 1].timeMs, log[i].timeMs);
      reviews.push_back({log[i].rating, deltaT});
      if (i > begin && deltaT > 0) items.push_back({reviews, log[i].cardId, log[i].timeMs});
    }
    begin = end;
  }
  std::stable_sort(items.begin(), items.end(), [](const FsrsItem& a, const FsrsItem& b) {
    return a.timeMs != b.timeMs ? a.timeMs < b.timeMs : a.cardId < b.cardId;
  });
  return items;
}

}  // namespace precisionlab::quiz
