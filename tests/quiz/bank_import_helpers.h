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
#include <QMap>
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
  const QString python = venvPython();
  if (python.isEmpty())
    return QStringLiteral("anki not importable: no project venv at " PRECISIONLAB_SOURCE_DIR
                          "/.venv");
  QProcess p;
  p.start(python, {PRECISIONLAB_SOURCE_DIR "/tests/quiz/anki_check.py", action, path});
  if (!p.waitForStarted(30000))
    return QStringLiteral("anki_check.py did not start: %1").arg(p.errorString());
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
  if (note.value("cards").toInt() != 1) wrong << "card count";
  return wrong.isEmpty()
             ? QString()
             : q.id + ": wrong " + wrong.join(", ") + " in " +
                   QString::fromUtf8(QJsonDocument(note).toJson(QJsonDocument::Compact));
}

// The built-in bank exported as `format` into `dir`, imported by Anki's own library
// (anki_check.py `action`), every note checked (ankiNoteMismatch). Returns the first problem,
// "skipped: ..." without the venv or its anki package, or an empty string.
inline QString ankiImportsOurExport(precisionlab::quiz::BankFormat format, const QString& action,
                                    const QString& notetype, const QString& dir) {
  using precisionlab::quiz::BankInterchange;
  if (venvPython().isEmpty())
    return QStringLiteral("skipped: " PRECISIONLAB_SOURCE_DIR
                          "/.venv/bin/python not found (bash packaging/setup.sh creates it)");
  const precisionlab::quiz::QuestionBank bank = builtIn();
  const QString path = dir + "/pmle-scaling." + BankInterchange::fileSuffix(format);
  const QString written = BankInterchange::exportFile(bank, format, path);
  if (!written.isEmpty()) return written;
  QList<QJsonObject> notes;
  const QString error = runAnkiCheck(action, path, &notes);
  if (error.startsWith("anki not importable"))
    return "skipped: " + error + " (pip install -r packaging/python-requirements.txt)";
  if (!error.isEmpty()) return error;
  if (notes.size() != bank.questions.size())
    return QStringLiteral("Anki imported %1 notes of %2 questions")
        .arg(notes.size())
        .arg(bank.questions.size());
  QMap<QString, QJsonObject> byGuid;
  for (const QJsonObject& n : notes) byGuid[n.value("guid").toString()] = n;
  for (const precisionlab::quiz::Question& q : bank.questions) {
    if (!byGuid.contains(q.id)) return q.id + ": no note with this guid";
    const QString wrong = ankiNoteMismatch(bank, q, byGuid[q.id], notetype);
    if (!wrong.isEmpty()) return wrong;
  }
  return QString();
}

// What is wrong with our import of the four-note Basic deck anki_check.py exports (deck ML,
// subdeck Precision, a tag per note); empty when nothing is.
inline QString ankiDeckMismatch(const precisionlab::quiz::BankImportResult& r) {
  if (!r.ok()) return problems(r);
  const precisionlab::quiz::QuestionBank& b = *r.bank;
  if (b.title != "ML" || b.questions.size() != 4) return "bank " + b.title;
  const precisionlab::quiz::Question& amp = b.questions[0];
  if (amp.stem != "What does AMP stand for?" || amp.domain != "Precision" || amp.topic != "amp")
    return "first question: " + amp.stem + " / " + amp.domain + " / " + amp.topic;
  const precisionlab::quiz::Question& scaler = b.questions[1];
  const QString right = scaler.option(scaler.correctOptionIds().first())->text;
  return right == "65536" ? QString() : "second question's answer: " + right;
}

}  // namespace bank_import_helpers
