-- Schema v1: profiles, the attempts log (in the spirit of Anki's revlog), the SM-2 review
-- state per profile + bank + question, and a small key/value table for store bookkeeping.
CREATE TABLE profiles (
  id         INTEGER PRIMARY KEY,
  name       TEXT NOT NULL UNIQUE,
  created_ms INTEGER NOT NULL
);

CREATE TABLE attempts (
  id            INTEGER PRIMARY KEY,
  time_ms       INTEGER NOT NULL,          -- epoch ms when answered
  profile_id    INTEGER NOT NULL REFERENCES profiles(id),
  bank_id       TEXT NOT NULL,
  question_id   TEXT NOT NULL,
  domain        TEXT NOT NULL,             -- copied from the bank: stats survive bank edits
  chosen        TEXT NOT NULL,             -- JSON array of option ids
  correct       INTEGER NOT NULL,          -- 0 / 1
  time_taken_ms INTEGER NOT NULL,
  mode          TEXT NOT NULL              -- 'practice' / 'exam'
);
CREATE INDEX attempts_profile_time ON attempts(profile_id, time_ms);

CREATE TABLE reviews (
  profile_id     INTEGER NOT NULL REFERENCES profiles(id),
  bank_id        TEXT NOT NULL,
  question_id    TEXT NOT NULL,
  repetitions    INTEGER NOT NULL,
  interval_days  INTEGER NOT NULL,
  easiness       REAL NOT NULL,
  due_ms         INTEGER NOT NULL,
  last_review_ms INTEGER NOT NULL,
  PRIMARY KEY (profile_id, bank_id, question_id)
);

CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
INSERT INTO meta(key, value) VALUES ('dirty', '1');
