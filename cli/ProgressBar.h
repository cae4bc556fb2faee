// A one-line terminal progress bar redrawn in place with '\r'; for TTYs only.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

namespace precisionlab::cli {

class ProgressBar {
 public:
  explicit ProgressBar(std::ostream& out, int width = 30) : out_(out), width_(width) {}
  // Redraws the bar for done/total with a status text after it.
  void update(int64_t done, int64_t total, const std::string& status);
  // Prints a full line above the bar (the bar is redrawn by the next update()).
  void printLine(const std::string& line);
  // Ends the bar's line so later output starts on a fresh one.
  void finish();

  // Width of the terminal on stdout (80 when unknown). A redrawn line must fit in it: a line
  // that wraps leaves its first part behind on every redraw.
  static int terminalColumns();
  // line cut to fit in terminalColumns() - 1 (UTF-8 aware, so no character is split).
  static std::string fitToTerminal(const std::string& line);

 private:
  void clearLine();

  std::ostream& out_;
  int width_;
  std::string lastLine_;
  bool drawn_ = false;
};

}  // namespace precisionlab::cli
