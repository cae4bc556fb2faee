// The collection inside an Anki export (.apkg deck package, .colpkg collection package), opened
// for reading by AnkiPackageFormat (the notes, as a question bank) and AnkiRevlog (the `revlog`
// table, as a review log). The package is an untrusted zip (ZipReader's limits); its
// `collection.anki21` (else `collection.anki2`) is inflated, at most kMaxCollectionBytes, into
// memory and opened by SQLite from that copy, read-only, in defensive mode (no triggers, no
// views, an untrusted schema), with an instruction budget. The zstd-compressed
// `collection.anki21b` that Anki 2.1.50+ writes when "Support older Anki versions" is not ticked
// is refused with what to do (no zstd here). Nothing of the package is written to disk.
#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QIODevice>
#include <QString>
#include <memory>

#include "quiz/ZipArchive.h"

struct sqlite3;

namespace precisionlab::quiz {

class AnkiCollection {
  Q_DECLARE_TR_FUNCTIONS(precisionlab::quiz::AnkiCollection)

 public:
  static constexpr qint64 kMaxCollectionBytes = 256LL << 20;  // the SQLite file, unpacked
  static constexpr int kProgressSteps = 1000;  // SQLite VM instructions per budget unit

  // maxProgressCalls: the budget, in units of kProgressSteps VM instructions, every statement
  // together; a statement past it stops with SQLITE_INTERRUPT. maxValueBytes: the longest value
  // (a string or blob) SQLite makes.
  AnkiCollection(int maxProgressCalls, int maxValueBytes);
  ~AnkiCollection();
  AnkiCollection(const AnkiCollection&) = delete;
  AnkiCollection& operator=(const AnkiCollection&) = delete;

  // "" once the collection is open; else why not, in words (without the file's name).
  QString open(QIODevice* device);
  sqlite3* db() const { return m_db; }
  const ZipReader& zip() const { return m_zip; }
  const QString& entryName() const { return m_entry; }
  // True when the last statement stopped at the budget (not at a fault of the file).
  bool overBudget() const { return m_calls > m_maxCalls; }
  void resetBudget() { m_calls = 0; }
  // The text for a refusal after a failed statement: "<entry>: <what>: <SQLite's message>".
  QString sqlError(const QString& what) const;
  // The sentence said when only collection.anki21b is inside.
  static QString newerFormatText();
  // The tables `names` all exist; "" or "<entry> is not an Anki collection (no ... tables)".
  QString requireTables(const QStringList& names);

 private:
  static int progress(void* self);
  ZipReader m_zip;
  QByteArray m_data;  // outlives the connection
  sqlite3* m_db = nullptr;
  QString m_entry;
  int m_calls = 0, m_maxCalls, m_maxValueBytes;
};

}  // namespace precisionlab::quiz
