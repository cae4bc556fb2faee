// The app's QApplication with one catch-all: an exception that escapes an event handler, a slot
// or a queued call (Qt does not propagate exceptions through its event loop, so it would abort)
// is caught in notify(), logged, and shown in one dialog with the engine's wording
// (describeCurrentException()); the app keeps running. A dialog open already is not stacked on:
// a burst of failures shows the first and logs the rest. Tests check it through lastError().
#pragma once

#include <QApplication>
#include <QString>

namespace precisionlab {

class GuardedApplication : public QApplication {
  Q_OBJECT

 public:
  GuardedApplication(int& argc, char** argv);

  bool notify(QObject* receiver, QEvent* event) override;

  // Logs and shows the exception being handled; call inside a catch block. `where` is shown in
  // the dialog: pass a translated text ("while starting").
  void reportCurrentException(const QString& where);
  QString lastError() const { return lastError_; }
  // Off in tests and --screenshots: log only, no modal dialog.
  void setDialogsEnabled(bool on) { dialogs_ = on; }

 private:
  QString lastError_;
  bool dialogs_ = true;
  bool showing_ = false;
};

}  // namespace precisionlab
