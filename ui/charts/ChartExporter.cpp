#include "ui/charts/ChartExporter.h"

#include "quiz/OutputFile.h"

#include <QBuffer>
#include <QChartView>
#include <QFontMetrics>
#include <QImage>
#include <QPainter>
#include <QSvgGenerator>
#include <algorithm>

namespace precisionlab {

namespace {
constexpr int kMargin = 12;
constexpr double kPngScale = 2.0;

QFont titleFont(const QChartView* view) {
  QFont f = view->font();
  f.setPointSizeF(f.pointSizeF() * 1.3);
  f.setBold(true);
  return f;
}

QFont footerFont(const QChartView* view) {
  QFont f = view->font();
  f.setPointSizeF(f.pointSizeF() * 0.9);
  return f;
}

int textHeight(const QFont& font, int width, const QString& text) {
  if (text.isEmpty()) return 0;
  return QFontMetrics(font)
      .boundingRect(QRect(0, 0, width, 10000), Qt::TextWordWrap, text)
      .height();
}

bool fail(QString* error, const QString& message) {
  if (error) *error = message;
  return false;
}
// Through the one output writer: whole or absent, never over a device or FIFO.
bool write(const QString& path, const QByteArray& data, QString* error) {
  const QString problem = quiz::writeOutputFile(path, data);
  return problem.isEmpty() || fail(error, problem + QLatin1Char('.'));
}

}  // namespace

QSize ChartExporter::figureSize(QChartView* view, const QString& title, const QString& footer) {
  const int width = std::max(view->width(), 320);
  const int inner = width - 2 * kMargin;
  const int height = kMargin + textHeight(titleFont(view), inner, title) + kMargin / 2 +
                     std::max(view->height(), 200) + kMargin / 2 +
                     textHeight(footerFont(view), inner, footer) + kMargin;
  return {width, height};
}

void ChartExporter::paintFigure(QPainter& painter, QChartView* view, const QString& title,
                                const QString& footer) {
  const QSize size = figureSize(view, title, footer);
  const int inner = size.width() - 2 * kMargin;
  const QBrush background = view->chart() ? view->chart()->backgroundBrush() : QBrush(Qt::white);
  painter.fillRect(QRect(QPoint(0, 0), size), background);
  const QColor ink = background.color().lightness() < 128 ? Qt::white : Qt::black;
  painter.setPen(ink);

  int y = kMargin;
  painter.setFont(titleFont(view));
  const int th = textHeight(painter.font(), inner, title);
  painter.drawText(QRect(kMargin, y, inner, th), Qt::TextWordWrap, title);
  y += th + kMargin / 2;

  const QRect chartRect(0, y, size.width(), std::max(view->height(), 200));
  view->render(&painter, chartRect, view->viewport()->rect(), Qt::IgnoreAspectRatio);
  y += chartRect.height() + kMargin / 2;

  painter.setPen(ink);
  painter.setFont(footerFont(view));
  painter.drawText(QRect(kMargin, y, inner, textHeight(painter.font(), inner, footer)),
                   Qt::TextWordWrap, footer);
}

bool ChartExporter::savePng(QChartView* view, const QString& title, const QString& footer,
                            const QString& path, QString* error) {
  const QSize size = figureSize(view, title, footer);
  QImage image(size * kPngScale, QImage::Format_ARGB32_Premultiplied);
  image.setDevicePixelRatio(kPngScale);
  image.fill(Qt::white);
  {
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    paintFigure(painter, view, title, footer);
  }
  QBuffer png;
  png.open(QIODevice::WriteOnly);
  if (!image.save(&png, "PNG"))
    return fail(error, QObject::tr("Could not encode the PNG for %1.").arg(path));
  return write(path, png.data(), error);
}

bool ChartExporter::saveSvg(QChartView* view, const QString& title, const QString& footer,
                            const QString& path, QString* error) {
  if (const QString no = quiz::outputFileRefusal(path); !no.isEmpty())
    return fail(error, QObject::tr("Cannot write %1: %2.").arg(path, no));
  QBuffer file;
  file.open(QIODevice::WriteOnly);
  const QSize size = figureSize(view, title, footer);
  QSvgGenerator generator;
  generator.setOutputDevice(&file);
  generator.setSize(size);
  generator.setViewBox(QRect(QPoint(0, 0), size));
  generator.setTitle(title);
  generator.setDescription(footer);
  {
    QPainter painter;
    if (!painter.begin(&generator))
      return fail(error, QObject::tr("Could not start the SVG writer for %1.").arg(path));
    paintFigure(painter, view, title, footer);
    painter.end();
  }
  return write(path, file.data(), error);
}

}  // namespace precisionlab
