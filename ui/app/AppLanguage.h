// The language of the app's texts. English is the source language (no translator); every
// other language is a precisionlab_<code>.qm compiled into :/i18n (resources/translations/, see
// README "Translations"). Which one: `--lang CODE` on the command line, else the choice saved
// from View > Language (QSettings "view/language", applied at the next start), else the first
// of the user's UI languages (QLocale::system().uiLanguages()) that has a translation, else
// English. Qt's own texts (dialog buttons, the file dialog) come from the system's
// qtbase_<code>.qm (Debian: qt6-translations-l10n) when it is installed; without it they stay
// English and ours are still translated.
// Numbers and dates follow the user's locale (QLocale()), not the chosen language: a German
// text with the user's decimal point is what the system's settings ask for.
#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace precisionlab {

class AppLanguage {
  Q_DECLARE_TR_FUNCTIONS(precisionlab::AppLanguage)

 public:
  // "en" and the codes with a compiled translation, sorted ("de", "en", ...).
  static QStringList available();
  static bool isAvailable(const QString& code);
  // The language's own name ("Deutsch", "English").
  static QString nativeName(const QString& code);

  // The saved choice ("" = follow the system).
  static QString savedChoice();
  static void saveChoice(const QString& code);

  // The code to use: `override` when not empty, else the saved choice, else the system's.
  static QString resolve(const QString& override);
  // Installs Qt's and the app's translators for `code` on the running application (English:
  // none). Returns false when `code` has no translation of ours. Call once, before any widget.
  static bool install(const QString& code);
};

}  // namespace precisionlab
