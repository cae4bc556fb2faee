// A validated question bank. Only BankLoader makes one from a file, so a QuestionBank in hand is
// always complete and consistent (never half loaded).
#pragma once

#include "quiz/Question.h"

#include <QMap>
#include <QString>
#include <QStringList>
#include <QVector>

namespace precisionlab::quiz {

struct QuestionBank {
  int schema = 1;
  QString id;       // bank.id, [a-z0-9-]+
  QString version;  // bank.version, semantic version
  QString title;
  QString exam;
  QString language = QStringLiteral("en");
  // bank.objectives (schema 2, optional): exam-guide sub-objective id ("3.2") -> its title
  // ("Training models"). Questions may only name ids declared here.
  QMap<QString, QString> objectives;
  QVector<Question> questions;  // file order; the seed question is first in the built-in bank

  // The question with this id, or nullptr.
  const Question* question(const QString& questionId) const;
  QStringList questionIds() const;
  // Distinct domains in first-appearance order.
  QStringList domains() const;
};

}  // namespace precisionlab::quiz
