#include "cli/LabReport.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <sstream>

#include "cli/JsonText.h"
#include "core/AtomicFileWriter.h"
#include "core/CsvWriter.h"
#include "core/EngineError.h"

namespace precisionlab::cli {

namespace {

std::string fmt(const char* format, double v) { return formatNumber(format, v); }
std::string quoted(const std::string& s) { return jsonString(s); }

std::string pad(std::string s, size_t width) {
  if (s.size() < width) s += std::string(width - s.size(), ' ');
  return s;
}

// Through the one output writer (AtomicFileWriter): whole or absent, never over a device or
// FIFO, a full disk or a read-only folder said in words.
void writeFile(const std::filesystem::path& path, const std::ostringstream& text) {
  try {
    AtomicFileWriter::writeFile(path.string(), text.str());
  } catch (const InputError& e) {
    throw InputError(std::string("lab: ") + e.what());
  }
}

}  // namespace

std::vector<std::string> LabReport::progressLines(const LabSession& session) {
  std::vector<std::string> lines;
  for (const auto& s : session.results()) {
    for (const auto& r : s.runs) {
      // Provenance on every row: "live" figures were measured now; "emulated" rows have real
      // numerics but fp32 kernels' speed.
      std::string line =
          pad(r.label, 24) + pad(runStateName(r.state), 10) +
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
            std::isfinite(loss) ? fmt("%.4f", loss) : (std::isnan(loss) ? "NaN" : "inf");
        line += " loss " + lossText;
        line += "  " + fmt("%.0f ms/step", r.summary().medianStepMs);
      }
      if (r.state == RunState::Failed) line += "  " + r.message;
      lines.push_back(line);
    }
  }
  return lines;
}

void LabReport::printTable(std::ostream& out, const LabSession& session,
                           const std::vector<Verdict>& verdicts) {
  out << pad("scenario", 22) << pad("provenance", 11) << pad("steps", 7)
      << pad("ms/step (p25-p75)", 20) << pad("speedup", 9) << pad("memory", 8) << pad("val loss", 9)
      << pad("val acc", 8) << pad("non-finite", 11) << "skipped\n";
  for (size_t i = 0; i < verdicts.size(); ++i) {
    const auto& v = verdicts[i];
    const auto& s = session.results()[i];
    int64_t steps = 0;
    for (const auto& r : s.runs) steps += r.steps.empty() ? 0 : r.steps.back().step;
    out << pad(s.id, 22) << pad(provenanceName(v.provenance), 11) << pad(std::to_string(steps), 7)
        << pad(fmt("%.0f", v.medianStepMs) + fmt(" (%.0f", v.p25StepMs) +
                   fmt("-%.0f)", v.p75StepMs),
               20)
        << pad(v.speedMeasurable ? fmt("%.2fx", v.speedup) : "n/a", 9)
        << pad(v.memoryMeasurable ? fmt("%.2fx", v.memoryRatio) : "n/a", 8)
        << pad(v.hasEval ? fmt("%.4f", v.valLoss) : "-", 9)
        << pad(v.hasEval ? fmt("%.3f", v.valAccuracy) : "-", 8)
        << pad(v.firstNonFiniteStep ? "step " + std::to_string(v.firstNonFiniteStep) : "none", 11)
        << v.skippedSteps << "\n";
  }
  out << "\nVerdicts (computed from the measurements above):\n";
  for (size_t i = 0; i < verdicts.size(); ++i) {
    const auto& s = session.results()[i];
    // Options by their text, never by a letter: the app shuffles the letters per learner.
    out << "  " << s.id << " (" << s.title << "): " << verdicts[i].summary << "\n";
    if (!s.optionText.empty()) out << "      option: \"" << s.optionText << "\"\n";
    for (const auto& n : verdicts[i].notes) out << "      note: " << n.english() << "\n";
  }
}

void LabReport::writeRecords(const std::string& dir, const LabSession& session,
                             const std::vector<Verdict>& verdicts) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw InputError("lab: cannot create --out directory " + dir + ": " + ec.message());
  const std::filesystem::path root(dir);
  std::ostringstream csv, jsonl, evals, text;
  // Columns and keys are the one record table's names (core/RecordFields.h).
  csv << "scenario,run,provenance," << fieldNames(stepFields(), ',') << "\n";
  evals << "scenario,run," << fieldNames(evalFields(), ',') << "\n";
  for (const auto& s : session.results()) {
    for (const auto& r : s.runs) {
      const std::string prov = provenanceName(r.provenance.kind);
      for (const auto& st : r.steps) {
        std::string line = s.id + "," + csv::field(r.label) + "," + prov;
        for (const StepField& f : stepFields()) line += "," + fieldText(f.kind, f.get(st));
        csv << line << "\n";
        jsonl << "{\"type\":\"step\",\"scenario\":" << quoted(s.id)
              << ",\"run\":" << quoted(r.label) << ",\"provenance\":" << quoted(prov) << ","
              << jsonRecordFields(st, stepFields()) << "}\n";
      }
      for (const auto& e : r.evals) {
        std::string line = s.id + "," + csv::field(r.label);
        for (const EvalField& f : evalFields()) line += "," + fieldText(f.kind, f.get(e));
        evals << line << "\n";
        jsonl << "{\"type\":\"eval\",\"scenario\":" << quoted(s.id)
              << ",\"run\":" << quoted(r.label) << "," << jsonRecordFields(e, evalFields())
              << "}\n";
      }
    }
  }
  printTable(text, session, verdicts);
  for (const auto& s : session.results())
    for (const auto& r : s.runs)
      text << "\n"
           << r.label << ": " << provenanceName(r.provenance.kind) << " on " << r.provenance.device
           << " (LibTorch " << r.provenance.torchVersion << "). " << r.provenance.note;
  text << "\n";
  writeFile(root / "steps.csv", csv);
  writeFile(root / "steps.jsonl", jsonl);
  writeFile(root / "evals.csv", evals);
  writeFile(root / "verdicts.txt", text);
}

}  // namespace precisionlab::cli
