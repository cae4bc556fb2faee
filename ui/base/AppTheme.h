// The app's look: a palette (system, light, dark or high contrast) and the semantic colours the
// views paint with (right, wrong, selected, the exam-trap box). One place decides them so that
// right/wrong stay readable in every theme, and presenter mode can scale fonts in one call.
#pragma once

#include <QColor>
#include <QFont>
#include <QString>
#include <QStringList>

namespace precisionlab {

enum class ThemeKind { System, Light, Dark, HighContrast };

// Colours with a meaning; views never hard-code colours, they ask for these.
struct ThemeColors {
  QColor text;       // body text
  QColor mutedText;  // secondary text (labels, hints)
  QColor window;     // window background
  QColor card;       // option cards, panels
  QColor cardBorder;
  QColor cardHover;
  QColor accent;        // focus, selection, links, primary buttons
  QColor accentText;    // text on the accent colour
  QColor selectedCard;  // background of the chosen option before it is graded
  QColor correct;       // "right" border/icon colour
  QColor correctCard;   // "right" background
  QColor wrong;         // "wrong" border/icon colour
  QColor wrongCard;     // "wrong" background
  QColor trap;          // exam-trap box border
  QColor trapCard;      // exam-trap box background
  QColor chartLine;     // the main data line in progress charts
  bool dark = false;
};

class AppTheme {
 public:
  // Applies the palette and style sheet to the running QApplication. The system theme keeps the
  // platform's palette (light or dark) and only derives the semantic colours from it.
  static void apply(ThemeKind kind);
  static ThemeKind current();
  // The desktop switched light/dark while we run: re-read its palette and re-apply the current
  // theme (which only changes what "Follow system" looks like).
  static void systemThemeChanged();
  static const ThemeColors& colors();

  // Presenter mode multiplies every font by this factor (1.0 = normal).
  static void setFontScale(double scale);
  static double fontScale();
  // A font `points` big at the current scale, e.g. pointFont(15) for a question stem.
  static QFont pointFont(double points, int weight = -1);
  // `color` as drawn on `background`: the same when it stands out (3:1 luminance contrast, the
  // WCAG figure for graphics), else lightened on a dark background or darkened on a light one.
  // The baseline's #333333 on the dark theme's #21262d was a near-invisible swatch and curve.
  static QColor visibleOn(const QColor& color, const QColor& background);

  static QString id(ThemeKind kind);  // "system", "light", "dark", "high-contrast"
  static ThemeKind fromId(const QString& id);
  static QString displayName(ThemeKind kind);
  static QList<ThemeKind> all();
};

}  // namespace precisionlab
