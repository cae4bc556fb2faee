// Opens the collection inside an Anki package: see AnkiCollection.h.
#include "AnkiCollection.h"

#include "SqliteStatement.h"

#include <sqlite3.h>

#include <optional>

namespace precisionlab::quiz {

AnkiCollection::AnkiCollection(int maxProgressCalls, int maxValueBytes)
    : m_maxCalls(maxProgressCalls), m_maxValueBytes(maxValueBytes) {}

AnkiCollection::~AnkiCollection() { sqlite3_close(m_db); }

int AnkiCollection::progress(void* self) {
  auto* c = static_cast<AnkiCollection*>(self);
  return ++c->m_calls > c->m_maxCalls ? 1 : 0;
}

QString AnkiCollection::newerFormatText() {
  return tr(
      "the package holds only Anki's newer compressed collection (collection.anki21b, Anki "
      "2.1.50 and later), which PrecisionLab cannot read: in Anki, export the deck again "
      "with \"Support older Anki versions\" ticked");
}

QString AnkiCollection::open(QIODevice* device) {
  if (const QString zipError = m_zip.open(device); !zipError.isEmpty()) return zipError;
  std::optional<ZipReader::Entry> entry = m_zip.find(QStringLiteral("collection.anki21"));
  if (!entry && m_zip.find(QStringLiteral("collection.anki21b"))) return newerFormatText();
  if (!entry) entry = m_zip.find(QStringLiteral("collection.anki2"));
  if (!entry) return tr("not an Anki package: no collection.anki21 or collection.anki2 inside");
  m_entry = entry->name;
  QString readError;
  std::optional<QByteArray> data = m_zip.read(*entry, kMaxCollectionBytes, &readError);
  if (!data) return readError;
  m_data = std::move(*data);
  if (!m_data.startsWith(QByteArrayLiteral("SQLite format 3\0")) || m_data.size() < 100)
    return tr("%1 is not an SQLite database").arg(m_entry);
  // A collection saved in WAL mode (header bytes 18 and 19 are 2) opens in memory only as a
  // rollback-journal database: the copy says so (its content is the same).
  if (m_data[18] == 2 || m_data[19] == 2) m_data[18] = m_data[19] = 1;

  // The unpacked copy, opened read-only in memory: nothing of it is ever written back.
  if (sqlite3_open_v2(":memory:", &m_db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_MEMORY, nullptr) !=
      SQLITE_OK)
    return tr("cannot open an in-memory SQLite database");
  sqlite3_db_config(m_db, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
  sqlite3_db_config(m_db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr);
  sqlite3_db_config(m_db, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, nullptr);
  sqlite3_db_config(m_db, SQLITE_DBCONFIG_ENABLE_VIEW, 0, nullptr);
  sqlite3_limit(m_db, SQLITE_LIMIT_LENGTH, m_maxValueBytes);
  sqlite3_progress_handler(m_db, kProgressSteps, progress, this);
  auto* bytes = reinterpret_cast<unsigned char*>(m_data.data());
  if (sqlite3_deserialize(m_db, "main", bytes, m_data.size(), m_data.size(),
                          SQLITE_DESERIALIZE_READONLY) != SQLITE_OK)
    return tr("%1: SQLite cannot open it: %2")
        .arg(m_entry, QString::fromUtf8(sqlite3_errmsg(m_db)));
  return QString();
}

QString AnkiCollection::sqlError(const QString& what) const {
  return tr("%1: %2: %3").arg(m_entry, what, QString::fromUtf8(sqlite3_errmsg(m_db)));
}

QString AnkiCollection::requireTables(const QStringList& names) {
  QStringList quoted;
  for (const QString& n : names) quoted << QLatin1Char('\'') + n + QLatin1Char('\'');
  const QByteArray sql = "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN (" +
                         quoted.join(QLatin1Char(',')).toUtf8() + ")";
  SqliteStatement tables(m_db, sql.constData());
  if (tables.step() != SQLITE_ROW) return sqlError(tr("not a readable collection"));
  if (tables.i64(0) != names.size())
    return tr("%1 is not an Anki collection (no %2 and %3 tables)")
        .arg(m_entry, names.mid(0, names.size() - 1).join(QStringLiteral(", ")), names.last());
  return QString();
}

}  // namespace precisionlab::quiz
