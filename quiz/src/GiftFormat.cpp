#include "quiz/GiftFormat.h"

#include "quiz/BankExtras.h"
#include "quiz/HtmlText.h"

#include <QRegularExpression>

#include <cmath>

namespace precisionlab::quiz {
namespace {

bool isSpecial(QChar c) {
  return c == '~' || c == '=' || c == '#' || c == '{' || c == '}' || c == ':' || c == '\\';
}

// Index of the first unescaped occurrence of `needle` at or after `from`, or -1.
qsizetype findUnescaped(const QString& s, const QString& needle, qsizetype from = 0) {
  for (qsizetype i = from; i < s.size(); ++i) {
    if (s.at(i) == '\\') {
      ++i;
      continue;
    }
    if (QStringView(s).sliced(i).startsWith(needle)) return i;  // no copy per character
  }
  return -1;
}

// Moodle's per-text format markers: "[html]text", "[plain]text", ...; a text without one has
// the question text's format (Moodle's default, "moodle", renders HTML).
const QRegularExpression& formatMarker() {
  static const QRegularExpression re(QStringLiteral("^\\[(html|moodle|plain|markdown)\\]"));
  return re;
}

// A PrecisionLab text (plain) as GIFT text: escaped, and marked [plain] where Moodle would
// otherwise read it as HTML (a '<' or '&') or take its own leading "[html]" as a marker.
QString giftText(const QString& text) {
  const bool marked = text.contains(QLatin1Char('<')) || text.contains(QLatin1Char('&')) ||
                      formatMarker().match(text).hasMatch();
  return (marked ? QStringLiteral("[plain]") : QString()) + GiftFormat::escape(text);
}

struct Answer {
  bool equals = false;  // '=' (correct) rather than '~'
  double weight = 0.0;  // %w% when given
  bool hasWeight = false;
  QString text;
  QString feedback;
};

}  // namespace

QString GiftFormat::escape(const QString& text) {
  QString out;
  out.reserve(text.size() + 8);
  for (QChar c : text) {
    if (c == '\n') {
      out += QStringLiteral("\\n");
    } else if (c == '\r') {
      continue;
    } else {
      if (isSpecial(c)) out += '\\';
      out += c;
    }
  }
  return out;
}

QString GiftFormat::unescape(const QString& text) {
  QString out;
  out.reserve(text.size());
  for (qsizetype i = 0; i < text.size(); ++i) {
    if (text.at(i) == '\\' && i + 1 < text.size()) {
      const QChar next = text.at(++i);
      out += next == 'n' ? QChar('\n') : next;
    } else {
      out += text.at(i);
    }
  }
  return out;
}

QString GiftFormat::write(const QuestionBank& bank) {
  QString out = QStringLiteral("// %1 (%2 %3), exported by PrecisionLab as GIFT.\n")
                    .arg(bank.title, bank.id, bank.version);
  out += QStringLiteral("// Per-option feedback is the option's analysis, #### the explanation.\n");
  out += QStringLiteral("// ") + QLatin1String(BankExtras::kBankMarker) +
         BankExtras::encodeBank(bank) + QStringLiteral("\n\n");
  QString category;
  for (const Question& q : bank.questions) {
    if (q.domain != category) {
      category = q.domain;
      out += QStringLiteral("$CATEGORY: %1\n\n").arg(escape(BankExtras::categoryName(category)));
    }
    out +=
        QStringLiteral("// ") + QLatin1String(BankExtras::kMarker) + BankExtras::encode(q) + '\n';
    out += QStringLiteral("::%1::%2 {\n").arg(escape(q.id), giftText(q.stem));
    const int correct = static_cast<int>(q.correctOptionIds().size());
    for (const Option& o : q.options) {
      QString marker;
      if (q.answer == AnswerKind::Single) {
        marker = o.correct ? QStringLiteral("=") : QStringLiteral("~");
      } else {
        // All or nothing as in PrecisionLab: correct options share 100 %, any wrong one -100 %.
        const double w = o.correct ? 100.0 / correct : -100.0;
        marker = QStringLiteral("~%") + QString::number(w, 'g', 7) + '%';
      }
      out += QStringLiteral("  %1%2").arg(marker, giftText(o.text));
      if (!o.analysis.isEmpty()) out += '#' + giftText(o.analysis);
      out += '\n';
    }
    if (!q.explanation.isEmpty()) out += QStringLiteral("  ####") + giftText(q.explanation) + '\n';
    out += QStringLiteral("}\n\n");
  }
  return out;
}

QVector<ImportedQuestion> GiftFormat::read(const QString& text, const QString& file,
                                           QVector<ImportProblem>* problems) {
  QVector<ImportedQuestion> out;
  const QStringList lines = text.split('\n');
  QString category;
  QString pendingExtras;  // the precisionlab comment for the next question
  QString block;
  int blockLine = 0;
  int depth = 0;  // inside { } (blank lines allowed there)
  int number = 0;

  const auto problem = [&](int line, const QString& label, const QString& message) {
    problems->push_back({file, line, label, message});
  };

  const auto finish = [&] {
    const QString item = block.trimmed();
    const int line = blockLine;
    const QString extras = pendingExtras;
    block.clear();
    pendingExtras.clear();
    if (item.isEmpty()) return;
    if (++number > BankInterchange::kMaxQuestions) {
      if (number == BankInterchange::kMaxQuestions + 1)
        problem(line, {},
                GiftFormat::tr("more than %1 questions; split the file")
                    .arg(BankInterchange::kMaxQuestions));
      return;
    }
    QString rest = item;
    QString title;
    if (rest.startsWith(QStringLiteral("::"))) {
      const qsizetype end = findUnescaped(rest, QStringLiteral("::"), 2);
      if (end < 0)
        return problem(line, QStringLiteral("question %1").arg(number),
                       GiftFormat::tr("the title has no closing ::"));
      title = unescape(rest.mid(2, end - 2)).trimmed();
      rest = rest.mid(end + 2).trimmed();
    }
    const QString label = title.isEmpty() ? QStringLiteral("question %1").arg(number) : title;
    bool html = false;  // the question text's format, the default of its answers
    const auto m = formatMarker().match(rest);
    if (m.hasMatch()) {
      html = m.captured(1) == QLatin1String("html") || m.captured(1) == QLatin1String("moodle");
      rest = rest.mid(m.capturedLength());
    }
    const qsizetype open = findUnescaped(rest, QStringLiteral("{"));
    if (open < 0)
      return problem(line, label,
                     GiftFormat::tr("a description without an answer block { } is not a question"));
    const qsizetype close = findUnescaped(rest, QStringLiteral("}"), open + 1);
    if (close < 0)
      return problem(line, label, GiftFormat::tr("the answer block { has no closing }"));
    // A text with its own format marker ("~[plain]blue # [html]wrong") is read in that format.
    // The stem's marker came before it (already read).
    const auto cleanAs = [](const QString& s, bool isHtml) {
      const QString t = unescape(s.trimmed());
      return isHtml ? HtmlText::toText(t) : t;
    };
    const auto clean = [html, &cleanAs](const QString& s) {
      const QString t = s.trimmed();
      const auto own = formatMarker().match(t);
      if (!own.hasMatch()) return cleanAs(t, html);
      return cleanAs(t.mid(own.capturedLength()), own.captured(1) == QLatin1String("html") ||
                                                      own.captured(1) == QLatin1String("moodle"));
    };
    // Text after the block makes a missing-word question: as in Moodle, the block's place in
    // the stem is a blank, "Grant is _____ in Grant's tomb."
    const QString after = rest.mid(close + 1).trimmed();
    const QString stem =
        after.isEmpty()
            ? cleanAs(rest.left(open), html)
            : cleanAs(rest.left(open) + QStringLiteral("_____") + rest.mid(close + 1), html);
    QString body = rest.mid(open + 1, close - open - 1).trimmed();

    Question q;
    q.stem = stem;
    q.domain = category;
    q.id = title;
    const qsizetype general = findUnescaped(body, QStringLiteral("####"));
    if (general >= 0) {
      q.explanation = clean(body.mid(general + 4));
      body = body.left(general).trimmed();
    }
    if (body.isEmpty())
      return problem(
          line, label,
          GiftFormat::tr("an essay question (empty answer block) has no options to choose from"));
    if (body.startsWith('#'))
      return problem(
          line, label,
          GiftFormat::tr(
              "numerical questions are not supported (only multiple choice and true/false)"));

    static const QRegularExpression trueFalse(QStringLiteral("^(T|F|TRUE|FALSE)\\s*(#|$)"));
    if (trueFalse.match(body).hasMatch()) {
      const bool isTrue = body.startsWith('T');
      QStringList feedback;
      qsizetype pos = findUnescaped(body, QStringLiteral("#"));
      while (pos >= 0) {
        const qsizetype next = findUnescaped(body, QStringLiteral("#"), pos + 1);
        feedback << clean(body.mid(pos + 1, next < 0 ? -1 : next - pos - 1));
        pos = next;
      }
      // GIFT: the first feedback is shown for a wrong answer, the second for a right one.
      Option t{QStringLiteral("true"), QStringLiteral("True"), isTrue, {}, {}, {}, {}};
      Option f{QStringLiteral("false"), QStringLiteral("False"), !isTrue, {}, {}, {}, {}};
      (isTrue ? f : t).analysis = feedback.value(0);
      (isTrue ? t : f).analysis = feedback.value(1);
      q.options = {t, f};
      q.answer = AnswerKind::Single;
    } else {
      QVector<Answer> answers;
      qsizetype i = 0;
      while (i < body.size()) {
        const QChar c = body.at(i);
        if (c.isSpace()) {
          ++i;
          continue;
        }
        if (c != '=' && c != '~')
          return problem(line, label,
                         GiftFormat::tr("expected an answer starting with = or ~ near \"%1\"")
                             .arg(body.mid(i, 20)));
        qsizetype end = i + 1;
        while (end < body.size()) {
          if (body.at(end) == '\\') {
            end += 2;
            continue;
          }
          if (body.at(end) == '=' || body.at(end) == '~') break;
          ++end;
        }
        QString raw = body.mid(i + 1, end - i - 1).trimmed();
        Answer a;
        a.equals = c == '=';
        if (raw.startsWith('%')) {
          const qsizetype pct = raw.indexOf('%', 1);
          bool ok = false;
          a.weight = pct > 0 ? raw.mid(1, pct - 1).toDouble(&ok) : 0.0;
          // toDouble reads "nan" and "inf": an %inf% weight would mark an option right.
          if (!ok || !std::isfinite(a.weight) || a.weight < -100.0 || a.weight > 100.0)
            return problem(line, label,
                           GiftFormat::tr("a weight %...% must be a number from -100 to 100"));
          a.hasWeight = true;
          raw = raw.mid(pct + 1);
        }
        if (findUnescaped(raw, QStringLiteral("->")) >= 0)
          return problem(
              line, label,
              GiftFormat::tr(
                  "matching questions are not supported (only multiple choice and true/false)"));
        const qsizetype hash = findUnescaped(raw, QStringLiteral("#"));
        a.text = clean(hash < 0 ? raw : raw.left(hash));
        if (hash >= 0) a.feedback = clean(raw.mid(hash + 1));
        answers.push_back(a);
        i = end;
      }
      if (answers.size() > BankInterchange::kMaxOptions)
        return problem(line, label,
                       GiftFormat::tr("%1 answers is more than the %2 a question may have")
                           .arg(answers.size())
                           .arg(BankInterchange::kMaxOptions));
      int tildes = 0;
      for (const Answer& a : answers) tildes += a.equals ? 0 : 1;
      if (tildes == 0)
        return problem(
            line, label,
            GiftFormat::tr(
                "a short-answer question (only = answers) has no wrong options to choose from"));
      int correct = 0;
      for (int k = 0; k < answers.size(); ++k) {
        const Answer& a = answers.at(k);
        Option o;
        o.id = BankInterchange::optionId(k);
        o.text = a.text;
        o.correct = a.equals ? (!a.hasWeight || a.weight > 0) : (a.hasWeight && a.weight > 0);
        o.analysis = a.feedback;
        correct += o.correct ? 1 : 0;
        q.options.push_back(o);
      }
      q.answer = correct > 1 ? AnswerKind::Multiple : AnswerKind::Single;
    }
    if (!extras.isEmpty()) {
      const QString error = BankExtras::apply(extras, &q);
      if (!error.isEmpty()) return problem(line, label, error);
    }
    out.push_back({q, line, label});
  };

  int openLine = 0;       // the line of the { that opened the current answer block
  int blankLine = 0;      // the last blank line inside the current answer block (0: none)
  int blockStart = 0;     // 0-based index of the block's first line
  int reportedLine = -1;  // the line whose nested { was last reported
  for (int n = 0; n < lines.size(); ++n) {
    if (number > BankInterchange::kMaxQuestions) break;
    const QString& raw = lines.at(n);
    const QString trimmed = raw.trimmed();
    if (depth > 0 && trimmed.isEmpty()) blankLine = n + 1;
    if (depth == 0) {
      if (trimmed.startsWith(QStringLiteral("//"))) {
        const QString comment = trimmed.mid(2).trimmed();
        if (comment.startsWith(QLatin1String(BankExtras::kMarker)))
          pendingExtras = comment.mid(int(qstrlen(BankExtras::kMarker)));
        continue;
      }
      if (trimmed.startsWith(QStringLiteral("$CATEGORY:"))) {
        finish();
        // Moodle writes paths such as $course$/top/Domain: the last part is the domain ("//"
        // is a '/' in a name).
        category = BankExtras::domainOfCategoryPath(unescape(trimmed.mid(10).trimmed()));
        continue;
      }
      if (trimmed.isEmpty()) {
        finish();
        continue;
      }
    }
    if (block.isEmpty()) {
      blockLine = n + 1;
      blockStart = n;
    }
    block += raw + '\n';
    for (qsizetype i = 0; i < raw.size(); ++i) {
      if (raw.at(i) == '\\') {
        ++i;
        continue;
      }
      if (raw.at(i) == '{' && depth > 0 && reportedLine != n) {
        // GIFT blocks do not nest: a second { means the block before it was never closed.
        // Said once, with both lines; the next question starts after the last blank line (if
        // any), so the questions after it are read, not swallowed into one long stem.
        const QString head = block.left(1000).trimmed();
        const qsizetype titleEnd = head.startsWith(QStringLiteral("::"))
                                       ? findUnescaped(head, QStringLiteral("::"), 2)
                                       : -1;
        const QString title =
            titleEnd > 2 ? unescape(head.mid(2, titleEnd - 2)).trimmed() : QString();
        problem(openLine, title.isEmpty() ? QStringLiteral("question %1").arg(number + 1) : title,
                GiftFormat::tr("the answer block { opened on line %1 has no closing } before "
                               "the next { on line %2")
                    .arg(openLine)
                    .arg(n + 1));
        ++number;
        reportedLine = n;
        // A block that began on this very line stays as it is (rebuilding it for every { of
        // one long line would be quadratic); one that began earlier is cut after its last
        // blank line: every line is copied at most once more, so this stays linear.
        if (blockStart < n) {
          block.clear();
          pendingExtras.clear();
          depth = 0;
          // Index of the first line after the blank one (comments and blank lines skipped).
          int from = blankLine > 0 ? blankLine : n;
          while (from < n && (lines.at(from).trimmed().isEmpty() ||
                              lines.at(from).trimmed().startsWith(QStringLiteral("//"))))
            ++from;
          blockLine = from + 1;
          blockStart = from;
          for (int k = from; k < n; ++k) block += lines.at(k) + '\n';
          block += raw + '\n';
          blankLine = 0;
        }
      }
      if (raw.at(i) == '{' && depth++ == 0) openLine = n + 1;
      if (raw.at(i) == '}') depth = std::max(0, depth - 1);
    }
  }
  finish();
  return out;
}

BankFormatSpec GiftFormat::spec() {
  BankFormatSpec f;
  f.name = QStringLiteral("gift");
  f.suffixes = {QStringLiteral("gift")};
  f.openFilter = QT_TRANSLATE_NOOP("precisionlab::quiz::BankInterchange", "GIFT (*.gift *.txt)");
  f.saveFilter =
      QT_TRANSLATE_NOOP("precisionlab::quiz::BankInterchange", "GIFT for Moodle (*.gift)");
  f.losses = QT_TRANSLATE_NOOP(
      "precisionlab::quiz::BankInterchange",
      "Moodle shows the stem, the options, the answer key, each option's analysis (as its "
      "feedback), the explanation (general feedback) and the domain (category). Ids, topic, "
      "why learners pick an option, when it would be right, the exam trap, references and lab "
      "scenarios travel in a comment that Moodle ignores and PrecisionLab reads back.");
  f.description = QStringLiteral("GIFT");
  f.maxBytes = BankInterchange::kMaxFileBytes;
  f.tooBig = QT_TRANSLATE_NOOP("precisionlab::quiz::BankInterchange",
                               "%1 bytes is over the %2 MiB limit for a question bank");
  // GIFT has { } answer blocks after each question; plain two-column text does not.
  f.sniff = [](const QString& suffix, const QByteArray& head) {
    if (suffix == QLatin1String("gift")) return 100;
    return head.contains('{') ? 10 : 0;
  };
  f.read = [](const BankFormatInput& in, QVector<ImportProblem>* problems) {
    BankFormatRead r;
    r.questions = read(in.text, in.fileName, problems);
    return r;
  };
  f.write = [](const QuestionBank& bank, QString*) { return write(bank).toUtf8(); };
  f.places = {"~`// precisionlab-bank {...}` comment",
              "~`// precisionlab-bank {...}` comment",
              "question title `::id::`",
              "question text",
              "answers `=` / `~`",
              "`=`, or `~%w%` weights",
              "answer feedback `#`",
              "general feedback `####`",
              "`$CATEGORY` (`/` as `//`)",
              "~`// precisionlab {...}` comment",
              "~`// precisionlab {...}` comment",
              "~`// precisionlab {...}` comment",
              "~`// precisionlab {...}` comment",
              "~`// precisionlab {...}` comment",
              "~`// precisionlab {...}` comment",
              "~`// precisionlab {...}` comment",
              "~`// precisionlab {...}` comment",
              "~`// precisionlab {...}` comment"};
  return f;
}

}  // namespace precisionlab::quiz
