// Writes a QuestionBank as the project's bank JSON (docs/question-bank-format.md), the inverse of
// BankLoader: BankLoader::loadJson(BankJsonWriter::write(bank)) gives the same bank back. UTF-8,
// indented as Qt's QJsonDocument wrote it (the bytes older builds wrote: four spaces, keys sorted),
// through core's JSON writer; optional fields only when set.
#pragma once

#include "quiz/QuestionBank.h"

#include <QByteArray>

namespace precisionlab::quiz {

class BankJsonWriter {
 public:
  static QByteArray write(const QuestionBank& bank);
};

}  // namespace precisionlab::quiz
