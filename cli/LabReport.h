// Output of a lab session: the live per-run progress lines, the comparison table with the
// computed verdicts, and the per-step records as CSV and JSONL files.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "engine/LabSession.h"

namespace precisionlab::cli {

class LabReport {
 public:
  // One line per run: label, state, step/total, last loss, median step time.
  static std::vector<std::string> progressLines(const LabSession& session);
  // What the lab trains: model, data, schedule and its departures from HF defaults.
  static void printSetup(std::ostream& out, const TrainConfig& base);
  // The conclusion first (core/LabConclusion.h): one sentence per option, the speed evidence's
  // source and what this machine can show; verdicts.txt and the terminal open with it.
  static void printConclusion(std::ostream& out, const LabSession& session,
                              const std::vector<Verdict>& verdicts);
  static void printTable(std::ostream& out, const LabSession& session,
                         const std::vector<Verdict>& verdicts);
  // One line per run that ended in an error (RunState::Failed: an exception in the trainer, a
  // child process that failed), "<scenario>, <run>: <cause>"; empty when none did.
  static std::vector<std::string> failures(const LabSession& session);
  // Writes steps.csv, steps.jsonl (steps and evals, one JSON object a line), evals.csv and
  // verdicts.txt and verdicts.json into `dir` (created if missing). Throws InputError when it
  // cannot write.
  static void writeRecords(const std::string& dir, const LabSession& session,
                           const std::vector<Verdict>& verdicts);
};

}  // namespace precisionlab::cli
