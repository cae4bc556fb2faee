// The quiz library's (and the app's) way to write an output file: core's AtomicFileWriter
// (temporary file, fsync, rename), so an export is whole or absent, never replaces a folder,
// device node or FIFO (`--out /dev/null` as root would have replaced the machine's /dev/null),
// and says a full disk, a read-only mount or a denied permission in words.
#pragma once

#include <QByteArray>
#include <QString>

namespace precisionlab::quiz {

// Empty on success, else "cannot write PATH: why" (the previous file, if any, is unchanged).
QString writeOutputFile(const QString& path, const QByteArray& data);

// Why `path` cannot be an output file (a folder, device, FIFO), or empty: for writers that must
// hand a path to another library (an image writer) and check it first.
QString outputFileRefusal(const QString& path);

}  // namespace precisionlab::quiz
