#include "quiz/ZipArchive.h"

#include <QSet>
#include <QtEndian>

#include <zlib.h>

#include <algorithm>

namespace precisionlab::quiz {
namespace {

constexpr quint32 kLocalSig = 0x04034b50;
constexpr quint32 kCentralSig = 0x02014b50;
constexpr quint32 kEndSig = 0x06054b50;
constexpr quint32 kZip64LocatorSig = 0x07064b50;
constexpr qint64 kEndBytes = 22;
constexpr quint16 kUtf8Flag = 1u << 11;
constexpr quint16 kVersion = 20;                       // 2.0: deflate
constexpr quint16 kDosDate = (0 << 9) | (1 << 5) | 1;  // 1980-01-01: reproducible archives

void put16(QByteArray* out, quint16 v) {
  const char b[2] = {char(v & 0xff), char(v >> 8)};
  out->append(b, 2);
}
void put32(QByteArray* out, quint32 v) {
  put16(out, quint16(v & 0xffff));
  put16(out, quint16(v >> 16));
}
quint16 get16(const QByteArray& b, qsizetype at) {
  return qFromLittleEndian<quint16>(reinterpret_cast<const uchar*>(b.constData() + at));
}
quint32 get32(const QByteArray& b, qsizetype at) {
  return qFromLittleEndian<quint32>(reinterpret_cast<const uchar*>(b.constData() + at));
}

quint32 crcOf(const QByteArray& data) {
  return quint32(crc32(crc32(0L, Z_NULL, 0), reinterpret_cast<const Bytef*>(data.constData()),
                       uInt(data.size())));
}

QByteArray deflateRaw(const QByteArray& data) {
  z_stream z{};
  if (deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    return {};
  QByteArray out(qsizetype(deflateBound(&z, uLong(data.size()))), Qt::Uninitialized);
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.constData()));
  z.avail_in = uInt(data.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = uInt(out.size());
  const int rc = deflate(&z, Z_FINISH);
  out.resize(qsizetype(z.total_out));
  deflateEnd(&z);
  return rc == Z_STREAM_END ? out : QByteArray();
}

// "a/../b", "/etc", "C:x", "x\y": names that would climb out of (or escape) a folder.
bool unsafeName(const QString& name) {
  if (name.isEmpty() || name.startsWith('/') || name.contains('\\') || name.contains(QChar(0)) ||
      (name.size() >= 2 && name.at(1) == ':'))
    return true;
  for (const QString& part : name.split('/'))
    if (part == QLatin1String("..")) return true;
  return false;
}

}  // namespace

void ZipWriter::add(const QString& name, const QByteArray& data, Method method) {
  Entry e;
  e.name = name.toUtf8();
  e.crc = crcOf(data);
  e.size = quint32(data.size());
  e.method = 0;
  e.data = data;
  if (method == Method::Deflate) {
    const QByteArray packed = deflateRaw(data);
    if (!packed.isEmpty() && packed.size() < data.size()) {
      e.data = packed;
      e.method = 8;
    }
  }
  entries_.push_back(e);
}

// From "version needed" to "extra field length": the same in a local and a central header.
void ZipWriter::putHeaderFields(QByteArray* out, const Entry& e) {
  put16(out, kVersion);
  put16(out, kUtf8Flag);
  put16(out, e.method);
  put16(out, 0);  // time
  put16(out, kDosDate);
  put32(out, e.crc);
  put32(out, quint32(e.data.size()));
  put32(out, e.size);
  put16(out, quint16(e.name.size()));
  put16(out, 0);  // extra
}

QByteArray ZipWriter::finish() const {
  QByteArray out, directory;
  for (const Entry& e : entries_) {
    const quint32 offset = quint32(out.size());
    put32(&out, kLocalSig);
    putHeaderFields(&out, e);
    out += e.name;
    out += e.data;

    put32(&directory, kCentralSig);
    put16(&directory, kVersion);  // made by: MS-DOS, 2.0
    putHeaderFields(&directory, e);
    put16(&directory, 0);  // comment
    put16(&directory, 0);  // disk
    put16(&directory, 0);  // internal attributes
    put32(&directory, 0);  // external attributes
    put32(&directory, offset);
    directory += e.name;
  }
  const quint32 directoryOffset = quint32(out.size());
  out += directory;
  put32(&out, kEndSig);
  put16(&out, 0);
  put16(&out, 0);
  put16(&out, quint16(entries_.size()));
  put16(&out, quint16(entries_.size()));
  put32(&out, quint32(directory.size()));
  put32(&out, directoryOffset);
  put16(&out, 0);  // comment
  return out;
}

QString ZipReader::open(QIODevice* device) {
  device_ = device;
  entries_.clear();
  const qint64 total = device->size();
  if (total < kEndBytes) return tr("not a zip archive (%1 bytes)").arg(total);
  if (total > kMaxArchiveBytes)
    return tr("%1 bytes is over the %2 MiB limit for an archive")
        .arg(total)
        .arg(kMaxArchiveBytes >> 20);
  // The end record is in the last 22 bytes plus at most a 65,535-byte comment.
  const qint64 tailStart = std::max<qint64>(0, total - kEndBytes - 0xffff);
  if (!device->seek(tailStart)) return tr("cannot read the archive");
  const QByteArray tail = device->read(total - tailStart);
  if (tail.size() != total - tailStart) return tr("cannot read the archive");
  qsizetype end = -1;
  for (qsizetype i = tail.size() - kEndBytes; i >= 0; --i)
    if (get32(tail, i) == kEndSig) {
      end = i;
      break;
    }
  if (end < 0) return tr("not a zip archive (no end of central directory)");
  const quint16 disk = get16(tail, end + 4), directoryDisk = get16(tail, end + 6);
  const quint16 here = get16(tail, end + 8), count = get16(tail, end + 10);
  const quint32 directorySize = get32(tail, end + 12), directoryOffset = get32(tail, end + 16);
  if (end >= 20 && get32(tail, end - 20) == kZip64LocatorSig)
    return tr("a zip64 archive; only archives under 4 GiB without zip64 records are read");
  if (disk != 0 || directoryDisk != 0 || here != count)
    return tr("a multi-part (spanned) archive is not supported");
  // 65,535 entries fit a plain zip (kMaxEntries); zip64 is only what its locator (above) or a
  // size or offset of 0xffffffff says.
  if (directorySize == 0xffffffff || directoryOffset == 0xffffffff)
    return tr("a zip64 archive; only archives under 4 GiB without zip64 records are read");
  if (count > kMaxEntries) return tr("more than %1 entries").arg(kMaxEntries);
  if (directorySize > kMaxDirectoryBytes)
    return tr("a central directory of %1 bytes is over the %2 MiB limit")
        .arg(directorySize)
        .arg(kMaxDirectoryBytes >> 20);
  if (qint64(directoryOffset) + directorySize > tailStart + end)
    return tr("the central directory lies outside the archive (truncated or damaged)");
  if (!device->seek(directoryOffset)) return tr("cannot read the central directory");
  const QByteArray dir = device->read(directorySize);
  if (dir.size() != qsizetype(directorySize)) return tr("cannot read the central directory");

  QSet<QString> names;
  qsizetype at = 0;
  for (int i = 0; i < count; ++i) {
    if (at + 46 > dir.size() || get32(dir, at) != kCentralSig)
      return tr("entry %1 of the central directory is damaged").arg(i + 1);
    const quint16 flags = get16(dir, at + 8);
    Entry e;
    e.method = get16(dir, at + 10);
    e.crc = get32(dir, at + 16);
    e.compressedSize = get32(dir, at + 20);
    e.size = get32(dir, at + 24);
    const quint16 nameLength = get16(dir, at + 28), extraLength = get16(dir, at + 30),
                  commentLength = get16(dir, at + 32);
    e.localHeaderOffset = get32(dir, at + 42);
    if (at + 46 + nameLength + extraLength + commentLength > dir.size())
      return tr("entry %1 of the central directory is damaged").arg(i + 1);
    const QByteArray rawName = dir.mid(at + 46, nameLength);
    e.name = (flags & kUtf8Flag) ? QString::fromUtf8(rawName) : QString::fromLatin1(rawName);
    at += 46 + nameLength + extraLength + commentLength;
    if (e.compressedSize == 0xffffffff || e.size == 0xffffffff || e.localHeaderOffset == 0xffffffff)
      return tr("entry \"%1\" uses zip64 sizes; not supported").arg(e.name);
    if (unsafeName(e.name))
      return tr("entry \"%1\" has an unsafe name (absolute, a drive, a backslash or \"..\")")
          .arg(e.name);
    if (names.contains(e.name)) return tr("entry \"%1\" appears twice").arg(e.name);
    names.insert(e.name);
    if (flags & 1) return tr("entry \"%1\" is encrypted").arg(e.name);
    if (e.localHeaderOffset + 30 + e.compressedSize > directoryOffset)
      return tr("entry \"%1\" lies outside the archive's data").arg(e.name);
    entries_.push_back(e);
  }
  return {};
}

std::optional<ZipReader::Entry> ZipReader::find(const QString& name) const {
  for (const Entry& e : entries_)
    if (e.name == name) return e;
  return std::nullopt;
}

std::optional<QByteArray> ZipReader::read(const Entry& e, qint64 maxBytes, QString* error) const {
  const auto fail = [&](const QString& message) -> std::optional<QByteArray> {
    *error = tr("entry \"%1\": %2").arg(e.name, message);
    return std::nullopt;
  };
  if (e.size > maxBytes)
    return fail(tr("%1 bytes unpacked is over the %2 MiB limit").arg(e.size).arg(maxBytes >> 20));
  if (e.method != 0 && e.method != 8)
    return fail(
        tr("compression method %1 is not supported (stored and deflate are)").arg(e.method));
  if (!device_->seek(e.localHeaderOffset)) return fail(tr("cannot read it"));
  const QByteArray header = device_->read(30);
  if (header.size() != 30 || get32(header, 0) != kLocalSig) return fail(tr("damaged local header"));
  const qint64 dataStart = e.localHeaderOffset + 30 + get16(header, 26) + get16(header, 28);
  if (!device_->seek(dataStart)) return fail(tr("cannot read it"));
  const QByteArray packed = device_->read(e.compressedSize);
  if (packed.size() != e.compressedSize) return fail(tr("truncated"));
  QByteArray data;
  if (e.method == 0) {
    if (e.compressedSize != e.size) return fail(tr("stored sizes disagree"));
    data = packed;
  } else {
    // Inflated into the declared size plus one byte: more data than declared is refused there.
    data = QByteArray(qsizetype(e.size) + 1, Qt::Uninitialized);
    z_stream z{};
    if (inflateInit2(&z, -MAX_WBITS) != Z_OK) return fail(tr("zlib failed"));
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(packed.constData()));
    z.avail_in = uInt(packed.size());
    z.next_out = reinterpret_cast<Bytef*>(data.data());
    z.avail_out = uInt(data.size());
    const int rc = inflate(&z, Z_FINISH);
    const qint64 produced = qint64(z.total_out);
    inflateEnd(&z);
    if (produced > e.size)
      return fail(tr("inflates to more than its declared %1 bytes").arg(e.size));
    if (rc != Z_STREAM_END || produced != e.size)
      return fail(tr("damaged compressed data (%1 of %2 bytes)").arg(produced).arg(e.size));
    data.resize(qsizetype(produced));
  }
  if (crcOf(data) != e.crc) return fail(tr("CRC-32 mismatch (damaged)"));
  return data;
}

}  // namespace precisionlab::quiz
