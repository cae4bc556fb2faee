// The SQL of table fsrs_parameters (quiz/sql/v4.sql): a profile's fitted FSRS parameters. Called
// only by ProgressDatabase on its owning thread, inside its transactions.
#pragma once

#include "quiz/FsrsOptimizer.h"
#include "quiz/ProgressTypes.h"

struct sqlite3;

namespace precisionlab::quiz {

class FsrsParameterTable {
 public:
  // The profile's parameters (the defaults, optimized=false, when none are stored or the stored
  // text does not read as 21 numbers inside FSRS-6's bounds).
  static FsrsParameters load(sqlite3* db, qint64 profileId);
  static bool save(sqlite3* db, qint64 profileId, const FsrsParameters& p);
  // The record of a fit, made at `nowMs`.
  static FsrsParameters fromFit(const FsrsFit& fit, qint64 nowMs);
  static QString outcomeText(FsrsFit::Outcome outcome);
};

}  // namespace precisionlab::quiz
