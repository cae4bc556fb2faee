-- Schema v5: the learner's days (quiz/DayClock.h), as Anki counts them: the hour a new day starts
-- (Anki's "Next day starts at", 4 a.m. by default) and the time zone the days are counted in (an
-- IANA id such as 'Europe/Berlin'; '' = the computer's zone, what profiles made before v5 get;
-- a new profile stores the computer's zone when it is made). Answers stay UTC instants
-- (attempts.time_ms): an answer's day is its local date in this zone at that instant, daylight
-- saving included, less the rollover hour.
ALTER TABLE profiles ADD COLUMN rollover_hour INTEGER NOT NULL DEFAULT 4;
ALTER TABLE profiles ADD COLUMN time_zone TEXT NOT NULL DEFAULT '';
