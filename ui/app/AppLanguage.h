// The language of the app's texts. English is the source language (no translator); every
// other language is a precisionlab_<code>.qm compiled into :/i18n (resources/translations/, see
// README "Translations"). Which one: `--lang CODE` on the command line, else the choice saved
// from View > Language (QSettings "view/language", applied at the next start), else the first
// of the user's UI languages (QLocale::system().uiLanguages()) that has a translation, else
// English. Qt's own texts (dialog buttons, the file dialog) come from the system's
// qtbase_<code>.qm (Debian: qt6-translations-l10n) when it is installed; without it they stay
// English and ours are still translated.
// Numbers and dates speak the chosen language too: install() makes localeFor(code) the default
// QLocale, which every view formats with (QLocale()). That is the user's own locale when it is
// of the same language (de_AT keeps its territory's formats, en_GB its day-month order), else
// the language's main locale: German texts under LANG=C or en_US show "2.12.", "02.12.26" and
// "2,00x", not "Dec 2" beside a German word. Files the app writes stay locale-free.
#pragma once

#include <QCoreApplication>
#include <QLocale>
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
  // The locale for numbers and dates under `code`, given the user's `system` locale (above).
  // English under the C locale keeps C (no grouping, as before a language was chosen).
  static QLocale localeFor(const QString& code, const QLocale& system = QLocale::system());
  // Installs Qt's and the app's translators for `code` on the running application (English:
  // none) and makes localeFor(code) the default QLocale. Returns false when `code` has no
  // translation of ours. Call once, before any widget.
  static bool install(const QString& code);
};

}  // namespace precisionlab
