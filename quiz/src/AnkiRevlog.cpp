// Anki's own review log: the CSV of its revlog table and the revlog of a package's collection
// (AnkiRevlog.h). Both are read into rows first; the rows become attempts, card by card, under
// Anki's optimizer's rules.
#include "quiz/AnkiRevlog.h"

#include "AnkiCollection.h"
#include "SqliteStatement.h"

#include "core/CsvReader.h"
#include "core/EngineError.h"
#include "core/TerminalText.h"
#include "quiz/FsrsScheduler.h"

#include <sqlite3.h>
#include <QByteArrayView>
#include <QHash>
#include <algorithm>
#include <array>
#include <limits>
#include <string_view>

namespace precisionlab::quiz {
namespace {

// Anki's revlog.type (RevlogReviewKind).
enum Kind { Learning = 0, Review = 1, Relearning = 2, Filtered = 3, Manual = 4, Rescheduled = 5 };

struct Row {
  qint64 id = 0, cid = 0, factor = 0, timeMs = 0;
  int ease = 0, type = 0;
  QString guid;  // the note's, for a note's first card in a package; "" otherwise
  qint64 line = 0;
};

constexpr qint64 kMaxId = 253'402'300'799'999LL;  // 9999-12-31, as RevlogCsv
constexpr qint64 kMaxTakenMs = 86'400'000;
constexpr qint64 kProgressRows = 65536;
// A package's revlog: a million reviews cost about 60 million SQLite VM steps; the budget stops
// a hostile schema or a collection far beyond a learner's (the file cap is 256 MiB).
constexpr int kMaxProgressCalls = 2'000'000;  // x AnkiCollection::kProgressSteps

// The columns read, and whether the file must have them (usn, ivl and lastIvl are Anki's
// schedule, which the app replays itself).
enum Column { Id, Cid, Ease, Factor, Time, Type };
constexpr std::array<const char*, 6> kNames = {"id", "cid", "ease", "factor", "time", "type"};

// The rating Anki's ease gives, as an answer of this app (FsrsScheduler::ratingFor).
void answerFor(int ease, qint64 timeMs, Attempt* a) {
  a->correct = ease >= 2;
  a->confidence = ease == 2   ? Confidence::Guess
                  : ease == 4 ? Confidence::Sure
                              : Confidence::Unknown;
  a->timeTakenMs = std::min(timeMs, FsrsScheduler::kDefaultSlowMs);
}

// Anki's reviews_for_fsrs (training): the index of the first row kept of one card's rows (time
// order), or -1 when the card is left out whole.
int firstKept(const QVector<Row>& rows, int begin, int end) {
  int firstOfLastLearning = -1;
  for (int i = end - 1; i >= begin; --i) {
    const Row& r = rows.at(i);
    if (r.type == Filtered && r.factor == 0) continue;
    const bool graded = r.ease >= 1 && r.ease <= 4;
    if (graded && r.type == Learning)
      firstOfLastLearning = i;
    else if (firstOfLastLearning >= 0)
      break;
    else if (r.type == Manual && r.factor == 0)
      return -1;  // reset after the last learning steps: training leaves the card out
  }
  return firstOfLastLearning;
}

AnkiRevlog::ReadResult toAttempts(QVector<Row> rows, const AnkiCardMatch& match) {
  AnkiRevlog::ReadResult r;
  r.counts.anki = true;
  // By card, then time, then file order.
  std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
    return a.cid != b.cid ? a.cid < b.cid : a.id < b.id;
  });
  for (int begin = 0; begin < rows.size();) {
    int end = begin + 1;
    while (end < rows.size() && rows.at(end).cid == rows.at(begin).cid) ++end;
    const int first = firstKept(rows, begin, end);
    if (first < 0) {
      ++r.counts.cardsWithoutLearning;
      r.counts.rowsWithoutLearning += end - begin;
      begin = end;
      continue;
    }
    r.counts.beforeLastLearning += first - begin;
    QString guid;
    for (int i = begin; i < end && guid.isEmpty(); ++i) guid = rows.at(i).guid;
    const bool inBank = !guid.isEmpty() && match.questionIds.contains(guid);
    ++(inBank ? r.counts.bankCards : r.counts.otherCards);
    const QString bankId = inBank ? match.bankId : AnkiRevlog::cardsBankId();
    const QString questionId = inBank ? guid : QString::number(rows.at(begin).cid);
    for (int i = first; i < end; ++i) {
      const Row& row = rows.at(i);
      if (row.type == Rescheduled) {
        ++r.counts.rescheduled;
      } else if (row.type == Filtered && row.factor == 0) {
        ++r.counts.cram;
      } else if (row.type == Manual || row.ease == 0) {
        ++r.counts.manual;
      } else {
        Attempt a;
        a.timeMs = row.id;
        a.bankId = bankId;
        a.questionId = questionId;
        answerFor(row.ease, row.timeMs, &a);
        r.attempts.push_back(std::move(a));
      }
    }
    begin = end;
  }
  std::stable_sort(r.attempts.begin(), r.attempts.end(),
                   [](const Attempt& a, const Attempt& b) { return a.timeMs < b.timeMs; });
  return r;
}

QString shown(std::string_view value) { return QString::fromStdString(elideForMessage(value)); }

}  // namespace

QStringList AnkiRevlog::columns() {
  return {QStringLiteral("id"),     QStringLiteral("cid"),  QStringLiteral("usn"),
          QStringLiteral("ease"),   QStringLiteral("ivl"),  QStringLiteral("lastIvl"),
          QStringLiteral("factor"), QStringLiteral("time"), QStringLiteral("type")};
}

bool AnkiRevlog::isAnkiCsv(const QByteArray& text) {
  qsizetype end = text.indexOf('\n');
  if (end < 0) end = text.size();
  QByteArray header = text.left(std::min<qsizetype>(end, 4096));
  if (header.startsWith("\xEF\xBB\xBF")) header.remove(0, 3);
  bool cid = false, ease = false, bankId = false;
  for (QByteArray name : header.split(',')) {
    name = name.trimmed();
    if (name.startsWith('"') && name.endsWith('"') && name.size() >= 2)
      name = name.mid(1, name.size() - 2);
    cid |= name == "cid";
    ease |= name == "ease";
    bankId |= name == "bank_id";
  }
  return cid && ease && !bankId;
}

AnkiRevlog::ReadResult AnkiRevlog::readCsv(const QByteArray& text, const QString& fileName,
                                           const AnkiCardMatch& match,
                                           const ImportProgressFn& progress) {
  ReadResult r;
  QVector<Row> rows;
  std::array<int, kNames.size()> at{};
  at.fill(-1);
  bool header = false;
  QHash<QPair<qint64, qint64>, qint64> seen;  // (cid, id) -> line
  const qint64 totalLines =
      progress ? text.count('\n') + (text.endsWith('\n') || text.isEmpty() ? 0 : 1) : 0;
  try {
    CsvReader::forEach(
        std::string_view(text.constData(), static_cast<size_t>(text.size())), ',',
        fileName.toStdString(), [&](CsvRecord& rec) {
          if (!r.error.isEmpty()) return;
          if (!header) {
            header = true;
            for (size_t i = 0; i < rec.fields.size(); ++i) {
              QString name = QString::fromStdString(rec.fields[i]).trimmed();
              if (i == 0 && name.startsWith(QChar(0xFEFF))) name.remove(0, 1);
              for (size_t c = 0; c < kNames.size(); ++c)
                if (at[c] < 0 && name == QLatin1String(kNames[c])) at[c] = static_cast<int>(i);
            }
            for (size_t c = 0; c < kNames.size(); ++c)
              if (at[c] < 0) {
                r.error = QStringLiteral(
                              "%1:%2: no column '%3' in the header; Anki's review log has the "
                              "columns %4")
                              .arg(fileName)
                              .arg(rec.line)
                              .arg(QLatin1String(kNames[c]), columns().join(QLatin1Char(',')));
                return;
              }
            return;
          }
          if (progress && rows.size() % kProgressRows == 0 && !rows.isEmpty())
            progress({ImportProgress::Stage::Reading, static_cast<qint64>(rec.line), totalLines});
          Row row;
          row.line = static_cast<qint64>(rec.line);
          const auto number = [&](Column c, qint64 lo, qint64 hi, qint64* v) {
            const int i = at[c];
            const std::string_view f = static_cast<size_t>(i) < rec.fields.size()
                                           ? std::string_view(rec.fields[static_cast<size_t>(i)])
                                           : std::string_view();
            bool ok = false;
            *v = QByteArrayView(f.data(), static_cast<qsizetype>(f.size()))
                     .trimmed()
                     .toLongLong(&ok);
            if (ok && *v >= lo && *v <= hi) return true;
            r.error = QStringLiteral(
                          "%1:%2: column '%3' (field %4) is \"%5\"; it must be a whole "
                          "number from %6 to %7")
                          .arg(fileName)
                          .arg(rec.line)
                          .arg(QLatin1String(kNames[c]))
                          .arg(i + 1)
                          .arg(shown(f))
                          .arg(lo)
                          .arg(hi);
            return false;
          };
          qint64 ease = 0, type = 0;
          // In the file's column order, so that the first problem of the row is the one named.
          std::array<int, kNames.size()> order{};
          for (size_t c = 0; c < order.size(); ++c) order[c] = static_cast<int>(c);
          std::sort(order.begin(), order.end(), [&](int a, int b) { return at[a] < at[b]; });
          for (int c : order) {
            const bool ok = c == Id ? number(Id, 1, kMaxId, &row.id)
                            : c == Cid
                                ? number(Cid, 1, std::numeric_limits<qint64>::max(), &row.cid)
                            : c == Ease   ? number(Ease, 0, 4, &ease)
                            : c == Factor ? number(Factor, -1'000'000, 1'000'000, &row.factor)
                            : c == Time   ? number(Time, 0, kMaxTakenMs, &row.timeMs)
                                          : number(Type, 0, 5, &type);
            if (!ok) return;
          }
          row.ease = static_cast<int>(ease);
          row.type = static_cast<int>(type);
          const auto key = qMakePair(row.cid, row.id);
          if (const auto earlier = seen.constFind(key); earlier != seen.cend()) {
            r.error = QStringLiteral(
                          "%1:%2: column 'id' is %3 again for card (cid) %4, as on line %5; a "
                          "review is imported once: remove the repeated row")
                          .arg(fileName)
                          .arg(rec.line)
                          .arg(row.id)
                          .arg(row.cid)
                          .arg(earlier.value());
            return;
          }
          seen.insert(key, row.line);
          rows.push_back(row);
        });
  } catch (const InputError& e) {
    r.error = QString::fromStdString(e.what());
  }
  if (r.error.isEmpty() && !header)
    r.error = QStringLiteral("%1: empty file; Anki's review log starts with the header %2")
                  .arg(fileName, columns().join(QLatin1Char(',')));
  if (!r.error.isEmpty()) return r;
  ReadResult out = toAttempts(std::move(rows), match);
  return out;
}

AnkiRevlog::ReadResult AnkiRevlog::readPackage(QIODevice* device, const QString& fileName,
                                               const AnkiCardMatch& match) {
  ReadResult r;
  AnkiCollection collection(kMaxProgressCalls, 1 << 20);
  const auto fail = [&](const QString& why) {
    r.error = fileName + QStringLiteral(": ") + why;
    return r;
  };
  if (const QString why = collection.open(device); !why.isEmpty()) return fail(why);
  if (const QString why = collection.requireTables(
          {QStringLiteral("revlog"), QStringLiteral("cards"), QStringLiteral("notes")});
      !why.isEmpty())
    return fail(why);
  // A note's first card carries its guid (a bank question's id); its siblings do not.
  SqliteStatement s(collection.db(),
                    "SELECT r.id, r.cid, r.ease, r.factor, r.time, r.type, "
                    "CASE WHEN c.ord = 0 THEN n.guid END FROM revlog r "
                    "LEFT JOIN cards c ON c.id = r.cid LEFT JOIN notes n ON n.id = c.nid "
                    "ORDER BY r.id");
  QVector<Row> rows;
  while (s.step() == SQLITE_ROW) {
    Row row;
    row.id = s.i64(0);
    row.cid = s.i64(1);
    row.line = rows.size() + 1;
    const qint64 ease = s.i64(2), type = s.i64(5);
    row.factor = s.i64(3);
    row.timeMs = s.i64(4);
    row.guid = s.text(6).trimmed();
    const auto bad = [&](const char* column, qint64 value, qint64 lo, qint64 hi) {
      return fail(QStringLiteral("%1: revlog row %2 (id %3): column '%4' is %5; it must be "
                                 "from %6 to %7")
                      .arg(collection.entryName())
                      .arg(row.line)
                      .arg(row.id)
                      .arg(QLatin1String(column))
                      .arg(value)
                      .arg(lo)
                      .arg(hi));
    };
    if (row.id < 1 || row.id > kMaxId) return bad("id", row.id, 1, kMaxId);
    if (row.cid < 1) return bad("cid", row.cid, 1, std::numeric_limits<qint64>::max());
    if (ease < 0 || ease > 4) return bad("ease", ease, 0, 4);
    if (type < 0 || type > 5) return bad("type", type, 0, 5);
    // Anki stores negative times for some old rows: taken as 0.
    row.timeMs = std::clamp<qint64>(row.timeMs, 0, kMaxTakenMs);
    row.ease = static_cast<int>(ease);
    row.type = static_cast<int>(type);
    rows.push_back(row);
  }
  if (s.rc() != SQLITE_DONE)
    return fail(collection.overBudget()
                    ? QStringLiteral("%1: reading the revlog took more than %2 million SQLite "
                                     "steps, the limit for one package; stopped")
                          .arg(collection.entryName())
                          .arg(qint64(kMaxProgressCalls) * AnkiCollection::kProgressSteps / 1000000)
                    : collection.sqlError(QStringLiteral("reading the revlog")));
  if (rows.isEmpty() && collection.entryName() == QLatin1String("collection.anki2")) {
    // What Anki 2.1.50+ writes into collection.anki2 for older versions: one note, no reviews.
    SqliteStatement note(collection.db(), "SELECT flds FROM notes LIMIT 2");
    if (note.step() == SQLITE_ROW &&
        note.text(0).startsWith(QLatin1String("Please update to the latest Anki version")))
      return fail(AnkiCollection::newerFormatText());
  }
  return toAttempts(std::move(rows), match);
}

}  // namespace precisionlab::quiz
