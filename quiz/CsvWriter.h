// RFC 4180 CSV: fields with a comma, double quote, CR or LF are quoted and inner quotes doubled;
// records end with CRLF. Used for the attempts export (spreadsheets open it as is).
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
