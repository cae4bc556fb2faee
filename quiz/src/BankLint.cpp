#include "quiz/BankLint.h"

#include "core/ScenarioTable.h"

#include <QRegularExpression>
#include <QSet>
#include <algorithm>
#include <cmath>
#include <unordered_map>
#include <utility>
#include <vector>

namespace precisionlab::quiz {
namespace {

// A phrase must appear in the wrong options of at least this many questions, and of this share
// of the bank, before it counts as a reused distractor: one repeat is normal writing.
constexpr int kMinReusedQuestions = 3;
constexpr double kMinReusedShare = 0.15;

// Words too common to make a distractor recognisable. A phrase is two adjacent words that are
// both outside this list, so "run a tuning job" yields "tuning job" but never "run a".
const QSet<QString>& stopWords() {
  static const QSet<QString> words = [] {
    QSet<QString> s;
    for (const char* w :
         {"a",    "an",   "the",   "of",    "to",     "in",      "on",    "for",   "with", "and",
          "or",   "but",  "so",    "that",  "this",   "these",   "those", "is",    "are",  "was",
          "be",   "been", "it",    "its",   "by",     "as",      "at",    "from",  "into", "via",
          "than", "then", "each",  "every", "all",    "no",      "not",   "only",  "more", "less",
          "most", "same", "other", "one",   "two",    "your",    "you",   "their", "they", "we",
          "our",  "can",  "will",  "would", "should", "must",    "does",  "do",    "use",  "set",
          "run",  "make", "keep",  "add",   "so",     "instead", "which", "when",  "while"})
      s.insert(QString::fromLatin1(w));
    return s;
  }();
  return words;
}

// Lower-cased words with surrounding punctuation removed; code tokens keep their inner dots,
// underscores and '=' ("model.half()" -> "model.half").
QStringList words(const QString& text) {
  static const QRegularExpression space(QStringLiteral("\\s+"));
  static const QString edge = QStringLiteral("\"'`()[]{},;:.!?");
  QStringList out;
  for (QString w : text.toLower().split(space, Qt::SkipEmptyParts)) {
    qsizetype b = 0;
    qsizetype e = w.size();
    while (b < e && edge.contains(w.at(b))) ++b;
    while (e > b && edge.contains(w.at(e - 1))) --e;
    out << w.mid(b, e - b);  // may be empty: a separator that breaks phrases
  }
  return out;
}

bool isCodeToken(const QString& w) {
  return w.size() > 2 && (w.contains(QLatin1Char('.')) || w.contains(QLatin1Char('_')) ||
                          w.contains(QLatin1Char('=')));
}

bool isContentWord(const QString& w) { return w.size() > 1 && !stopWords().contains(w); }

// The distractor "themes" of one option text: adjacent content-word pairs and code tokens.
QSet<QString> themes(const QString& text) {
  QSet<QString> out;
  const QStringList w = words(text);
  for (qsizetype i = 0; i < w.size(); ++i) {
    if (isCodeToken(w[i])) {
      out.insert(w[i]);
      // A setting is one theme whatever its value: "max_grad_norm=0.5" and "max_grad_norm=0"
      // are both "max_grad_norm=" (each value alone was too rare to count).
      const qsizetype eq = w[i].indexOf(QLatin1Char('='));
      if (eq > 1 && eq + 1 < w[i].size()) out.insert(w[i].left(eq + 1));
    }
    if (i + 1 < w.size() && isContentWord(w[i]) && isContentWord(w[i + 1]))
      out.insert(w[i] + QLatin1Char(' ') + w[i + 1]);
  }
  return out;
}

QString optionLabel(const QString& questionId, const QString& optionId) {
  return questionId + QLatin1Char(' ') + optionId;
}

// The options (or phrases) a warning names, at most kMaxListed of them and a count of the rest:
// a theme wrong in every question of a 10,000-question bank was one line of 120,242 characters.
// The warning still says how many there are in all.
constexpr int kMaxListed = 10;
// `first`: the first kMaxListed (or fewer) of `total` items, already text.
QString listedOf(const QStringList& first, qsizetype total) {
  const QString shown = first.join(QStringLiteral(", "));
  return total <= kMaxListed ? shown
                             : BankLint::tr("%1 and %2 more").arg(shown).arg(total - kMaxListed);
}
QString listed(const QStringList& items) {
  return listedOf(items.mid(0, kMaxListed), items.size());
}

// An option by its place in the bank: (question index, option index). Labels ("q00001 c") are
// made only for the few a warning lists. One label per phrase occurrence and a set of question
// ids per phrase was most of the lint's memory: 190 MiB on a generated 15.5 MB bank of 10,000
// questions (bench/make_lint_bank.py), 12.9x the file; now 42 MiB (bench/bench_lint.cpp).
// A QuestionBank is validated (BankLoader): question ids are unique, and option ids unique within
// their question, so a reference names what its label named.
struct OptionRef {
  int question = 0;
  int option = 0;
  quint64 key() const { return (quint64(quint32(question)) << 32) | quint32(option); }
};

QString labelOf(const QuestionBank& bank, OptionRef r) {
  const Question& q = bank.questions[r.question];
  return optionLabel(q.id, q.options[r.option].id);
}

// listed() over option references: only the listed ones become text.
QString listedRefs(const QuestionBank& bank, const std::vector<OptionRef>& refs) {
  QStringList first;
  for (size_t i = 0; i < refs.size() && first.size() < kMaxListed; ++i)
    first << labelOf(bank, refs[i]);
  return listedOf(first, static_cast<qsizetype>(refs.size()));
}

// Where the key's length sits among a question's options, over the single-answer questions with
// three or more options: with four options the key is the longest by chance in about a quarter of
// them and the shortest in another quarter. A bank where either share is above 30 % hands out
// "pick the longest" (or "the shortest") as a strategy, even when every margin is a few
// characters. Fewer than kMinLengthQuestions such questions are too few to tell a cue from chance.
constexpr double kMaxExtremeShare = 0.30;
constexpr int kMinLengthQuestions = 10;

void keyLengthExtremes(const QuestionBank& bank, QVector<LintWarning>& out) {
  struct Hit {
    const Question* q;
    const Option* key;
    qsizetype keyLength;
    qsizetype otherLength;  // the longest wrong option's (longest) or the shortest's (shortest)
  };
  QVector<Hit> longest, shortest;
  int eligible = 0;
  for (const Question& q : bank.questions) {
    // With two options one of them is always the longest; a multiple-answer key has no one length.
    if (q.answer != AnswerKind::Single || q.options.size() < 3) continue;
    const Option* key = nullptr;
    qsizetype longestWrong = -1;
    qsizetype shortestWrong = -1;
    for (const Option& o : q.options) {
      if (o.correct) {
        key = &o;
        continue;
      }
      longestWrong = std::max(longestWrong, o.text.size());
      shortestWrong = shortestWrong < 0 ? o.text.size() : std::min(shortestWrong, o.text.size());
    }
    if (!key || longestWrong < 0) continue;
    ++eligible;
    if (key->text.size() > longestWrong)
      longest.push_back({&q, key, key->text.size(), longestWrong});
    else if (key->text.size() < shortestWrong)
      shortest.push_back({&q, key, key->text.size(), shortestWrong});
  }
  if (eligible < kMinLengthQuestions) return;
  const auto report = [&](const QVector<Hit>& hits, const char* rule, const QString& text) {
    if (hits.size() <= kMaxExtremeShare * eligible) return;
    const QString share = QString::number(100.0 * hits.size() / eligible, 'f', 0);
    for (const Hit& h : hits)
      out.push_back(
          {QString::fromLatin1(rule), h.q->id, h.key->id,
           text.arg(h.keyLength).arg(h.otherLength).arg(hits.size()).arg(eligible).arg(share)});
  };
  report(longest, "longest-key",
         BankLint::tr("the keyed option is the longest (%1 characters, the longest wrong one "
                      "%2); the key is the longest in %3 of %4 single-answer questions (%5 %, "
                      "above 30 %; with four options chance gives about 25 %), so picking the "
                      "longest option scores: rewrite options so that the key's length varies"));
  report(shortest, "shortest-key",
         BankLint::tr("the keyed option is the shortest (%1 characters, the shortest wrong one "
                      "%2); the key is the shortest in %3 of %4 single-answer questions (%5 %, "
                      "above 30 %; with four options chance gives about 25 %), so picking the "
                      "shortest option scores: rewrite options so that the key's length varies"));
}

// Where a phrase (themes()) occurs: its first wrong option in each question where it is wrong
// (questions are read in order, so one per question and in bank order), and the number of
// questions where it is keyed.
struct PhraseOccurrences {
  std::vector<OptionRef> wrong;
  int keyedQuestions = 0;
  int lastKeyed = -1;  // the question last counted in keyedQuestions
};
// Phrases in alphabetical order (the stable tie order of the warnings), with their occurrences.
using PhraseList = std::vector<std::pair<QString, PhraseOccurrences>>;

PhraseList phraseOccurrences(const QuestionBank& bank) {
  QHash<QString, PhraseOccurrences> byPhrase;
  for (int qi = 0; qi < bank.questions.size(); ++qi) {
    const Question& q = bank.questions[qi];
    for (int oi = 0; oi < q.options.size(); ++oi) {
      const Option& o = q.options[oi];
      for (const QString& t : themes(o.text)) {
        PhraseOccurrences& occ = byPhrase[t];
        if (o.correct) {
          if (occ.lastKeyed != qi) {
            occ.lastKeyed = qi;
            ++occ.keyedQuestions;
          }
        } else if (occ.wrong.empty() || occ.wrong.back().question != qi) {
          occ.wrong.push_back({qi, oi});
        }
      }
    }
  }
  PhraseList out;
  out.reserve(size_t(byPhrase.size()));
  for (auto it = byPhrase.begin(); it != byPhrase.end(); ++it)
    out.emplace_back(it.key(), std::move(it.value()));
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  return out;
}

struct PhraseCluster {
  QString phrase;
  const PhraseOccurrences* occ = nullptr;  // the founding phrase's
  QStringList related;                     // phrases that joined it, quoted
};

// Most widespread first. A phrase that shares a word with a reported one and mostly the same
// options is the same distractor ("ai hyperparameter", "hyperparameter tuning" and "tuning job"
// after "vertex ai"): it joins that cluster (the first, in that order, that shares a word) and is
// named with it; other phrases get their own. "The same options": two thirds of the phrase's
// options are options of some cluster sharing a word with it. Found through indexes (the first
// cluster holding a word, the clusters founded on an option), so the work grows with the phrase
// occurrences, not with phrases times clusters. Comparing each phrase with the options of every
// cluster sharing a word with it was quadratic: 3,333 phrases "rent wNNNNNx" on 10,000 questions,
// each its own cluster sharing "rent", cost 2.5 s of CPU, 4x the questions 11x-14x that
// (bench/make_lint_bank.py --shape clusters; issue 47).
// `lookups` counts the index look-ups (Work).
QVector<PhraseCluster> clusterPhrases(
    std::vector<const std::pair<QString, PhraseOccurrences>*> flagged, quint64* lookups) {
  std::stable_sort(flagged.begin(), flagged.end(), [](const auto* a, const auto* b) {
    return a->second.wrong.size() > b->second.wrong.size();
  });
  QVector<PhraseCluster> clusters;
  std::vector<QSet<QString>> clusterWords;                  // each cluster's words, joined ones too
  QHash<QString, int> firstClusterWith;                     // word -> the lowest cluster holding it
  std::unordered_map<quint64, std::vector<int>> foundedOn;  // option -> clusters it founded
  const auto addWords = [&](int cluster, const QStringList& words) {
    for (const QString& w : words) {
      clusterWords[size_t(cluster)].insert(w);
      auto it = firstClusterWith.find(w);
      if (it == firstClusterWith.end())
        firstClusterWith.insert(w, cluster);
      else if (cluster < *it)
        *it = cluster;
    }
  };
  for (const auto* entry : flagged) {
    const QString& phrase = entry->first;
    const PhraseOccurrences& occ = entry->second;
    const QStringList phraseWords = phrase.split(QLatin1Char(' '));
    int first = -1;
    for (const QString& w : phraseWords) {
      if (lookups) ++*lookups;
      const auto it = firstClusterWith.constFind(w);
      if (it != firstClusterWith.constEnd() && (first < 0 || *it < first)) first = *it;
    }
    if (first >= 0) {
      size_t seen = 0;
      for (const OptionRef& r : occ.wrong) {
        if (lookups) ++*lookups;
        const auto founders = foundedOn.find(r.key());
        if (founders == foundedOn.end()) continue;
        for (int c : founders->second) {
          if (lookups) ++*lookups;
          bool sharesWord = false;
          for (const QString& w : phraseWords)
            sharesWord = sharesWord || clusterWords[size_t(c)].contains(w);
          if (sharesWord) {
            ++seen;
            break;
          }
        }
      }
      if (seen * 3 >= occ.wrong.size() * 2) {
        addWords(first, phraseWords);
        clusters[first].related << QLatin1Char('"') + phrase + QLatin1Char('"');
        continue;
      }
    }
    const int index = clusters.size();
    clusters.push_back({phrase, &occ, {}});
    clusterWords.emplace_back();
    addWords(index, phraseWords);
    for (const OptionRef& r : occ.wrong) foundedOn[r.key()].push_back(index);
  }
  return clusters;
}

QString withRelated(const PhraseCluster& c) {
  return c.related.isEmpty() ? QString() : BankLint::tr(" (with %1)").arg(listed(c.related));
}

// Returns the phrases it reported, so that never-keyed-theme does not report them again.
QSet<QString> reusedDistractors(const QuestionBank& bank, const PhraseList& phrases,
                                QVector<LintWarning>& out, quint64* lookups) {
  const int threshold = std::max(
      kMinReusedQuestions, static_cast<int>(std::ceil(kMinReusedShare * bank.questions.size())));
  std::vector<const std::pair<QString, PhraseOccurrences>*> flagged;
  QSet<QString> reported;
  for (const auto& entry : phrases) {
    const int wrong = static_cast<int>(entry.second.wrong.size());
    if (wrong >= threshold && entry.second.keyedQuestions * 3 <= wrong) {
      flagged.push_back(&entry);
      reported.insert(entry.first);
    }
  }
  for (const PhraseCluster& c : clusterPhrases(flagged, lookups)) {
    const OptionRef first = c.occ->wrong.front();
    const Question& q = bank.questions[first.question];
    out.push_back({QStringLiteral("reused-distractor"), q.id, q.options[first.option].id,
                   BankLint::tr("\"%1\"%2 appears in wrong options of %3 questions (%4) and in "
                                "keyed options of %5, so a learner can rule it out by pattern: "
                                "vary the distractors")
                       .arg(c.phrase, withRelated(c))
                       .arg(c.occ->wrong.size())
                       .arg(listedRefs(bank, c.occ->wrong))
                       .arg(c.occ->keyedQuestions)});
  }
  return reported;
}

void allOrNoneOfTheAbove(const QuestionBank& bank, QVector<LintWarning>& out) {
  static const QRegularExpression re(
      QStringLiteral("\\b(all|none|both|neither)\\s+(of\\s+)?(the\\s+)?(above|these|those|"
                     "options|answers|choices|others)\\b"),
      QRegularExpression::CaseInsensitiveOption);
  for (const Question& q : bank.questions)
    for (const Option& o : q.options) {
      const auto m = re.match(o.text);
      if (m.hasMatch())
        out.push_back({QStringLiteral("all-none-of-the-above"), q.id, o.id,
                       BankLint::tr("\"%1\" refers to the other options, whose order the app "
                                    "shuffles, and is a known answer cue: write the option "
                                    "out as its own claim")
                           .arg(m.captured(0))});
    }
}

void multipleCount(const QuestionBank& bank, QVector<LintWarning>& out) {
  static const QRegularExpression re(
      QStringLiteral("\\b(?:choose|select|pick|mark|name|which|what)\\s+(?:the\\s+)?"
                     "(two|three|four|five|2|3|4|5)\\b"),
      QRegularExpression::CaseInsensitiveOption);
  static const QHash<QString, int> numbers{
      {QStringLiteral("two"), 2},  {QStringLiteral("three"), 3}, {QStringLiteral("four"), 4},
      {QStringLiteral("five"), 5}, {QStringLiteral("2"), 2},     {QStringLiteral("3"), 3},
      {QStringLiteral("4"), 4},    {QStringLiteral("5"), 5}};
  for (const Question& q : bank.questions) {
    if (q.answer != AnswerKind::Multiple) continue;
    const int keyed = static_cast<int>(q.correctOptionIds().size());
    const auto m = re.match(q.stem);
    if (!m.hasMatch()) {
      out.push_back({QStringLiteral("multiple-count"), q.id, QString(),
                     BankLint::tr("a multiple-answer question whose stem does not say how many "
                                  "to choose; say it (\"Which %1 ...\", \"Choose %1.\"), as "
                                  "the exam does")
                         .arg(keyed)});
    } else if (numbers.value(m.captured(1).toLower()) != keyed) {
      out.push_back({QStringLiteral("multiple-count"), q.id, QString(),
                     BankLint::tr("the stem says \"%1\" but %2 options are keyed correct")
                         .arg(m.captured(0))
                         .arg(keyed)});
    }
  }
}

void labLinks(const QuestionBank& bank, QVector<LintWarning>& out) {
  for (const Question& q : bank.questions)
    for (const Option& o : q.options) {
      if (o.scenario.isEmpty()) continue;
      const ScenarioSpec* spec = findScenario(o.scenario.toStdString());
      if (!spec) {
        // The loader refuses such a file; a bank built in code or by an importer may still
        // hold one, and the app would offer a lab run that does not exist.
        out.push_back({QStringLiteral("lab-link"), q.id, o.id,
                       BankLint::tr("links the lab scenario '%1', which does not exist "
                                    "(known: %2)")
                           .arg(o.scenario, QString::fromStdString(knownScenarioIds()))});
        continue;
      }
      const QString shows = QString::fromStdString(spec->shows);
      if (spec->linkFrom == EvidenceLink::Correct && !o.correct)
        out.push_back({QStringLiteral("lab-link"), q.id, o.id,
                       BankLint::tr("a wrong option links the lab scenario '%1', whose run "
                                    "shows %2: the lab would argue for this option; remove "
                                    "the link or link a run that shows why it fails")
                           .arg(o.scenario, shows)});
      else if (spec->linkFrom == EvidenceLink::Wrong && o.correct)
        out.push_back({QStringLiteral("lab-link"), q.id, o.id,
                       BankLint::tr("the keyed option links the lab scenario '%1', whose run "
                                    "shows %2: the lab would argue against the key; remove the "
                                    "link or link a run that shows the key working")
                           .arg(o.scenario, shows)});
    }
}

// A theme is a kind of advice (scale the hardware up, change the learning rate, reserve
// capacity) written in many ways, so a phrase count misses it; each is recognised by a pattern.
// A theme that is wrong in several questions and never the key teaches "never pick it", which
// the exam does not reward. Any other repeated phrase or code token (themes()) that is wrong in
// as many questions and never keyed is the same cue and is reported under the same rule.
struct Theme {
  const char* name;
  const char* pattern;
};
constexpr Theme kThemes[] = {
    // The verb or comparative and the hardware within one clause and 40 characters: "the 8 GPUs
    // are summed into one update that is 8 times larger" is about gradients, not hardware.
    {"more or bigger hardware",
     "\\b(upgrade|move|switch|migrate|give|add|larger|bigger|more|faster|extra|additional)\\b"
     "[^,.;]{0,40}\\b(gpus?|a100s?|h100s?|h200s?|b200s?|l4s?|t4s?|v100s?|tpus?|slices?|chips|"
     "vcpus|machines?|nodes|accelerators?)\\b|"
     "\\b(gpus?|a100s?|h100s?|h200s?|b200s?|l4s?|t4s?|v100s?|tpus?|slices?|chips|vcpus|"
     "machines?|nodes|accelerators?)\\b[^,.;]{0,40}\\b(larger|bigger|more|faster)\\b"},
    {"change the learning rate",
     "\\b(lower|raise|double|halve|divide|scale|increase|decrease|reduce)\\b[^.;]*"
     "\\blearning rate\\b|\\blearning rate\\b[^.;]*\\b(lower|raise|double|halve|scale|increase|"
     "decrease|reduce)\\b"},
    // Reservations and commitments are two themes, not one: a reservation holds capacity, a
    // commitment lowers a price. Joined, a keyed reservation hid a commitment that was wrong in
    // three questions and never the key (bank 2.3.0: 025d, 043c, 047d; issue 45).
    {"reserved capacity", "\\b(reservations?|reserved|reserve)\\b"},
    {"committed use discounts", "\\b(committed use|commitments?|cuds?)\\b"},
    // Clipping, however it is set: "clip gradients", "max_grad_norm=0.5", "clip_grad_norm_".
    {"gradient clipping", "\\b(clip|clips|clipped|clipping|max_grad_norm|clip_grad_norm_?)\\b"},
    {"Spot or preemptible capacity", "\\b(spot|preemptible)\\b"},
    {"AutoML", "\\bautoml\\b"},
    // A change of framework: a verb and a framework within one clause, or "X instead of Y".
    {"switch the framework",
     "\\b(switch|move|port|rewrite|migrate|convert|change)\\b[^,.;]{0,40}\\b(tensorflow|"
     "pytorch|jax|keras|flax)\\b|\\b(tensorflow|pytorch|jax|keras|flax)\\b[^,.;]{0,20}\\binstead "
     "of\\b"},
};
constexpr int kMinThemeQuestions = 3;

void neverKeyedThemes(const QuestionBank& bank, const PhraseList& phrases,
                      const QSet<QString>& reportedPhrases, QVector<LintWarning>& out,
                      quint64* lookups) {
  const auto report = [&](const QString& name, const QString& related,
                          const std::vector<OptionRef>& wrong) {
    const Question& q = bank.questions[wrong.front().question];
    out.push_back({QStringLiteral("never-keyed-theme"), q.id, q.options[wrong.front().option].id,
                   BankLint::tr("\"%1\"%2 is a wrong option in %3 questions (%4) and the key in "
                                "none, so the bank teaches that it is never right; write "
                                "questions where it is the answer, or vary the distractors")
                       .arg(name, related)
                       .arg(wrong.size())
                       .arg(listedRefs(bank, wrong))});
  };
  // Questions (by index) where a reported theme is a wrong option.
  std::vector<bool> themeQuestions(size_t(bank.questions.size()), false);
  for (const Theme& theme : kThemes) {
    const QRegularExpression re(QString::fromLatin1(theme.pattern),
                                QRegularExpression::CaseInsensitiveOption);
    std::vector<OptionRef> wrong;
    int keyed = 0;
    for (int qi = 0; qi < bank.questions.size(); ++qi) {
      const Question& q = bank.questions[qi];
      int firstWrong = -1;
      for (int oi = 0; oi < q.options.size(); ++oi) {
        const Option& o = q.options[oi];
        if (!re.match(o.text).hasMatch()) continue;
        if (o.correct)
          ++keyed;
        else if (firstWrong < 0)
          firstWrong = oi;
      }
      if (firstWrong >= 0) wrong.push_back({qi, firstWrong});
    }
    if (keyed > 0 || wrong.size() < size_t(kMinThemeQuestions)) continue;
    for (const OptionRef& r : wrong) themeQuestions[size_t(r.question)] = true;
    report(QString::fromLatin1(theme.name), QString(), wrong);
  }
  // Phrases: wrong in as many questions, keyed in none, not already a reused distractor, and not
  // mostly the questions of a theme reported above (then it is that theme's wording).
  std::vector<const std::pair<QString, PhraseOccurrences>*> flagged;
  for (const auto& entry : phrases)
    if (entry.second.wrong.size() >= size_t(kMinThemeQuestions) &&
        entry.second.keyedQuestions == 0 && !reportedPhrases.contains(entry.first))
      flagged.push_back(&entry);
  for (const PhraseCluster& c : clusterPhrases(flagged, lookups)) {
    size_t inThemes = 0;
    for (const OptionRef& r : c.occ->wrong) inThemes += themeQuestions[size_t(r.question)] ? 1 : 0;
    if (inThemes * 3 >= c.occ->wrong.size() * 2) continue;
    report(c.phrase, withRelated(c), c.occ->wrong);
  }
}

// "always", "never", "only", "all", "none", "nothing": test-wise learners rule such options out.
// Chance puts about one keyed option per three wrong ones; a bank whose absolutes sit in wrong
// options more than four times as often as in keyed ones hands out that shortcut.
void absolutesInDistractors(const QuestionBank& bank, QVector<LintWarning>& out) {
  static const QRegularExpression re(
      // Not inside a hyphenated term: "all-reduce" and "CPU-only" claim nothing absolute.
      QStringLiteral("(?<![-\\w])(always|never|only|all|none|nothing)(?![-\\w])"),
      QRegularExpression::CaseInsensitiveOption);
  std::vector<OptionRef> wrong;
  size_t keyed = 0;
  for (int qi = 0; qi < bank.questions.size(); ++qi) {
    const Question& q = bank.questions[qi];
    for (int oi = 0; oi < q.options.size(); ++oi) {
      if (!re.match(q.options[oi].text).hasMatch()) continue;
      if (q.options[oi].correct)
        ++keyed;
      else
        wrong.push_back({qi, oi});
    }
  }
  if (wrong.size() < size_t(kMinReusedQuestions) || keyed * 4 >= wrong.size()) return;
  const Question& first = bank.questions[wrong.front().question];
  out.push_back({QStringLiteral("absolute-wording"), first.id,
                 first.options[wrong.front().option].id,
                 BankLint::tr("absolute words (always, never, only, all, none, nothing) appear "
                              "in %1 wrong options (%2) and %3 keyed ones, so \"an absolute "
                              "claim is wrong\" scores: qualify the distractors or let keys "
                              "make absolute claims where they are true")
                     .arg(wrong.size())
                     .arg(listedRefs(bank, wrong))
                     .arg(keyed)});
}

// Content words of a text for the echo rule: at least 4 characters, not a stop word nor a
// number, a plain plural folded onto its singular ("lines" -> "line").
QSet<QString> echoWords(const QString& text) {
  static const QSet<QString> extra{
      QStringLiteral("what"),  QStringLiteral("about"),   QStringLiteral("there"),
      QStringLiteral("have"),  QStringLiteral("also"),    QStringLiteral("just"),
      QStringLiteral("like"),  QStringLiteral("such"),    QStringLiteral("both"),
      QStringLiteral("some"),  QStringLiteral("many"),    QStringLiteral("much"),
      QStringLiteral("very"),  QStringLiteral("because"), QStringLiteral("before"),
      QStringLiteral("after"), QStringLiteral("first"),   QStringLiteral("them")};
  static const QRegularExpression number(QStringLiteral("^[0-9.,%x]+$"));
  QSet<QString> out;
  for (QString w : words(text)) {
    if (w.size() < 4 || stopWords().contains(w) || extra.contains(w) || number.match(w).hasMatch())
      continue;
    if (w.endsWith(QLatin1Char('s')) && !w.endsWith(QStringLiteral("ss"))) w.chop(1);
    out.insert(w);
  }
  return out;
}

// A stem that shares two or more uncommon words with its key and with no distractor points at
// the key by vocabulary alone ("Bayesian optimization ... sooner" in the stem and only in the
// key). Uncommon: used by at most a tenth of the bank's questions (and at least by two).
constexpr int kMinEchoWords = 2;
constexpr double kMaxEchoShare = 0.10;

void stemEchoesKey(const QuestionBank& bank, QVector<LintWarning>& out) {
  QHash<QString, int> questionsUsing;
  QVector<QSet<QString>> stems;
  for (const Question& q : bank.questions) {
    QSet<QString> all = echoWords(q.stem);
    stems << all;
    for (const Option& o : q.options) all += echoWords(o.text);
    for (const QString& w : all) ++questionsUsing[w];
  }
  const int uncommon =
      std::max(2, static_cast<int>(kMaxEchoShare * static_cast<double>(bank.questions.size())));
  for (int i = 0; i < bank.questions.size(); ++i) {
    const Question& q = bank.questions[i];
    QSet<QString> inWrong;
    for (const Option& o : q.options)
      if (!o.correct) inWrong += echoWords(o.text);
    for (const Option& o : q.options) {
      if (!o.correct) continue;
      QStringList shared;
      for (const QString& w : echoWords(o.text))
        if (stems[i].contains(w) && !inWrong.contains(w) && questionsUsing.value(w) <= uncommon)
          shared << w;
      if (shared.size() < kMinEchoWords) continue;
      shared.sort();
      out.push_back(
          {QStringLiteral("stem-echoes-key"), q.id, o.id,
           BankLint::tr("the stem shares the uncommon words %1 with the key and with "
                        "no wrong option, so the wording points at the key: reword "
                        "the stem or use the words in a distractor too")
               .arg(QLatin1Char('"') + shared.join(QStringLiteral("\", \"")) + QLatin1Char('"'))});
    }
  }
}

// Informational: a stem that asks for a fact with no situation around it ("Which statement
// about TF32 is correct?"). The exam wraps recall in a scenario whose constraint decides between
// two viable options; a few recall items are fine, so this is a note, not a warning.
void bareRecallStems(const QuestionBank& bank, QVector<LintWarning>& out) {
  static const QRegularExpression recall(
      QStringLiteral("\\b(which|what)\\s+(?:(?:two|three|four|\\d)\\s+)?statements?\\b|"
                     "\\b(?:is|are)\\s+(?:true|correct)\\s*\\?\\s*$"),
      QRegularExpression::CaseInsensitiveOption);
  static const QRegularExpression sentenceEnd(QStringLiteral("[.?!](\\s|$)"));
  for (const Question& q : bank.questions) {
    int sentences = 0;
    for (auto it = sentenceEnd.globalMatch(q.stem.trimmed()); it.hasNext(); it.next()) ++sentences;
    const bool oneSentence = sentences <= 1;
    if (!recall.match(q.stem).hasMatch() && !oneSentence) continue;
    out.push_back({QStringLiteral("bare-recall"), q.id, QString(),
                   BankLint::tr("the stem asks for a fact without a scenario; the exam wraps "
                                "recall in a situation whose constraint decides between two "
                                "viable options (\"... What should you do?\")")});
  }
}

}  // namespace

QString LintWarning::toString() const {
  QString where = questionId;
  if (!optionId.isEmpty()) where += QStringLiteral(" option ") + optionId;
  return QStringLiteral("%1: %2 [%3]").arg(where, message, rule);
}

bool LintWarning::informational() const { return rule == QLatin1String("bare-recall"); }

QVector<LintWarning> BankLint::check(const QuestionBank& bank, Work* work) {
  QVector<LintWarning> out;
  quint64* lookups = work ? &work->groupingChecks : nullptr;
  keyLengthExtremes(bank, out);
  const PhraseList phrases = phraseOccurrences(bank);
  if (work) work->phrases = phrases.size();
  const QSet<QString> reused = reusedDistractors(bank, phrases, out, lookups);
  allOrNoneOfTheAbove(bank, out);
  multipleCount(bank, out);
  labLinks(bank, out);
  neverKeyedThemes(bank, phrases, reused, out, lookups);
  absolutesInDistractors(bank, out);
  stemEchoesKey(bank, out);
  bareRecallStems(bank, out);
  return out;
}

QStringList lintBank(const QuestionBank& bank) {
  QStringList lines;
  for (const LintWarning& w : BankLint::check(bank))
    if (!w.informational()) lines << w.toString();
  return lines;
}

QStringList lintNotes(const QuestionBank& bank) {
  QStringList lines;
  for (const LintWarning& w : BankLint::check(bank))
    if (w.informational()) lines << w.toString();
  return lines;
}

}  // namespace precisionlab::quiz
