#include "quiz/OutputFile.h"

#include "core/AtomicFileWriter.h"
#include "core/EngineError.h"

#include <QFile>

#include <exception>
#include <new>

namespace precisionlab::quiz {

QString writeOutputFile(const QString& path, const QByteArray& data) {
  try {
    AtomicFileWriter out(QFile::encodeName(path).toStdString());
    out.write(data.constData(), static_cast<size_t>(data.size()));
    out.commit();
    return {};
  } catch (const std::bad_alloc&) {
    return QStringLiteral("cannot write %1: out of memory").arg(path);
  } catch (const std::exception& e) {
    // InputError's text starts with the path; say it the way the rest of the app does.
    QString what = QString::fromLocal8Bit(e.what());
    const QString prefix = path + QStringLiteral(": ");
    if (what.startsWith(prefix)) what = what.mid(prefix.size());
    return QStringLiteral("cannot write %1: %2").arg(path, what);
  }
}

QString outputFileRefusal(const QString& path) {
  return QString::fromStdString(AtomicFileWriter::refusal(QFile::encodeName(path).toStdString()));
}

}  // namespace precisionlab::quiz
