// Authoring lint for question banks: answer cues and misleading lab links that a valid bank can
// still contain (docs/question-bank-authoring.md, "Checking a bank"). Warnings, never errors:
// the bank loads either way. Pure and Qt-core only, so the CLI (`bank check --lint`), the app
// and the tests share one implementation.
//
// Rules (each warning names its rule, the question and, where it applies, the option; a warning
// about many options names the first 10 and counts the rest, "q1 b, ..., q10 a and 9990 more"):
//   longest-key           over the single-answer questions with 3 or more options (at least 10
//                         of them), the key is strictly the longest option in more than 30 %
//                         (chance: about 25 % with four options): "pick the longest" scores.
//   shortest-key          the same for the shortest option.
//   reused-distractor     a phrase (two adjacent content words, or a code token such as
//                         model.half()) appears in wrong options of many questions (at least 3,
//                         and at least 15% of the bank) and in keyed options at most a third as
//                         often: learners eliminate it by pattern.
//   all-none-of-the-above an option such as "All of the above" (meaningless once the app
//                         shuffles options, and a known cue).
//   multiple-count        a multiple-answer stem that does not say how many to choose ("Which
//                         TWO ..."), or says a number other than the count of keyed options.
//   lab-link              an option links a lab scenario whose run shows the opposite of what
//                         the breakdown says: a wrong option linking a run where the recipe
//                         works, or a keyed option linking a run that fails or gains nothing.
//                         Which runs support which kind of option is a column of the lab's
//                         scenario table (core/ScenarioTable.h: linkFrom, shows). A link to a
//                         scenario id the table does not have is reported too.
//   never-keyed-theme     a kind of advice (more or bigger hardware, changing the learning
//                         rate, reserved capacity, committed use discounts, gradient clipping,
//                         Spot capacity, AutoML, switching the framework), recognised by a
//                         pattern however it is worded, or any other phrase or code token (a
//                         setting counts whatever its value: "max_grad_norm="), is a wrong option
//                         in at least 3 questions and the key in none: the bank teaches "never
//                         pick it". Each theme counts on its own, so a keyed reservation does not
//                         hide a commitment that is never keyed.
//   absolute-wording      "always", "never", "only", "all", "none", "nothing" sit in wrong
//                         options (at least 3) more than four times as often as in keyed ones.
//   stem-echoes-key       a stem shares two or more uncommon words (used by at most a tenth of
//                         the bank's questions) with its key and with none of its distractors.
//   bare-recall           informational: a stem that asks for a fact with no scenario ("Which
//                         statement ... is true?", or a single sentence). Not a warning.
#pragma once

#include "quiz/QuestionBank.h"

#include <QCoreApplication>
#include <QHash>
#include <QString>
#include <QStringList>
#include <QVector>

namespace precisionlab::quiz {

struct LintWarning {
  QString rule;  // "longest-key", "reused-distractor", ...
  QString questionId;
  QString optionId;  // empty for a question-level warning
  QString message;
  // "pmle-scaling-007 option d: <message> [lab-link]"
  QString toString() const;
  // A note (bare-recall) rather than a cue: listed, but lintBank and the exit status of
  // `bank check --lint` leave it out.
  bool informational() const;
};

class BankLint {
  Q_DECLARE_TR_FUNCTIONS(precisionlab::BankLint)

 public:
  // What a check did, counted (tests hold its growth to linear instead of timing it).
  struct Work {
    quint64 phrases = 0;  // distinct phrases and code tokens in the bank's options
    // Index look-ups while grouping reported phrases: one per word of a phrase; once a cluster
    // shares a word with it, one per option of the phrase and one per (option, cluster founded
    // on it) pair. The grouping before went through the options of every cluster sharing a word
    // with each phrase: quadratic in the bank.
    quint64 groupingChecks = 0;
  };
  // Every warning and note, grouped by rule in the order above (lab-link before the newer
  // rules), questions in bank order. `work`, when given, receives the counts.
  static QVector<LintWarning> check(const QuestionBank& bank, Work* work = nullptr);
};

// The warnings as one line each (LintWarning::toString); empty when the bank is clean. The
// simple entry point for the CLI and the UI.
QStringList lintBank(const QuestionBank& bank);
// The informational notes (bare-recall), one line each.
QStringList lintNotes(const QuestionBank& bank);

}  // namespace precisionlab::quiz
