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

 private:
  void clearLine();

  std::ostream& out_;
  int width_;
  size_t lastLength_ = 0;
  std::string lastLine_;
  bool drawn_ = false;
};

}  // namespace precisionlab::cli
