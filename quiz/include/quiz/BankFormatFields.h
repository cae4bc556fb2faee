// What each interchange format keeps of a PrecisionLab bank, field by field: one description
// per format, from which the tables of docs/question-bank-interchange.md (checked against it by
// tst_bankinterchange), the tables of `precisionlab-cli bank export --help` and the warnings of
// an export are made, so the three cannot disagree.
#pragma once

#include "quiz/BankInterchange.h"

#include <QString>
#include <QStringList>
#include <QVector>

namespace precisionlab::quiz {

// Shown: the other tool (Moodle, Anki) shows the field, and PrecisionLab reads it back.
// PrecisionLabOnly: written where the other tool ignores it (a comment); only PrecisionLab reads
// it back. Lost: not written; an import fills it in ("Not given in the imported file.") or
// derives it (a bank id from the file name).
enum class FieldFate { Shown, PrecisionLabOnly, Lost };

struct FormatField {
  QString field;  // the bank's field in words, "why learners pick an option"
  FieldFate fate;
  QString where;  // where the format keeps it, "per-answer feedback (#)"; empty when lost
};

// English only, as the docs and the CLI are (no tr()): the field names are the format docs'.
class BankFormatFields {
 public:
  // Every field of a bank, in the order of docs/question-bank-format.md.
  static QVector<FormatField> table(BankFormat format);
  // The table as Markdown (the docs) and as plain text for a terminal (`--help`).
  static QString markdown(BankFormat format);
  static QString text(BankFormat format);
  // The fields `bank` fills in that `format` loses, with how many questions use each
  // ("why learners pick an option (12 questions)"); empty when nothing is lost.
  static QStringList losses(const QuestionBank& bank, BankFormat format);
  // The same for the fields only PrecisionLab reads back (the other tool ignores them).
  static QStringList hiddenFromOtherTool(const QuestionBank& bank, BankFormat format);
  static QString fateName(FieldFate fate);  // "shown", "PrecisionLab only", "lost"

  // From the format table (BankFormat.h), for `precisionlab-cli bank --help`: the import and
  // export usage with every format, then one field table per other tool's format.
  static QString helpText();
  // The names a bank can be written as, "gift, moodle-xml, anki, apkg or json" (`separator`
  // ", " and `last` " or "), for usage errors.
  static QString formatChoices(const QString& separator = QStringLiteral(", "),
                               const QString& last = QStringLiteral(" or "));
};

}  // namespace precisionlab::quiz
