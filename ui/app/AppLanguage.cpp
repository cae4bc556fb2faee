#include "ui/app/AppLanguage.h"

#include "ui/app/EnglishPlurals.h"

#include <QDir>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

namespace precisionlab {

namespace {

const QString kResourceDir = QStringLiteral(":/i18n");
const QString kPrefix = QStringLiteral("precisionlab_");
const QString kSettingsKey = QStringLiteral("view/language");

QString fileFor(const QString& code) { return kResourceDir + QLatin1Char('/') + kPrefix + code; }

}  // namespace

QStringList AppLanguage::available() {
  QStringList codes{QStringLiteral("en")};
  const QStringList files =
      QDir(kResourceDir).entryList({kPrefix + QStringLiteral("*.qm")}, QDir::Files);
  for (const QString& f : files) codes << f.mid(kPrefix.size()).chopped(3);
  codes.sort();
  codes.removeDuplicates();
  return codes;
}

bool AppLanguage::isAvailable(const QString& code) { return available().contains(code); }

QString AppLanguage::nativeName(const QString& code) {
  const QString name = QLocale(code).nativeLanguageName();
  if (name.isEmpty()) return code;
  return name.left(1).toUpper() + name.mid(1);
}

QString AppLanguage::savedChoice() { return QSettings().value(kSettingsKey).toString(); }

void AppLanguage::saveChoice(const QString& code) {
  if (code.isEmpty())
    QSettings().remove(kSettingsKey);
  else
    QSettings().setValue(kSettingsKey, code);
}

QString AppLanguage::resolve(const QString& override) {
  if (!override.isEmpty()) return override;
  const QString saved = savedChoice();
  if (isAvailable(saved)) return saved;
  // uiLanguages() lists "de-DE", "de", ...: the first whose language we ship wins; English
  // (the source) counts, so an English-first user keeps English over a later German entry.
  const QStringList codes = available();
  for (const QString& ui : QLocale::system().uiLanguages()) {
    const QString language = QLocale(ui).name().section(QLatin1Char('_'), 0, 0);
    if (codes.contains(language)) return language;
  }
  return QStringLiteral("en");
}

QLocale AppLanguage::localeFor(const QString& code, const QLocale& system) {
  const QLocale language(code);
  if (system.language() == language.language()) return system;
  if (system.language() == QLocale::C && language.language() == QLocale::English) return system;
  return language;
}

bool AppLanguage::install(const QString& code) {
  if (code == QLatin1String("en")) {
    // English is the source; only its counted texts need a translator ("1 question").
    static EnglishPlurals plurals;
    QLocale::setDefault(localeFor(code));
    QCoreApplication::installTranslator(&plurals);
    return true;
  }
  // Owned for the rest of the process: QCoreApplication keeps only pointers.
  static QTranslator ours;
  static QTranslator qt;
  if (!ours.load(fileFor(code))) return false;
  QLocale::setDefault(localeFor(code));
  QCoreApplication::installTranslator(&ours);
  if (qt.load(QLocale(code), QStringLiteral("qtbase"), QStringLiteral("_"),
              QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
    QCoreApplication::installTranslator(&qt);
  return true;
}

}  // namespace precisionlab
