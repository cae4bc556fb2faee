// Anki's shared-deck package (.apkg, what File > Export > "Anki Deck Package" writes and a
// double click opens in Anki): a zip holding the collection's SQLite database and a `media` map.
//
// Export: `collection.anki2` (Anki's schema 11, which every Anki since 2.1 and AnkiDroid import)
// holding one note per question of a notetype "PrecisionLab Basic" (fields Front and Back, one
// card), the same notes as the Anki text export (AnkiTextFormat::noteFor: guid = question id, deck
// "<bank title>::<domain>", tag = topic), and an empty `media` ("{}").
// Import: an untrusted zip (ZipReader's limits) whose `collection.anki21` (else
// `collection.anki2`) is inflated, at most kMaxCollectionBytes, into memory and opened by SQLite
// from that copy, read-only, in defensive mode, with an instruction budget; only the tables `col`,
// `notes` and `cards` are read, at most BankInterchange::kMaxQuestions notes of at most
// kMaxNoteBytes each. Notes of two-sided notetypes become questions as the text import makes them
// (AnkiTextFormat::questionsFromNotes); cloze notes and media are reported, not imported. The
// newer `collection.anki21b` (zstd-compressed, Anki 2.1.50+ without "Support older Anki
// versions") is refused with what to do.
#pragma once

#include "quiz/BankInterchange.h"

#include <QCoreApplication>
#include <QIODevice>

namespace precisionlab::quiz {

class AnkiPackageFormat {
  Q_DECLARE_TR_FUNCTIONS(precisionlab::quiz::AnkiPackageFormat)

 public:
  static BankFormatSpec spec();                               // its row in BankFormats
  static constexpr qint64 kMaxPackageBytes = 1024LL << 20;    // media included, never read
  static constexpr qint64 kMaxCollectionBytes = 256LL << 20;  // the SQLite file, unpacked
  // (AnkiCollection::kMaxCollectionBytes, the reader shared with the review-log import)
  static constexpr qint64 kMaxNoteBytes = 1LL << 20;   // one note's fields
  static constexpr qint64 kMaxJsonBytes = 16LL << 20;  // col.models, col.decks

  // The package; empty when SQLite could not build the collection (`error` says why).
  static QByteArray write(const QuestionBank& bank, QString* error = nullptr);
  // `device`: open, random access (a file or a buffer). `deckTitle` receives the first note's
  // top-level deck.
  static QVector<ImportedQuestion> read(QIODevice* device, const QString& file,
                                        QVector<ImportProblem>* problems, QString* deckTitle,
                                        QStringList* notes);
};

}  // namespace precisionlab::quiz
