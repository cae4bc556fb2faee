// Moodle XML (docs.moodle.org/en/Moodle_XML_format) for multichoice and truefalse questions:
// <quiz> of <question type="category"> (the domain: $course$/top/<domain>) and
// <question type="multichoice"> with <name> (the question id), <questiontext>, <generalfeedback>
// (the explanation), <single>, and one <answer fraction=".."> per option whose <feedback> is the
// option's analysis. Fields Moodle has no element for travel in a `<!-- precisionlab {...} -->`
// comment (BankExtras) inside the question. Texts are written as format="html" (escaped) and read
// from html, moodle_auto_format, plain_text or markdown; other question types are reported with
// their line. Read with QXmlStreamReader, which expands no external entities.
#pragma once

#include "quiz/BankInterchange.h"

#include <QCoreApplication>

namespace precisionlab::quiz {

class MoodleXmlFormat {
  Q_DECLARE_TR_FUNCTIONS(precisionlab::quiz::MoodleXmlFormat)

 public:
  static BankFormatSpec spec();  // its row in BankFormats
  static QByteArray write(const QuestionBank& bank);
  static QVector<ImportedQuestion> read(const QByteArray& xml, const QString& file,
                                        QVector<ImportProblem>* problems);
};

}  // namespace precisionlab::quiz
