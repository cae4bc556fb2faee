// The window's side of the lab sessions (LabSessionArchive): the question before a run changes
// a stopped session (keep and add / start a new session / cancel), asked as the lab view's start
// gate, and File > Reopen lab session, which lists the sessions on disk, newest first, with
// their date, runs and how they ended ("5 Dec 2026 18:40 · 7 runs, all finished"), the one shown
// ticked. Choosing one asks before stopping runs that still train, empties the lab and replays it.
#pragma once

#include <QMenu>
#include <QString>

namespace precisionlab {

class LabSessionArchive;
class LabView;

class LabSessionMenu : public QMenu {
  Q_OBJECT

 public:
  LabSessionMenu(LabView* lab, LabSessionArchive* archive, QWidget* parent);

  // Fills the menu from the disk now (it does so each time it opens).
  void refresh();
  // Replays the session in `folder` in place of the lab's runs. Returns the runs restored.
  int reopen(const QString& folder);

 signals:
  void statusMessage(const QString& text);

 private:
  LabView* lab_;
  LabSessionArchive* archive_;
};

}  // namespace precisionlab
