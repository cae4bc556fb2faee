#include "ui/lab/LabSessionMenu.h"

#include <QDir>
#include <QMessageBox>
#include <QPushButton>

#include "ui/lab/LabSessionArchive.h"
#include "ui/lab/LabView.h"
#include "ui/lab/ScenarioCatalog.h"

namespace precisionlab {

LabSessionMenu::LabSessionMenu(LabView* lab, LabSessionArchive* archive, QWidget* parent)
    : QMenu(tr("Reopen &lab session"), parent), lab_(lab), archive_(archive) {
  setToolTip(tr("The lab sessions kept on this computer, newest first"));
  archive_->setAsk([lab](const QString& title, const QString& text) {
    QMessageBox box(QMessageBox::Question, title, text, QMessageBox::NoButton, lab);
    QPushButton* keep = box.addButton(tr("&Keep and add"), QMessageBox::AcceptRole);
    QPushButton* fresh = box.addButton(tr("Start a &new session"), QMessageBox::DestructiveRole);
    box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(keep);
    box.exec();
    return box.clickedButton() == keep    ? LabSessionArchive::Choice::KeepAndAdd
           : box.clickedButton() == fresh ? LabSessionArchive::Choice::StartNew
                                          : LabSessionArchive::Choice::Cancel;
  });
  lab_->setStartGate([this] {
    switch (archive_->askBeforeStart()) {
      case LabSessionArchive::Choice::Cancel:
        return false;
      case LabSessionArchive::Choice::StartNew:
        lab_->clearRuns();  // the session stays on disk, in this menu
        emit statusMessage(
            tr("A new lab session; the last one stays in File > Reopen lab "
               "session."));
        return true;
      case LabSessionArchive::Choice::KeepAndAdd:
        break;
    }
    return true;
  });
  connect(archive_, &LabSessionArchive::restoredKept, this, [this](const QStringList& ids) {
    // By the rows' names, as the lab shows them ("baseline-fp32, fp16-amp" read as a file name).
    QStringList names;
    for (const QString& id : ids) {
      const ScenarioInfo* info = ScenarioCatalog::find(id);
      names << (info ? ScenarioCatalog::shortName(*info) : id);
    }
    emit statusMessage(tr("The session keeps the finished run of %1: the new run did not "
                          "finish, so the lab shows the finished one again.")
                           .arg(names.join(tr(", "))));
  });
  connect(this, &QMenu::aboutToShow, this, &LabSessionMenu::refresh);
  refresh();
}

void LabSessionMenu::refresh() {
  clear();
  QString error;
  const QList<LabSessionEntry> sessions = archive_->history(&error);
  const QString shown = archive_->shownFolder();
  for (const LabSessionEntry& s : sessions) {
    QAction* a = addAction(s.describe());
    a->setCheckable(true);
    a->setChecked(!shown.isEmpty() && QDir(shown) == QDir(s.folder));
    a->setToolTip(QDir::toNativeSeparators(s.folder));
    const QString folder = s.folder;
    connect(a, &QAction::triggered, this, [this, folder] { reopen(folder); });
  }
  if (sessions.isEmpty()) addAction(tr("No lab session kept yet"))->setEnabled(false);
  if (!error.isEmpty()) addAction(error)->setEnabled(false);
}

int LabSessionMenu::reopen(const QString& folder) {
  if (lab_->anyRunActive() &&
      QMessageBox::question(lab_, tr("Stop the runs?"),
                            tr("Runs are still training. Stop them and reopen the session?")) !=
          QMessageBox::Yes)
    return 0;
  lab_->clearRuns();
  QString error;
  const int n = archive_->reopen(folder, &error);
  if (!error.isEmpty())
    emit statusMessage(error);
  else
    emit statusMessage(tr("Reopened the lab session %1: %n run(s), as recordings.", nullptr, n)
                           .arg(QDir::toNativeSeparators(folder)));
  return n;
}

}  // namespace precisionlab
