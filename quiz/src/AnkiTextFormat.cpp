#include "quiz/AnkiTextFormat.h"

#include "quiz/HtmlText.h"

#include <QHash>
#include <QRegularExpression>

#include <algorithm>

namespace precisionlab::quiz {
namespace {

QString letters(const Question& q) {
  QStringList out;
  for (int i = 0; i < q.options.size(); ++i)
    if (q.options.at(i).correct) out << QString(QChar('A' + i));
  return out.join(QStringLiteral(", "));
}

QString plainField(QString s) { return s.replace('\t', ' ').replace('\n', ' ').trimmed(); }

struct Record {
  QStringList fields;
  int line = 0;
};

// Splits `text` into records of fields: `sep` between fields, newline between records, "..."
// quoting with "" for a quote (a quoted field may hold separators and newlines). A quote never
// closed sets *unclosedQuoteLine to the line it opened on (0 otherwise): the rest of the file
// was read as one field.
QVector<Record> splitRecords(const QString& text, QChar sep, int firstLine,
                             int* unclosedQuoteLine) {
  QVector<Record> out;
  Record rec;
  QString field;
  bool quoted = false;
  bool fieldStarted = false;
  int line = firstLine;
  int quoteLine = 0;
  rec.line = line;
  const auto endField = [&] {
    rec.fields << field;
    field.clear();
    fieldStarted = false;
  };
  for (qsizetype i = 0; i < text.size(); ++i) {
    const QChar c = text.at(i);
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text.at(i + 1) == '"') {
        field += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        if (c == '\n') ++line;
        field += c;
      }
      continue;
    }
    if (c == '"' && !fieldStarted) {
      quoted = true;
      quoteLine = line;
      fieldStarted = true;
    } else if (c == sep) {
      endField();
    } else if (c == '\n') {
      endField();
      if (!(rec.fields.size() == 1 && rec.fields.first().trimmed().isEmpty())) out.push_back(rec);
      rec = Record{};
      rec.line = ++line;
    } else {
      field += c;
      fieldStarted = true;
    }
  }
  if (fieldStarted || !rec.fields.isEmpty()) {
    endField();
    if (!(rec.fields.size() == 1 && rec.fields.first().trimmed().isEmpty())) out.push_back(rec);
  }
  *unclosedQuoteLine = quoted ? quoteLine : 0;
  return out;
}

std::optional<QChar> separatorFrom(const QString& name) {
  const QString n = name.trimmed().toLower();
  if (n == QLatin1String("tab") || name == QLatin1String("\t")) return QChar('\t');
  if (n == QLatin1String("comma")) return QChar(',');
  if (n == QLatin1String("semicolon")) return QChar(';');
  if (n == QLatin1String("pipe")) return QChar('|');
  if (n == QLatin1String("colon")) return QChar(':');
  if (n == QLatin1String("space") || name == QLatin1String(" ")) return QChar(' ');
  if (name.size() == 1) return name.at(0);
  return std::nullopt;
}

// Our own export: the Front and Back it wrote, read back into a multiple-choice question.
bool readOwnNote(const QString& front, const QString& back, Question* q) {
  static const QRegularExpression stem(QStringLiteral("<div class=\"pl-stem\">(.*?)</div>"),
                                       QRegularExpression::DotMatchesEverythingOption);
  static const QRegularExpression list(
      QStringLiteral("<ol class=\"pl-(options|analysis)\"[^>]*>(.*?)</ol>"),
      QRegularExpression::DotMatchesEverythingOption);
  static const QRegularExpression item(QStringLiteral("<li>(.*?)</li>"),
                                       QRegularExpression::DotMatchesEverythingOption);
  static const QRegularExpression answer(
      QStringLiteral("<div class=\"pl-answer\">[^:<]*:\\s*([A-Z, ]+)</div>"));
  static const QRegularExpression explanation(
      QStringLiteral("<div class=\"pl-explanation\">(.*?)</div>"),
      QRegularExpression::DotMatchesEverythingOption);
  const auto s = stem.match(front);
  const auto a = answer.match(back);
  if (!s.hasMatch() || !a.hasMatch()) return false;
  const auto items = [&](const QString& html, const QString& kind) {
    QStringList out;
    for (auto it = list.globalMatch(html); it.hasNext();) {
      const auto m = it.next();
      if (m.captured(1) != kind) continue;
      for (auto li = item.globalMatch(m.captured(2)); li.hasNext();)
        out << HtmlText::toText(li.next().captured(1));
    }
    return out;
  };
  const QStringList options = items(front, QStringLiteral("options"));
  const QStringList analysis = items(back, QStringLiteral("analysis"));
  if (options.size() < 2 || options.size() > BankInterchange::kMaxOptions) return false;
  const QStringList right = a.captured(1).split(',', Qt::SkipEmptyParts);
  q->stem = HtmlText::toText(s.captured(1));
  q->explanation = HtmlText::toText(explanation.match(back).captured(1));
  for (int i = 0; i < options.size(); ++i) {
    Option o;
    o.id = BankInterchange::optionId(i);
    o.text = options.at(i);
    o.correct = right.contains(QString(QChar('A' + i))) ||
                right.contains(QStringLiteral(" ") + QChar('A' + i));
    o.analysis = analysis.value(i);
    q->options.push_back(o);
  }
  int correct = 0;
  for (const Option& o : q->options) correct += o.correct ? 1 : 0;
  q->answer = correct > 1 ? AnswerKind::Multiple : AnswerKind::Single;
  return true;
}

}  // namespace

AnkiNote AnkiTextFormat::noteFor(const QuestionBank& bank, const Question& q) {
  QString front =
      QStringLiteral("<div class=\"pl-stem\">%1</div><ol class=\"pl-options\" type=\"A\">")
          .arg(HtmlText::fromText(q.stem));
  QString analysis = QStringLiteral("<ol class=\"pl-analysis\" type=\"A\">");
  for (const Option& o : q.options) {
    front += QStringLiteral("<li>%1</li>").arg(HtmlText::fromText(o.text));
    analysis += QStringLiteral("<li>%1</li>").arg(HtmlText::fromText(o.analysis));
  }
  front += QStringLiteral("</ol>");
  analysis += QStringLiteral("</ol>");
  AnkiNote note;
  note.front = front;
  note.back = QStringLiteral(
                  "<div class=\"pl-answer\">Answer: %1</div>"
                  "<div class=\"pl-explanation\">%2</div>%3")
                  .arg(letters(q), HtmlText::fromText(q.explanation), analysis);
  note.guid = plainField(q.id);
  note.deck = plainField(bank.title).replace(QStringLiteral("::"), QStringLiteral(": ")) +
              QStringLiteral("::") +
              plainField(q.domain).replace(QStringLiteral("::"), QStringLiteral(": "));
  note.tags = plainField(q.topic).replace(' ', '_');
  note.label = note.guid;
  return note;
}

QString AnkiTextFormat::write(const QuestionBank& bank) {
  QString out = QStringLiteral(
      "#separator:tab\n#html:true\n#notetype:Basic\n#guid column:1\n#deck column:2\n#tags "
      "column:5\n");
  for (const Question& q : bank.questions) {
    const AnkiNote note = noteFor(bank, q);
    out += QStringList{note.guid, note.deck, note.front, note.back, note.tags}.join('\t');
    out += '\n';
  }
  return out;
}

QVector<ImportedQuestion> AnkiTextFormat::read(const QString& text, const QString& file,
                                               QVector<ImportProblem>* problems,
                                               QString* deckTitle) {
  QVector<ImportedQuestion> out;
  QChar sep = '\t';
  bool sepGiven = false;
  bool html = false;
  int guidColumn = 0, deckColumn = 0, tagsColumn = 0, notetypeColumn = 0;  // 1-based; 0 = none
  QString deckHeader, tagsHeader;
  const QStringList lines = text.split('\n');
  int n = 0;
  for (; n < lines.size() && lines.at(n).startsWith('#'); ++n) {
    const QString header = lines.at(n).mid(1);
    const qsizetype colon = header.indexOf(':');
    if (colon < 0) continue;
    const QString key = header.left(colon).trimmed().toLower();
    const QString value = header.mid(colon + 1);
    const auto column = [&](int* into) {
      bool ok = false;
      const int c = value.trimmed().toInt(&ok);
      if (!ok || c < 1 || c > 64)
        problems->push_back(
            {file,
             n + 1,
             {},
             AnkiTextFormat::tr("#%1 needs a column number from 1 to 64").arg(key)});
      else
        *into = c;
    };
    if (key == QLatin1String("separator")) {
      const auto s = separatorFrom(value);
      if (!s)
        problems->push_back(
            {file, n + 1, {}, QStringLiteral("unknown #separator \"%1\"").arg(value)});
      else
        sep = *s, sepGiven = true;
    } else if (key == QLatin1String("html")) {
      html = value.trimmed().toLower() == QLatin1String("true");
    } else if (key == QLatin1String("guid column")) {
      column(&guidColumn);
    } else if (key == QLatin1String("deck column")) {
      column(&deckColumn);
    } else if (key == QLatin1String("tags column")) {
      column(&tagsColumn);
    } else if (key == QLatin1String("notetype column")) {
      column(&notetypeColumn);
    } else if (key == QLatin1String("deck")) {
      deckHeader = value.trimmed();
    } else if (key == QLatin1String("tags")) {
      tagsHeader = value.trimmed();
    }
  }
  if (!problems->isEmpty()) return out;
  const QString body = lines.mid(n).join('\n');
  if (!sepGiven && !body.contains('\t') && body.contains(';')) sep = ';';  // Anki's own guess
  int unclosedQuote = 0;
  const QVector<Record> records = splitRecords(body, sep, n + 1, &unclosedQuote);
  if (unclosedQuote > 0) {
    // It was reported as "a note needs a front and a back field": the cause is the quote.
    problems->push_back(
        {file,
         unclosedQuote,
         {},
         AnkiTextFormat::tr("a quote (\") that opens a field here is never closed, so the rest of "
                            "the file was read as one field; close it, or write a quote inside a "
                            "field as two (\"\")")});
    return out;
  }

  QVector<AnkiNote> notes;
  const auto cell = [](const Record& r, int column) {
    return column > 0 ? r.fields.value(column - 1) : QString();
  };
  for (const Record& r : records) {
    if (notes.size() >= BankInterchange::kMaxQuestions) {
      problems->push_back({file,
                           r.line,
                           {},
                           AnkiTextFormat::tr("more than %1 notes; split the file")
                               .arg(BankInterchange::kMaxQuestions)});
      return out;
    }
    QStringList content;
    for (int c = 1; c <= r.fields.size(); ++c)
      if (c != guidColumn && c != deckColumn && c != tagsColumn && c != notetypeColumn)
        content << r.fields.at(c - 1);
    const QString label = cell(r, guidColumn).isEmpty()
                              ? QStringLiteral("note %1").arg(notes.size() + 1)
                              : cell(r, guidColumn);
    if (content.size() < 2) {
      problems->push_back(
          {file, r.line, label,
           AnkiTextFormat::tr(
               "a note needs a front and a back field (found %1 field(s); is #separator right?)")
               .arg(content.size())});
      continue;
    }
    QString deck = cell(r, deckColumn).trimmed();
    if (deck.isEmpty()) deck = deckHeader;
    if (deckTitle->isEmpty() && !deck.isEmpty())
      *deckTitle = deck.section(QStringLiteral("::"), 0, 0);
    const QString tags =
        cell(r, tagsColumn).trimmed().isEmpty() ? tagsHeader : cell(r, tagsColumn).trimmed();
    notes.push_back(
        {cell(r, guidColumn).trimmed(), deck, tags, content.at(0), content.at(1), r.line, label});
  }
  return questionsFromNotes(notes, html, file, problems);
}

QVector<ImportedQuestion> AnkiTextFormat::questionsFromNotes(const QVector<AnkiNote>& notes,
                                                             bool html, const QString& file,
                                                             QVector<ImportProblem>* problems) {
  QVector<ImportedQuestion> out;
  const auto toText = [html](const QString& s) { return html ? HtmlText::toText(s) : s.trimmed(); };
  // A note's domain is the last part of its deck, its topic the first tag.
  const auto domainOf = [](const AnkiNote& n) { return n.deck.section(QStringLiteral("::"), -1); };
  // Wrong options are other notes' backs from the same deck, taken in file order after the
  // note. Each note looks at most kMaxLook of them (with every back converted once), so the
  // import stays linear: scanning every other note for every note took 10 s for 20,000.
  constexpr int kMaxLook = 64;
  QStringList backs;
  QHash<QString, QVector<int>> byDeck;  // deck -> indexes of its notes, in file order
  QVector<int> place(notes.size());     // a note's index within its deck's list
  for (int i = 0; i < notes.size(); ++i) {
    backs << toText(notes.at(i).back);
    QVector<int>& members = byDeck[domainOf(notes.at(i))];
    place[i] = static_cast<int>(members.size());
    members.push_back(i);
  }
  for (int i = 0; i < notes.size(); ++i) {
    const AnkiNote& note = notes.at(i);
    Question q;
    q.id = note.guid;
    q.domain = domainOf(note);
    q.topic = note.tags.trimmed().section(' ', 0, 0).replace('_', ' ');
    const QString& label = note.label;
    if (!(html && readOwnNote(note.front, note.back, &q))) {
      // A two-sided note: the back is the answer, distractors are other notes' backs.
      q.stem = toText(note.front);
      const QString& right = backs.at(i);
      QStringList distractors;
      const QVector<int>& deck = byDeck.value(q.domain);
      const int look = std::min<int>(static_cast<int>(deck.size()) - 1, kMaxLook);
      for (int k = 1; k <= look && distractors.size() < 3; ++k) {
        const QString& t = backs.at(deck.at((place.at(i) + k) % deck.size()));
        if (!t.isEmpty() && t != right && !distractors.contains(t)) distractors << t;
      }
      if (distractors.isEmpty()) {
        problems->push_back(
            {file, note.line, label,
             look < deck.size() - 1
                 ? AnkiTextFormat::tr("none of the next %1 notes in this deck has a different "
                                      "back to offer as a wrong option")
                       .arg(kMaxLook)
                 : AnkiTextFormat::tr("no other note in this deck has a different back to offer "
                                      "as a wrong option")});
        continue;
      }
      distractors.insert(i % (distractors.size() + 1), right);
      for (int k = 0; k < distractors.size(); ++k)
        q.options.push_back({BankInterchange::optionId(k),
                             distractors.at(k),
                             distractors.at(k) == right,
                             {},
                             {},
                             {},
                             {}});
      q.answer = AnswerKind::Single;
    }
    out.push_back({q, note.line, label});
  }
  return out;
}

const std::vector<const char*>& AnkiTextFormat::places() {
  static const std::vector<const char*> anki = {"",
                                                "deck name",
                                                "note guid",
                                                "front",
                                                "front, lettered A, B, ...",
                                                "back, `Answer: A, C`",
                                                "back, one per letter",
                                                "back",
                                                "subdeck `<bank title>::<domain>`",
                                                "tag (spaces as `_`)",
                                                "",
                                                "",
                                                "",
                                                "",
                                                "",
                                                "",
                                                "",
                                                ""};
  return anki;
}

BankFormatSpec AnkiTextFormat::spec() {
  BankFormatSpec f;
  f.name = QStringLiteral("anki");
  f.aliases = {QStringLiteral("anki-text")};
  f.suffixes = {QStringLiteral("txt"), QStringLiteral("tsv")};
  f.openFilter =
      QT_TRANSLATE_NOOP("precisionlab::quiz::BankInterchange", "Anki text export (*.txt *.tsv)");
  f.saveFilter = QT_TRANSLATE_NOOP("precisionlab::quiz::BankInterchange", "Anki text deck (*.txt)");
  f.losses = QT_TRANSLATE_NOOP(
      "precisionlab::quiz::BankInterchange",
      "Anki shows one Basic note per question: the stem and lettered options on the front, the "
      "answer, the explanation and each option's analysis on the back; the id is the note's "
      "guid, the domain a subdeck, the topic a tag. Why learners pick an option, when it "
      "would be right, the exam trap, references and lab scenarios are not exported.");
  f.description = QStringLiteral("Anki text");
  f.maxBytes = BankInterchange::kMaxFileBytes;
  f.tooBig = QT_TRANSLATE_NOOP("precisionlab::quiz::BankInterchange",
                               "%1 bytes is over the %2 MiB limit for a question bank");
  // Anki's headers decide; a .tsv or .csv is a deck; any other text is one unless GIFT's { }
  // answer blocks say otherwise.
  f.sniff = [](const QString& suffix, const QByteArray& head) {
    static const QRegularExpression ankiHeader(
        QStringLiteral("^#(separator|html|tags|columns|notetype|deck|guid|if matches)[^:\\n]*:"),
        QRegularExpression::MultilineOption);
    if (ankiHeader.match(QString::fromUtf8(head)).hasMatch()) return 40;
    if (suffix == QLatin1String("tsv") || suffix == QLatin1String("csv")) return 30;
    return 1;
  };
  f.read = [](const BankFormatInput& in, QVector<ImportProblem>* problems) {
    BankFormatRead r;
    r.questions = read(in.text, in.fileName, problems, &r.title);
    return r;
  };
  f.write = [](const QuestionBank& bank, QString*) { return write(bank).toUtf8(); };
  f.places = places();
  return f;
}

}  // namespace precisionlab::quiz
