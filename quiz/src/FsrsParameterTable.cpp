#include "FsrsParameterTable.h"

#include "SqliteStatement.h"

#include <QStringList>

namespace precisionlab::quiz {
namespace {

QString weightsText(const FsrsModel::Weights& w) {
  QStringList parts;
  for (double v : w) parts << QString::number(v, 'g', 17);
  return parts.join(QLatin1Char(','));
}

bool readWeights(const QString& text, FsrsModel::Weights* w) {
  QString error;
  return FsrsOptimizer::parseParameterString(text, w, &error);
}

}  // namespace

QString FsrsParameterTable::outcomeText(FsrsFit::Outcome outcome) {
  switch (outcome) {
    case FsrsFit::Outcome::Fitted:
      return QStringLiteral("fitted");
    case FsrsFit::Outcome::InitialOnly:
      return QStringLiteral("initial-only");
    case FsrsFit::Outcome::TooFewReviews:
      return QStringLiteral("too-few-reviews");
    case FsrsFit::Outcome::Cancelled:
      break;
  }
  return QStringLiteral("cancelled");
}

FsrsParameters FsrsParameterTable::load(sqlite3* db, qint64 profileId) {
  FsrsParameters p;
  SqliteStatement s(db,
                    "SELECT weights, fitted, fitted_ms, reviews, items, outcome, kept_previous, "
                    "log_loss_previous, log_loss_fitted, rmse_previous, rmse_fitted, summary "
                    "FROM fsrs_parameters WHERE profile_id = ?");
  s.bind(1, profileId);
  if (s.step() != SQLITE_ROW) return p;
  FsrsModel::Weights weights{}, fitted{};
  if (!readWeights(s.text(0), &weights) || !readWeights(s.text(1), &fitted)) return p;
  p.optimized = true;
  p.weights = weights;
  p.fitted = fitted;
  p.fittedMs = s.i64(2);
  p.reviews = static_cast<int>(s.i64(3));
  p.items = static_cast<int>(s.i64(4));
  p.outcome = s.text(5);
  p.keptPrevious = s.i64(6) != 0;
  p.logLossPrevious = s.real(7);
  p.logLossFitted = s.real(8);
  p.rmsePrevious = s.real(9);
  p.rmseFitted = s.real(10);
  p.summary = s.text(11);
  return p;
}

bool FsrsParameterTable::save(sqlite3* db, qint64 profileId, const FsrsParameters& p) {
  SqliteStatement s(
      db,
      "INSERT OR REPLACE INTO fsrs_parameters(profile_id, weights, fitted, fitted_ms, "
      "reviews, items, outcome, kept_previous, log_loss_previous, log_loss_fitted, "
      "rmse_previous, rmse_fitted, summary) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)");
  s.bind(1, profileId).bind(2, weightsText(p.weights)).bind(3, weightsText(p.fitted));
  s.bind(4, p.fittedMs).bind(5, qint64(p.reviews)).bind(6, qint64(p.items)).bind(7, p.outcome);
  s.bind(8, qint64(p.keptPrevious ? 1 : 0)).bind(9, p.logLossPrevious).bind(10, p.logLossFitted);
  s.bind(11, p.rmsePrevious).bind(12, p.rmseFitted).bind(13, p.summary);
  return s.step() == SQLITE_DONE;
}

FsrsParameters FsrsParameterTable::fromFit(const FsrsFit& fit, qint64 nowMs) {
  FsrsParameters p;
  p.optimized = true;
  p.weights = fit.weights;
  p.fitted = fit.fitted;
  p.fittedMs = nowMs;
  p.reviews = fit.reviews;
  p.items = fit.items;
  p.outcome = outcomeText(fit.outcome);
  p.keptPrevious = fit.keptCurrent;
  p.logLossPrevious = fit.current.logLoss;
  p.logLossFitted = fit.result.logLoss;
  p.rmsePrevious = fit.current.rmseBins;
  p.rmseFitted = fit.result.rmseBins;
  p.summary = fit.summary;
  return p;
}

}  // namespace precisionlab::quiz
