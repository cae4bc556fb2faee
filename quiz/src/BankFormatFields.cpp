#include "quiz/BankFormatFields.h"

#include <functional>

namespace precisionlab::quiz {
namespace {

// A field of a bank and how many questions give it (the bank-level ones count 1 when set).
struct Field {
  const char* name;
  std::function<int(const QuestionBank&)> used;
};

bool given(const QString& text) {
  return !text.trimmed().isEmpty() && text != BankInterchange::notGiven();
}

int questionsWith(const QuestionBank& bank, const std::function<bool(const Question&)>& has) {
  int n = 0;
  for (const Question& q : bank.questions) n += has(q) ? 1 : 0;
  return n;
}

int optionsWith(const QuestionBank& bank, const std::function<bool(const Option&)>& has) {
  return questionsWith(bank, [&](const Question& q) {
    for (const Option& o : q.options)
      if (has(o)) return true;
    return false;
  });
}

// The fields, in the order every table lists them.
enum Index {
  kBankId,
  kBankTitle,
  kId,
  kStem,
  kOptions,
  kKey,
  kAnalysis,
  kExplanation,
  kDomain,
  kTopic,
  kExam,
  kWhy,
  kWhen,
  kTrap,
  kReferences,
  kScenarios,
  kSource,
  kObjectives,
  kFieldCount
};

// How many questions give a text field of theirs, or of one of their options.
std::function<int(const QuestionBank&)> questionText(QString Question::*text) {
  return [text](const QuestionBank& b) {
    return questionsWith(b, [text](const Question& q) { return given(q.*text); });
  };
}
std::function<int(const QuestionBank&)> optionText(QString Option::*text) {
  return [text](const QuestionBank& b) {
    return optionsWith(b, [text](const Option& o) { return given(o.*text); });
  };
}

const std::vector<Field>& fields() {
  const auto every = [](const QuestionBank& b) { return int(b.questions.size()); };
  static const std::vector<Field> all = {
      {"bank id and version", [](const QuestionBank&) { return 1; }},
      {"bank title", [](const QuestionBank& b) { return given(b.title) ? 1 : 0; }},
      {"question id", every},
      {"stem", every},
      {"options", every},
      {"answer key", every},
      {"each option's analysis", optionText(&Option::analysis)},
      {"explanation", questionText(&Question::explanation)},
      {"domain", questionText(&Question::domain)},
      {"topic", questionText(&Question::topic)},
      {"exam", questionText(&Question::exam)},
      {"why learners pick an option", optionText(&Option::whyLearnersPick)},
      {"when an option would be right", optionText(&Option::whenRight)},
      {"exam trap", questionText(&Question::examTrap)},
      {"references",
       [](const QuestionBank& b) {
         return questionsWith(b, [](const Question& q) { return !q.references.isEmpty(); });
       }},
      {"lab scenarios of options",
       [](const QuestionBank& b) {
         return optionsWith(b, [](const Option& o) { return !o.scenario.isEmpty(); });
       }},
      {"source (seed or original)",
       [](const QuestionBank& b) {
         return questionsWith(b,
                              [](const Question& q) { return q.source == QLatin1String("seed"); });
       }},
      {"sub-objective tags",
       [](const QuestionBank& b) {
         return questionsWith(b, [](const Question& q) { return !q.objectives.isEmpty(); });
       }},
  };
  return all;
}

QStringList usedWith(const QuestionBank& bank, BankFormat format, FieldFate fate) {
  QStringList out;
  const QVector<FormatField> rows = BankFormatFields::table(format);
  for (int i = 0; i < rows.size(); ++i) {
    if (rows[i].fate != fate) continue;
    const int n = fields()[static_cast<size_t>(i)].used(bank);
    if (n == 0) continue;
    const QString count =
        n == 1 ? QStringLiteral("1 question") : QStringLiteral("%1 questions").arg(n);
    out << (i <= kBankTitle ? rows[i].field : QStringLiteral("%1 (%2)").arg(rows[i].field, count));
  }
  return out;
}

// `text` in lines of at most `width` characters, each after `indent`.
QString wrapped(const QString& text, const QString& indent, int width = 92) {
  QString out, line;
  for (const QString& word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
    if (!line.isEmpty() && indent.size() + line.size() + 1 + word.size() > width) {
      out += indent + line + QLatin1Char('\n');
      line.clear();
    }
    line += (line.isEmpty() ? QString() : QStringLiteral(" ")) + word;
  }
  if (!line.isEmpty()) out += indent + line + QLatin1Char('\n');
  return out;
}

QString listed(const QStringList& items, const QString& separator, const QString& last) {
  if (items.size() < 2) return items.join(separator);
  return items.mid(0, items.size() - 1).join(separator) + last + items.last();
}

// The formats of the other tools (every row but PrecisionLab's own), in table order.
QVector<BankFormat> foreignFormats() {
  QVector<BankFormat> out;
  for (const BankFormat& f : BankFormats::all())
    if (!f.spec().native) out << f;
  return out;
}

}  // namespace

QString BankFormatFields::formatChoices(const QString& separator, const QString& last) {
  QStringList names;
  for (const BankFormat& f : BankFormats::writable()) names << f.name();
  return listed(names, separator, last);
}

QString BankFormatFields::helpText() {
  QStringList read, readNames, written;
  for (const BankFormat& f : foreignFormats()) {
    read << f.spec().description;
    readNames << f.name();
  }
  for (const BankFormat& f : BankFormats::writable()) written << f.name();
  const QString indent = QStringLiteral("    ");
  QString out = QStringLiteral("  bank import FILE [--format F] [--out BANK.json]\n");
  out += wrapped(QStringLiteral("Reads a %1 file (F: %2; default: from the file), prints what was "
                                "filled in or dropped, and writes it as a bank.")
                     .arg(listed(read, QStringLiteral(", "), QStringLiteral(" or ")),
                          readNames.join(QStringLiteral(", "))),
                 indent);
  out += QStringLiteral("  bank export [BANK.json] --format F --out FILE\n");
  out += wrapped(QStringLiteral("Writes a bank (default: the built-in one) as %1, and warns about "
                                "every field the bank gives that the format loses.")
                     .arg(listed(written, QStringLiteral(", "), QStringLiteral(" or "))),
                 indent);
  out += QStringLiteral(
      "\nWhat each export format keeps (shown: the other tool shows it and PrecisionLab\n"
      "reads it back; PrecisionLab only: in a comment the other tool ignores; lost:\n"
      "not written, an import fills it in):\n");
  for (const BankFormat& f : foreignFormats()) {
    if (!f.spec().write) continue;
    out += QStringLiteral("  %1:\n").arg(f.name());
    out += text(f);
  }
  return out;
}

QString BankFormatFields::fateName(FieldFate fate) {
  switch (fate) {
    case FieldFate::Shown:
      return QStringLiteral("shown");
    case FieldFate::PrecisionLabOnly:
      return QStringLiteral("PrecisionLab only");
    case FieldFate::Lost:
      return QStringLiteral("lost");
  }
  return {};
}

QVector<FormatField> BankFormatFields::table(BankFormat format) {
  static_assert(kFieldCount == 18, "every field needs a place in every format");
  QVector<FormatField> rows;
  // Where the format keeps each field (index order; BankFormatSpec::places): empty = lost, a
  // leading '~' = only PrecisionLab reads it back; no list at all = PrecisionLab's own format.
  const std::vector<const char*>& where = format.spec().places;
  for (size_t i = 0; i < fields().size(); ++i) {
    FormatField row{QString::fromLatin1(fields()[i].name), FieldFate::Shown, {}};
    if (where.empty()) {
      row.where = QStringLiteral("its own field");
    } else {
      const QString place = i < where.size() ? QString::fromUtf8(where[i]) : QString();
      row.fate = place.isEmpty()         ? FieldFate::Lost
                 : place.startsWith('~') ? FieldFate::PrecisionLabOnly
                                         : FieldFate::Shown;
      row.where = row.fate == FieldFate::PrecisionLabOnly ? place.mid(1) : place;
    }
    rows.push_back(row);
  }
  return rows;
}

QString BankFormatFields::markdown(BankFormat format) {
  QString out = QStringLiteral("| field | %1 | kept as |\n|---|---|---|\n")
                    .arg(BankInterchange::formatName(format));
  for (const FormatField& row : table(format))
    out += QStringLiteral("| %1 | %2 | %3 |\n")
               .arg(row.field, fateName(row.fate),
                    row.where.isEmpty() ? QStringLiteral("-") : row.where);
  return out;
}

QString BankFormatFields::text(BankFormat format) {
  QString out;
  for (const FormatField& row : table(format)) {
    QString where = row.where;
    where.remove('`');
    out += QStringLiteral("    %1 %2 %3\n")
               .arg(row.field, -30)
               .arg(fateName(row.fate), -18)
               .arg(where);
  }
  return out;
}

QStringList BankFormatFields::losses(const QuestionBank& bank, BankFormat format) {
  return usedWith(bank, format, FieldFate::Lost);
}

QStringList BankFormatFields::hiddenFromOtherTool(const QuestionBank& bank, BankFormat format) {
  return usedWith(bank, format, FieldFate::PrecisionLabOnly);
}

}  // namespace precisionlab::quiz
