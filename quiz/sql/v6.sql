-- Schema v6: every finished exam sitting, as the exam scored it: how many questions it asked,
-- how many the learner answered and how many were right. Unanswered questions count wrong, as
-- in the exam's own score; they have no row in attempts (nothing was chosen), so attempts alone
-- read "2 of 6 right" for an exam that scored "2 of 10" (issue 45). The Progress view's last
-- exam reads the newest row of the profile and bank.
CREATE TABLE exam_sittings (
  id INTEGER PRIMARY KEY,
  profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  bank_id TEXT NOT NULL,
  finished_ms INTEGER NOT NULL,           -- epoch ms of the submission
  questions INTEGER NOT NULL CHECK (questions > 0),
  answered INTEGER NOT NULL CHECK (answered >= 0 AND answered <= questions),
  correct INTEGER NOT NULL CHECK (correct >= 0 AND correct <= answered)
);
CREATE INDEX exam_sittings_by_profile ON exam_sittings(profile_id, bank_id, finished_ms);
