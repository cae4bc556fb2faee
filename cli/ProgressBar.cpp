#include "cli/ProgressBar.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>

#include "core/TerminalText.h"

namespace precisionlab::cli {

int ProgressBar::terminalColumns() {
  winsize ws{};
  if (::ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) return ws.ws_col;
  return 80;
}

std::string ProgressBar::fitToTerminal(const std::string& text) {
  // Status lines quote run labels and messages from files: escaped before they are drawn.
  const std::string line = escapeForTerminal(text);
  const size_t columns = static_cast<size_t>(std::max(2, terminalColumns() - 1));
  size_t shown = 0;
  for (size_t i = 0; i < line.size(); ++i) {
    // Count characters, not bytes: UTF-8 continuation bytes take no column.
    if ((static_cast<unsigned char>(line[i]) & 0xC0) == 0x80) continue;
    if (shown == columns) return line.substr(0, i);
    ++shown;
  }
  return line;
}

void ProgressBar::update(int64_t done, int64_t total, const std::string& status) {
  const double share = total > 0 ? std::clamp(static_cast<double>(done) / total, 0.0, 1.0) : 0.0;
  const int filled = static_cast<int>(share * width_ + 0.5);
  const std::string line =
      fitToTerminal("[" + std::string(filled, '#') + std::string(width_ - filled, '-') + "] " +
                    std::to_string(done) + "/" + std::to_string(total) + " " + status);
  if (drawn_ && line == lastLine_) return;  // nothing new: no redraw, no flicker
  clearLine();
  out_ << line << std::flush;
  lastLine_ = line;
  drawn_ = true;
}

void ProgressBar::printLine(const std::string& line) {
  // Also clears what the terminal echoed after the bar (the ^C of an interrupt).
  out_ << "\r\033[K" << line << "\n" << std::flush;
  drawn_ = false;
}

void ProgressBar::finish() {
  if (drawn_) out_ << "\n" << std::flush;
  drawn_ = false;
}

void ProgressBar::clearLine() {
  // Erase to the end of the line rather than overwrite with spaces: it also removes anything the
  // terminal echoed after the bar.
  if (drawn_) out_ << "\r\033[K";
}

void ProgressBlock::show(const std::vector<std::string>& lines, bool done) {
  if (tty_) {
    // Redraw the block in place; each line cut to the terminal's width, since a wrapped line
    // would break the cursor-up count.
    if (drawn_) out_ << "\033[" << drawn_ << "A";
    for (const auto& l : lines) out_ << "\r\033[2K" << ProgressBar::fitToTerminal(l) << "\n";
    drawn_ = lines.size();
    out_ << std::flush;
    return;
  }
  const auto now = std::chrono::steady_clock::now();
  if (printed_ && !done && now - lastPlain_ < std::chrono::seconds(15)) return;
  for (const auto& l : lines) out_ << l << "\n";
  out_ << "\n" << std::flush;
  printed_ = true;
  lastPlain_ = now;
}

}  // namespace precisionlab::cli
