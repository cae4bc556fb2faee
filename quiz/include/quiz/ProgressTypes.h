// Value types of the progress store: what the UI sends (Attempt) and gets back (results,
// statistics, the open report). Every result says whether it worked and, if not, why in plain
// words ready to show.
#pragma once

#include "quiz/DayClock.h"
#include "quiz/FsrsModel.h"
#include "quiz/QuizTypes.h"
#include "quiz/Scheduler.h"

#include <QFlags>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QVector>

#include <functional>

namespace precisionlab::quiz {

struct Profile {
  qint64 id = 0;
  QString name;
  qint64 createdMs = 0;                           // epoch ms
  SchedulerKind scheduler = SchedulerKind::Fsrs;  // whose due times this profile studies by
  QString examDate;                               // ISO "2027-01-15", "" = not set (exam readiness)
  // The learner's days (DayClock): a day starts at rolloverHour (0..23) local time in timeZone
  // (an IANA id; "" = this computer's zone).
  int rolloverHour = DayClock::kDefaultRolloverHour;
  QString timeZone;
  DayClock dayClock() const { return DayClock::forZone(timeZone, rolloverHour); }
};

// One answered question, like a row of Anki's revlog.
struct Attempt {
  qint64 id = 0;      // assigned by the store
  qint64 timeMs = 0;  // epoch ms when answered
  qint64 profileId = 0;
  QString bankId;
  QString questionId;
  QString domain;  // copied from the question: statistics survive bank edits
  QStringList chosenOptionIds;
  bool correct = false;
  qint64 timeTakenMs = 0;
  QuizMode mode = QuizMode::Practice;
  Confidence confidence = Confidence::Unknown;
  ReviewLogEntry log;  // filled by the store (ignored in recordAttempt's input)
};

// The attempt's FSRS rating 1..4: the one the store logged, or (a row never logged) the one its
// answer, confidence and time give (FsrsScheduler::ratingFor).
// The most time one answer records (QuizSession caps a question's time in view at it), and the
// most the average answer time counts of an answer stored before the cap or imported from
// another tool: a question left open for an hour says nothing about answering.
constexpr qint64 kMaxAnswerTimeMs = 5 * 60 * 1000;

inline int fsrsRating(const Attempt& a) {
  if (a.log.rating >= 1 && a.log.rating <= 4) return a.log.rating;
  return static_cast<int>(FsrsScheduler::ratingFor(a.correct, a.confidence, a.timeTakenMs));
}

struct DomainStats {
  QString domain;
  int attempts = 0;
  int correct = 0;
  double accuracy = 0.0;  // 0..1
};

struct DayStats {
  QString date;  // local date, ISO "2026-11-30"
  int attempts = 0;
  int correct = 0;
  double accuracy = 0.0;
};

struct Statistics {
  int attempts = 0;
  int correct = 0;
  double accuracy = 0.0;  // 0..1, 0 when no attempts
  double averageTimeMs = 0.0;
  QVector<DomainStats> perDomain;  // sorted by domain name
  QVector<DayStats> perDay;        // oldest first, days with attempts only
  int currentStreakDays = 0;       // consecutive days with attempts ending today or yesterday
  int longestStreakDays = 0;
  QString weakestDomain;  // lowest accuracy among domains with >= 3 attempts, else ""
  int dueNow = 0;         // review states due at the time asked (excludes new questions)
  // The schedule (under the profile's scheduler; see docs/spaced-repetition.md).
  SchedulerKind scheduler = SchedulerKind::Fsrs;
  int reviewedQuestions = 0;      // questions with a schedule
  int dueNext7Days = 0;           // due within a week from now (dueNow included)
  double medianIntervalDays = 0;  // last review to due, median over reviewed questions
  qint64 nextDueMs = 0;           // the earliest due time still in the future; 0 = none
  // FSRS: mean recall probability now of the questions answered right at least once (a card
  // only ever answered wrong holds no recall of the material, though FSRS says 100 % on the day
  // it was shown); -1 = none such. recallQuestions: how many it averages.
  double predictedRecall = -1;
  int recallQuestions = 0;
  // Measured retention: share of right answers among attempts made a day or more (the learner's
  // days) after the previous attempt at the same question (same-day repeats say little).
  int retentionReviews = 0;
  double measuredRetention = -1;  // -1 = no such attempt yet
};

// What changed, so views refresh only that (ProgressStore::changed).
enum class Change {
  Profiles = 0x1,
  Attempts = 0x2,
  Reviews = 0x4,
  Database = 0x8,
  Parameters = 0x10  // a profile's FSRS parameters
};
Q_DECLARE_FLAGS(Changes, Change)

struct OpenReport {
  enum class Outcome {
    Opened,              // existing database, intact
    Created,             // no file yet: a new empty database
    Migrated,            // older schema upgraded (fromVersion -> toVersion), a backup made first
    RestoredBackup,      // damaged file moved aside, the latest good backup restored
    StartedEmpty,        // damaged file moved aside, no good backup: a new empty database
    NewerReadOnly,       // made by a newer PrecisionLab: opened read-only
    LockedReadOnly,      // another program holds the lock: opened read-only
    UnwritableReadOnly,  // the file, its folder or its disk cannot be written (an immutable
                         // file, a read-only mount, a full disk, permissions): opened read-only,
                         // the message says which
    Failed               // nothing could be opened (see message)
  };
  Outcome outcome = Outcome::Failed;
  bool readOnly = true;
  int fromVersion = 0;  // user_version found in the file
  int toVersion = 0;    // user_version now
  QString path;
  QString movedAsidePath;  // where a damaged file was moved (never deleted)
  QString restoredFrom;    // the backup that was restored
  QString backupMade;      // backup written during open, if any
  QString message;         // plain words for the learner, e.g. "Your progress file was damaged…"
  bool ok() const { return outcome != Outcome::Failed; }
  bool needsAttention() const {  // show the message prominently
    return outcome != Outcome::Opened && outcome != Outcome::Created &&
           outcome != Outcome::Migrated;
  }
};

// One finished exam sitting as the exam scored it (unanswered questions count wrong).
struct ExamSitting {
  qint64 id = 0;  // 0: none recorded
  qint64 profileId = 0;
  QString bankId;
  qint64 finishedMs = 0;
  int questions = 0;
  int answered = 0;
  int correct = 0;
};

struct ExamSittingResult {
  bool ok = false;
  QString error;
  ExamSitting sitting;
};

struct RecordResult {
  bool ok = false;
  QString error;
  qint64 attemptId = 0;
  ReviewState review;  // the question's schedule after this attempt
};

struct ProfileResult {
  bool ok = false;
  QString error;
  Profile profile;
};

struct ExportResult {
  bool ok = false;
  QString error;
  int rows = 0;
  QString path;
};

// The FSRS parameters a profile schedules by, and where they came from (table fsrs_parameters;
// docs/spaced-repetition.md, "Parameters fitted to you"). A profile never optimized has
// `optimized` false and the FSRS-6 defaults.
struct FsrsParameters {
  bool optimized = false;
  FsrsModel::Weights weights = FsrsModel::defaultWeights();  // in use
  FsrsModel::Weights fitted = FsrsModel::defaultWeights();   // the optimizer's output
  qint64 fittedMs = 0;                                       // epoch ms
  int reviews = 0;                                           // log size: rated reviews
  int items = 0;                                             // and training items
  QString outcome;  // "fitted", "initial-only", "too-few-reviews"
  bool keptPrevious = false;
  double logLossPrevious = 0, logLossFitted = 0, rmsePrevious = 0, rmseFitted = 0;
  QString summary;
};

struct FsrsParametersResult {
  bool ok = false;
  QString error;
  FsrsParameters parameters;
};

// What an import of Anki's own review log (AnkiRevlog.h) left out as Anki's FSRS optimizer
// does, and where its cards went.
struct AnkiImportCounts {
  bool anki = false;             // the file was Anki's revlog (a CSV or a package's collection)
  int manual = 0;                // rows with ease 0 or type 4: set due date, reset, forget
  int cram = 0;                  // type 3 with factor 0: a filtered deck that did not reschedule
  int rescheduled = 0;           // type 5
  int beforeLastLearning = 0;    // rows before a card's last learning steps (before a reset)
  int cardsWithoutLearning = 0;  // cards left out whole: no learning steps in the log, or reset
  int rowsWithoutLearning = 0;   // after them; their rows
  int bankCards = 0;             // cards that are questions of the bank given
  int otherCards = 0;            // cards kept apart (AnkiRevlog::cardsBankId())
  int skipped() const {
    return manual + cram + rescheduled + beforeLastLearning + rowsWithoutLearning;
  }
};

// The bank whose questions the cards of an Anki review log may be: a card is the question whose
// id is its note's guid (AnkiRevlog.h).
struct AnkiCardMatch {
  QString bankId;
  QSet<QString> questionIds;
};

// A review log read back into a profile (ProgressStore::importRevlog).
struct ImportResult {
  bool ok = false;
  QString error;
  int rows = 0;
  qint64 profileId = 0;   // the profile imported into (a new one's id)
  AnkiImportCounts anki;  // for Anki's own revlog
};

// How far an import is: reading the file (its lines), then writing the answers. Reported every
// few thousand rows, from the store's thread; the caller decides how often to show it.
struct ImportProgress {
  enum class Stage { Reading, Writing };
  Stage stage = Stage::Reading;
  qint64 done = 0;   // lines read, or answers written
  qint64 total = 0;  // lines in the file, or answers to write
};
using ImportProgressFn = std::function<void(const ImportProgress&)>;

struct BackupResult {
  bool ok = false;  // false with an empty error: skipped (too soon, or nothing changed)
  QString error;
  QString path;         // the new backup file
  QStringList removed;  // older backups rotated out
};

}  // namespace precisionlab::quiz

Q_DECLARE_OPERATORS_FOR_FLAGS(precisionlab::quiz::Changes)
