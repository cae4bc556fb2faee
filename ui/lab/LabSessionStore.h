// The lab sessions kept on disk, the session history: each session is one folder under one root
// ("<data folder>/lab-sessions/<yyyyMMdd-HHmmss-zzz>", UTC) holding its runs as recordings
// (NN-scenario.plrun, core/RunRecording.h) and an index, session.json (when it was saved, each
// file's scenario and how its run ended), written last. No widgets; LabSessionArchive decides
// what goes into a session and when.
//
// Writing a session is atomic: the files go into "<root>/.<name>.new", then the old folder (if
// any) is renamed to "<root>/.<name>.old", the new one renamed in and the old one removed, so a
// crash leaves the old session or the new one whole; list() finishes or undoes a swap a crash
// interrupted. A session is never written over by this class on its own: the archive names the
// folder, and a new folder for every session it does not continue.
#pragma once

#include <QCoreApplication>
#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>
#include <string>
#include <vector>

#include "core/RunRecording.h"

namespace precisionlab {

struct TrackedRun;

struct LabSessionEntry {
  struct Run {
    QString file;      // name inside the folder
    QString scenario;  // its scenario id
    RunState state = RunState::Finished;
  };
  QString folder;   // absolute path
  QDateTime saved;  // UTC
  QList<Run> runs;

  int count(RunState state) const;
  // Every run finished (none cancelled or failed).
  bool complete() const { return !runs.isEmpty() && count(RunState::Finished) == runs.size(); }
  // "5 Dec 2026 18:40 · 7 runs, all finished" / "… · 2 runs: 2 cancelled" (local time).
  QString describe() const;
};

class LabSessionStore {
  Q_DECLARE_TR_FUNCTIONS(precisionlab::LabSessionStore)

 public:
  // <AppDataLocation>/lab-sessions, and the single folder older versions kept
  // (<AppDataLocation>/last-lab-session).
  static QString defaultRoot();
  static QString legacyFolder();

  // A folder name for a new session under `root` that no session has yet.
  static QString newFolder(const QString& root);
  // Moves an older version's single last session into `root` as one session of the history
  // (named by its newest file's time). True when there was one and it moved.
  static bool adoptLegacy(const QString& legacy, const QString& root, QString* error);
  // The sessions under `root`, newest first. Folders without a readable index are described from
  // their files; `error` names an unreadable one (the others are still listed).
  static QList<LabSessionEntry> list(const QString& root, QString* error);
  // One session's description (false when the folder holds no run file).
  static bool readEntry(const QString& folder, LabSessionEntry* entry, QString* error);

  // One run to write: a run trained in this window (`run`), or a file of a session on disk
  // (`file`, an absolute path) carried over unchanged.
  struct Item {
    const TrackedRun* run = nullptr;
    QString file;
    QString scenario;
    RunState state = RunState::Finished;
  };
  // Writes `items` as the session in `folder` (the swap above). Returns the number of runs
  // written, or -1 with `error` naming the file and the reason (the old session stays then).
  static int write(const std::vector<Item>& items, const QString& folder, QString* error);
  // The recordings of the session in `folder`, in file-name order; `error` names an unreadable
  // file (the others are still returned).
  static std::vector<RunRecording> load(const QString& folder, QString* error);
};

}  // namespace precisionlab
