// RevlogCsv::read: a review log back into attempts, strictly (RevlogCsv.h). The header's column
// positions are found once; each distinct text of a column (a bank, a question, a chosen list)
// is decoded and checked once and shared by every row that holds it: a million rows name a few
// thousand questions, and decoding each field of each row cost a third of the import (issue 47).
#include "quiz/RevlogCsv.h"

#include "core/CsvReader.h"
#include "core/EngineError.h"
#include "core/TerminalText.h"
#include "core/Utf8.h"
#include "quiz/FsrsScheduler.h"

#include <QByteArrayView>
#include <QHash>
#include <QPair>
#include <algorithm>
#include <array>
#include <string_view>
#include <utility>

namespace precisionlab::quiz {
namespace {

constexpr qint64 kProgressRows = 65536;  // rows read between two progress reports

// The columns read (the others are Anki's, recomputed on import), in the order of columns().
enum Column { Id, Ease, BankId, QuestionId, Domain, Chosen, Correct, Confidence, Taken, Mode };
constexpr std::array<const char*, 10> kNames = {
    "id",     "ease",    "bank_id",    "question_id",   "domain",
    "chosen", "correct", "confidence", "time_taken_ms", "mode"};
constexpr bool isRequired(int c) { return c != Domain && c != Chosen; }

// "'a'", "'a' and 'b'", "'a', 'b' and 'c'".
QString quoted(const QStringList& names) {
  QStringList q;
  for (const QString& n : names) q << QLatin1Char('\'') + n + QLatin1Char('\'');
  const QString last = q.takeLast();
  return q.isEmpty() ? last : q.join(QStringLiteral(", ")) + QStringLiteral(" and ") + last;
}

// A value from the file as a message quotes it: at most 80 bytes (a field may be 256 MiB).
QString shown(std::string_view value) { return QString::fromStdString(elideForMessage(value)); }
QString shown(const QString& value) { return shown(value.toStdString()); }

// Why a text cannot be stored, or "": an id holds no control character at all (a NUL would cut
// it short in C strings, a line break would merge two (bank, question) keys); the domain, a
// bank's text, may hold tab and newline, as BankLoader allows.
QString controlCharacterProblem(const QString& value, bool isId) {
  for (qsizetype i = 0; i < value.size(); ++i) {
    const char16_t c = value.at(i).unicode();
    const bool allowed = !isId && (c == '\t' || c == '\n');
    if (!allowed && (c < 0x20 || c == 0x7F || (c >= 0x80 && c < 0xA0)))
      return QStringLiteral("holds the control character U+%1 at character %2")
          .arg(QString::number(c, 16).toUpper().rightJustified(4, QLatin1Char('0')))
          .arg(i + 1);
  }
  return QString();
}

class RevlogReader {
 public:
  explicit RevlogReader(const QString& fileName) : m_fileName(fileName) { m_at.fill(-1); }

  bool hasHeader() const { return !m_header.isEmpty(); }
  // The field's name for a message: its header column, or its position past the header.
  QString fieldName(size_t i) const {
    return i < static_cast<size_t>(m_header.size())
               ? QStringLiteral("column '%1'").arg(m_header.at(static_cast<qsizetype>(i)))
               : QStringLiteral("field %1").arg(i + 1);
  }

  // The header's column positions; "" or why it is not a review log's header, naming every
  // missing column in the order of columns().
  QString header(const CsvRecord& rec) {
    for (size_t i = 0; i < rec.fields.size(); ++i) {
      m_header << QString::fromStdString(rec.fields[i]).trimmed();
      for (size_t c = 0; c < kNames.size(); ++c)
        if (m_at[c] < 0 && m_header.back() == QLatin1String(kNames[c]))
          m_at[c] = static_cast<int>(i);
    }
    QStringList missing;
    for (size_t c = 0; c < kNames.size(); ++c)
      if (isRequired(static_cast<int>(c)) && m_at[c] < 0) missing << QLatin1String(kNames[c]);
    if (missing.isEmpty()) return QString();
    return QStringLiteral(
               "%1:%2: no column%3 %4 in the header; a review log exported by "
               "PrecisionLab has %5")
        .arg(m_fileName)
        .arg(rec.line)
        .arg(missing.size() == 1 ? QString() : QStringLiteral("s"), quoted(missing),
             RevlogCsv::columns().join(QLatin1Char(',')));
  }

  // One row into *a; "" or "<file>:<line>: column 'x' ..." for the first thing wrong with it.
  QString row(const CsvRecord& rec, Attempt* a) {
    m_rec = &rec;
    qint64 ease = 0, correct = 0;
    if (!integer(Id, 1, 253'402'300'799'999LL, &a->timeMs) || !integer(Ease, 1, 4, &ease) ||
        !integer(Correct, 0, 1, &correct) || !integer(Taken, 0, 86'400'000, &a->timeTakenMs))
      return m_error;
    for (const auto& [column, out] : {std::pair<Column, QString*>{BankId, &a->bankId},
                                      {QuestionId, &a->questionId},
                                      {Domain, &a->domain}}) {
      if (!text(column, out)) return m_error;
      if (out->isEmpty() && column != Domain)
        return where(column) +
               QStringLiteral(" is empty; every row needs the bank and question it answers");
    }
    if (!chosen(&a->chosenOptionIds)) return m_error;
    a->correct = correct == 1;
    QString confidence, mode;
    if (!text(Confidence, &confidence) || !text(Mode, &mode)) return m_error;
    a->confidence = confidenceFromString(confidence);
    if (toString(a->confidence) != confidence)
      return where(Confidence) + QStringLiteral(" is \"%1\"; use sure, unsure, guess or unknown")
                                     .arg(shown(confidence));
    a->mode = quizModeFromString(mode, QuizMode::Practice);
    if (toString(a->mode) != mode)
      return where(Mode) + QStringLiteral(" is \"%1\"; use practice or exam").arg(shown(mode));
    const int rating =
        static_cast<int>(FsrsScheduler::ratingFor(a->correct, a->confidence, a->timeTakenMs));
    if (rating != ease)
      return where(Ease) + QStringLiteral(
                               " is %1, but correct=%2, confidence=%3 and time_taken_ms=%4 "
                               "give rating %5 (docs/spaced-repetition.md, \"Rating from one "
                               "answer\"); the file was changed by hand or by a tool that "
                               "rated differently")
                               .arg(ease)
                               .arg(correct)
                               .arg(confidence)
                               .arg(a->timeTakenMs)
                               .arg(rating);
    return QString();
  }

 private:
  QString where(Column c) const {
    return QStringLiteral("%1:%2: column '%3'").arg(m_fileName).arg(m_rec->line).arg(kNames[c]);
  }
  std::string_view field(Column c) const {
    const int i = m_at[c];
    return i >= 0 && static_cast<size_t>(i) < m_rec->fields.size()
               ? std::string_view(m_rec->fields[static_cast<size_t>(i)])
               : std::string_view();
  }
  bool integer(Column c, qint64 lo, qint64 hi, qint64* v) {
    const std::string_view f = field(c);
    bool ok = false;
    *v = QByteArrayView(f.data(), static_cast<qsizetype>(f.size())).toLongLong(&ok);
    if (ok && *v >= lo && *v <= hi) return true;
    m_error = QStringLiteral("%1 is \"%2\"; it must be a whole number from %3 to %4")
                  .arg(where(c), shown(f))
                  .arg(lo)
                  .arg(hi);
    return false;
  }
  // The column's text, decoded and checked the first time it is seen, shared after.
  bool text(Column c, QString* out) {
    const std::string_view f = field(c);
    QHash<QByteArray, QString>& pool = m_texts[c];
    const auto seen =
        pool.constFind(QByteArray::fromRawData(f.data(), static_cast<qsizetype>(f.size())));
    if (seen != pool.cend()) {
      *out = seen.value();
      return true;
    }
    *out = QString::fromUtf8(f.data(), static_cast<qsizetype>(f.size()));
    if (c == BankId || c == QuestionId || c == Domain || c == Chosen)
      if (const QString problem = controlCharacterProblem(*out, c != Domain); !problem.isEmpty()) {
        m_error = where(c) + QLatin1Char(' ') + problem +
                  QStringLiteral("; it is stored as text: remove the character");
        return false;
      }
    pool.insert(QByteArray(f.data(), static_cast<qsizetype>(f.size())), *out);
    return true;
  }
  bool chosen(QStringList* out) {
    QString joined;
    if (!text(Chosen, &joined)) return false;
    const auto seen = m_chosen.constFind(joined);
    if (seen != m_chosen.cend()) {
      *out = seen.value();
    } else {
      *out = joined.isEmpty() ? QStringList() : joined.split(QLatin1Char(';'));
      m_chosen.insert(joined, *out);
    }
    return true;
  }

  QString m_fileName;
  QStringList m_header;
  std::array<int, kNames.size()> m_at{};  // Column -> field index, -1 when absent
  std::array<QHash<QByteArray, QString>, kNames.size()> m_texts;
  QHash<QString, QStringList> m_chosen;
  const CsvRecord* m_rec = nullptr;
  QString m_error;
};

// The first row (in file order) that repeats an earlier row's answer: the same time, bank and
// question (an exam submitted at once shares one time across its questions, so the time alone
// is no key). `order` holds (time, row) sorted; each group of one time is checked with its own
// hash, so the check is linear.
QString repeatedAnswer(const QVector<Attempt>& rows, const QVector<qint64>& lines,
                       const std::vector<std::pair<qint64, int>>& order, const QString& fileName) {
  int repeat = -1, original = -1;  // rows: the repeating one with the lowest line, its first
  for (size_t begin = 0; begin < order.size();) {
    size_t end = begin + 1;
    while (end < order.size() && order[end].first == order[begin].first) ++end;
    if (end - begin > 1) {
      QHash<QPair<QString, QString>, int> seen;
      for (size_t k = begin; k < end; ++k) {
        const int i = order[k].second;
        const QPair<QString, QString> key(rows.at(i).bankId, rows.at(i).questionId);
        const auto first = seen.constFind(key);
        if (first == seen.cend())
          seen.insert(key, i);
        else if (repeat < 0 || lines.at(i) < lines.at(repeat))
          repeat = i, original = first.value();
      }
    }
    begin = end;
  }
  if (repeat < 0) return QString();
  const Attempt& a = rows.at(repeat);
  return QStringLiteral(
             "%1:%2: column 'id' is %3 again, for the same bank_id \"%4\" and question_id "
             "\"%5\" as line %6; an answer is imported once, so that none counts twice: remove "
             "the repeated row")
      .arg(fileName)
      .arg(lines.at(repeat))
      .arg(a.timeMs)
      .arg(shown(a.bankId), shown(a.questionId))
      .arg(lines.at(original));
}

// Puts rows[order[k].second] at k, moving each row once.
void permute(QVector<Attempt>* rows, const std::vector<std::pair<qint64, int>>& order) {
  std::vector<int> from(order.size());
  for (size_t k = 0; k < order.size(); ++k) from[k] = order[k].second;
  for (size_t k = 0; k < from.size(); ++k) {
    if (from[k] < 0 || from[k] == static_cast<int>(k)) continue;
    Attempt held = std::move((*rows)[static_cast<qsizetype>(k)]);
    size_t at = k;
    while (from[at] != static_cast<int>(k)) {
      const size_t next = static_cast<size_t>(from[at]);
      (*rows)[static_cast<qsizetype>(at)] = std::move((*rows)[static_cast<qsizetype>(next)]);
      from[at] = -1;
      at = next;
    }
    (*rows)[static_cast<qsizetype>(at)] = std::move(held);
    from[at] = -1;
  }
}

}  // namespace

RevlogCsv::ReadResult RevlogCsv::read(const QByteArray& text, const QString& fileName,
                                      const ImportProgressFn& progress) {
  ReadResult r;
  RevlogReader reader(fileName);
  QVector<qint64> lines;  // each attempt's line, for the repeated-answer message
  const qint64 totalLines =
      progress ? text.count('\n') + (text.endsWith('\n') || text.isEmpty() ? 0 : 1) : 0;
  try {
    CsvReader::forEach(
        std::string_view(text.constData(), static_cast<size_t>(text.size())), ',',
        fileName.toStdString(), [&](CsvRecord& rec) {
          if (!r.error.isEmpty()) return;
          if (progress && !r.attempts.isEmpty() && r.attempts.size() % kProgressRows == 0)
            progress({ImportProgress::Stage::Reading, static_cast<qint64>(rec.line), totalLines});
          // Every field is UTF-8: Latin-1 bytes would be stored as U+FFFD, the text lost.
          for (size_t i = 0; i < rec.fields.size(); ++i)
            if (const size_t bad = utf8::firstInvalid(rec.fields[i]); bad != std::string::npos) {
              r.error =
                  QStringLiteral(
                      "%1:%2: %3 is not UTF-8 (the byte 0x%4 at byte %5 of the field); "
                      "save the file as UTF-8 and import it again")
                      .arg(fileName)
                      .arg(rec.line)
                      .arg(reader.fieldName(i))
                      .arg(static_cast<unsigned char>(rec.fields[i][bad]), 2, 16, QLatin1Char('0'))
                      .arg(bad + 1);
              return;
            }
          if (!reader.hasHeader()) {
            r.error = reader.header(rec);
            return;
          }
          Attempt a;
          r.error = reader.row(rec, &a);
          if (!r.error.isEmpty()) return;
          r.attempts.push_back(std::move(a));
          lines.push_back(static_cast<qint64>(rec.line));
        });
  } catch (const InputError& e) {
    r.error = QString::fromStdString(e.what());
  }
  if (r.error.isEmpty() && !reader.hasHeader())
    r.error = QStringLiteral("%1: empty file; a review log starts with the header %2")
                  .arg(fileName, columns().join(QLatin1Char(',')));
  // Oldest first, file order within one time: (time, row) pairs are unique, so a plain sort.
  std::vector<std::pair<qint64, int>> order(static_cast<size_t>(r.attempts.size()));
  for (qsizetype i = 0; i < r.attempts.size(); ++i)
    order[static_cast<size_t>(i)] = {r.attempts.at(i).timeMs, static_cast<int>(i)};
  std::sort(order.begin(), order.end());
  if (r.error.isEmpty()) r.error = repeatedAnswer(r.attempts, lines, order, fileName);
  if (!r.error.isEmpty())
    r.attempts.clear();
  else
    permute(&r.attempts, order);
  return r;
}

}  // namespace precisionlab::quiz
