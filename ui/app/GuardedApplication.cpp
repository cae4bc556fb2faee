#include "ui/app/GuardedApplication.h"

#include <QMessageBox>
#include <QtGlobal>

#include "engine/ExceptionText.h"

namespace precisionlab {

GuardedApplication::GuardedApplication(int& argc, char** argv) : QApplication(argc, argv) {}

bool GuardedApplication::notify(QObject* receiver, QEvent* event) {
  try {
    return QApplication::notify(receiver, event);
  } catch (...) {
    reportCurrentException(tr("while handling an event"));
  }
  return false;
}

void GuardedApplication::reportCurrentException(const QString& where) {
  lastError_ = QString::fromStdString(describeCurrentException());
  qCritical("PrecisionLab: %s %s", qPrintable(where), qPrintable(lastError_));
  if (!dialogs_ || showing_) return;
  showing_ = true;
  try {
    QMessageBox::critical(activeWindow(), QStringLiteral("PrecisionLab"),
                          tr("Something went wrong %1:\n\n%2\n\nThe app keeps running; save your "
                             "work if the problem repeats.")
                              .arg(where, lastError_));
  } catch (...) {
    qCritical("PrecisionLab: the error dialog itself failed");
  }
  showing_ = false;
}

}  // namespace precisionlab
