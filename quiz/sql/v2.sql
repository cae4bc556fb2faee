-- Schema v2: attempts record how sure the learner was, reviews count lapses (failed reviews).
-- Rows from v1 get 'unknown' confidence and lapses recomputed from the attempts log.
ALTER TABLE attempts ADD COLUMN confidence TEXT NOT NULL DEFAULT 'unknown';
ALTER TABLE reviews ADD COLUMN lapses INTEGER NOT NULL DEFAULT 0;
UPDATE reviews SET lapses = (
  SELECT COUNT(*) FROM attempts a
  WHERE a.profile_id = reviews.profile_id AND a.bank_id = reviews.bank_id
    AND a.question_id = reviews.question_id AND a.correct = 0);
