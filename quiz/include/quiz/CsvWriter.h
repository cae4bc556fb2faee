// The QString face of core's one CSV writer (core/CsvWriter.h, RFC 4180, CRLF records), for the
// attempts export and the run metrics export (spreadsheets open them as is).
#pragma once

#include <QString>
#include <QStringList>

namespace precisionlab::quiz {

class CsvWriter {
 public:
  static QString field(const QString& value);
  static QString record(const QStringList& fields);  // with the trailing CRLF
};

}  // namespace precisionlab::quiz
