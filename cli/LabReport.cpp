#include "cli/LabReport.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <sstream>

#include "cli/JsonText.h"
#include "core/AtomicFileWriter.h"
#include "core/EngineError.h"
#include "core/GpuEstimator.h"
#include "core/Json.h"
#include "core/LabConclusion.h"
#include "core/LabScenarios.h"
#include "core/RecordJson.h"
#include "core/RunCsv.h"
#include "core/ScenarioTable.h"
#include "core/SpeedEvidence.h"
#include "core/VerdictJson.h"

namespace precisionlab::cli {

namespace {

// Through the one output writer (AtomicFileWriter): whole or absent, never over a device or
// FIFO, a full disk or a read-only folder said in words.
void writeFile(const std::filesystem::path& path, const std::string& text) {
  try {
    AtomicFileWriter::writeFile(path.string(), text);
  } catch (const InputError& e) {
    throw InputError(std::string("lab: ") + e.what());
  }
}

// The device the runs ran on, named once at the top of the table and then called "this device"
// (verdicts.txt repeated a 90-character CPU description about 12 times): the first live run's,
// else the first recording's.
std::string mainDevice(const LabSession& session) {
  std::string recorded;
  for (const auto& s : session.results())
    for (const auto& r : s.runs) {
      if (r.provenance.device.empty()) continue;
      if (r.provenance.kind != Provenance::Recorded) return r.provenance.device;
      if (recorded.empty()) recorded = r.provenance.device;
    }
  return recorded;
}

// A run's provenance note split into its sentences, each ending in its full stop.
std::vector<std::string> noteSentences(const std::string& note) {
  std::vector<std::string> out;
  size_t start = 0;
  for (size_t at = note.find(". "); at != std::string::npos; at = note.find(". ", start)) {
    out.push_back(note.substr(start, at + 1 - start));
    start = at + 2;
  }
  if (start < note.size()) out.push_back(note.substr(start));
  for (std::string& sentence : out)  // a note may end without its full stop
    if (sentence.back() != '.') sentence += '.';
  return out;
}

std::string joinSentences(const std::vector<std::string>& sentences) {
  std::string out;
  for (const std::string& s : sentences) out += (out.empty() ? "" : " ") + s;
  return out;
}

constexpr const char* kThisDevice = "this device";

// `text` with every mention of `device` replaced by "this device".
std::string referTo(std::string text, const std::string& device) {
  if (device.empty()) return text;
  const std::string by = kThisDevice;
  for (size_t at = text.find(device); at != std::string::npos;
       at = text.find(device, at + by.size()))
    text.replace(at, device.size(), by);
  return text;
}

}  // namespace

std::vector<std::string> LabReport::progressLines(const LabSession& session) {
  std::vector<std::string> lines;
  // Every run's label in one column, as wide as the longest (the table's titles vary).
  size_t labelWidth = 27;
  for (const auto& s : session.results())
    for (const auto& r : s.runs) labelWidth = std::max(labelWidth, r.label.size() + 1);
  for (const auto& s : session.results()) {
    for (const auto& r : s.runs) {
      // Provenance on every row: "live" figures were measured now; "emulated" rows have real
      // numerics but fp32 kernels' speed.
      std::string line =
          pad(r.label, labelWidth) + pad(runStateName(r.state), 10) +
          pad(r.state == RunState::Queued ? "" : provenanceName(r.provenance.kind), 9);
      const int64_t done = r.steps.empty() ? 0 : r.steps.back().step;
      const int width = 20;
      const int filled = r.totalSteps > 0 ? static_cast<int>(width * done / r.totalSteps) : 0;
      line += "[" + std::string(static_cast<size_t>(filled), '#') +
              std::string(static_cast<size_t>(width - filled), '.') + "] ";
      line += pad(std::to_string(done) + "/" + std::to_string(r.totalSteps), 9);
      if (!r.steps.empty()) {
        const double loss = r.steps.back().loss;
        const std::string lossText =
            std::isfinite(loss) ? formatNumber("%.4f", loss) : (std::isnan(loss) ? "NaN" : "inf");
        line += " loss " + lossText;
        // The statistic the table and the verdicts use: the training thread's CPU time per
        // step where the run has it, else wall time, and it says which.
        const bool cpu = r.cpuTimed();
        line += "  " + formatNumber("%.0f", percentileOf(statisticStepTimes(r, cpu), 50)) +
                (cpu ? " ms/step CPU" : " ms/step wall");
      }
      if (r.state == RunState::Failed) line += "  " + r.message;
      lines.push_back(line);
    }
  }
  return lines;
}

std::vector<std::string> LabReport::failures(const LabSession& session) {
  std::vector<std::string> lines;
  for (const auto& s : session.results())
    for (const auto& r : s.runs)
      if (r.state == RunState::Failed)
        lines.push_back(s.id + ", " + r.label + ": " +
                        (r.message.empty() ? std::string("no cause reported") : r.message));
  return lines;
}

void LabReport::printSetup(std::ostream& out, const TrainConfig& base) {
  const RunDescription d = LabScenarios::describe(base);
  out << "What ran:\n  model: " << d.model << "\n  " << d.data << "\n  schedule: " << d.schedule
      << "\n";
  if (!d.deviations.empty()) {
    out << "  where the lab departs from Hugging Face's defaults, and why:\n";
    for (const auto& x : d.deviations) out << "    - " << x << "\n";
  }
}

void LabReport::printConclusion(std::ostream& out, const LabSession& session,
                                const std::vector<Verdict>& verdicts) {
  const ScenarioSpec& answer = answerScenario();
  const bool answerRan = findVerdict(verdicts, answer.id) != nullptr;
  const SpeedStory story = speedStoryOf(answer, session.results(), verdicts);
  const auto sentences = labConclusion(verdicts, answerRan ? &story : nullptr);
  if (sentences.empty()) return;
  out << "In short (computed from the runs below):\n";
  for (const VerdictText& t : sentences) out << "  " << t.english() << "\n";
  if (answerRan)
    out << (story.hardwareIsRecording ? "  The recording's machine: " : "  This machine: ")
        << hardwareCapability(story.hardware).english() << ".\n";
}

void LabReport::printTable(std::ostream& out, const LabSession& session,
                           const std::vector<Verdict>& verdicts) {
  const std::string device = mainDevice(session);
  if (!device.empty()) out << "Device: " << device << " (\"" << kThisDevice << "\" below)\n\n";
  out << pad("scenario", 22) << pad("provenance", 11) << pad("steps", 7)
      << pad("ms/step (p25-p75)", 20) << pad("speedup", 9) << pad("memory", 8) << pad("val loss", 9)
      << pad("val acc", 8) << pad("non-finite", 11) << "skipped\n";
  for (size_t i = 0; i < verdicts.size(); ++i) {
    const auto& v = verdicts[i];
    const auto& s = session.results()[i];
    int64_t steps = 0;
    for (const auto& r : s.runs) steps += r.steps.empty() ? 0 : r.steps.back().step;
    out << pad(s.id, 22) << pad(provenanceName(v.provenance), 11) << pad(std::to_string(steps), 7)
        << pad(v.medianStepMs > 0
                   ? formatNumber("%.0f", v.medianStepMs) + formatNumber(" (%.0f", v.p25StepMs) +
                         formatNumber("-%.0f)", v.p75StepMs)
                   : "-",  // not timed by its judge (preemption and resume)
               20)
        << pad(v.speedMeasurable ? formatNumber("%.2fx", v.speedup) : "n/a", 9)
        << pad(v.memoryMeasurable ? formatNumber("%.2fx", v.memoryRatio) : "n/a", 8)
        << pad(v.hasEval ? formatNumber("%.4f", v.valLoss) : "-", 9)
        << pad(v.hasEval ? formatNumber("%.3f", v.valAccuracy) : "-", 8)
        << pad(v.firstNonFiniteStep ? "step " + std::to_string(v.firstNonFiniteStep) : "none", 11)
        << v.skippedSteps << "\n";
  }
  out << "\nVerdicts (computed from the measurements above):\n";
  for (size_t i = 0; i < verdicts.size(); ++i) {
    const auto& s = session.results()[i];
    // Options by their text, never by a letter: the app shuffles the letters per learner.
    out << "  " << s.id << " (" << s.title() << "): " << verdicts[i].summary << "\n";
    if (!s.optionText().empty()) out << "      option: \"" << s.optionText() << "\"\n";
    const ScenarioSpec* row = findScenario(s.id);
    if (row && row->quotesSpeedEvidence)
      for (const EvidenceLine& line : speedStoryOf(*row, session.results(), verdicts).lines)
        out << "      evidence (" << evidenceSourceName(line.source) << ", "
            << referTo(line.sourceLabel, device) << "): " << referTo(line.english(), device)
            << "\n";
    for (const auto& n : verdicts[i].notes)
      out << "      note: " << referTo(n.english(), device) << "\n";
  }
  const Verdict* base = findVerdict(verdicts, baselineScenario().id);
  if (base && base->judgement == Judgement::BaselineDidNotLearn)
    out << "\nINCONCLUSIVE: the fp32 baseline did not learn, so no option can be judged against "
           "it. Run longer (--steps) or with a larger learning rate (--lr).\n";
}

void LabReport::writeRecords(const std::string& dir, const LabSession& session,
                             const std::vector<Verdict>& verdicts) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec)
    throw InputError("lab: cannot create --out directory " + dir + ": " +
                     AtomicFileWriter::reason(ec.value()));
  const std::filesystem::path root(dir);
  // Columns and keys are the one record table's names (core/RecordFields.h): the CSV files come
  // from the one run-CSV writer (core/RunCsv.h), the JSON lines from the one JSON encoding of
  // records (core/RecordJson.h). Each file is written whole and renamed into place: a full disk
  // leaves the old file, never a torn one.
  std::vector<const RunLog*> runs;
  std::ostringstream jsonl;
  for (const auto& s : session.results()) {
    for (const auto& r : s.runs) {
      runs.push_back(&r);
      const auto line = [&](const char* type) {
        json::Value o = json::Value::object();
        o.set("type", type);
        o.set("scenario", s.id);
        o.set("run", textForJson(r.label));
        o.set("provenance", provenanceName(r.provenance.kind));
        return o;
      };
      for (const auto& st : r.steps) {
        json::Value o = line("step");
        addRecordFields(o, st);
        jsonl << json::serialize(o) << "\n";
      }
      for (const auto& e : r.evals) {
        json::Value o = line("eval");
        addRecordFields(o, e);
        jsonl << json::serialize(o) << "\n";
      }
    }
  }
  std::ostringstream text;
  printConclusion(text, session, verdicts);
  text << "\n";
  if (!session.results().empty() && !session.results().front().runs.empty())
    printSetup(text, session.results().front().runs.front().config);
  text << "\n";
  printTable(text, session, verdicts);
  const std::string device = mainDevice(session);
  std::vector<const RunLog*> all;
  std::vector<std::vector<std::string>> notes;  // each run's note, split once
  for (const auto& s : session.results())
    for (const auto& r : s.runs) {
      all.push_back(&r);
      notes.push_back(noteSentences(r.provenance.note));
    }
  auto holds = [](const std::vector<std::string>& sentences, const std::string& sentence) {
    return std::find(sentences.cbegin(), sentences.cend(), sentence) != sentences.cend();
  };
  // A sentence every run's note holds (the word embedding's cut) is said once, above them
  // (verdicts.txt repeated it under each of 8 runs).
  std::vector<std::string> shared;
  if (all.size() >= 2)
    for (const std::string& sentence : notes.front())
      if (std::all_of(notes.cbegin() + 1, notes.cend(),
                      [&](const auto& other) { return holds(other, sentence); }))
        shared.push_back(sentence);
  if (!shared.empty())
    text << "\nEvery run below: " << referTo(joinSentences(shared), device) << "\n";
  for (size_t i = 0; i < all.size(); ++i) {
    const RunLog* r = all[i];
    std::vector<std::string> own;
    for (const std::string& sentence : notes[i])
      if (!holds(shared, sentence)) own.push_back(sentence);
    text << "\n"
         << r->label << ": " << provenanceName(r->provenance.kind) << " on "
         << referTo(r->provenance.device, device) << " (LibTorch " << r->provenance.torchVersion
         << ")." << (own.empty() ? "" : " ") << referTo(joinSentences(own), device);
  }
  text << "\n";
  writeFile(root / "steps.csv", stepsCsv(runs));
  writeFile(root / "steps.jsonl", jsonl.str());
  writeFile(root / "evals.csv", evalsCsv(runs));
  writeFile(root / "verdicts.json", verdictsJsonText(verdicts));
  writeFile(root / "verdicts.txt", text.str());
}

}  // namespace precisionlab::cli
