#include "ui/base/AppTheme.h"

#include <QApplication>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>
#include <algorithm>
#include <cmath>

namespace precisionlab {

namespace {

// The app's normal body size; presenter mode scales it.
constexpr double kBasePointSize = 10.5;

struct ThemeState {
  ThemeKind kind = ThemeKind::System;
  ThemeColors colors;
  double fontScale = 1.0;
  bool systemPaletteSaved = false;
  QPalette systemPalette;  // what the platform gave us, before any override
};

ThemeState& state() {
  static ThemeState s;
  return s;
}

bool isDarkPalette(const QPalette& p) { return p.color(QPalette::Window).lightness() < 128; }

ThemeColors lightColors() {
  ThemeColors c;
  c.text = QColor("#1f2328");
  c.mutedText = QColor("#59636e");
  c.window = QColor("#f6f7f9");
  c.card = QColor("#ffffff");
  c.cardBorder = QColor("#d0d7de");
  c.cardHover = QColor("#eef3ff");
  c.accent = QColor("#3949ab");
  c.accentText = QColor("#ffffff");
  c.selectedCard = QColor("#e8ebfa");
  c.correct = QColor("#1a7f37");
  c.correctCard = QColor("#e6f4ea");
  c.wrong = QColor("#c62828");
  c.wrongCard = QColor("#fdecea");
  c.trap = QColor("#b26a00");
  c.trapCard = QColor("#fff4e0");
  c.chartLine = QColor("#3949ab");
  c.dark = false;
  return c;
}

ThemeColors darkColors() {
  ThemeColors c;
  c.text = QColor("#e6edf3");
  c.mutedText = QColor("#9ba7b4");
  c.window = QColor("#16191d");
  c.card = QColor("#21262d");
  c.cardBorder = QColor("#3d444d");
  c.cardHover = QColor("#2a3140");
  c.accent = QColor("#8c9eff");
  c.accentText = QColor("#0d1117");
  c.selectedCard = QColor("#2b3256");
  c.correct = QColor("#56d364");
  c.correctCard = QColor("#12301b");
  c.wrong = QColor("#ff7b72");
  c.wrongCard = QColor("#3b1618");
  c.trap = QColor("#e3b341");
  c.trapCard = QColor("#33290f");
  c.chartLine = QColor("#8c9eff");
  c.dark = true;
  return c;
}

// Pure black and white with saturated signal colours: readable on a projector in a lit room.
ThemeColors highContrastColors() {
  ThemeColors c;
  c.text = QColor("#ffffff");
  c.mutedText = QColor("#e0e0e0");
  c.window = QColor("#000000");
  c.card = QColor("#000000");
  c.cardBorder = QColor("#ffffff");
  c.cardHover = QColor("#1a1a1a");
  c.accent = QColor("#ffd600");
  c.accentText = QColor("#000000");
  c.selectedCard = QColor("#262000");
  c.correct = QColor("#00e676");
  c.correctCard = QColor("#002910");
  c.wrong = QColor("#ff5252");
  c.wrongCard = QColor("#330000");
  c.trap = QColor("#ffd600");
  c.trapCard = QColor("#1f1a00");
  c.chartLine = QColor("#ffd600");
  c.dark = true;
  return c;
}

QPalette paletteFrom(const ThemeColors& c) {
  QPalette p;
  p.setColor(QPalette::Window, c.window);
  p.setColor(QPalette::WindowText, c.text);
  p.setColor(QPalette::Base, c.card);
  p.setColor(QPalette::AlternateBase, c.cardHover);
  p.setColor(QPalette::ToolTipBase, c.card);
  p.setColor(QPalette::ToolTipText, c.text);
  p.setColor(QPalette::PlaceholderText, c.mutedText);
  p.setColor(QPalette::Text, c.text);
  p.setColor(QPalette::Button, c.card);
  p.setColor(QPalette::ButtonText, c.text);
  p.setColor(QPalette::BrightText, c.wrong);
  p.setColor(QPalette::Highlight, c.accent);
  p.setColor(QPalette::HighlightedText, c.accentText);
  p.setColor(QPalette::Link, c.accent);
  p.setColor(QPalette::LinkVisited, c.accent);
  p.setColor(QPalette::Light, c.cardHover);
  p.setColor(QPalette::Midlight, c.cardBorder);
  p.setColor(QPalette::Mid, c.cardBorder);
  p.setColor(QPalette::Dark, c.cardBorder.darker(130));
  p.setColor(QPalette::Shadow, Qt::black);
  for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
    p.setColor(QPalette::Disabled, role, c.mutedText);
  return p;
}

// Style sheet for the few things a palette cannot say: roomy buttons and tabs, visible focus.
QString styleSheetFor(const ThemeColors& c, ThemeKind kind) {
  const int border = kind == ThemeKind::HighContrast ? 2 : 1;
  return QStringLiteral(
             "QPushButton { padding: 6px 14px; border-radius: 6px; border: %1px solid %2;"
             " background: %3; color: %4; }"
             "QPushButton:hover { background: %5; }"
             "QPushButton:focus { border: 2px solid %6; }"
             "QPushButton:disabled { color: %7; }"
             "QPushButton[primary=\"true\"] { background: %6; color: %8; border-color: %6; }"
             "QPushButton[primary=\"true\"]:disabled { background: %2; color: %7; }"
             "QTabBar::tab { padding: 9px 22px; margin-right: 2px; border: none;"
             " border-bottom: 3px solid transparent; color: %7; background: transparent; }"
             "QTabBar::tab:selected { color: %4; border-bottom: 3px solid %6; }"
             "QTabBar::tab:hover { color: %4; background: %5; }"
             "QTabWidget::pane { border: none; border-top: 1px solid %2; }"
             "QToolTip { color: %4; background: %3; border: 1px solid %2; }")
      .arg(border)
      .arg(c.cardBorder.name(), c.card.name(), c.text.name(), c.cardHover.name(), c.accent.name(),
           c.mutedText.name(), c.accentText.name());
}

}  // namespace

void AppTheme::apply(ThemeKind kind) {
  auto& s = state();
  if (!s.systemPaletteSaved) {
    // Fusion draws the same on every platform and honours the palette fully (dark included).
    s.systemPalette = QApplication::palette();
    s.systemPaletteSaved = true;
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
  }
  s.kind = kind;
  QPalette palette;
  switch (kind) {
    case ThemeKind::System: {
      s.colors = isDarkPalette(s.systemPalette) ? darkColors() : lightColors();
      // Keep the platform's own window/text colours; only the semantic ones are ours.
      s.colors.window = s.systemPalette.color(QPalette::Window);
      s.colors.text = s.systemPalette.color(QPalette::WindowText);
      palette = paletteFrom(s.colors);
      break;
    }
    case ThemeKind::Light:
      s.colors = lightColors();
      palette = paletteFrom(s.colors);
      break;
    case ThemeKind::Dark:
      s.colors = darkColors();
      palette = paletteFrom(s.colors);
      break;
    case ThemeKind::HighContrast:
      s.colors = highContrastColors();
      palette = paletteFrom(s.colors);
      break;
  }
  QApplication::setPalette(palette);
  qApp->setStyleSheet(styleSheetFor(s.colors, kind));
}

ThemeKind AppTheme::current() { return state().kind; }

void AppTheme::systemThemeChanged() {
  auto& s = state();
  if (!s.systemPaletteSaved) return;
  // An empty palette drops our override, so the platform's new palette shows through.
  QApplication::setPalette(QPalette());
  s.systemPalette = QApplication::palette();
  apply(s.kind);
}

const ThemeColors& AppTheme::colors() {
  auto& s = state();
  if (!s.colors.text.isValid()) s.colors = lightColors();
  return s.colors;
}

void AppTheme::setFontScale(double scale) {
  state().fontScale = scale;
  QFont font = QApplication::font();
  font.setPointSizeF(kBasePointSize * scale);
  QApplication::setFont(font);
}

double AppTheme::fontScale() { return state().fontScale; }

QColor AppTheme::visibleOn(const QColor& color, const QColor& background) {
  auto luminance = [](const QColor& c) {
    auto channel = [](double v) {
      return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
  };
  auto contrast = [&](const QColor& a) {
    const double la = luminance(a), lb = luminance(background);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
  };
  if (!color.isValid() || !background.isValid() || contrast(color) >= 3.0) return color;
  const bool lighten = background.lightness() < 128;
  QColor shown = color.toHsl();
  for (int step = 0; step < 20 && contrast(shown) < 3.0; ++step) {
    const int l = std::clamp(shown.lightness() + (lighten ? 12 : -12), 0, 255);
    shown.setHsl(shown.hslHue(), shown.hslSaturation(), l, shown.alpha());
  }
  return shown.toRgb();
}

QFont AppTheme::pointFont(double points, int weight) {
  QFont font = QApplication::font();
  font.setPointSizeF(points * state().fontScale);
  if (weight >= 0) font.setWeight(QFont::Weight(weight));
  return font;
}

QString AppTheme::id(ThemeKind kind) {
  switch (kind) {
    case ThemeKind::System:
      return QStringLiteral("system");
    case ThemeKind::Light:
      return QStringLiteral("light");
    case ThemeKind::Dark:
      return QStringLiteral("dark");
    case ThemeKind::HighContrast:
      return QStringLiteral("high-contrast");
  }
  return QStringLiteral("system");
}

ThemeKind AppTheme::fromId(const QString& id) {
  for (auto kind : all())
    if (AppTheme::id(kind) == id) return kind;
  return ThemeKind::System;
}

QString AppTheme::displayName(ThemeKind kind) {
  switch (kind) {
    case ThemeKind::System:
      return QObject::tr("Follow system");
    case ThemeKind::Light:
      return QObject::tr("Light");
    case ThemeKind::Dark:
      return QObject::tr("Dark");
    case ThemeKind::HighContrast:
      return QObject::tr("High contrast");
  }
  return {};
}

QList<ThemeKind> AppTheme::all() {
  return {ThemeKind::System, ThemeKind::Light, ThemeKind::Dark, ThemeKind::HighContrast};
}

}  // namespace precisionlab
