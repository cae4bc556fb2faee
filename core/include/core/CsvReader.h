// Reads delimited text (CSV per RFC 4180, or TSV) into records of fields: quoted fields may hold
// delimiters, doubled quotes and line breaks; CRLF, LF and a UTF-8 BOM are accepted; blank lines
// are skipped. Quotes are special only at the start of a field, as in Python's csv and pandas.
// It does not guess delimiters or encodings, or handle a header spread over several records.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace precisionlab {

struct CsvRecord {
  size_t line = 0;  // 1-based line where the record starts
  std::vector<std::string> fields;
};

class CsvReader {
 public:
  // Parses all records. Throws InputError "<sourceName>:<line>: ..." for an unterminated quote
  // (the line where it began) or text after a closing quote.
  static std::vector<CsvRecord> parse(std::string_view text, char delimiter,
                                      const std::string& sourceName);
};

}  // namespace precisionlab
