// Delimited-text reader: see CsvReader.h.
#include "core/CsvReader.h"

#include "core/EngineError.h"

namespace precisionlab {

std::vector<CsvRecord> CsvReader::parse(std::string_view text, char delimiter,
                                        const std::string& sourceName, const CsvLimits& limits) {
  std::vector<CsvRecord> records;
  forEach(
      text, delimiter, sourceName, [&](CsvRecord& r) { records.push_back(std::move(r)); }, limits);
  return records;
}

void CsvReader::forEach(std::string_view text, char delimiter, const std::string& sourceName,
                        const std::function<void(CsvRecord&)>& onRecord, const CsvLimits& limits) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  size_t count = 0;
  size_t fieldsBefore = 0;  // the last record's field count: the next is likely the same
  size_t i = 0;
  size_t line = 1;
  const size_t n = text.size();
  const auto isLineEnd = [&](size_t k) { return text[k] == '\n' || text[k] == '\r'; };
  // Consumes one line ending at text[k] (CRLF counts once) and returns the index after it.
  const auto skipLineEnd = [&](size_t k) {
    ++line;
    return (text[k] == '\r' && k + 1 < n && text[k + 1] == '\n') ? k + 2 : k + 1;
  };
  while (i < n) {
    if (isLineEnd(i)) {  // blank line
      i = skipLineEnd(i);
      continue;
    }
    if (++count > limits.maxRecords)
      throw InputError(sourceName + ":" + std::to_string(line) + ": more than " +
                       std::to_string(limits.maxRecords) +
                       " rows; split the file, or use a sample of it.");
    CsvRecord record;
    record.line = line;
    record.fields.reserve(fieldsBefore);
    while (true) {
      if (record.fields.size() >= limits.maxFields)
        throw InputError(sourceName + ":" + std::to_string(record.line) + ": more than " +
                         std::to_string(limits.maxFields) +
                         " fields in one row; is the delimiter right (a .csv has commas, a .tsv "
                         "tabs)?");
      std::string field;
      if (i < n && text[i] == '"') {
        const size_t quoteLine = line;
        ++i;
        bool closed = false;
        while (i < n) {
          const char c = text[i];
          if (c == '"') {
            if (i + 1 < n && text[i + 1] == '"') {  // "" is a literal quote
              field.push_back('"');
              i += 2;
              continue;
            }
            ++i;
            closed = true;
            break;
          }
          if (c == '\n' || (c == '\r' && !(i + 1 < n && text[i + 1] == '\n'))) ++line;
          field.push_back(c);
          ++i;
        }
        if (!closed) {
          throw InputError(sourceName + ":" + std::to_string(quoteLine) +
                           ": a quoted field starts here but its closing quote is missing. "
                           "Close the quote, and write a quote inside a quoted field as \"\".");
        }
        if (i < n && text[i] != delimiter && !isLineEnd(i)) {
          throw InputError(sourceName + ":" + std::to_string(line) +
                           ": unexpected text after a closing quote. Quote the whole field and "
                           "write a quote inside it as \"\".");
        }
      } else {
        const size_t start = i;
        while (i < n && text[i] != delimiter && !isLineEnd(i)) ++i;
        field.assign(text.substr(start, i - start));
      }
      record.fields.push_back(std::move(field));
      if (i < n && text[i] == delimiter) {
        ++i;
        continue;
      }
      if (i < n) i = skipLineEnd(i);
      break;
    }
    fieldsBefore = record.fields.size();
    onRecord(record);
  }
}

}  // namespace precisionlab
