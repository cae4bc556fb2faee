// Reads recorded runs (.plrun, core/RunRecording.h, or a Hugging Face Trainer's
// trainer_state.json, core/TrainerStateImport.h) for the lab's replay, off the UI thread:
// files the user picked, or the recordings shipped inside the app (Qt resources under
// :/recorded/). A damaged or newer-format file stops the load with the engine's message, which
// names the file and line and says what to do.
#pragma once

#include <QObject>
#include <QString>
#include <QStringList>
#include <functional>
#include <vector>

#include "core/RunRecording.h"

namespace precisionlab {

class RecordingLoader {
 public:
  struct Result {
    std::vector<RunRecording> recordings;  // in the order of the paths
    QString error;                         // empty when every file loaded
  };

  // Reads now, on the calling thread (tests, and the worker below).
  static Result loadNow(const QStringList& paths);
  // Reads on a pool thread and calls `done` on `context`'s thread (not at all if `context` is
  // gone by then).
  static void load(const QStringList& paths, QObject* context, std::function<void(Result)> done);

  // The presenter compares like with like: every recording of a set must come from one machine
  // and LibTorch and train one model on one data set with one batch and sequence length, and
  // the set must hold the fp32 baseline every verdict compares with. Returns "" when it does,
  // else what is wrong, naming the file (`paths`, parallel to `recordings`).
  static QString likeWithLike(const std::vector<RunRecording>& recordings,
                              const QStringList& paths);

  // The recordings compiled into the app, e.g. ":/recorded/fp16-amp.plrun".
  static QStringList builtinRecordings();
  // Where "Open recorded runs…" starts: the installed recordings, else the source tree's,
  // else the user's documents.
  static QString defaultFolder();
};

}  // namespace precisionlab
