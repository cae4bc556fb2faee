// GIFT, Moodle's plain-text quiz format (docs.moodle.org/en/GIFT_format), for multiple-choice
// and true/false questions:
//     $CATEGORY: Mixed precision
//     // precisionlab {...}            (BankExtras: fields GIFT has no place for)
//     ::pmle-scaling-001::What should you do? {
//       ~Half-precision layers#Casting the whole model ...
//       =Set fp16\=True in the TrainingArguments#It enables AMP ...
//       ####General feedback: the explanation.
//     }
// Multiple answers use weights (~%50%right ~%-100%wrong). Per-option feedback (#) carries the
// option's analysis, general feedback (####) the explanation, the category the domain.
// Short answer, numerical, matching, essay and description items have no multiple-choice form:
// each is reported with its line and title, and the import stops (nothing half imported).
#pragma once

#include "quiz/BankInterchange.h"

#include <QCoreApplication>

namespace precisionlab::quiz {

class GiftFormat {
  Q_DECLARE_TR_FUNCTIONS(precisionlab::quiz::GiftFormat)

 public:
  static BankFormatSpec spec();  // its row in BankFormats
  static QString write(const QuestionBank& bank);
  static QVector<ImportedQuestion> read(const QString& text, const QString& file,
                                        QVector<ImportProblem>* problems);
  static QString escape(const QString& text);
  static QString unescape(const QString& text);
};

}  // namespace precisionlab::quiz
