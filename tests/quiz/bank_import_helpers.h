// Helpers shared by the bank interchange tests (tst_bankinterchange, tst_hostilequiz): the
// built-in bank, an import's problems as text, an import of bytes in memory.
#pragma once

#include "quiz/BankInterchange.h"
#include "quiz/BankLoader.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QProcess>
#include <QStringList>

#include "quiz/HtmlText.h"

namespace bank_import_helpers {

inline precisionlab::quiz::QuestionBank builtIn() {
  const precisionlab::quiz::BankLoadResult r = precisionlab::quiz::BankLoader::loadFile(
      QStringLiteral(PRECISIONLAB_SOURCE_DIR "/resources/banks/pmle-scaling.json"));
  return r.bank.value_or(precisionlab::quiz::QuestionBank{});
}

inline QString problems(const precisionlab::quiz::BankImportResult& r) {
  QStringList out;
  for (const precisionlab::quiz::ImportProblem& p : r.problems) out << p.toString();
  return out.join('\n');
}

inline precisionlab::quiz::BankImportResult importText(const QByteArray& text,
                                                       precisionlab::quiz::BankFormat format,
                                                       const QString& name = "quiz.txt") {
  return precisionlab::quiz::BankInterchange::importData(text, format, name);
}

// The project venv's python, or empty when there is none (the Anki tests then skip).
inline QString venvPython() {
  const QString python = QStringLiteral(PRECISIONLAB_SOURCE_DIR "/.venv/bin/python");
  return QFileInfo(python).isExecutable() ? python : QString();
}

// tests/quiz/anki_check.py ACTION PATH (Anki's own library): the notes it prints, one JSON
// object a line. Returns the error (its stderr) or an empty string; an error starting "anki not
// importable" means the venv lacks the anki package.
inline QString runAnkiCheck(const QString& action, const QString& path, QList<QJsonObject>* notes) {
  QProcess p;
  p.start(venvPython(), {PRECISIONLAB_SOURCE_DIR "/tests/quiz/anki_check.py", action, path});
  if (!p.waitForFinished(120000)) return QStringLiteral("anki_check.py did not finish");
  if (p.exitCode() != 0) return QString::fromUtf8(p.readAllStandardError()).trimmed();
  for (const QByteArray& line : p.readAllStandardOutput().split('\n'))
    if (!line.isEmpty()) notes->push_back(QJsonDocument::fromJson(line).object());
  return QString();
}

// What is wrong with the note Anki imported for `q` from our export (deck, notetype, the two
// fields holding the stem, the options and the explanation, the topic as the one tag); empty
// when nothing is.
inline QString ankiNoteMismatch(const precisionlab::quiz::QuestionBank& bank,
                                const precisionlab::quiz::Question& q, const QJsonObject& note,
                                const QString& notetype) {
  using precisionlab::quiz::HtmlText;
  const QJsonArray fields = note.value("fields").toArray();
  QString topic = q.topic;
  const QString tag = topic.replace(' ', '_');
  QStringList wrong;
  if (note.value("notetype").toString() != notetype) wrong << "notetype";
  if (note.value("deck").toString() != bank.title + "::" + q.domain) wrong << "deck";
  if (fields.size() != 2) return q.id + ": " + QString::number(fields.size()) + " fields";
  if (!fields[0].toString().contains(HtmlText::fromText(q.stem))) wrong << "stem";
  for (const precisionlab::quiz::Option& o : q.options)
    if (!fields[0].toString().contains(HtmlText::fromText(o.text))) wrong << "option " + o.id;
  if (!fields[1].toString().contains(HtmlText::fromText(q.explanation))) wrong << "explanation";
  if (note.value("tags").toArray() != QJsonArray{tag}) wrong << "tags";
  return wrong.isEmpty()
             ? QString()
             : q.id + ": wrong " + wrong.join(", ") + " in " +
                   QString::fromUtf8(QJsonDocument(note).toJson(QJsonDocument::Compact));
}

}  // namespace bank_import_helpers
