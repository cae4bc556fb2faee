// A one-line terminal progress bar redrawn in place with '\r' (for TTYs only), and the block
// of run lines of the commands that train several runs.
#pragma once

#include <chrono>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

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

// The block of run lines `lab` and `bench` show while they train: on a terminal redrawn in place
// on every show(), elsewhere (a pipe, a log) printed whole at the first show(), then at most
// every 15 s, and at the end.
class ProgressBlock {
 public:
  ProgressBlock(std::ostream& out, bool tty) : out_(out), tty_(tty) {}
  void show(const std::vector<std::string>& lines, bool done);

 private:
  std::ostream& out_;
  bool tty_;
  size_t drawn_ = 0;
  bool printed_ = false;
  std::chrono::steady_clock::time_point lastPlain_;
};

}  // namespace precisionlab::cli
