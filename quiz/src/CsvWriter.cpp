#include "quiz/CsvWriter.h"

#include "core/CsvWriter.h"

namespace precisionlab::quiz {

QString CsvWriter::field(const QString& value) {
  return QString::fromStdString(csv::field(value.toStdString()));
}

QString CsvWriter::record(const QStringList& fields) {
  std::vector<std::string> utf8;
  utf8.reserve(fields.size());
  for (const QString& f : fields) utf8.push_back(f.toStdString());
  return QString::fromStdString(csv::record(utf8));
}

}  // namespace precisionlab::quiz
