#include "quiz/CsvWriter.h"

namespace precisionlab::quiz {

QString CsvWriter::field(const QString& value) {
  const bool quote = value.contains(QLatin1Char(',')) || value.contains(QLatin1Char('"')) ||
                     value.contains(QLatin1Char('\n')) || value.contains(QLatin1Char('\r'));
  if (!quote) return value;
  QString escaped = value;
  escaped.replace(QLatin1Char('"'), QStringLiteral("\"\""));
  return QLatin1Char('"') + escaped + QLatin1Char('"');
}

QString CsvWriter::record(const QStringList& fields) {
  QStringList out;
  out.reserve(fields.size());
  for (const QString& f : fields) out << field(f);
  return out.join(QLatin1Char(',')) + QStringLiteral("\r\n");
}

}  // namespace precisionlab::quiz
