// Anki's plain-text notes format ("Notes in Plain Text", what File > Export writes and
// File > Import reads; docs.ankiweb.net/importing/text-files.html), with its file headers:
//     #separator:tab   #html:true   #guid column:1   #deck column:2   #tags column:5
// Export: one Basic note per question (guid = question id, deck = "<bank title>::<domain>",
// Front = the stem and the lettered options, Back = the answer, the explanation and each
// option's analysis, tags = the topic), so the deck imports into any Anki profile.
// Import: our own export comes back as the same multiple-choice questions (the options and the
// answer are read from the Front and Back it wrote). Any other deck of two-sided notes becomes
// multiple choice: the Back is the right option and up to three distractors are the Backs of
// other notes of the same deck (in file order, so the result is reproducible).
// Fields are separated by #separator (tab, comma, semicolon, pipe, colon, space or one
// character) and may be quoted with "..." (a doubled "" inside), spanning lines.
#pragma once

#include "quiz/BankInterchange.h"

#include <QCoreApplication>

namespace precisionlab::quiz {

class AnkiTextFormat {
  Q_DECLARE_TR_FUNCTIONS(precisionlab::quiz::AnkiTextFormat)

 public:
  static QString write(const QuestionBank& bank);
  // `deckTitle` receives the deck name (the part before "::" of the first deck column, or the
  // #deck: header) when the file names one.
  static QVector<ImportedQuestion> read(const QString& text, const QString& file,
                                        QVector<ImportProblem>* problems, QString* deckTitle);
};

}  // namespace precisionlab::quiz
