// One prepared sqlite3 statement, finalized on scope exit (used by the progress store's SQL
// files, on the store's owning thread, and by AnkiPackageFormat on its own in-memory database).
// A failed prepare is remembered and every step then returns its error code, so callers check
// one place. reset() makes it ready for the next row's bindings: a statement run for every row
// of an import is prepared once.
#pragma once

#include <sqlite3.h>
#include <QString>

namespace precisionlab::quiz {

class SqliteStatement {
 public:
  SqliteStatement(sqlite3* db, const char* sql) {
    m_prepareRc = m_rc = sqlite3_prepare_v2(db, sql, -1, &m_s, nullptr);
  }
  ~SqliteStatement() { sqlite3_finalize(m_s); }
  SqliteStatement(const SqliteStatement&) = delete;
  SqliteStatement& operator=(const SqliteStatement&) = delete;
  bool prepared() const { return m_prepareRc == SQLITE_OK && m_s != nullptr; }
  int rc() const { return m_rc; }  // of the last prepare or step
  SqliteStatement& bind(int i, qint64 v) {
    sqlite3_bind_int64(m_s, i, v);
    return *this;
  }
  SqliteStatement& bind(int i, double v) {
    sqlite3_bind_double(m_s, i, v);
    return *this;
  }
  SqliteStatement& bind(int i, const QString& v) {
    const QByteArray utf8 = v.toUtf8();
    sqlite3_bind_text(m_s, i, utf8.constData(), static_cast<int>(utf8.size()), SQLITE_TRANSIENT);
    return *this;
  }
  int step() { return m_rc = prepared() ? sqlite3_step(m_s) : m_rc; }
  SqliteStatement& reset() {
    if (prepared()) {
      sqlite3_reset(m_s);
      sqlite3_clear_bindings(m_s);
      m_rc = SQLITE_OK;
    }
    return *this;
  }
  qint64 i64(int c) const { return sqlite3_column_int64(m_s, c); }
  double real(int c) const { return sqlite3_column_double(m_s, c); }
  QString text(int c) const {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(m_s, c));
    return p ? QString::fromUtf8(p, sqlite3_column_bytes(m_s, c)) : QString();
  }
  // The column's bytes as stored (text() replaces what is not UTF-8; a parser that must see it
  // reads these).
  QByteArray bytes(int c) const {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(m_s, c));
    return p ? QByteArray(p, sqlite3_column_bytes(m_s, c)) : QByteArray();
  }

 private:
  sqlite3_stmt* m_s = nullptr;
  int m_prepareRc = SQLITE_OK;
  int m_rc = SQLITE_OK;
};

}  // namespace precisionlab::quiz
