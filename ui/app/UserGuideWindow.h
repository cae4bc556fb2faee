// Help > User guide (F1): docs/user-guide.md rendered inside the app (QTextBrowser's Markdown),
// with its screenshots and the other docs it links to compiled in as Qt resources
// (qrc:/docs/...), so the guide works from any install, with no browser and no network. Links to
// the web open in the desktop's browser. One window, raised again on the next F1. Screenshots
// wider than kMaxImageWidth (1280- and 1920-px window shots) are scaled down to it as they load,
// so none is wider than the 900-px window and the text beside them needs no sideways scrolling.
#pragma once

#include <QWidget>

class QTextBrowser;

namespace precisionlab {

class UserGuideWindow : public QWidget {
  Q_OBJECT

 public:
  static constexpr const char* kGuideUrl = "qrc:/docs/user-guide.md";
  // The widest a screenshot is drawn: the window's 900 px less its margins and scroll bar.
  static constexpr int kMaxImageWidth = 840;

  explicit UserGuideWindow(QWidget* parent = nullptr);
  QTextBrowser* browser() const { return browser_; }
  // Shows the guide's start (or stays where the reader was) and raises the window.
  void showGuide();

 private:
  QTextBrowser* browser_ = nullptr;
};

}  // namespace precisionlab
