#include "ui/lab/LabEvidence.h"

#include <QCoreApplication>
#include <QLocale>
#include <algorithm>
#include <cmath>

#include "core/GpuEstimator.h"
#include "core/LabConclusion.h"
#include "core/ScenarioTable.h"
#include "core/SpeedEvidence.h"
#include "engine/BuildInfo.h"
#include "ui/lab/LabVerdicts.h"
#include "ui/lab/ProvenanceBadge.h"
#include "ui/lab/RunDataStore.h"
#include "ui/lab/ScenarioCatalog.h"
#include "ui/lab/StoryCards.h"
#include "ui/lab/VerdictCache.h"

namespace precisionlab {

namespace {

// The whole provenance of a scenario's runs (the card's tooltip).
QString sourceOf(const RunDataStore& store, const QString& scenarioId) {
  const QString source = store.sourceOf(scenarioId);
  QString text = RunDataStore::describeSource(source);
  // Emulated fp16 says so: its numerics are real, its speed and memory are not measurements.
  for (const TrackedRun* r : store.runsOf(scenarioId))
    if (r->provenanceKnown && r->provenance.kind == Provenance::Emulated) {
      text += LabEvidence::tr(" (fp16 emulated: numerics only)");
      break;
    }
  return text;
}

// The short form a card shows: "live, this CPU", "emulated", "recorded 2026-12-01, CPU".
QString shortSourceOf(const RunDataStore& store, const QString& scenarioId) {
  for (const TrackedRun* r : store.runsOf(scenarioId))
    if (r->provenanceKnown) return ProvenanceBadge::shortText(r->provenance);
  return RunDataStore::describeSource(store.sourceOf(scenarioId));
}

// Names the source of the evidence line just added (the others are the card's own).
void tagLastLine(EvidenceCard& c, const QString& source) {
  while (c.evidenceSources.size() + 1 < c.evidence.size()) c.evidenceSources << QString();
  c.evidenceSources << source;
}

// Where a story line's figure comes from: in a card's margin the short form ("live, cpu",
// "published", "estimated"), in its details the whole source (`full`).
QString sourceTag(const EvidenceLine& line, bool full = false) {
  const QString label = QString::fromStdString(line.sourceLabel);
  switch (line.source) {
    case EvidenceSource::Live:
      return full ? LabEvidence::tr("live: %1").arg(label) : LabEvidence::tr("live, this machine");
    case EvidenceSource::Emulated:
      return LabEvidence::tr("emulated: numerics only");
    case EvidenceSource::Recorded:
      return full ? LabEvidence::tr("recorded: %1").arg(label) : LabEvidence::tr("recorded");
    case EvidenceSource::Published:
      return full ? LabEvidence::tr("published: %1").arg(label)
                  : LabEvidence::tr("published; sources in the tooltip");
    case EvidenceSource::Estimated:
      return full ? LabEvidence::tr("estimated: %1").arg(label) : LabEvidence::tr("estimated");
  }
  return QString();
}

}  // namespace

SpeedStory LabEvidence::speedStory(const ScenarioInfo& info, const RunDataStore& store,
                                   const VerdictCache& verdicts) {
  const ScenarioSpec* row = findScenario(info.id.toStdString());
  if (!row) return mixedPrecisionSpeedStory({});
  // Only final verdicts: a figure still moving is no evidence yet.
  const auto verdictOf = [&](const std::string& id) -> const Verdict* {
    const QString qid = QString::fromStdString(id);
    const CachedVerdict* v = verdicts.find(qid);
    return v && LabVerdicts::isFinal(store, qid) ? &v->verdict : nullptr;
  };
  const auto provenanceOf = [&](const std::string& id) -> const RunProvenance* {
    for (const TrackedRun* r : store.runsOf(QString::fromStdString(id)))
      if (r->provenanceKnown && (!r->steps.empty() || r->replayed())) return &r->provenance;
    return nullptr;
  };
  SpeedStoryInput in = speedStoryInput(*row, verdictOf, provenanceOf);
  // Before anything ran: this machine, as a live run would describe it.
  if (in.device.empty()) in.device = thisMachine();
  return mixedPrecisionSpeedStory(in);
}

std::string LabEvidence::thisMachine() {
  static const std::string device = describeComputeDevice("cpu");
  return device;
}

QString LabEvidence::conclusion(const RunDataStore& store, const VerdictCache& verdicts) {
  const QString base = ScenarioCatalog::baselineId();
  if (!verdicts.find(base) || !LabVerdicts::isFinal(store, base)) return QString();
  std::vector<Verdict> finals;
  bool anyOption = false;
  for (const ScenarioSpec& row : scenarioTable()) {
    const QString id = QString::fromStdString(row.id);
    const CachedVerdict* v = verdicts.find(id);
    if (!LabVerdicts::status(store, id).started) continue;
    if (!v || !LabVerdicts::isFinal(store, id)) return QString();  // wait for every run
    finals.push_back(v->verdict);
    anyOption = anyOption || !row.optionText.empty();
  }
  if (!anyOption) return QString();
  const ScenarioInfo* answer = ScenarioCatalog::find(QString::fromStdString(answerScenario().id));
  const bool answerRan = answer && verdicts.find(answer->id);
  const SpeedStory story = answerRan ? speedStory(*answer, store, verdicts) : SpeedStory{};
  QStringList sentences;
  for (const VerdictText& t : labConclusion(finals, answerRan ? &story : nullptr))
    sentences << LabVerdicts::localized(t);
  if (answerRan)
    sentences << (story.hardwareIsRecording ? tr("The recording's machine: %1.")
                                            : tr("This machine: %1."))
                     .arg(LabVerdicts::localized(hardwareCapability(story.hardware)));
  return sentences.join(QLatin1Char(' '));
}

QString LabEvidence::thisMachineLine() {
  return LabVerdicts::localized(hardwareCapability(readHardware(thisMachine())));
}

QStringList LabEvidence::defaultOrder() { return ScenarioCatalog::seedOptionIds(); }

QString LabEvidence::gpuEstimateLine() {
  // The one calibrated summary every place that quotes the estimate shows (core/GpuEstimator.h).
  return LabVerdicts::localized(gpuestimate::summaryText(gpuestimate::labShape()));
}

QString LabEvidence::banner(const RunDataStore& store, const VerdictCache& verdicts) {
  const QString base = ScenarioCatalog::baselineId();
  const CachedVerdict* v = verdicts.find(base);
  if (!v || !LabVerdicts::isFinal(store, base)) return QString();
  const QLocale locale;
  if (v->verdict.judgement == Judgement::BaselineDidNotLearn)
    return LabEvidence::tr(
               "The fp32 baseline did not learn in this run (validation accuracy %1, chance "
               "%2), so no option can be judged against it: every card below is inconclusive. "
               "Run longer (Settings: steps) or with a larger learning rate, then run again.")
        .arg(locale.toString(v->verdict.valAccuracy, 'f', 3),
             locale.toString(v->verdict.chanceAccuracy, 'f', 3));
  if (v->verdict.judgement == Judgement::TooShort)
    return LabEvidence::tr(
        "The fp32 baseline is too short to judge (cancelled, or fewer than 20 steps): run it to "
        "the end to compare the options.");
  return QString();
}

QList<EvidenceCard> LabEvidence::cards(const RunDataStore& store, const VerdictCache& verdicts,
                                       const QStringList& scenarioIds,
                                       const QHash<QString, QString>& letters) {
  QList<EvidenceCard> out;
  for (const QString& id : scenarioIds)
    if (const ScenarioInfo* info = ScenarioCatalog::find(id))
      out.append(card(*info, store, verdicts, letters.value(id)));
  return out;
}

EvidenceCard LabEvidence::card(const ScenarioInfo& info, const RunDataStore& store,
                               const VerdictCache& verdicts, const QString& letter) {
  auto cached = [&verdicts](const QString& id) -> std::optional<Verdict> {
    const CachedVerdict* v = verdicts.find(id);
    return v ? std::optional<Verdict>(v->verdict) : std::nullopt;
  };
  const QString& id = info.id;
  EvidenceCard c;
  c.scenarioId = id;
  c.optionText = QString::fromStdString(info.row->optionText);
  c.correct = info.row->correct;
  c.name = letter.isEmpty() ? info.title : QStringLiteral("%1. %2").arg(letter, info.title);
  const ScenarioStatus status = LabVerdicts::status(store, id);
  const auto verdict = cached(id);
  const std::optional<SpeedStory> story =
      info.row->quotesSpeedEvidence ? std::optional<SpeedStory>(speedStory(info, store, verdicts))
                                    : std::nullopt;
  const bool isFinal = LabVerdicts::isFinal(store, id);
  if (!status.started) {
    c.headline = LabEvidence::tr("Not run yet");
  } else if (!verdict || !isFinal) {
    c.finding = EvidenceCard::Finding::Running;
    // The state itself leads ("Running · 6/100", "Paused · 40/100"), said once.
    QString state = status.text;
    if (!state.isEmpty()) state[0] = state[0].toUpper();
    c.headline = verdict ? state
                         : (LabVerdicts::waitingText(store, id).isEmpty()
                                ? state
                                : LabVerdicts::waitingText(store, id));
    if (status.failed) c.headline = LabEvidence::tr("Failed: %1").arg(status.text);
  }
  if (status.started) {
    c.source = shortSourceOf(store, id);
    c.sourceFull = sourceOf(store, id);
  }
  const bool cannotTell =
      verdict && isFinal &&
      (verdict->judgement == Judgement::Inconclusive || verdict->judgement == Judgement::TooShort);
  if (cannotTell) {
    // Noise is no finding: a card never says an option failed or worked when the runs
    // cannot tell (the verdict's own text says why, with what was measured).
    c.finding = EvidenceCard::Finding::Inconclusive;
    c.headline = verdict->judgement == Judgement::TooShort
                     ? LabEvidence::tr("Too short to judge")
                     : LabEvidence::tr("Inconclusive: the fp32 baseline did not learn");
    c.evidence << LabVerdicts::localizedSummary(*verdict);
  } else if (verdict && isFinal) {
    // The row's story, never its id (core/ScenarioTable.h, EvidenceStory).
    fillStoryCard(c, info.row->story, *verdict, story ? &*story : nullptr);
  }
  if (const ScenarioInfo* companion = ScenarioCatalog::find(info.companion())) {
    // The same mechanism measured here beside it: its figure comes with the story below.
    if (!LabVerdicts::status(store, companion->id).started) {
      c.evidence << LabEvidence::tr("run %1 to measure the same mechanism on this machine")
                        .arg(companion->title);
      tagLastLine(c, LabEvidence::tr("not run yet"));
    }
  }
  if (story) {
    // The card says it in a few words, each line naming its source; the full sentences (the
    // hardware's reason, each published measurement with its batch, sequence and code path)
    // are the card's details, as verdicts.txt prints them.
    // Each line as English() joins it (core/SpeedEvidence.h), translated part by part.
    const auto localizedLine = [](const EvidenceLine& line) {
      QString text = LabVerdicts::localized(line.text);
      if (!line.reason.text.empty())
        text += QStringLiteral("; ") + LabVerdicts::localized(line.reason);
      return text;
    };
    // While its runs go, or when they cannot tell, the card stays short: the state leads and
    // one line says what to expect here; the rest wait in its details (the tooltip) until a
    // verdict (at 1024x768 a running or too-short fp16=True card of four to seven lines, placed
    // in the first row by the question's letters, pushed the second row's titles out of view).
    std::vector<EvidenceLine> brief = briefLines(story->lines);
    if ((c.finding == EvidenceCard::Finding::Running || cannotTell) && brief.size() > 1)
      brief.resize(1);
    for (const EvidenceLine& line : brief) {
      c.evidence << localizedLine(line);
      tagLastLine(c, sourceTag(line));
    }
    for (const EvidenceLine& line : story->lines)
      c.details << QStringLiteral("%1 [%2]").arg(localizedLine(line), sourceTag(line, true));
  }
  return c;
}

}  // namespace precisionlab
