#include "cli/LabReport.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/JsonText.h"
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

std::ofstream openFile(const std::filesystem::path& path) {
  std::ofstream f(path);
  if (!f) throw InputError("lab: cannot write " + path.string() + ": check --out and permissions");
  return f;
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
        line += "  " + fmt("%.0f ms/step", stepTimePercentile(r, 50, 3));
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
    for (const auto& n : verdicts[i].notes) out << "      note: " << n << "\n";
  }
}

void LabReport::writeRecords(const std::string& dir, const LabSession& session,
                             const std::vector<Verdict>& verdicts) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw InputError("lab: cannot create --out directory " + dir + ": " + ec.message());
  const std::filesystem::path root(dir);
  auto csv = openFile(root / "steps.csv");
  auto jsonl = openFile(root / "steps.jsonl");
  auto evals = openFile(root / "evals.csv");
  csv << "scenario,run,provenance,step,loss,learning_rate,step_ms,samples_per_s,tokens_per_s,"
         "grad_norm,non_finite,loss_scale,skipped,grad_zero_fraction,grad_nonfinite_fraction,"
         "peak_bytes\n";
  evals << "scenario,run,step,val_loss,val_accuracy\n";
  for (const auto& s : session.results()) {
    for (const auto& r : s.runs) {
      const std::string prov = provenanceName(r.provenance.kind);
      for (const auto& st : r.steps) {
        std::ostringstream line;
        line.precision(9);
        line << s.id << "," << csv::field(r.label) << "," << prov << "," << st.step << ","
             << st.loss << "," << st.learningRate << "," << st.stepMs << "," << st.samplesPerSec
             << "," << st.tokensPerSec << "," << st.gradNorm << "," << st.nonFinite << ","
             << st.lossScale << "," << st.skipped << "," << st.gradZeroFraction << ","
             << st.gradNonFiniteFraction << "," << st.peakBytes << "\n";
        csv << line.str();
        jsonl << "{\"type\":\"step\",\"scenario\":" << quoted(s.id)
              << ",\"run\":" << quoted(r.label) << ",\"provenance\":" << quoted(prov)
              << ",\"step\":" << st.step << ",\"loss\":" << jsonNumber(st.loss)
              << ",\"lr\":" << jsonNumber(st.learningRate)
              << ",\"step_ms\":" << jsonNumber(st.stepMs)
              << ",\"samples_per_s\":" << jsonNumber(st.samplesPerSec)
              << ",\"grad_norm\":" << jsonNumber(st.gradNorm)
              << ",\"non_finite\":" << (st.nonFinite ? "true" : "false")
              << ",\"loss_scale\":" << jsonNumber(st.lossScale)
              << ",\"skipped\":" << (st.skipped ? "true" : "false")
              << ",\"grad_zero_fraction\":" << jsonNumber(st.gradZeroFraction)
              << ",\"grad_nonfinite_fraction\":" << jsonNumber(st.gradNonFiniteFraction)
              << ",\"peak_bytes\":" << st.peakBytes << "}\n";
      }
      for (const auto& e : r.evals) {
        evals << s.id << "," << csv::field(r.label) << "," << e.step << ","
              << fmt("%.9g", e.valLoss) << "," << fmt("%.9g", e.valAccuracy) << "\n";
        jsonl << "{\"type\":\"eval\",\"scenario\":" << quoted(s.id)
              << ",\"run\":" << quoted(r.label) << ",\"step\":" << e.step
              << ",\"val_loss\":" << jsonNumber(e.valLoss)
              << ",\"val_accuracy\":" << jsonNumber(e.valAccuracy) << "}\n";
      }
    }
  }
  auto text = openFile(root / "verdicts.txt");
  printTable(text, session, verdicts);
  for (const auto& s : session.results())
    for (const auto& r : s.runs)
      text << "\n"
           << r.label << ": " << provenanceName(r.provenance.kind) << " on " << r.provenance.device
           << " (LibTorch " << r.provenance.torchVersion << "). " << r.provenance.note;
  text << "\n";
}

}  // namespace precisionlab::cli
