// The fields of a PrecisionLab question that GIFT and Moodle XML have no place for (question id,
// exam, topic, source, exam trap, references, sub-objective tags; per option: id, why learners pick
// it, when it would be right, lab scenario), as one line of compact JSON that the exporters put in
// a comment
// (`// precisionlab {...}` in GIFT, `<!-- precisionlab {...} -->` in Moodle XML). Moodle and
// other readers ignore comments; PrecisionLab reads them back, so its own round trip is lossless.
// The JSON is untrusted on import: only known keys with string values are taken, and the
// completed bank is validated by BankLoader like any other.
#pragma once

#include "quiz/QuestionBank.h"

#include <QCoreApplication>
#include <QString>

namespace precisionlab::quiz {

class BankExtras {
  Q_DECLARE_TR_FUNCTIONS(precisionlab::quiz::BankExtras)

 public:
  static constexpr const char* kMarker = "precisionlab ";
  static QString encode(const Question& question);  // one line, no "--" (safe in XML comments)
  // Applies `json` (the text after the marker) to `question`, matching options by position.
  // Empty on success, else what was wrong.
  static QString apply(const QString& json, Question* question);

  // The bank's own fields (id, version, title, exam, language, sub-objectives) for one comment at
  // the top of the file (`precisionlab-bank {...}`), so an import keeps the bank id (and with it
  // the learner's progress) whatever the file is called. applyBank takes only string fields.
  static constexpr const char* kBankMarker = "precisionlab-bank ";
  static QString encodeBank(const QuestionBank& bank);
  static void applyBank(const QString& json, QuestionBank* bank);

  // Moodle category paths ("$course$/top/Precision", GIFT's $CATEGORY and Moodle XML's category
  // question): '/' separates nested categories and "//" is a '/' inside a name. The path of a
  // domain (one category, its slashes doubled), and the domain of a path (its last category).
  static QString categoryName(const QString& domain);
  static QString domainOfCategoryPath(const QString& path);
};

}  // namespace precisionlab::quiz
