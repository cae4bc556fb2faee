#include "quiz/FsrsProfileFit.h"

#include "FsrsParameterTable.h"

#include <QDateTime>

namespace precisionlab::quiz {

FsrsProfileFitResult FsrsProfileFit::run(ProgressStore& store, qint64 profileId,
                                         FsrsOptimizerProgress* progress,
                                         const FsrsTrainingConfig& config) {
  FsrsProfileFitResult r;
  const QVector<FsrsRevlogEntry> log = store.reviewLog(profileId).result();
  const FsrsParameters current = store.fsrsParameters(profileId).result();
  DayClock days;  // the profile's: Anki's days at its rollover hour, in its time zone
  for (const Profile& p : store.profiles().result())
    if (p.id == profileId) days = p.dayClock();
  int reviews = 0;
  const QVector<FsrsItem> items = FsrsItems::forTraining(log, days, &reviews);
  r.fit = FsrsOptimizer::fit(items, config, progress, current.weights, reviews);
  if (r.fit.outcome == FsrsFit::Outcome::Cancelled) return r;
  const FsrsParametersResult saved =
      store
          .saveFsrsParameters(
              profileId, FsrsParameterTable::fromFit(r.fit, QDateTime::currentMSecsSinceEpoch()))
          .result();
  r.ok = saved.ok;
  r.error = saved.error;
  r.stored = saved.parameters;
  return r;
}

}  // namespace precisionlab::quiz
