// The one loop of the CLI commands that train (lab, bench, record, train): poll the session,
// hand each batch of updates to the command, call its tick every `interval` (a redraw, a log
// line), and stop once every run has ended. The first Ctrl-C cancels the runs after the step in
// progress: the command still reports and writes what was measured, and exits kExitCancelled
// (130); a second Ctrl-C quits at once, for a step too long to wait for.
#pragma once

#include <chrono>
#include <functional>
#include <vector>

#include "core/RunRecords.h"
#include "engine/LabSession.h"

namespace precisionlab::cli {

struct SessionLoop {
  std::chrono::milliseconds interval{100};
  std::function<void(const std::vector<RunUpdate>&)> onUpdates;  // may be empty
  std::function<void(bool done)> onTick;                         // may be empty
  std::function<void()> onCancel;  // the first Ctrl-C, once the runs are told to stop
};

// Runs the loop to the end; true when Ctrl-C cancelled the runs.
bool runSessionLoop(LabSession& session, const SessionLoop& loop);

}  // namespace precisionlab::cli
