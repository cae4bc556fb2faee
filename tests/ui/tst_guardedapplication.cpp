// The app's catch-all (GuardedApplication): an exception thrown by an event handler, of any
// type, is reported in the engine's words and the event loop keeps running, instead of Qt
// aborting the process. Dialogs are off here, as in --screenshots.
#include <QTest>
#include <QTimer>

#include <functional>
#include <new>
#include <stdexcept>

#include "core/EngineError.h"
#include "ui/app/GuardedApplication.h"

namespace {

// Throws what it was given from its event handler.
class Thrower : public QObject {
 public:
  explicit Thrower(std::function<void()> raise) : raise_(std::move(raise)) {}
  bool event(QEvent* e) override {
    if (e->type() == QEvent::User) raise_();
    return QObject::event(e);
  }

 private:
  std::function<void()> raise_;
};

}  // namespace

class TestGuardedApplication : public QObject {
  Q_OBJECT

 private slots:
  void reportsAndKeepsRunning_data() {
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("expected");
    QTest::newRow("bad_alloc") << 0 << "out of memory";
    QTest::newRow("InputError") << 1 << "config.json: field";
    QTest::newRow("std::exception") << 2 << "internal error: boom";
    QTest::newRow("unknown") << 3 << "unknown type";
  }

  void reportsAndKeepsRunning() {
    QFETCH(int, kind);
    QFETCH(QString, expected);
    auto* app = static_cast<precisionlab::GuardedApplication*>(QCoreApplication::instance());
    Thrower thrower([kind] {
      switch (kind) {
        case 0:
          throw std::bad_alloc();
        case 1:
          throw precisionlab::InputError("config.json: field \"vocab_size\" is too large");
        case 2:
          throw std::runtime_error("boom");
        default:
          throw 7;
      }
    });
    QCoreApplication::postEvent(&thrower, new QEvent(QEvent::User));
    bool later = false;
    QTimer::singleShot(0, [&] { later = true; });
    QTRY_VERIFY(later);  // the loop went on after the throwing event
    QVERIFY2(app->lastError().contains(expected), qPrintable(app->lastError()));
  }
};

int main(int argc, char** argv) {
  precisionlab::GuardedApplication app(argc, argv);
  app.setDialogsEnabled(false);
  TestGuardedApplication test;
  return QTest::qExec(&test, argc, argv);
}

#include "tst_guardedapplication.moc"
