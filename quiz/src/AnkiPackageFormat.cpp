#include "quiz/AnkiPackageFormat.h"

#include "quiz/AnkiTextFormat.h"
#include "quiz/HtmlText.h"
#include "quiz/ZipArchive.h"

#include "AnkiCollection.h"
#include "QuizJson.h"
#include "SqliteStatement.h"

#include <QBuffer>
#include <QCryptographicHash>
#include <QDateTime>
#include <QHash>

#include <memory>

namespace precisionlab::quiz {
namespace {

// The notetype every exported note uses: a fixed id, so a second import of a newer export
// finds the notetype it made the first time.
constexpr qint64 kNotetypeId = 1733011200000;
// Statements stop after this many SQLite VM steps (a hostile schema or a huge table cannot
// hold the import for long: the real ones need well under a million per 5000 notes).
constexpr int kMaxProgressCalls = 200000;  // x AnkiCollection::kProgressSteps VM instructions

// Anki's collection schema 11 (rslib/src/storage/schema11.sql), the one Anki 2.1 packages hold.
const char* const kSchema = R"(
CREATE TABLE col (id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL,
  scm integer NOT NULL, ver integer NOT NULL, dty integer NOT NULL, usn integer NOT NULL,
  ls integer NOT NULL, conf text NOT NULL, models text NOT NULL, decks text NOT NULL,
  dconf text NOT NULL, tags text NOT NULL);
CREATE TABLE notes (id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL,
  mod integer NOT NULL, usn integer NOT NULL, tags text NOT NULL, flds text NOT NULL,
  sfld integer NOT NULL, csum integer NOT NULL, flags integer NOT NULL, data text NOT NULL);
CREATE TABLE cards (id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL,
  ord integer NOT NULL, mod integer NOT NULL, usn integer NOT NULL, type integer NOT NULL,
  queue integer NOT NULL, due integer NOT NULL, ivl integer NOT NULL, factor integer NOT NULL,
  reps integer NOT NULL, lapses integer NOT NULL, left integer NOT NULL, odue integer NOT NULL,
  odid integer NOT NULL, flags integer NOT NULL, data text NOT NULL);
CREATE TABLE revlog (id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL,
  ease integer NOT NULL, ivl integer NOT NULL, lastIvl integer NOT NULL, factor integer NOT NULL,
  time integer NOT NULL, type integer NOT NULL);
CREATE TABLE graves (usn integer NOT NULL, oid integer NOT NULL, type integer NOT NULL);
CREATE INDEX ix_notes_usn ON notes (usn);
CREATE INDEX ix_cards_usn ON cards (usn);
CREATE INDEX ix_revlog_usn ON revlog (usn);
CREATE INDEX ix_cards_nid ON cards (nid);
CREATE INDEX ix_cards_sched ON cards (did, queue, due);
CREATE INDEX ix_revlog_cid ON revlog (cid);
CREATE INDEX ix_notes_csum ON notes (csum);
)";

struct DbCloser {
  void operator()(sqlite3* db) const { sqlite3_close(db); }
};
using Db = std::unique_ptr<sqlite3, DbCloser>;

using quizjson::str;
using quizjson::Value;

// An object from (key, value) pairs; compact() writes the keys sorted, as Qt did.
Value object(std::initializer_list<std::pair<const char*, Value>> members) {
  Value o = Value::object();
  for (const auto& [key, value] : members) o.set(key, value);
  return o;
}
Value array(std::initializer_list<Value> items) { return Value(Value::Array(items)); }

QString json(const Value& o) { return quizjson::compactText(o); }

Value deckJson(qint64 id, const QString& name, qint64 mod) {
  const Value zero = array({0, 0});
  return object({{"id", int64_t{id}},
                 {"mod", int64_t{mod}},
                 {"name", str(name)},
                 {"usn", 0},
                 {"lrnToday", zero},
                 {"revToday", zero},
                 {"newToday", zero},
                 {"timeToday", zero},
                 {"collapsed", false},
                 {"browserCollapsed", false},
                 {"desc", ""},
                 {"dyn", 0},
                 {"conf", 1},
                 {"extendNew", 0},
                 {"extendRev", 0}});
}

Value fieldJson(const char* name, int ord) {
  return object({{"name", name},
                 {"ord", ord},
                 {"sticky", false},
                 {"rtl", false},
                 {"font", "Arial"},
                 {"size", 20},
                 {"media", Value::array()}});
}

Value notetypeJson(qint64 mod, qint64 deckId) {
  const Value card = object({{"name", "Card 1"},
                             {"ord", 0},
                             {"qfmt", "{{Front}}"},
                             {"afmt", "{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}"},
                             {"bqfmt", ""},
                             {"bafmt", ""},
                             {"did", nullptr},
                             {"bfont", ""},
                             {"bsize", 0}});
  return object(
      {{"id", int64_t{kNotetypeId}},
       {"name", "PrecisionLab Basic"},
       {"type", 0},
       {"mod", int64_t{mod}},
       {"usn", 0},
       {"sortf", 0},
       {"did", int64_t{deckId}},
       {"tmpls", array({card})},
       {"flds", array({fieldJson("Front", 0), fieldJson("Back", 1)})},
       {"css",
        ".card {\n font-family: arial;\n font-size: 20px;\n text-align: left;\n color: black;\n"
        " background-color: white;\n}\n"},
       {"latexPre",
        "\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{"
        "inputenc}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{"
        "\\parindent}{0in}\n\\begin{document}\n"},
       {"latexPost", "\\end{document}"},
       {"latexsvg", false},
       {"req", array({array({0, "any", array({0})})})},
       {"tags", Value::array()},
       {"vers", Value::array()}});
}

// Qt wrote the whole doubles here (1.0, 10.0) as integers; the bytes stay.
Value deckConfigJson() {
  return object({{"id", 1},
                 {"mod", 0},
                 {"name", "Default"},
                 {"usn", 0},
                 {"maxTaken", 60},
                 {"autoplay", true},
                 {"timer", 0},
                 {"replayq", true},
                 {"dyn", false},
                 {"new", object({{"bury", false},
                                 {"delays", array({1, 10})},
                                 {"initialFactor", 2500},
                                 {"ints", array({1, 4, 0})},
                                 {"order", 1},
                                 {"perDay", 20}})},
                 {"rev", object({{"bury", false},
                                 {"ease4", 1.3},
                                 {"ivlFct", 1},
                                 {"maxIvl", 36500},
                                 {"perDay", 200},
                                 {"hardFactor", 1.2}})},
                 {"lapse", object({{"delays", array({10})},
                                   {"leechAction", 1},
                                   {"leechFails", 8},
                                   {"minInt", 1},
                                   {"mult", 0}})}});
}

// The object at column `c` of `s` (its bytes as stored: a byte that is not UTF-8 is an error
// too), else nullopt and *error.
std::optional<Value> objectColumn(const SqliteStatement& s, int c, QString* error) {
  std::optional<Value> v = quizjson::parse(s.bytes(c), error);
  if (v && !v->isObject()) {
    *error = QStringLiteral("found %1").arg(json::typeName(v->type()));
    return std::nullopt;
  }
  return v;
}

// A deck id from its name (positive, 13 digits like Anki's): the same deck gets the same id in
// every export.
qint64 deckId(const QString& name) {
  const QByteArray h = QCryptographicHash::hash(name.toUtf8(), QCryptographicHash::Sha1);
  quint64 v = 0;
  for (int i = 0; i < 8; ++i) v = (v << 8) | quint8(h.at(i));
  return 1000000000000LL + qint64(v % 8000000000000ULL);
}

// Anki's checksum of the sort field: the first 32 bits of the SHA-1 of its text.
qint64 fieldChecksum(const QString& text) {
  return QCryptographicHash::hash(text.toUtf8(), QCryptographicHash::Sha1)
      .left(4)
      .toHex()
      .toLongLong(nullptr, 16);
}

bool exec(sqlite3* db, const char* sql, QString* error) {
  char* message = nullptr;
  if (sqlite3_exec(db, sql, nullptr, nullptr, &message) == SQLITE_OK) return true;
  if (error) *error = QString::fromUtf8(message ? message : sqlite3_errmsg(db));
  sqlite3_free(message);
  return false;
}

}  // namespace

QByteArray AnkiPackageFormat::write(const QuestionBank& bank, QString* error) {
  QString ignored;
  QString* why = error ? error : &ignored;
  sqlite3* raw = nullptr;
  if (sqlite3_open(":memory:", &raw) != SQLITE_OK) {
    *why = QStringLiteral("cannot open an in-memory SQLite database");
    sqlite3_close(raw);
    return {};
  }
  Db db(raw);
  if (!exec(raw, kSchema, why) || !exec(raw, "BEGIN", why)) return {};
  const qint64 now = QDateTime::currentMSecsSinceEpoch();
  const qint64 seconds = now / 1000;

  Value decks = object({{"1", deckJson(1, "Default", 0)}});
  QVector<AnkiNote> notes;
  for (const Question& q : bank.questions) {
    notes.push_back(AnkiTextFormat::noteFor(bank, q));
    // Every deck and its parents, so Anki need not invent any.
    const QStringList parts = notes.last().deck.split(QStringLiteral("::"));
    for (int k = 1; k <= parts.size(); ++k) {
      const QString name = parts.mid(0, k).join(QStringLiteral("::"));
      decks.set(std::to_string(deckId(name)), deckJson(deckId(name), name, seconds));
    }
  }
  const qint64 firstDeck = notes.isEmpty() ? 1 : deckId(notes.first().deck);
  const Value conf = object({{"nextPos", int(notes.size()) + 1},
                             {"estTimes", true},
                             {"activeDecks", array({1})},
                             {"sortType", "noteFld"},
                             {"timeLim", 0},
                             {"sortBackwards", false},
                             {"addToCur", true},
                             {"curDeck", 1},
                             {"newSpread", 0},
                             {"dueCounts", true},
                             {"curModel", int64_t{kNotetypeId}},
                             {"collapseTime", 1200},
                             {"schedVer", 2}});
  {
    SqliteStatement col(
        raw, "INSERT INTO col VALUES (1, ?1, ?2, ?2, 11, 0, 0, 0, ?3, ?4, ?5, ?6, '{}')");
    col.bind(1, seconds - seconds % 86400)
        .bind(2, now)
        .bind(3, json(conf))
        .bind(
            4,
            json(object({{std::to_string(kNotetypeId).c_str(), notetypeJson(seconds, firstDeck)}})))
        .bind(5, json(decks))
        .bind(6, json(object({{"1", deckConfigJson()}})));
    if (col.step() != SQLITE_DONE) {
      *why = QString::fromUtf8(sqlite3_errmsg(raw));
      return {};
    }
  }
  for (int i = 0; i < notes.size(); ++i) {
    const AnkiNote& n = notes.at(i);
    const QString sortField = HtmlText::toText(n.front);
    SqliteStatement note(raw,
                         "INSERT INTO notes VALUES (?1, ?2, ?3, ?4, 0, ?5, ?6, ?7, ?8, 0, '')");
    note.bind(1, now + i)
        .bind(2, n.guid)
        .bind(3, kNotetypeId)
        .bind(4, seconds)
        .bind(5, n.tags.isEmpty() ? QString() : QStringLiteral(" %1 ").arg(n.tags))
        .bind(6, QString(n.front + QChar(0x1f) + n.back))
        .bind(7, sortField)
        .bind(8, fieldChecksum(sortField));
    // A new card, due in bank order.
    SqliteStatement card(raw,
                         "INSERT INTO cards VALUES (?1, ?1, ?2, 0, ?3, 0, 0, 0, ?4, 0, 0, 0, 0, 0, "
                         "0, 0, 0, '')");
    card.bind(1, now + i).bind(2, deckId(n.deck)).bind(3, seconds).bind(4, qint64(i) + 1);
    if (note.step() != SQLITE_DONE || card.step() != SQLITE_DONE) {
      *why = QString::fromUtf8(sqlite3_errmsg(raw));
      return {};
    }
  }
  if (!exec(raw, "COMMIT", why)) return {};
  sqlite3_int64 size = 0;
  unsigned char* bytes = sqlite3_serialize(raw, "main", &size, 0);
  if (!bytes) {
    *why = QStringLiteral("SQLite could not serialize the collection");
    return {};
  }
  const QByteArray collection(reinterpret_cast<const char*>(bytes), qsizetype(size));
  sqlite3_free(bytes);
  ZipWriter zip;
  zip.add(QStringLiteral("collection.anki2"), collection);
  zip.add(QStringLiteral("media"), QByteArrayLiteral("{}"), ZipWriter::Method::Stored);
  return zip.finish();
}

QVector<ImportedQuestion> AnkiPackageFormat::read(QIODevice* device, const QString& file,
                                                  QVector<ImportProblem>* problems,
                                                  QString* deckTitle, QStringList* notesOut) {
  QVector<ImportedQuestion> none;
  const auto fail = [&](const QString& message) {
    problems->push_back({file, 0, {}, message});
    return none;
  };
  AnkiCollection collection(kMaxProgressCalls, int(kMaxJsonBytes));
  if (const QString why = collection.open(device); !why.isEmpty()) return fail(why);
  sqlite3* raw = collection.db();
  const QString& entryName = collection.entryName();
  // Why reading stopped at the work cap: said with its likely cause, not "too much work" alone
  // (100k cards and no index on cards.nid made every note's card look-up a full scan).
  const auto tooMuchWork = [&] {
    collection.resetBudget();  // the look-up below is small, and must not stop at the cap itself
    SqliteStatement index(raw,
                          "SELECT count(*) FROM pragma_index_list('cards') AS l, "
                          "pragma_index_info(l.name) AS i WHERE i.name = 'nid' AND i.seqno = 0");
    const bool noIndex = index.step() == SQLITE_ROW && index.i64(0) == 0;
    QString why = tr("reading the deck took more than %1 million SQLite steps, the limit for one "
                     "package; stopped")
                      .arg(qint64(kMaxProgressCalls) * AnkiCollection::kProgressSteps / 1000000);
    if (noIndex)
      why +=
          tr(" (its cards table has no index on nid, so each note's cards are found by reading "
             "every card: re-export the deck from Anki, which writes the index)");
    return why;
  };
  const auto sqlError = [&](const QString& what) {
    return fail(collection.overBudget() ? tr("%1: %2: %3").arg(entryName, what, tooMuchWork())
                                        : collection.sqlError(what));
  };
  if (const QString why = collection.requireTables(
          {QStringLiteral("col"), QStringLiteral("notes"), QStringLiteral("cards")});
      !why.isEmpty())
    return fail(why);

  // Notetypes (id -> name, kind, field count) and decks (id -> name) from the col row.
  struct Notetype {
    QString name;
    bool cloze = false;
    int fields = 0;
  };
  QHash<qint64, Notetype> notetypes;
  QHash<qint64, QString> deckNames;
  {
    SqliteStatement col(raw, "SELECT models, decks FROM col LIMIT 1");
    if (col.step() != SQLITE_ROW) return sqlError(tr("no collection row (col)"));
    QString why;
    const std::optional<Value> models = objectColumn(col, 0, &why);
    if (!models) return fail(tr("%1: col.models is not a JSON object: %2").arg(entryName, why));
    for (const auto& [id, m] : models->members())
      notetypes.insert(
          QByteArray::fromStdString(id).toLongLong(),
          {quizjson::text(m.find("name")), quizjson::wholeNumber(m.find("type")) == 1,
           m.find("flds") && m.find("flds")->isArray() ? int(m.find("flds")->asArray().size())
                                                       : 0});
    const std::optional<Value> decks = objectColumn(col, 1, &why);
    if (!decks) return fail(tr("%1: col.decks is not a JSON object: %2").arg(entryName, why));
    for (const auto& [id, d] : decks->members())
      deckNames.insert(QByteArray::fromStdString(id).toLongLong(), quizjson::text(d.find("name")));
  }

  QVector<AnkiNote> notes;
  int skippedCloze = 0;
  SqliteStatement rows(raw,
                       "SELECT n.guid, n.mid, n.tags, n.flds, length(CAST(n.flds AS BLOB)), "
                       "(SELECT c.did FROM cards c WHERE c.nid = n.id ORDER BY c.ord LIMIT 1) "
                       "FROM notes n ORDER BY n.id LIMIT ?1");
  rows.bind(1, qint64(BankInterchange::kMaxQuestions) + 1);
  int number = 0;
  while (rows.step() == SQLITE_ROW) {
    ++number;
    if (number > BankInterchange::kMaxQuestions)
      return fail(tr("more than %1 notes; split the deck").arg(BankInterchange::kMaxQuestions));
    AnkiNote note;
    note.guid = rows.text(0).trimmed();
    note.label = note.guid.isEmpty() ? QStringLiteral("note %1").arg(number) : note.guid;
    if (rows.i64(4) > kMaxNoteBytes) {
      problems->push_back({file, 0, note.label,
                           tr("%1 bytes of fields is over the %2 KiB limit for one note")
                               .arg(rows.i64(4))
                               .arg(kMaxNoteBytes >> 10)});
      continue;
    }
    const Notetype type = notetypes.value(rows.i64(1));
    const QStringList fields = rows.text(3).split(QChar(0x1f));
    if (type.cloze) {
      ++skippedCloze;
      continue;
    }
    if (fields.size() < 2) {
      problems->push_back(
          {file, 0, note.label,
           tr("notetype \"%1\" has %2 field(s); a question needs a front and a back")
               .arg(type.name)
               .arg(fields.size())});
      continue;
    }
    note.front = fields.at(0);
    note.back = fields.at(1);
    note.tags = rows.text(2).trimmed();
    note.deck = deckNames.value(rows.i64(5));
    if (deckTitle->isEmpty() && !note.deck.isEmpty())
      *deckTitle = note.deck.section(QStringLiteral("::"), 0, 0);
    notes.push_back(note);
  }
  if (rows.rc() != SQLITE_DONE && rows.rc() != SQLITE_ROW) return sqlError(tr("reading notes"));
  // What Anki 2.1.50+ writes into collection.anki2 for older versions to show.
  if (entryName == QLatin1String("collection.anki2") && notes.size() == 1 &&
      notes.first().front.startsWith(QLatin1String("Please update to the latest Anki version")))
    return fail(AnkiCollection::newerFormatText());
  if (skippedCloze > 0)
    *notesOut << tr("%n cloze note(s) skipped: only two-sided notes become questions.", nullptr,
                    skippedCloze);
  // Media files are entries "0", "1", ... besides the collection, `media` and `meta`.
  static const QStringList known = {"collection.anki2", "collection.anki21", "collection.anki21b",
                                    "media", "meta"};
  bool media = false;
  for (const ZipReader::Entry& e : collection.zip().entries()) media |= !known.contains(e.name);
  if (media) *notesOut << tr("Media (images, sounds) in the package are not imported.");
  if (!problems->isEmpty()) return none;
  return AnkiTextFormat::questionsFromNotes(notes, true, file, problems);
}

BankFormatSpec AnkiPackageFormat::spec() {
  BankFormatSpec f;
  f.name = QStringLiteral("apkg");
  f.aliases = {QStringLiteral("anki-package")};
  f.suffixes = {QStringLiteral("apkg")};
  f.openFilter =
      QT_TRANSLATE_NOOP("precisionlab::quiz::BankInterchange", "Anki deck package (*.apkg)");
  f.saveFilter =
      QT_TRANSLATE_NOOP("precisionlab::quiz::BankInterchange", "Anki deck package (*.apkg)");
  f.losses = QT_TRANSLATE_NOOP(
      "precisionlab::quiz::BankInterchange",
      "An Anki deck package (a double click opens it in Anki): the same notes as the Anki "
      "text export, one \"PrecisionLab Basic\" note per question with the stem and lettered "
      "options on the front, the answer, the explanation and each option's analysis on the "
      "back; the id is the note's guid, the domain a subdeck, the topic a tag. Why learners "
      "pick an option, when it would be right, the exam trap, references and lab scenarios "
      "are not exported.");
  f.description = QStringLiteral("Anki package (.apkg)");
  f.encoding = BankEncoding::Binary;
  f.maxBytes = kMaxPackageBytes;  // media included, never read
  f.tooBig = QT_TRANSLATE_NOOP("precisionlab::quiz::BankInterchange",
                               "%1 bytes is over the %2 MiB limit for an Anki package");
  f.sniff = [](const QString& suffix, const QByteArray& head) {
    return suffix == QLatin1String("apkg") || head.startsWith(QByteArrayLiteral("PK\x03\x04")) ? 100
                                                                                               : 0;
  };
  f.read = [](const BankFormatInput& in, QVector<ImportProblem>* problems) {
    BankFormatRead r;
    r.questions = read(in.device, in.fileName, problems, &r.title, &r.notes);
    return r;
  };
  f.write = [](const QuestionBank& bank, QString* error) {
    QString why;
    const QByteArray package = write(bank, &why);
    if (package.isEmpty())
      *error = BankInterchange::tr("the Anki package could not be built: %1").arg(why);
    return package;
  };
  f.places = AnkiTextFormat::places();  // the same notes, in a package
  return f;
}

}  // namespace precisionlab::quiz
