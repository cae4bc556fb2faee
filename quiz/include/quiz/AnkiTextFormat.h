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

// One Anki note as both Anki formats (this text format and the .apkg package) hold it.
struct AnkiNote {
  QString guid;
  QString deck;   // the whole deck path, "Bank title::Domain"
  QString tags;   // space-separated, as Anki writes them
  QString front;  // HTML
  QString back;   // HTML
  int line = 0;   // where the note starts (0 where the format has no lines)
  QString label;  // for messages: the guid, or "note N"
};

class AnkiTextFormat {
  Q_DECLARE_TR_FUNCTIONS(precisionlab::quiz::AnkiTextFormat)

 public:
  static BankFormatSpec spec();  // its row in BankFormats
  // Where a note keeps each field of a bank (BankFormatSpec::places), for both Anki formats.
  static const std::vector<const char*>& places();
  static QString write(const QuestionBank& bank);
  // The note the export writes for `q` (a Basic note: Front, Back; guid = id, deck =
  // "<bank title>::<domain>", tag = topic), for the text export and the .apkg package alike.
  static AnkiNote noteFor(const QuestionBank& bank, const Question& q);
  // Notes (from either format) as questions: our own notes as the questions they were, other
  // two-sided notes as multiple choice with other notes' backs of the same deck as distractors.
  // `html`: the fields are HTML (always so in a package).
  static QVector<ImportedQuestion> questionsFromNotes(const QVector<AnkiNote>& notes, bool html,
                                                      const QString& file,
                                                      QVector<ImportProblem>* problems);
  // `deckTitle` receives the deck name (the part before "::" of the first deck column, or the
  // #deck: header) when the file names one.
  static QVector<ImportedQuestion> read(const QString& text, const QString& file,
                                        QVector<ImportProblem>* problems, QString* deckTitle);
};

}  // namespace precisionlab::quiz
