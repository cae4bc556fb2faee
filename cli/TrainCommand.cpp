// `precisionlab-cli train`: one training run through the lab's driver (engine/LabSession.h), with
// a progress bar on a terminal, one JSON line per step with --jsonl, or a log line every few
// steps otherwise.
// Ctrl-C cancels the run after the step in progress.
// Data-parallel (docs/data-parallel.md): `--nproc N` starts N ranks of this binary on this
// machine (cli/RankLauncher.h); a process started with torchrun's environment (RANK,
// WORLD_SIZE, MASTER_ADDR, MASTER_PORT) is one rank of a job that may span machines
// (engine/DataParallelTrain.h). Rank 0 prints what one process would; the others print only
// errors, on stderr.
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdlib>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <optional>
#include <sstream>

#include "cli/ArgParser.h"
#include "cli/CommandRegistry.h"
#include "cli/CountText.h"
#include "cli/EngineCommands.h"
#include "cli/JsonText.h"
#include "cli/ProgressBar.h"
#include "cli/RankLauncher.h"
#include "cli/SessionLoop.h"
#include "cli/TrainingOptions.h"
#include "core/BertConfig.h"
#include "core/EngineError.h"
#include "core/Json.h"
#include "core/LabScenarios.h"
#include "core/RecordJson.h"
#include "core/RunLog.h"
#include "core/TerminalText.h"
#include "core/TrainConfig.h"
#include "engine/DataParallelTrain.h"
#include "engine/LabSession.h"

namespace precisionlab::cli {

namespace {

std::string evalText(const EvalRecord& e) {
  return "eval step " + std::to_string(e.step) + ": val loss " + formatNumber("%.4f", e.valLoss) +
         ", accuracy " + formatNumber("%.1f", 100.0 * e.valAccuracy) + "%";
}

ArgParser makeParser() {
  ArgParser p("train", engineCommandSummary("train"));
  p.describe(
      "Fine-tunes a BERT classifier and reports loss, speed and memory per step: a progress\n"
      "bar on a terminal, one JSON line per step with --jsonl, a log line every few steps\n"
      "otherwise. Ctrl-C cancels after the step in progress (exit status 130).");
  using O = ConfigField;
  addTrainingOptions(p, TrainConfig{},
                     {O::Preset,
                      O::ModelDir,
                      O::Layers,
                      O::InitScale,
                      O::GrowthInterval,
                      O::AccumulationSteps,
                      O::CheckpointActivations,
                      O::OutlierScaleLog2,
                      O::CheckpointEvery,
                      O::LoraRank,
                      O::LoraAlpha,
                      O::SaveDir,
                      O::DataPath,
                      O::TextColumn,
                      O::LabelColumn,
                      O::Steps,
                      O::BatchSize,
                      O::SeqLen,
                      O::LearningRate,
                      O::Seed,
                      O::Device,
                      O::Threads,
                      O::CpuFp16,
                      O::Tf32,
                      O::EvalEvery,
                      O::Precision,
                      O::ShardOptimizer});
  p.flag("jsonl", "one JSON line per step and evaluation, then a summary line");
  p.option("nproc", "N",
           "data-parallel: start N ranks of this run on this machine, each training 1/N of "
           "every batch (default 1; with RANK and WORLD_SIZE set, this process is one rank)");
  p.option("master-port", "PORT",
           "data-parallel with --nproc: the rendezvous port on 127.0.0.1 (default: a free one)");
  p.option("collective-timeout", "SECONDS",
           "data-parallel: how long a rank waits for the others in the rendezvous and each "
           "collective before the job fails, naming the rank that did not answer (default " +
               std::to_string(kDefaultCollectiveTimeoutSeconds) + ")");
  p.option("lose-rank-after", "STEP",
           "data-parallel fault injection, as the lab's worker-dies experiment runs it: the "
           "job's last rank stops itself (SIGSTOP) after STEP, its connections left open like a "
           "worker whose machine vanished, so the other ranks wait in their next collective until "
           "--collective-timeout and the job fails; the stopped process is left for whoever "
           "started the job to kill");
  p.addNotes(
      "Data-parallel training (docs/data-parallel.md): --nproc N starts N processes here. Under\n"
      "torchrun, or started by hand on each machine, a process with RANK, WORLD_SIZE,\n"
      "MASTER_ADDR and MASTER_PORT set (LOCAL_RANK, LOCAL_WORLD_SIZE optional) is one rank.\n"
      "Every rank needs the same options; rank 0 prints and writes checkpoints.\n\n");
  return p;
}

// One environment variable as an integer in [lo, hi]; nullopt when unset.
std::optional<int> envInt(const char* name, int lo, int hi) {
  const char* v = std::getenv(name);
  if (!v) return std::nullopt;
  char* end = nullptr;
  errno = 0;
  const long n = std::strtol(v, &end, 10);
  if (*v == '\0' || *end != '\0' || errno != 0 || n < lo || n > hi)
    throw UsageError(std::string("environment variable ") + name + "='" + escapeForTerminal(v) +
                     "' is not a whole number from " + std::to_string(lo) + " to " +
                     std::to_string(hi));
  return static_cast<int>(n);
}

// torchrun's environment, when this process is one rank of a job; nullopt otherwise.
std::optional<DataParallelEnv> rankEnvironment(const ArgParser& parser) {
  const std::optional<int> rank = envInt("RANK", 0, 1 << 20);
  const std::optional<int> world = envInt("WORLD_SIZE", 1, 1 << 20);
  if (!rank && !world) return std::nullopt;
  if (!rank || !world)
    throw UsageError(std::string(rank ? "WORLD_SIZE" : "RANK") + " is not set, but " +
                     (rank ? "RANK" : "WORLD_SIZE") +
                     " is: a rank of a data-parallel job needs both");
  DataParallelEnv env;
  env.rank = *rank;
  env.worldSize = *world;
  if (env.rank >= env.worldSize)
    throw UsageError("RANK=" + std::to_string(env.rank) + " is not below WORLD_SIZE=" +
                     std::to_string(env.worldSize) + " (ranks count from 0)");
  env.localRank = envInt("LOCAL_RANK", 0, 1 << 20).value_or(env.rank);
  const char* addr = std::getenv("MASTER_ADDR");
  if (!addr || !*addr)
    throw UsageError(
        "MASTER_ADDR is not set: the address of rank 0's machine (127.0.0.1 when "
        "every rank runs here)");
  env.masterAddr = addr;
  const std::optional<int> port = envInt("MASTER_PORT", 1, 65535);
  if (!port) throw UsageError("MASTER_PORT is not set: the rendezvous port on rank 0's machine");
  env.masterPort = *port;
  env.timeoutSeconds =
      static_cast<int>(parser.integer("collective-timeout", kDefaultCollectiveTimeoutSeconds));
  return env;
}

std::atomic<bool> gRankStop{false};
extern "C" void onRankInterrupt(int) {
  if (gRankStop.exchange(true)) {
    std::signal(SIGINT, SIG_DFL);
    std::raise(SIGINT);
  }
}

int runTrainCommand(const ArgParser& parser) {
  TrainConfig config;
  applyTrainingOptions(parser, config);
  const int nproc = static_cast<int>(parser.integer("nproc", 1));
  if (nproc < 1 || nproc > 256) parser.fail("nproc", "must be from 1 to 256");
  const int64_t timeout = parser.integer("collective-timeout", kDefaultCollectiveTimeoutSeconds);
  if (timeout < 1 || timeout > 86400) parser.fail("collective-timeout", "must be from 1 to 86400");
  const int64_t masterPort = parser.integer("master-port", 0);
  if (parser.has("master-port") && (masterPort < 1 || masterPort > 65535))
    parser.fail("master-port", "must be a TCP port from 1 to 65535");
  const std::optional<DataParallelEnv> rankEnv = rankEnvironment(parser);
  const int64_t loseRankAfter = parser.integer("lose-rank-after", 0);
  if (parser.has("lose-rank-after")) {
    if ((rankEnv ? rankEnv->worldSize : nproc) < 2)
      parser.fail("lose-rank-after",
                  "stops the last rank of a data-parallel job: use it with --nproc 2 or more, or "
                  "as a rank under torchrun's environment");
    if (loseRankAfter < 1 || loseRankAfter >= config.steps)
      parser.fail("lose-rank-after", "must be a step from 1 to " +
                                         std::to_string(config.steps - 1) +
                                         " (before the run's last step)");
  }
  if (rankEnv && nproc > 1)
    throw UsageError("--nproc " + std::to_string(nproc) +
                     " starts its own ranks, but RANK and WORLD_SIZE are set: start one process "
                     "per rank (--nproc 1) under torchrun's environment");
  if ((rankEnv || nproc > 1) && config.batchSize % (rankEnv ? rankEnv->worldSize : nproc) != 0)
    parser.fail("batch-size", std::to_string(config.batchSize) + " does not split over " +
                                  std::to_string(rankEnv ? rankEnv->worldSize : nproc) +
                                  " ranks: use a multiple of the number of ranks");
  if (config.shardOptimizer && !rankEnv && nproc == 1)
    parser.fail("shard-optimizer",
                "shards AdamW's state over the ranks of a data-parallel run: use it with --nproc "
                "2 or more, or as a rank under torchrun's environment");
  if (config.shardOptimizer && (config.checkpointEvery > 0 || !config.resumeFrom.empty()))
    parser.fail("shard-optimizer",
                "checkpoints of a sharded optimizer are not supported yet (rank 0 holds only its "
                "shard of AdamW's state): drop --checkpoint-every and --resume-from");
  if (rankEnv || nproc > 1) {
    if (const std::string why = dataParallelUnavailableReason(); !why.empty())
      throw std::runtime_error(why);
    // Ranks on one machine share its cores unless --threads says otherwise.
    const int local = rankEnv ? envInt("LOCAL_WORLD_SIZE", 1, 1 << 20).value_or(1) : nproc;
    if (!parser.has("threads") && config.threads == 0)
      config.threads = std::max(1, static_cast<int>(sysconf(_SC_NPROCESSORS_ONLN)) / local);
  }
  checkTrainingConfig(parser, config);  // before training, so a bad --save does not waste a run
  if (!rankEnv && nproc > 1) {
    RankLaunch launch;
    launch.nproc = nproc;
    launch.port = static_cast<int>(masterPort);
    return launchRanks(launch, ownCommandLine());
  }
  const bool rank0 = !rankEnv || rankEnv->rank == 0;
  if (rank0) makeOutputFolders(parser, config);  // --output-dir now, not at the first checkpoint
  const bool jsonl = parser.has("jsonl");
  const bool tty = rank0 && !jsonl && isatty(STDOUT_FILENO);
  const int64_t logEvery = std::max<int64_t>(1, config.steps / 20);

  // The lab's one driver, with one run outside the scenario table, stepping alone; a rank of a
  // data-parallel job fills a log of its own from the engine's updates instead.
  std::optional<LabSession> session;
  RunLog rankLog;
  const RunLog* logp = &rankLog;
  if (!rankEnv) {
    LabSession::Options one;
    one.workers = 1;
    session.emplace(one);
    LabSession::StartResult refused;
    const std::optional<RunKey> key = session->startRun(config, "train", &refused);
    if (!key) throw UsageError(refused.error);  // checkTrainingConfig above said it in flags
    logp = session->store().find(*key);         // the summary line is its summary()
  }
  const RunLog& log = *logp;
  ProgressBar bar(std::cout);
  std::string status = "preparing";

  auto print = [&](const std::string& line) {
    if (tty)
      bar.printLine(line);
    else
      std::cout << line << "\n" << std::flush;
  };

  bool announced = false;
  SessionLoop loop;
  loop.interval = std::chrono::milliseconds(50);
  loop.onCancel = [&] {
    if (!jsonl) print("cancelling after the current step... (Ctrl-C again to quit at once)");
  };
  loop.onUpdates = [&](const std::vector<RunUpdate>& updates) {
    for (const auto& u : updates) {
      for (const auto& w : u.warnings)
        std::cerr << "warning: " << escapeForTerminal(w, NewlinePolicy::Keep) << "\n";
      if (!u.resumedFrom.empty())  // on stderr also with --jsonl, whose stdout is records only
        std::cerr << "resuming from " << escapeForTerminal(u.resumedFrom) << " (step "
                  << u.resumedStep << " of " << config.steps << ")\n";
      if (!announced && !jsonl && u.state == RunState::Running) {
        announced = true;
        print("training " + (config.modelDir.empty() ? config.preset : config.modelDir) + ", " +
              provenanceName(u.provenance.kind) + " on " + u.provenance.device + " (LibTorch " +
              u.provenance.torchVersion + "), " + std::to_string(config.steps) + " steps");
      }
      for (const auto& r : u.steps) {
        if (jsonl) {
          std::cout << json::serialize(recordLine(r)) << "\n";
        } else if (!tty && (r.step % logEvery == 0 || r.step == 1)) {
          print("step " + std::to_string(r.step) + "/" + std::to_string(config.steps) + "  loss " +
                formatNumber("%.4f", r.loss) + "  lr " + jsonNumber(r.learningRate) + "  " +
                formatNumber("%.1f", r.stepMs) + " ms/step  " +
                formatNumber("%.1f", r.samplesPerSec) + " samples/s");
        }
        status = "loss " + formatNumber("%.4f", r.loss) + "  " + formatNumber("%.0f", r.stepMs) +
                 " ms/step";
      }
      for (const auto& e : u.evals) {
        if (jsonl)
          std::cout << json::serialize(recordLine(e)) << "\n";
        else
          print(evalText(e));
      }
      if (jsonl) std::cout << std::flush;
    }
  };
  loop.onTick = [&](bool) {
    if (tty) bar.update(log.stepsDone(), config.steps, status);
  };
  DataParallelOutcome dp;
  if (!rankEnv) {
    runSessionLoop(*session, loop);  // a cancelled run ends Cancelled: exit 130 below
  } else {
    const std::string me = "rank " + std::to_string(rankEnv->rank) + ": ";
    gRankStop = false;
    const auto previous = std::signal(SIGINT, onRankInterrupt);
    DataParallelHooks hooks;
    hooks.cancel = &gRankStop;
    if (loseRankAfter > 0 && rankEnv->rank == rankEnv->worldSize - 1) {
      hooks.afterStep = [&, me, loseRankAfter](int64_t step) {
        if (step != loseRankAfter) return;
        std::cerr << "precisionlab-cli train: " << me << "stopping itself after step " << step
                  << " (--lose-rank-after), its connections open\n"
                  << std::flush;
        std::raise(SIGSTOP);
      };
    }
    hooks.onUpdate = [&](const RunUpdate& u) {
      rankLog.apply(u);
      loop.onUpdates({u});
      loop.onTick(false);
    };
    try {
      dp = trainDataParallel(config, *rankEnv, hooks);
      rankLog.state = dp.cancelled ? RunState::Cancelled : RunState::Finished;
      rankLog.message = dp.cancelled ? "cancelled" : "finished";
      if (!dp.ranksAgree) {
        rankLog.state = RunState::Failed;
        rankLog.message = "the ranks drifted apart: " + dp.disagreement;
      }
    } catch (const DataParallelError& e) {
      std::signal(SIGINT, previous);
      if (tty) bar.finish();
      if (jsonl && rank0 && e.kind() == DataParallelError::Kind::PeerLost) {
        // The job's end for whoever reads the records (the lab's worker-dies experiment): the
        // cause and how long this rank waited in the collective that failed.
        json::Value line = json::Value::object();
        line.set("type", "summary");
        line.set("state", runStateName(RunState::Failed));
        line.set("message", textForJson(e.what()));
        line.set("collectiveWaitMs", e.waitedMs());
        std::cout << json::serialize(line) << "\n";
      }
      std::cout.flush();
      std::cerr << "precisionlab-cli train: " << escapeForTerminal(e.what(), NewlinePolicy::Keep)
                << "\n";
      return e.kind() == DataParallelError::Kind::Rendezvous ? kExitRendezvous : kExitRankLost;
    } catch (const std::exception& e) {
      std::signal(SIGINT, previous);
      if (rank0) throw;
      throw std::runtime_error(me + e.what());
    }
    std::signal(SIGINT, previous);
    if (!rank0) {
      if (log.state == RunState::Failed)
        std::cerr << "precisionlab-cli train: " << me << escapeForTerminal(log.message) << "\n";
      return log.state == RunState::Finished    ? kExitOk
             : log.state == RunState::Cancelled ? kExitCancelled
                                                : kExitFailure;
    }
  }
  if (tty) bar.finish();

  const RunSummary summary = log.summary();
  const bool hasEval = !log.evals.empty();
  const char* state = runStateName(log.state);
  if (jsonl) {
    // The summary table's keys and encoding (core/RecordJson.h), as in a .plrun's end line,
    // between the run's end state and its provenance.
    json::Value line = json::Value::object();
    line.set("type", "summary");
    line.set("state", state);
    line.set("message", textForJson(log.message));
    if (!log.resumedFrom.empty()) {
      line.set("resumedFrom", textForJson(log.resumedFrom));
      line.set("resumedStep", log.resumedStep);
    }
    addRecordFields(line, summary);
    line.set("provenance", provenanceName(log.provenance.kind));
    line.set("device", textForJson(log.provenance.device));
    line.set("torchVersion", textForJson(log.provenance.torchVersion));
    // What was trained, in the lab summaries' words (a learner can check it against Hugging
    // Face): "pretrained all-MiniLM-L6-v2 ..., new classifier head", "BERT mini from random init".
    line.set("model", textForJson(LabScenarios::describe(config).model));
    if (rankEnv) {
      line.set("worldSize", rankEnv->worldSize);
      json::Value::Array skips;
      for (int64_t step : dp.skippedSteps) skips.emplace_back(step);
      line.set("skippedSteps", json::Value(std::move(skips)));
      line.set("ranksAgree", dp.ranksAgree);
      line.set("medianAllReduceMs", dp.medianAllReduceMs);
      line.set("allReduceShare", dp.allReduceShare);
      line.set("allReduceBytes", dp.allReduceBytes);
      line.set("shardOptimizer", config.shardOptimizer);
      json::Value::Array ranks;
      for (const RankMemory& m : dp.rankMemory) {
        json::Value r = json::Value::object();
        r.set("parameterBytes", m.parameterBytes);
        r.set("gradientBytes", m.gradientBytes);
        r.set("optimizerStateBytes", m.optimizerStateBytes);
        r.set("peakBytes", m.peakBytes);
        ranks.push_back(std::move(r));
      }
      line.set("rankMemory", json::Value(std::move(ranks)));
    }
    std::cout << json::serialize(line) << "\n";
  }
  if (log.state == RunState::Failed) {
    // Also with --jsonl: a refused resume read only in the summary line went unseen.
    std::cerr << "training failed: " << escapeForTerminal(log.message, NewlinePolicy::Keep) << "\n";
  } else if (!jsonl) {
    std::cout << state << " after " << countText(summary.stepsDone, "step", "steps")
              << ": final loss " << formatNumber("%.4f", summary.finalLoss);
    if (hasEval)
      std::cout << ", val loss " << formatNumber("%.4f", summary.finalValLoss) << ", val accuracy "
                << formatNumber("%.1f", 100.0 * summary.finalValAccuracy) << "%";
    std::cout << ", " << formatNumber("%.1f", summary.medianStepMs)
              << " ms/step (median after step " << kWarmupSteps << "), "
              << formatNumber("%.1f", summary.medianSamplesPerSec) << " samples/s, peak "
              << formatNumber("%.1f", summary.peakBytes / 1048576.0) << " MiB";
    if (log.provenance.kind == Provenance::Emulated)
      std::cout << " (emulated numerics: speed and memory are not those of real fp16)";
    std::cout << "\n";
    if (rankEnv && rankEnv->worldSize > 1)
      std::cout << "gradient all-reduce over " << rankEnv->worldSize
                << " ranks: " << formatNumber("%.1f", dp.medianAllReduceMs)
                << " ms/step (median after step " << kWarmupSteps << "), "
                << formatNumber("%.1f", 100.0 * dp.allReduceShare) << "% of the step, "
                << formatNumber("%.1f", dp.allReduceBytes / 1e6) << " MB from each rank a step\n";
    if (rankEnv && rankEnv->worldSize > 1)
      for (size_t r = 0; r < dp.rankMemory.size(); ++r) {
        const RankMemory& m = dp.rankMemory[r];
        std::cout << "rank " << r << ": weights " << formatNumber("%.1f", m.parameterBytes / 1e6)
                  << " MB, gradients " << formatNumber("%.1f", m.gradientBytes / 1e6)
                  << " MB, optimizer state " << formatNumber("%.1f", m.optimizerStateBytes / 1e6)
                  << " MB" << (config.shardOptimizer ? " (its shard)" : "") << ", peak "
                  << formatNumber("%.1f", m.peakBytes / 1048576.0) << " MiB\n";
      }
  }
  if (log.state == RunState::Finished) return 0;
  if (log.state == RunState::Cancelled) return 130;
  return 1;
}

}  // namespace

PRECISIONLAB_CLI_COMMAND(train, "train", makeParser, runTrainCommand, false)

}  // namespace precisionlab::cli
