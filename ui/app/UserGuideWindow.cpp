#include "ui/app/UserGuideWindow.h"

#include <QAction>
#include <QDesktopServices>
#include <QHBoxLayout>
#include <QImage>
#include <QKeySequence>
#include <QPushButton>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

namespace precisionlab {

namespace {

// The guide's browser: images at most kMaxImageWidth wide, smoothly scaled, aspect kept.
class GuideBrowser : public QTextBrowser {
 public:
  using QTextBrowser::QTextBrowser;

  QVariant loadResource(int type, const QUrl& name) override {
    QVariant data = QTextBrowser::loadResource(type, name);
    if (type != QTextDocument::ImageResource || !data.isValid()) return data;
    const QImage image = data.typeId() == QMetaType::QImage ? data.value<QImage>()
                                                            : QImage::fromData(data.toByteArray());
    if (image.isNull() || image.width() <= UserGuideWindow::kMaxImageWidth) return data;
    return image.scaledToWidth(UserGuideWindow::kMaxImageWidth, Qt::SmoothTransformation);
  }
};

}  // namespace

UserGuideWindow::UserGuideWindow(QWidget* parent) : QWidget(parent, Qt::Window) {
  setWindowTitle(tr("PrecisionLab user guide"));
  setAccessibleName(tr("User guide"));
  resize(900, 760);
  browser_ = new GuideBrowser(this);
  browser_->setOpenLinks(true);
  browser_->setOpenExternalLinks(true);  // http(s) links go to the desktop's browser
  auto* back = new QPushButton(tr("Back"), this);
  auto* home = new QPushButton(tr("Contents"), this);
  back->setEnabled(false);
  connect(browser_, &QTextBrowser::backwardAvailable, back, &QPushButton::setEnabled);
  connect(back, &QPushButton::clicked, browser_, &QTextBrowser::backward);
  connect(home, &QPushButton::clicked, browser_, &QTextBrowser::home);
  auto* close = new QAction(this);
  close->setShortcuts({QKeySequence::Close, QKeySequence(Qt::Key_Escape)});
  connect(close, &QAction::triggered, this, &QWidget::close);
  addAction(close);

  auto* buttons = new QHBoxLayout;
  buttons->addWidget(back);
  buttons->addWidget(home);
  buttons->addStretch(1);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(buttons);
  layout->addWidget(browser_, 1);
}

void UserGuideWindow::showGuide() {
  if (browser_->source().isEmpty())
    browser_->setSource(QUrl(QString::fromLatin1(kGuideUrl)), QTextDocument::MarkdownResource);
  show();
  raise();
  activateWindow();
}

}  // namespace precisionlab
