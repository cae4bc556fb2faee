#include "engine/LabSession.h"

#include <stdlib.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <system_error>

#include "core/AtomicFileWriter.h"
#include "core/EngineError.h"
#include "core/LabScenarios.h"
#include "core/ScenarioIds.h"
#include "core/ScenarioTable.h"
#include "engine/PreemptionRunner.h"
#include "engine/RunScheduler.h"
#include "engine/TrainEnvironment.h"

namespace precisionlab {

namespace {

namespace fs = std::filesystem;

const std::string& baselineId() {
  static const std::string id(scenario::kBaselineFp32);
  return id;
}

// "vertex-hp-tuning-2": a folder name from the scenario id and the run's place in it.
std::string folderName(const std::string& scenarioId, size_t run) {
  std::string name;
  for (char c : scenarioId)
    name += std::isalnum(static_cast<unsigned char>(c)) || c == '-' ? c : '_';
  if (name.empty()) name = "run";
  return name + "-" + std::to_string(run + 1);
}

std::string issuesText(const std::vector<ConfigIssue>& issues) {
  std::string text;
  for (const ConfigIssue& i : issues) text += (text.empty() ? "" : "; ") + i.message;
  return text;
}

}  // namespace

LabSession::LabSession() : LabSession(Options{}) {}

LabSession::LabSession(Options options)
    : options_(std::move(options)),
      scheduler_(std::make_unique<RunScheduler>(
          options_.workers > 0 ? options_.workers : RunScheduler::labWorkers(),
          options_.workerNice)) {}

LabSession::~LabSession() {
  children_.clear();   // kills a child group still running
  scheduler_.reset();  // cancels the runs and joins the workers: nothing writes any more
  if (!tempCheckpointRoot_.empty()) {
    std::error_code ec;
    fs::remove_all(tempCheckpointRoot_, ec);  // best effort: a leftover is only disk space
  }
}

std::vector<ConfigIssue> LabSession::check(const TrainConfig& settings) {
  return validate(settings, trainEnvironment());
}

std::string LabSession::rowProblem(const std::string& scenarioId, const TrainConfig& settings) {
  const ScenarioSpec* row = findScenario(scenarioId);
  if (!row) return {};
  if ((row->runSource == RunSource::RankKillAndResume ||
       row->runSource == RunSource::ShardedStateJobs) &&
      settings.batchSize % 2 != 0)
    return "batch-size: " + scenarioId + " splits every batch over 2 processes (got " +
           std::to_string(settings.batchSize) + "): use an even batch size";
  if (row->runSource != RunSource::KillAndResume && row->runSource != RunSource::RankKillAndResume)
    return {};
  const int64_t least = PreemptionRunner::minSteps();
  if (settings.steps >= least) return {};
  return "steps: " + scenarioId + " needs at least " + std::to_string(least) + " steps (got " +
         std::to_string(settings.steps) +
         "): it writes a checkpoint every quarter of the run, kills it after 3/5 and judges the "
         "resumed curve on at least " +
         std::to_string(least) + " steps; train " + std::to_string(least) + " steps or more";
}

void LabSession::startChildren(const LabScenario& scenario, const std::string& source) {
  const std::string& id = scenario.row->id;
  const RunSource kind = scenario.row->runSource;
  if (options_.childExecutable.empty())
    throw InputError("\"" + id +
                     "\" runs as child processes of precisionlab-cli, which was not found: "
                     "install the precisionlab-cli package, or set PRECISIONLAB_CLI to the binary");
  std::unique_ptr<PreemptionRunner>& runner = children_[kind];
  // Ids of their own (see PreemptionRunner's constructor): a million apart per runner.
  if (!runner)
    runner = std::make_unique<PreemptionRunner>(options_.childExecutable,
                                                1 + 1000000 * (static_cast<RunId>(kind) - 1));
  TrackedRun probe;
  probe.scenarioId = id;
  probe.source = source;
  const std::string dir = checkpointFolder(probe);
  const std::string records = options_.recordsDir.empty() ? dir : options_.recordsDir;
  const TrainConfig& config = scenario.runs.front().config;
  const std::vector<PreemptionRunner::PlannedRun> planned =
      kind == RunSource::DataParallelChild  ? runner->startDataParallel(config, 2, records)
      : kind == RunSource::ShardedStateJobs ? runner->startShardedState(config, 2, records)
      : kind == RunSource::RankKillAndResume
          ? runner->startRanks(config, 2, kLabWorkerDiesTimeoutSeconds, dir, records)
          : runner->start(config, dir, records);
  for (const PreemptionRunner::PlannedRun& p : planned) {
    TrackedRun log;
    static_cast<RunLog&>(log) = LabScenarios::plan({RunOrigin::Child, p.id}, scenario, 0);
    log.label = p.label;
    log.role = p.role;
    log.config = p.config;
    log.source = source;
    store_.add(std::move(log));
  }
}

std::string LabSession::checkpointFolder(const TrackedRun& run) {
  std::string root = options_.checkpointRoot;
  if (root.empty()) {
    if (tempCheckpointRoot_.empty()) {
      std::error_code ec;
      const fs::path temp = fs::temp_directory_path(ec);
      if (ec) {
        const char* tmpdir = std::getenv("TMPDIR");
        throw InputError("the temporary folder for the run's checkpoints" +
                         (tmpdir ? std::string(" (TMPDIR=") + tmpdir + ")" : std::string()) +
                         " is unusable: " + ec.message() + "; set TMPDIR to a folder with room");
      }
      std::string pattern = (temp / "precisionlab-checkpoints-XXXXXX").string();
      if (::mkdtemp(pattern.data()) == nullptr) {
        const std::string why = AtomicFileWriter::reason(errno);
        throw InputError("cannot create a temporary folder for the run's checkpoints in " +
                         temp.string() + ": " + why +
                         "; free space there, or set TMPDIR to a folder with room");
      }
      tempCheckpointRoot_ = pattern;
    }
    root = tempCheckpointRoot_;
  }
  size_t index = 0;
  for (const TrackedRun* r : store_.runsOf(run.scenarioId))
    if (r->source == run.source) ++index;
  return (fs::path(root) / folderName(run.scenarioId, index)).string();
}

void LabSession::startScenario(const std::string& id, const TrainConfig& settings,
                               const std::string& source) {
  // An option row shows one source at a time; the baseline keeps one per source.
  forget(id, id == baselineId() ? source : std::string());
  const LabScenario scenario = LabScenarios::make(id, settings);  // throws for an unknown id
  if (scenario.row->runSource != RunSource::Scheduler) {
    startChildren(scenario, source);
    if (std::find(scenarioIds_.begin(), scenarioIds_.end(), id) == scenarioIds_.end())
      scenarioIds_.push_back(id);
    return;
  }
  for (size_t i = 0; i < scenario.runs.size(); ++i) {
    TrackedRun log;
    static_cast<RunLog&>(log) = LabScenarios::plan({RunOrigin::Trained, 0}, scenario, i);
    log.source = source;
    if (log.config.checkpointEvery > 0) log.config.checkpointDir = checkpointFolder(log);
    const LabRun& run = scenario.runs[i];
    // A sweep's trial at the baseline's own rate follows the live baseline (the same bits,
    // trained once) while the baseline has not stepped yet; otherwise it trains itself.
    const TrackedRun* base = scenario.row->isSweep ? store_.baseline(source) : nullptr;
    log.key.id = base && base->key.origin == RunOrigin::Trained
                     ? scheduler_->addOrFollow(log.config, run.label, base->key.id, base->config)
                     : scheduler_->add(log.config, run.label);
    store_.add(std::move(log));
  }
  if (std::find(scenarioIds_.begin(), scenarioIds_.end(), id) == scenarioIds_.end())
    scenarioIds_.push_back(id);
}

LabSession::StartResult LabSession::start(const std::string& scenarioId,
                                          const TrainConfig& settings) {
  StartResult result;
  for (const TrackedRun* r : store_.runsOf(scenarioId))
    if (r->active()) {
      result.alreadyRunning = true;
      return result;
    }
  result.issues = check(settings);
  if (!result.issues.empty()) {
    result.failedScenario = scenarioId;
    result.error = issuesText(result.issues);
    return result;
  }
  if (std::string problem = rowProblem(scenarioId, settings); !problem.empty()) {
    result.failedScenario = scenarioId;
    result.error = std::move(problem);
    return result;
  }
  if (!isKnownScenario(scenarioId)) {
    // Before the baseline starts: an unknown id starts nothing.
    result.failedScenario = scenarioId;
    result.error = unknownScenarioText(scenarioId);  // the table's words, naming the known ids
    return result;
  }
  const std::string source = liveSource(settings);
  std::vector<std::string> toStart;
  const bool companion = store_.needsBaseline(scenarioId, source);
  if (companion) toStart.push_back(baselineId());
  toStart.push_back(scenarioId);
  for (const std::string& id : toStart) {
    try {
      startScenario(id, settings, source);
    } catch (const std::exception& e) {
      // Bad settings or an unknown id are the user's to fix: the front end says so.
      result.failedScenario = id;
      result.error = e.what();
      break;
    }
    result.started.push_back(id);
    if (companion && id == baselineId())
      for (const TrackedRun* r : store_.runsOf(id))
        if (r->source == source && r->active() && r->key.origin == RunOrigin::Trained)
          companionBaselines_.push_back(r->key.id);
  }
  if (firstSource_.empty() && !result.started.empty()) firstSource_ = source;
  doneAtLastPoll_ = false;
  return result;
}

LabSession::StartResult LabSession::startAll(const std::vector<std::string>& scenarioIds,
                                             const TrainConfig& settings) {
  StartResult all;
  for (const std::string& id : scenarioIds) {
    // Named twice, or the baseline named after a row that started it: it runs once.
    if (std::find(all.started.begin(), all.started.end(), id) != all.started.end()) continue;
    StartResult one = start(id, settings);
    all.started.insert(all.started.end(), one.started.begin(), one.started.end());
    if (!one.ok()) {
      all.alreadyRunning = one.alreadyRunning;
      all.failedScenario = one.failedScenario;
      all.error = one.error;
      all.issues = one.issues;
      break;
    }
  }
  return all;
}

LabSession::StartResult LabSession::startAll(std::initializer_list<std::string_view> scenarioIds,
                                             const TrainConfig& settings) {
  return startAll(std::vector<std::string>(scenarioIds.begin(), scenarioIds.end()), settings);
}

std::optional<RunKey> LabSession::startRun(const TrainConfig& config, const std::string& label,
                                           StartResult* result) {
  StartResult local;
  StartResult& r = result ? *result : local;
  r.issues = check(config);
  if (!r.issues.empty()) {
    r.failedScenario = label;
    r.error = issuesText(r.issues);
    return std::nullopt;
  }
  TrackedRun log;
  log.label = label;
  log.config = config;
  log.totalSteps = config.steps;
  log.source = liveSource(config);
  log.key = {RunOrigin::Trained, scheduler_->add(config, label)};
  const RunKey key = log.key;
  if (firstSource_.empty()) firstSource_ = log.source;
  store_.add(std::move(log));
  doneAtLastPoll_ = false;
  return key;
}

void LabSession::stop(const std::string& scenarioId) {
  for (const TrackedRun* r : store_.runsOf(scenarioId))
    if (r->active() && !r->replayed()) cancel(r->key);
  if (scenarioId == baselineId()) return;
  // The baseline started for the row just stopped: nothing else trains against it now. A run
  // whose cancel was asked for reads active until its worker stops, so it counts as stopped.
  const bool othersTrain =
      std::any_of(store_.runs().begin(), store_.runs().end(), [&](const TrackedRun& r) {
        return r.active() && !r.replayed() && r.scenarioId != scenarioId &&
               r.scenarioId != baselineId() && !cancelAsked(r.key);
      });
  if (othersTrain) return;
  for (const TrackedRun* r : store_.runsOf(baselineId()))
    if (r->active() && r->key.origin == RunOrigin::Trained &&
        std::find(companionBaselines_.begin(), companionBaselines_.end(), r->key.id) !=
            companionBaselines_.end())
      cancel(r->key);
}

void LabSession::setPaused(const std::string& scenarioId, bool paused) {
  for (const TrackedRun* r : store_.runsOf(scenarioId))
    if (r->active() && r->key.origin == RunOrigin::Trained)
      scheduler_->setPaused(r->key.id, paused);
}

void LabSession::cancel(RunKey key) {
  if (key.origin == RunOrigin::Trained) scheduler_->cancel(key.id);
  if (key.origin == RunOrigin::Child)
    for (auto& [kind, runner] : children_)
      if (runner->owns(key.id)) runner->cancel();  // the experiment whole
  if (!cancelAsked(key)) cancelAsked_.push_back(key);
}

bool LabSession::stopping(const std::string& scenarioId) const {
  for (const TrackedRun* r : store_.runsOf(scenarioId))
    if (r->active() && cancelAsked(r->key)) return true;
  return false;
}

bool LabSession::cancelAsked(RunKey key) const {
  return std::find(cancelAsked_.begin(), cancelAsked_.end(), key) != cancelAsked_.end();
}

void LabSession::cancelAll() {
  scheduler_->cancelAll();
  for (auto& [kind, runner] : children_) runner->cancel();
}

void LabSession::forget(const std::string& scenarioId, const std::string& source) {
  for (const TrackedRun& r : store_.runs())
    if (r.scenarioId == scenarioId && (source.empty() || r.source == source) && r.active())
      cancel(r.key);
  store_.removeScenario(scenarioId, source);  // a restart replaces the old curves
}

void LabSession::clear() {
  cancelAll();
  store_.clear();
  scenarioIds_.clear();
  firstSource_.clear();
  companionBaselines_.clear();
  cancelAsked_.clear();
}

std::vector<RunUpdate> LabSession::poll() {
  // Read idle() before draining: whatever ended before it is in this drain.
  const bool idle =
      scheduler_->idle() && std::none_of(children_.begin(), children_.end(),
                                         [](const auto& c) { return c.second->active(); });
  std::vector<RunUpdate> updates = scheduler_->drain();
  for (const RunUpdate& u : updates) store_.apply(RunOrigin::Trained, u);
  for (auto& [kind, runner] : children_)
    for (RunUpdate& u : runner->drain()) {
      store_.apply(RunOrigin::Child, u);
      updates.push_back(std::move(u));
    }
  // A run that ended (or was forgotten) is no longer stopping.
  cancelAsked_.erase(std::remove_if(cancelAsked_.begin(), cancelAsked_.end(),
                                    [&](RunKey key) {
                                      const TrackedRun* r = store_.find(key);
                                      return !r || !r->active();
                                    }),
                     cancelAsked_.end());
  doneAtLastPoll_ = idle;
  return updates;
}

const std::vector<MeasuredScenario>& LabSession::results() const {
  if (resultsRevision_ != store_.revision() || resultsScenarios_ != scenarioIds_.size()) {
    results_.clear();
    for (const std::string& id : scenarioIds_)
      if (std::optional<MeasuredScenario> m = store_.measured(id))
        results_.push_back(std::move(*m));
    resultsRevision_ = store_.revision();
    resultsScenarios_ = scenarioIds_.size();
  }
  return results_;
}

std::vector<Verdict> LabSession::verdicts(const VerdictOptions& options) const {
  // Every scenario gets a verdict, also when its baseline never stepped (it then says so):
  // the CLI's table has a row per scenario started.
  // The store's one dispatch first; where it has none yet (no baseline stepped, runs still
  // going), the one entry point says why.
  std::vector<Verdict> out;
  for (const MeasuredScenario& m : results()) {
    std::optional<Verdict> v = store_.verdict(m.id, options);
    if (!v) {
      const TrackedRun* base = store_.baselineFor(m.id);
      v = computeVerdict(m, base ? static_cast<const RunLog&>(*base) : RunLog(), options);
    }
    out.push_back(std::move(*v));
  }
  return out;
}

const RunLog& LabSession::baseline() const {
  static const RunLog none;
  const TrackedRun* base = store_.baseline(firstSource_);
  return base ? *base : none;
}

}  // namespace precisionlab
