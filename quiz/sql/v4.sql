-- Schema v4: FSRS parameters fitted to each profile's own review log (quiz/FsrsOptimizer.h).
-- One row per profile, replaced by each optimization: the parameters in use (`weights`), what the
-- optimizer produced (`fitted`; equal unless Anki's rule kept the previous ones), when, from how
-- many reviews and training items, and the log loss and RMSE (bins) of the previous and the
-- fitted parameters on that log. Parameters are 21 comma-separated numbers written with 17
-- significant digits (Anki's parameter string has 4 decimals: FsrsOptimizer::ankiParameterString).
-- A profile without a row schedules by the FSRS-6 defaults.
-- profiles.exam_date: the learner's exam day, ISO 'YYYY-MM-DD' ('' = none), for exam readiness
-- (quiz/ExamReadiness.h).
ALTER TABLE profiles ADD COLUMN exam_date TEXT NOT NULL DEFAULT '';
CREATE TABLE fsrs_parameters (
  profile_id INTEGER PRIMARY KEY REFERENCES profiles(id) ON DELETE CASCADE,
  weights TEXT NOT NULL,
  fitted TEXT NOT NULL,
  fitted_ms INTEGER NOT NULL,             -- epoch ms of the optimization
  reviews INTEGER NOT NULL,               -- rated reviews in the log
  items INTEGER NOT NULL,                 -- training items made from them
  outcome TEXT NOT NULL,                  -- fitted | initial-only | too-few-reviews
  kept_previous INTEGER NOT NULL,         -- 1: the fit was not better, `weights` are the old ones
  log_loss_previous REAL NOT NULL,
  log_loss_fitted REAL NOT NULL,
  rmse_previous REAL NOT NULL,
  rmse_fitted REAL NOT NULL,
  summary TEXT NOT NULL                   -- the sentence shown to the learner
);
