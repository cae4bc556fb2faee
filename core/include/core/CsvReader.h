// Reads delimited text (CSV per RFC 4180, or TSV) into records of fields: quoted fields may hold
// delimiters, doubled quotes and line breaks; CRLF, LF and a UTF-8 BOM are accepted; blank lines
// are skipped. Quotes are special only at the start of a field, as in Python's csv and pandas.
// Bounded by construction: forEach() hands over one record at a time (memory is one record, not
// the file: 512 MiB of commas were 16 GB of empty fields), a record holds at most
// CsvLimits::maxFields fields and a file at most maxRecords records, both checked while reading,
// in time linear in the input.
// It does not guess delimiters or encodings, or handle a header spread over several records.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace precisionlab {

struct CsvRecord {
  size_t line = 0;  // 1-based line where the record starts
  std::vector<std::string> fields;
};

struct CsvLimits {
  size_t maxFields = 1000;      // fields in one record (a dataset has a handful of columns)
  size_t maxRecords = 2000001;  // records, the header included
};

class CsvReader {
 public:
  // Calls onRecord for each record in order. Throws InputError "<sourceName>:<line>: ..." for an
  // unterminated quote (the line where it began), text after a closing quote, a record with more
  // than limits.maxFields fields or more than limits.maxRecords records.
  static void forEach(std::string_view text, char delimiter, const std::string& sourceName,
                      const std::function<void(CsvRecord&)>& onRecord,
                      const CsvLimits& limits = {});
  // All records at once (small files: tests, the fuzzer).
  static std::vector<CsvRecord> parse(std::string_view text, char delimiter,
                                      const std::string& sourceName, const CsvLimits& limits = {});
};

}  // namespace precisionlab
