#include "cli/ProgressBar.h"

#include <algorithm>

namespace precisionlab::cli {

void ProgressBar::update(int64_t done, int64_t total, const std::string& status) {
  const double share = total > 0 ? std::clamp(static_cast<double>(done) / total, 0.0, 1.0) : 0.0;
  const int filled = static_cast<int>(share * width_ + 0.5);
  std::string line = "[" + std::string(filled, '#') + std::string(width_ - filled, '-') + "] " +
                     std::to_string(done) + "/" + std::to_string(total) + " " + status;
  if (drawn_ && line == lastLine_) return;  // nothing new: no redraw, no flicker
  clearLine();
  out_ << line << std::flush;
  lastLine_ = line;
  lastLength_ = line.size();
  drawn_ = true;
}

void ProgressBar::printLine(const std::string& line) {
  clearLine();
  out_ << line << "\n" << std::flush;
  drawn_ = false;
  lastLength_ = 0;
}

void ProgressBar::finish() {
  if (drawn_) out_ << "\n" << std::flush;
  drawn_ = false;
  lastLength_ = 0;
}

void ProgressBar::clearLine() {
  if (drawn_) out_ << "\r" << std::string(lastLength_, ' ') << "\r";
}

}  // namespace precisionlab::cli
