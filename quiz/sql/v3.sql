-- Schema v3: FSRS-6 next to SM-2, and the attempts table as a full review log.
-- profiles.scheduler picks whose due times a profile studies by ('fsrs', the default, or 'sm2').
-- reviews keep both schedules; due_ms stays SM-2's, fsrs_* are FSRS's card (quiz/FsrsScheduler.h).
-- attempts gain what an FSRS optimizer needs: the rating, days since the previous attempt at the
-- question, the FSRS state before the review, and what the review produced.
-- Rows from v2 are filled by replaying each question's attempts in time order
-- (ProgressDatabase::replayReviewLog), so FSRS starts from the learner's whole history.
ALTER TABLE profiles ADD COLUMN scheduler TEXT NOT NULL DEFAULT 'fsrs';

ALTER TABLE reviews ADD COLUMN fsrs_state INTEGER NOT NULL DEFAULT 0;
ALTER TABLE reviews ADD COLUMN fsrs_step INTEGER NOT NULL DEFAULT -1;
ALTER TABLE reviews ADD COLUMN fsrs_stability REAL NOT NULL DEFAULT 0;
ALTER TABLE reviews ADD COLUMN fsrs_difficulty REAL NOT NULL DEFAULT 0;
ALTER TABLE reviews ADD COLUMN fsrs_due_ms INTEGER NOT NULL DEFAULT 0;

ALTER TABLE attempts ADD COLUMN rating INTEGER NOT NULL DEFAULT 0;          -- FSRS 1..4
ALTER TABLE attempts ADD COLUMN sm2_grade INTEGER NOT NULL DEFAULT -1;      -- SM-2 0..5
ALTER TABLE attempts ADD COLUMN elapsed_days REAL NOT NULL DEFAULT -1;      -- -1: first attempt
ALTER TABLE attempts ADD COLUMN state_before INTEGER NOT NULL DEFAULT 0;    -- FSRS state
ALTER TABLE attempts ADD COLUMN stability REAL NOT NULL DEFAULT 0;          -- FSRS, after
ALTER TABLE attempts ADD COLUMN difficulty REAL NOT NULL DEFAULT 0;         -- FSRS, after
ALTER TABLE attempts ADD COLUMN retrievability REAL NOT NULL DEFAULT 0;     -- FSRS, before
ALTER TABLE attempts ADD COLUMN scheduled_days REAL NOT NULL DEFAULT 0;     -- next interval
ALTER TABLE attempts ADD COLUMN scheduler TEXT NOT NULL DEFAULT 'sm2';      -- whose interval
CREATE INDEX attempts_question_time ON attempts(profile_id, bank_id, question_id, time_ms);
