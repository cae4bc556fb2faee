// The last lab session, kept across a restart: when the runs trained in this window have all
// stopped (finished, failed or cancelled), each is written as a recording (.plrun,
// core/RunRecording.h) into one folder of the user's data folder, replacing the previous
// session's files; at the next start the window replays them (MainWindow), labelled as the
// recordings they now are ("recorded on cpu, DATE"), never as live runs. Replayed runs are not
// saved again (they are recordings already), and a run that never stepped is not saved.
//
// The swap is atomic per session: the new files go into "<folder>.new", then the old folder is
// removed and the new one renamed in, so a crash leaves either session whole (load() also
// takes a "<folder>.new" that was complete but not yet renamed).
#pragma once

#include <QObject>
#include <QString>
#include <QStringList>
#include <cstdint>
#include <vector>

#include "core/RunRecording.h"

namespace precisionlab {

class LabController;
class RunDataStore;

class LabSessionArchive : public QObject {
  Q_OBJECT

 public:
  // Saves `controller`'s trained runs into `folder` each time they have all stopped and
  // something changed since the last save.
  LabSessionArchive(LabController* controller, QString folder, QObject* parent = nullptr);

  // QStandardPaths::AppDataLocation + "/last-lab-session".
  static QString defaultFolder();

  // Writes the stopped trained runs of `store` into `folder` (the swap above). Returns the
  // number written, or -1 with `error` naming the file and the reason.
  static int save(const RunDataStore& store, const QString& folder, QString* error);
  // The recordings saved in `folder`, oldest file name first; empty when there are none.
  // `error` names an unreadable file (the others are still returned).
  static std::vector<RunRecording> load(const QString& folder, QString* error);

  // Replays the recordings saved in `folder` into `controller` at once (every record in one
  // drain, then the replay speed set back), so the lab shows the last session's curves and
  // verdicts as it starts. Returns how many runs it restored (0: none saved); `error` as load().
  static int restore(LabController* controller, const QString& folder, QString* error);

  // Tests: how many saves were made, and the last save's error ("" when it worked).
  int saveCount() const { return saves_; }
  QString lastError() const { return lastError_; }

 signals:
  void saved(int runs);

 private:
  void runsUpdated();

  LabController* controller_;
  QString folder_;
  uint64_t savedSignature_ = 0;
  int saves_ = 0;
  QString lastError_;
};

}  // namespace precisionlab
