// The window's lab sessions, kept across a restart and never lost without asking. When the runs
// trained in this window have all stopped (finished, failed or cancelled), the session is written
// into the session history (LabSessionStore: one folder per session, atomic swaps); at the next
// start the window replays the newest session (MainWindow), labelled as the recordings they now
// are ("recorded on cpu, DATE"), never as live runs; File > Reopen lab session lists the others.
//
// A finished lab is never written over by a smaller or cancelled one:
// - Before a run starts while the lab shows a stopped session (restored, reopened, or trained
//   here), the user chooses (askBeforeStart): keep it and add the new runs, start a new session
//   (the old one stays in the history), or cancel.
// - "Keep and add" writes a session that holds the kept one's runs as they were plus the new
//   ones, into a new folder when the kept session came from disk (the old folder stays as it
//   was). Per scenario, a run that finished always wins over one that did not: a new run of the
//   same option that is cancelled never replaces the kept finished one (and the lab shows the
//   finished one again once everything has stopped).
// - "Start a new session" empties the lab; the next save goes into a new folder.
// Replayed recordings (shipped or opened) are not part of a session, and a run that never
// stepped is not saved.
#pragma once

#include <QList>
#include <QObject>
#include <QSet>
#include <QString>
#include <cstdint>
#include <functional>
#include <vector>

#include "core/RunRecording.h"
#include "ui/lab/LabSessionStore.h"

namespace precisionlab {

class LabController;
class RunDataStore;

class LabSessionArchive : public QObject {
  Q_OBJECT

 public:
  enum class Choice { KeepAndAdd, StartNew, Cancel };
  // Shows the question (a dialog by default, set by the window; tests answer it themselves).
  using Ask = std::function<Choice(const QString& title, const QString& text)>;

  // Keeps `controller`'s sessions under `root` (LabSessionStore::defaultRoot() in the app).
  LabSessionArchive(LabController* controller, QString root, QObject* parent = nullptr);

  void setAsk(Ask ask) { ask_ = std::move(ask); }

  // At the start: takes an older version's single last session into the history (`legacy`,
  // "" for none), then replays the newest session. Returns how many runs it restored.
  int restoreLatest(const QString& legacy, QString* error);
  // Replays the session in `folder` into the (emptied) lab; it becomes the session shown and
  // kept. Returns how many runs it restored; `error` names an unreadable file.
  int reopen(const QString& folder, QString* error);
  // The sessions on disk, newest first.
  QList<LabSessionEntry> history(QString* error) const;

  // Before a run starts: asks (when the lab shows a stopped session and nothing runs) and
  // applies the choice. Returns the choice; KeepAndAdd also when there was nothing to ask.
  // On StartNew the caller empties the lab's view (LabView::clearRuns()).
  Choice askBeforeStart();
  // True when a start now would ask.
  bool wouldAsk() const;

  // The folder of the session shown (restored, reopened or saved), "" before there is one.
  QString shownFolder() const { return keptFolder_.isEmpty() ? currentFolder_ : keptFolder_; }
  // The folder this window's session is written to ("" until its first save).
  QString currentFolder() const { return currentFolder_; }
  QString root() const { return root_; }

  // Tests: how many saves were made, and the last save's error ("" when it worked).
  int saveCount() const { return saves_; }
  QString lastError() const { return lastError_; }

  // What a session written now would hold: the stopped trained runs of `store` with a step,
  // merged per scenario with the runs of the sessions in `keptFolders` (earlier first wins on a
  // tie): a group whose runs all finished wins over one that did not, the newest first.
  static std::vector<LabSessionStore::Item> compose(const RunDataStore& store,
                                                    const QStringList& keptFolders);
  // Replays `folder`'s recordings into `controller` at once (every record in one drain, then the
  // replay speed set back). Returns the runs' keys.
  static QList<RunKey> replayNow(LabController* controller, std::vector<RunRecording> recordings);

 signals:
  void saved(int runs);
  // A kept finished run was put back on screen in place of a run that did not finish.
  void restoredKept(const QStringList& scenarios);

 private:
  void runsUpdated();
  void showKeptRuns(const std::vector<LabSessionStore::Item>& items);

  LabController* controller_;
  QString root_;
  QString currentFolder_;       // where this window's session goes ("" until its first save)
  QString keptFolder_;          // the session from disk whose runs are kept ("" for none)
  QSet<quint64> restoredRuns_;  // keys (RunKey::id of replayed runs) restored from a session
  bool decided_ = false;        // the user chose to keep and add for the session shown
  uint64_t savedSignature_ = 0;
  int saves_ = 0;
  QString lastError_;
  Ask ask_;
};

}  // namespace precisionlab
