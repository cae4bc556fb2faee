// The small part of the zip format (PKWARE APPNOTE 6.3) that Anki packages (.apkg) need: a
// writer for a few in-memory entries (deflate through zlib, CRC-32) and a reader for untrusted
// archives. Qt 6 has no public zip API, hence this.
//
// The reader treats the archive as hostile: it reads the central directory from the end of the
// device (never trusting local headers for sizes), refuses zip64, multi-disk, encrypted and
// unknown-method entries, entry names that are absolute or climb out ("../", "C:", "\"),
// duplicate names, more than kMaxEntries entries and a central directory over kMaxDirectoryBytes,
// and inflates one entry at a time into a buffer no larger than the cap its caller gives,
// checking that the data ends exactly at its declared size and matches its CRC-32 (a zip bomb
// stops at the cap, never in memory). No entry name is ever used as a path on disk.
#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QIODevice>
#include <QString>
#include <QVector>
#include <optional>

namespace precisionlab::quiz {

class ZipWriter {
 public:
  enum class Method { Stored, Deflate };
  // Entries in the order added; names are stored as they are (UTF-8, flag bit 11).
  void add(const QString& name, const QByteArray& data, Method method = Method::Deflate);
  QByteArray finish() const;  // the whole archive

 private:
  struct Entry {
    QByteArray name, data;  // data as stored (compressed or not)
    quint32 crc = 0;
    quint32 size = 0;
    quint16 method = 0;
  };
  static void putHeaderFields(QByteArray* out, const Entry& e);
  QVector<Entry> entries_;
};

class ZipReader {
  Q_DECLARE_TR_FUNCTIONS(precisionlab::quiz::ZipReader)

 public:
  static constexpr int kMaxEntries = 65535;                 // the most a non-zip64 zip holds
  static constexpr qint64 kMaxDirectoryBytes = 16LL << 20;  // central directory
  static constexpr qint64 kMaxArchiveBytes = 2047LL << 20;  // below zip64's 4 GiB

  struct Entry {
    QString name;
    quint16 method = 0;
    quint32 crc = 0;
    qint64 compressedSize = 0, size = 0, localHeaderOffset = 0;
  };

  // Reads the directory of `device` (open, random access). Empty error on success.
  QString open(QIODevice* device);
  const QVector<Entry>& entries() const { return entries_; }
  std::optional<Entry> find(const QString& name) const;
  // The entry's data, refused (error set) when its size is over maxBytes, its data does not
  // inflate to exactly its declared size, or its CRC-32 differs.
  std::optional<QByteArray> read(const Entry& entry, qint64 maxBytes, QString* error) const;

 private:
  QIODevice* device_ = nullptr;
  QVector<Entry> entries_;
};

}  // namespace precisionlab::quiz
