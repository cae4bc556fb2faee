// English plural forms for the texts that count with Qt's %n ("%n question(s)"): English is
// the source language and has no translation file, so without this Qt shows "1 question(s)".
// Installed as the translator of the English UI (AppLanguage::install("en")), it answers only
// counted texts whose source marks the plural ending "(s)": "(s)" is dropped for a count of 1
// and becomes "s" otherwise ("1 question", "2 questions", "0 questions"). Every other text is
// left to the next translator (none: the source). German and later languages carry their own
// plural forms in their .ts files (numerus entries), as Qt Linguist writes them.
#pragma once

#include <QTranslator>

namespace precisionlab {

class EnglishPlurals : public QTranslator {
  Q_OBJECT

 public:
  using QTranslator::QTranslator;

  QString translate(const char* context, const char* sourceText, const char* disambiguation,
                    int n) const override;
  bool isEmpty() const override { return false; }

  // The English form of `source` for the count `n` (the rule above); `source` unchanged
  // without "(s)" or with n < 0 (not a counted text).
  static QString form(const QString& source, int n);
};

}  // namespace precisionlab
