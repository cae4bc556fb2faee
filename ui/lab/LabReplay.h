// The lab's recorded runs, without widgets: reads .plrun files (or the recordings shipped in the
// app) off the UI thread, asks before a replay replaces live runs, hands the recordings to the
// LabController, and decides what a presenter's step shows: the replayed runs held, or live runs
// it starts. LabView shows what it says (status, errors) and redraws after a replay.
#pragma once

#include <QObject>
#include <QSet>
#include <QString>
#include <QStringList>
#include <functional>
#include <vector>

#include "core/RunRecording.h"

namespace precisionlab {

class LabController;

class LabReplay : public QObject {
  Q_OBJECT

 public:
  explicit LabReplay(LabController* controller, QObject* parent = nullptr);

  // Asks the user a yes/no question before live runs are replaced (LabView's Confirm).
  using Confirm = std::function<bool(const QString& title, const QString& text)>;
  void setConfirm(Confirm confirm) { confirm_ = std::move(confirm); }

  // Reads the recordings off the UI thread, then replays them (loaded() says how it went).
  void load(const QStringList& paths);
  // False when nothing was replayed (none given, or the user kept the live runs it would replace).
  bool replay(std::vector<RunRecording> recordings);
  // The titles of the scenarios whose live runs replaying `recordings` would replace.
  QStringList liveRunsReplacedBy(const std::vector<RunRecording>& recordings) const;

  // Speed factor of replayed recordings (1 = as recorded).
  void setSpeed(double factor);
  double speed() const;

  // The presenter on recordings: its steps show the replayed runs and never start a live one.
  void setRecordedOnly(bool on) { recordedOnly_ = on; }
  bool recordedOnly() const { return recordedOnly_; }
  // What the presenter's step for `scenarioId` starts live, in order: the row's companion and
  // the scenario itself when the store holds no runs of them (none on recordings only).
  QStringList liveStartsFor(const QString& scenarioId) const;

 signals:
  void statusMessage(const QString& text);
  // Reading failed, or there was nothing to read: LabView shows it in a dialog.
  void failed(const QString& title, const QString& text);
  // A batch was read and replayed (or failed, or was refused: `ok` false).
  void loaded(bool ok);
  // The controller now replays these scenarios' recordings.
  void replayed(const QSet<QString>& scenarioIds);

 private:
  LabController* controller_;
  Confirm confirm_;
  bool recordedOnly_ = false;
};

}  // namespace precisionlab
