// A question of a bank, as loaded and validated by BankLoader (docs/question-bank-format.md).
// Plain value types: the UI shows them, sessions score against them, nothing here touches disk.
#pragma once

#include <QString>
#include <QStringList>
#include <QVector>

namespace precisionlab::quiz {

// `answer` field: "single" means exactly one correct option, "multiple" at least two.
enum class AnswerKind { Single, Multiple };

struct Reference {
  QString title;
  QString url;
};

// One answer option. `id` is stable forever: attempts store it, shuffling never changes it.
struct Option {
  QString id;
  QString text;
  bool correct = false;
  QString whyLearnersPick;  // why a learner is tempted by it
  QString analysis;         // why it is right or wrong for this question
  QString whenRight;        // when it would be the right answer
  QString scenario;         // lab scenario id (core/ScenarioIds.h) or empty
};

struct Question {
  QString id;
  QString exam;
  QString domain;
  QString topic;
  AnswerKind answer = AnswerKind::Single;
  QString stem;
  QVector<Option> options;  // in file order; sessions shuffle a copy of the order, not this
  QString examTrap;         // optional, may be empty
  QString explanation;
  QVector<Reference> references;
  QString source;  // "seed" or "original"
  // Exam-guide sub-objectives ("3.2"), each declared in QuestionBank::objectives; schema 2,
  // optional, file order. Statistics can group by them (StatisticsCalculator::perObjective).
  QStringList objectives;

  // Ids of the correct options, in file order.
  QStringList correctOptionIds() const;
  // The option with this id, or nullptr.
  const Option* option(const QString& optionId) const;
  // True when `chosen` (any order, duplicates ignored) equals the set of correct option ids.
  // Single and multiple answer questions score the same way: all or nothing.
  bool isCorrect(const QStringList& chosen) const;
};

}  // namespace precisionlab::quiz
