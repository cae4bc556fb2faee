#define PRECISIONLAB_COMPAT_C10D 1
#include "platform/TorchCompat.h"

#include "training/DataParallel.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <thread>

#include "core/ConfigFields.h"

namespace precisionlab {

namespace {

using Ms = std::chrono::milliseconds;

[[maybe_unused]] std::vector<uint8_t> bytes(const std::string& s) { return {s.begin(), s.end()}; }
[[maybe_unused]] std::string text(const std::vector<uint8_t>& b) { return {b.begin(), b.end()}; }

[[maybe_unused]] std::string where(const DataParallelEnv& env) {
  return env.masterAddr + ":" + std::to_string(env.masterPort);
}

[[noreturn, maybe_unused]] void rendezvousFailed(const DataParallelEnv& env,
                                                 const std::string& message) {
  throw DataParallelError(DataParallelError::Kind::Rendezvous,
                          "rank " + std::to_string(env.rank) + ": " + message);
}

[[maybe_unused]] bool contains(const std::string& haystack, const char* needle) {
  return haystack.find(needle) != std::string::npos;
}

// The settings every rank must share (the ones that decide the numbers): each field as text,
// except where a rank may differ (its threads, device and paths, which name its own disk).
std::vector<std::pair<std::string, std::string>> sharedSettings(const TrainConfig& c) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const ConfigFieldRow& row : configFields()) {
    if (row.path != ConfigPath::None || row.field == ConfigField::Threads ||
        row.field == ConfigField::Device || !row.text)
      continue;
    out.emplace_back(configFieldName(row.field), row.text(c));
  }
  return out;
}

[[maybe_unused]] std::string encodeSettings(const TrainConfig& c) {
  std::string s;
  for (const auto& [name, value] : sharedSettings(c)) s += name + "=" + value + "\n";
  return s;
}

// The first field where two encoded settings differ, "name: a vs b".
[[maybe_unused]] std::string firstDifference(const std::string& mine, const std::string& theirs) {
  auto parse = [](const std::string& s) {
    std::map<std::string, std::string> m;
    size_t at = 0;
    while (at < s.size()) {
      const size_t end = s.find('\n', at);
      const std::string line = s.substr(at, end - at);
      const size_t eq = line.find('=');
      if (eq != std::string::npos) m[line.substr(0, eq)] = line.substr(eq + 1);
      if (end == std::string::npos) break;
      at = end + 1;
    }
    return m;
  };
  const auto a = parse(mine), b = parse(theirs);
  for (const auto& [name, value] : a) {
    const auto it = b.find(name);
    const std::string other = it == b.end() ? "(not set)" : it->second;
    if (other != value) return name + " " + value + " here, " + other + " on rank 0";
  }
  return "the settings differ";
}

// c10d's messages run to several lines (a C++ backtrace in 1.13): the first says what failed.
std::string firstLineOf(const std::string& what) { return what.substr(0, what.find('\n')); }

[[maybe_unused]] bool loopback(const std::string& addr) {
  return addr == "localhost" || addr.rfind("127.", 0) == 0 || addr == "::1";
}

}  // namespace

std::string dataParallelUnavailableReason() {
#ifdef PRECISIONLAB_WITH_GLOO
  return {};
#else
  return "this build has no Gloo headers (Debian: apt install libgloo-dev, then configure again), "
         "so it cannot train data-parallel";
#endif
}

struct DataParallelGroup::Impl {
#ifdef PRECISIONLAB_WITH_GLOO
  c10::intrusive_ptr<c10d::Store> store;
  c10::intrusive_ptr<compat::CollectiveBackend> group;
#endif
};

DataParallelGroup::DataParallelGroup(const DataParallelEnv& env, const TrainConfig& settings,
                                     const torch::Device& device)
    : env_(env), timeout_(Ms(int64_t(env.timeoutSeconds) * 1000)), impl_(std::make_unique<Impl>()) {
  if (env.worldSize < 1) rendezvousFailed(env, "WORLD_SIZE must be at least 1");
  if (env.rank < 0 || env.rank >= env.worldSize)
    rendezvousFailed(env, "RANK " + std::to_string(env.rank) + " is not below WORLD_SIZE " +
                              std::to_string(env.worldSize) + " (ranks count from 0)");
  if (env.masterPort < 1 || env.masterPort > 65535)
    rendezvousFailed(
        env, "MASTER_PORT " + std::to_string(env.masterPort) + " is not a TCP port (1 to 65535)");
#ifndef PRECISIONLAB_WITH_GLOO
  (void)settings, (void)device;
  rendezvousFailed(env, dataParallelUnavailableReason());
#else
  c10d::TCPStoreOptions options;
  options.port = static_cast<uint16_t>(env.masterPort);
  options.isServer = env.rank == 0;
  options.numWorkers = static_cast<size_t>(env.worldSize);
  options.waitWorkers = false;  // joining is checked below, with the missing ranks named
  options.timeout = timeout_;
  compat::useClassicStoreServer(options);
  try {
    impl_->store = c10::make_intrusive<c10d::TCPStore>(env.masterAddr, options);
  } catch (const std::exception& e) {
    const std::string why = e.what();
    if (env.rank == 0 && (contains(why, "in use") || contains(why, "EADDRINUSE")))
      rendezvousFailed(env, "MASTER_PORT " + std::to_string(env.masterPort) +
                                " is in use on this machine (another job or program listens "
                                "there): choose a free port with MASTER_PORT");
    if (env.rank == 0)
      rendezvousFailed(
          env, "cannot start the rendezvous store at " + where(env) + ": " + firstLineOf(why));
    rendezvousFailed(env, "cannot reach rank 0's rendezvous store at " + where(env) +
                              " (waited up to " + std::to_string(env.timeoutSeconds) +
                              " s; is rank 0 running, and are MASTER_ADDR and MASTER_PORT "
                              "the same on every rank?): " +
                              firstLineOf(why));
  }
  auto& store = *impl_->store;
  const std::string me = std::to_string(env.rank);
  try {
    if (store.add("rank/" + me, 1) > 1)
      rendezvousFailed(env, "another process of this job already has RANK " + me +
                                ": give every process its own RANK");
    store.set("worldsize/" + me, bytes(std::to_string(env.worldSize)));
    store.set("settings/" + me, bytes(encodeSettings(settings)));
    if (env.rank != 0) {
      const std::string theirs = text(store.get("worldsize/0"));
      if (theirs != std::to_string(env.worldSize))
        rendezvousFailed(env, "WORLD_SIZE is " + std::to_string(env.worldSize) + " here but " +
                                  theirs +
                                  " on rank 0: set the same WORLD_SIZE "
                                  "on every rank");
      const std::string mine = encodeSettings(settings), zero = text(store.get("settings/0"));
      if (mine != zero)
        rendezvousFailed(env, "this rank's settings differ from rank 0's (" +
                                  firstDifference(mine, zero) +
                                  "): start every rank with the same options");
    }
    store.set("joined/" + me, bytes("1"));
  } catch (const DataParallelError&) {
    throw;
  } catch (const std::exception& e) {
    rendezvousFailed(env, "the rendezvous at " + where(env) + " failed: " + firstLineOf(e.what()));
  }
  std::vector<std::string> joined;
  for (int r = 0; r < env.worldSize; ++r) joined.push_back("joined/" + std::to_string(r));
  try {
    store.wait(joined, timeout_);
  } catch (const std::exception&) {
    std::string missing;
    int count = 0;
    for (int r = 0; r < env.worldSize; ++r) {
      bool here = false;
      try {
        here = store.check({joined[size_t(r)]});
      } catch (const std::exception&) {
      }
      if (here)
        ++count;
      else
        missing += (missing.empty() ? "" : ", ") + std::to_string(r);
    }
    rendezvousFailed(env, "only " + std::to_string(count) +
                              " of WORLD_SIZE=" + std::to_string(env.worldSize) +
                              " ranks joined at " + where(env) + " within " +
                              std::to_string(env.timeoutSeconds) + " s (missing: rank " + missing +
                              "): check WORLD_SIZE and that every rank was started");
  }
  try {
    auto prefixed = c10::make_intrusive<c10d::PrefixStore>("pg", impl_->store);
#ifdef PRECISIONLAB_WITH_NCCL
    if (device.is_cuda()) {
      impl_->group = compat::makeNcclGroup(prefixed, env.rank, env.worldSize, timeout_);
      backendName_ = "nccl";
    }
#endif
    if (!impl_->group) {
      TORCH_CHECK(device.is_cpu(), "data-parallel training on ", device.str(),
                  " needs a CUDA build with NCCL's headers (nccl.h); this build runs Gloo on the "
                  "CPU");
      auto gloo = c10d::ProcessGroupGloo::Options::create(timeout_);
      const char* ifname = std::getenv("GLOO_SOCKET_IFNAME");
      if (ifname && *ifname)
        gloo->devices.push_back(c10d::ProcessGroupGloo::createDeviceForInterface(ifname));
      else if (loopback(env.masterAddr))
        gloo->devices.push_back(c10d::ProcessGroupGloo::createDeviceForHostname("127.0.0.1"));
      else
        gloo->devices.push_back(c10d::ProcessGroupGloo::createDefaultDevice());
      gloo->threads = 2;
      impl_->group =
          c10::make_intrusive<c10d::ProcessGroupGloo>(prefixed, env.rank, env.worldSize, gloo);
      backendName_ = "gloo";
    }
  } catch (const std::exception& e) {
    rendezvousFailed(env, "cannot connect the ranks' collectives (" + std::string(backendName_) +
                              "): " + firstLineOf(e.what()));
  }
#endif
}

DataParallelGroup::~DataParallelGroup() = default;

void DataParallelGroup::runCollective(const std::string& what, const std::function<void()>& body) {
  ++collectives_;
  const auto start = std::chrono::steady_clock::now();
  try {
    body();
  } catch (const DataParallelError&) {
    throw;
  } catch (const std::exception& e) {
    // How long this rank waited in the collective before it failed: the timeout when a peer
    // hangs (or its machine vanished), about 0 when a peer's connections closed.
    const double waitedMs =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    collectiveFailed(what, e, waitedMs);
  }
}

void DataParallelGroup::collectiveFailed(const std::string& what, const std::exception& cause,
                                         double waitedMs) {
  std::string lost, note;
#ifdef PRECISIONLAB_WITH_GLOO
  // Close this rank's connections first: a peer blocked on data from this rank then fails at
  // once instead of at its timeout, and answers below in time.
  impl_->group.reset();
  // Every rank that is still alive says so; whoever does not within the window is named.
  const Ms window = std::min(timeout_, Ms(10000));
  try {
    impl_->store->set("alive/" + std::to_string(env_.rank), bytes("1"));
    const auto deadline = std::chrono::steady_clock::now() + window;
    std::vector<int> silent;
    for (;;) {
      silent.clear();
      for (int r = 0; r < env_.worldSize; ++r)
        if (r != env_.rank && !impl_->store->check({"alive/" + std::to_string(r)}))
          silent.push_back(r);
      if (silent.empty() || std::chrono::steady_clock::now() >= deadline) break;
      std::this_thread::sleep_for(Ms(50));
    }
    for (int r : silent) lost += (lost.empty() ? "" : ", ") + std::to_string(r);
    if (silent.empty()) note = " (every rank answered: the collective itself failed)";
  } catch (const std::exception&) {
    lost = "0";
    note = " (rank 0 holds the rendezvous store at " + where(env_) + " and it is gone)";
  }
#endif
  const std::string who =
      lost.empty() ? "a rank" : (lost.find(',') == std::string::npos ? "rank " : "ranks ") + lost;
  char waited[32];
  std::snprintf(waited, sizeof waited, "%.1f", waitedMs / 1000.0);
  throw DataParallelError(DataParallelError::Kind::PeerLost,
                          "rank " + std::to_string(env_.rank) + ": lost " + who + note + ": " +
                              what + " failed or waited past the collective timeout of " +
                              std::to_string(env_.timeoutSeconds) + " s (it waited " + waited +
                              " s): " + firstLineOf(cause.what()),
                          waitedMs);
}

#ifdef PRECISIONLAB_WITH_GLOO
namespace {

// Flattens same-dtype tensors into one contiguous buffer.
torch::Tensor flatten(const std::vector<torch::Tensor>& tensors) {
  std::vector<torch::Tensor> flat;
  flat.reserve(tensors.size());
  for (const auto& t : tensors) flat.push_back(t.reshape({-1}));
  return torch::cat(flat);
}

void unflattenInto(const torch::Tensor& buffer, const std::vector<torch::Tensor>& tensors) {
  int64_t at = 0;
  for (const auto& t : tensors) {
    t.copy_(buffer.narrow(0, at, t.numel()).view_as(t));
    at += t.numel();
  }
}

// Consecutive same-dtype tensors in groups of at most `cap` bytes (a larger tensor alone).
std::vector<std::vector<torch::Tensor>> buckets(const std::vector<torch::Tensor>& tensors,
                                                int64_t cap) {
  std::vector<std::vector<torch::Tensor>> out;
  int64_t bytes = 0;
  for (const auto& t : tensors) {
    const int64_t size = t.numel() * static_cast<int64_t>(t.element_size());
    if (out.empty() || out.back().front().scalar_type() != t.scalar_type() || bytes + size > cap) {
      out.emplace_back();
      bytes = 0;
    }
    out.back().push_back(t);
    bytes += size;
  }
  return out;
}

}  // namespace
#endif

void DataParallelGroup::broadcastFromRankZero(const std::vector<torch::Tensor>& tensors) {
#ifdef PRECISIONLAB_WITH_GLOO
  if (env_.worldSize == 1) return;
  runCollective("broadcasting the weights from rank 0", [&] {
    torch::NoGradGuard noGrad;
    std::vector<torch::Tensor> defined;
    for (const auto& t : tensors)
      if (t.defined()) defined.push_back(t);
    for (const auto& bucket : buckets(defined, kBucketBytes)) {
      std::vector<torch::Tensor> io{flatten(bucket)};
      c10d::BroadcastOptions o;
      o.rootRank = 0;
      o.timeout = timeout_;
      auto work = impl_->group->broadcast(io, o);
      work->wait(timeout_);
      unflattenInto(io.front(), bucket);
    }
  });
#else
  (void)tensors;
#endif
}

int64_t DataParallelGroup::allReduceGradients(const std::vector<torch::Tensor>& params) {
  int64_t sent = 0;
#ifdef PRECISIONLAB_WITH_GLOO
  if (env_.worldSize == 1) return 0;
  runCollective("the gradient all-reduce", [&] {
    torch::NoGradGuard noGrad;
    std::vector<torch::Tensor> grads;
    // Backward produces the last layers' gradients first; DDP's buckets follow that order.
    for (auto it = params.rbegin(); it != params.rend(); ++it)
      if (it->grad().defined()) grads.push_back(it->grad());
    std::vector<std::vector<torch::Tensor>> parts = buckets(grads, kBucketBytes);
    std::vector<std::vector<torch::Tensor>> io(parts.size());
    std::vector<c10::intrusive_ptr<c10d::Work>> works;
    for (size_t b = 0; b < parts.size(); ++b) {
      // DDP's default comm hook: divide by the world size, then sum.
      io[b] = {flatten(parts[b]).div_(static_cast<double>(env_.worldSize))};
      sent += io[b].front().numel() * static_cast<int64_t>(io[b].front().element_size());
      c10d::AllreduceOptions o;
      o.timeout = timeout_;
      works.push_back(impl_->group->allreduce(io[b], o));
    }
    for (size_t b = 0; b < parts.size(); ++b) {
      works[b]->wait(timeout_);
      unflattenInto(io[b].front(), parts[b]);
    }
  });
#else
  (void)params;
#endif
  return sent;
}

std::vector<int> DataParallelGroup::shardOwners(const std::vector<int64_t>& numels, int worldSize) {
  int64_t total = 0;
  for (int64_t n : numels) total += n;
  std::vector<int> owners;
  owners.reserve(numels.size());
  int64_t before = 0;
  for (int64_t n : numels) {
    // The middle element's position, in halves to stay in integers: (2 * before + n) / (2 * total).
    const int64_t middle2 = 2 * before + n;
    const int64_t owner = total > 0 ? middle2 * worldSize / (2 * total) : 0;
    owners.push_back(static_cast<int>(std::min<int64_t>(owner, worldSize - 1)));
    before += n;
  }
  return owners;
}

int64_t DataParallelGroup::broadcastFromOwners(const std::vector<torch::Tensor>& tensors,
                                               const std::vector<int>& owners) {
  TORCH_CHECK(tensors.size() == owners.size(), "broadcastFromOwners: ", tensors.size(),
              " tensors, ", owners.size(), " owners");
  int64_t sent = 0;
#ifdef PRECISIONLAB_WITH_GLOO
  if (env_.worldSize == 1) return 0;
  runCollective("the sharded optimizer's parameter broadcast", [&] {
    torch::NoGradGuard noGrad;
    std::vector<std::vector<torch::Tensor>> parts;
    std::vector<int> roots;
    for (int owner = 0; owner < env_.worldSize; ++owner) {
      std::vector<torch::Tensor> mine;
      for (size_t i = 0; i < tensors.size(); ++i)
        if (owners[i] == owner && tensors[i].defined()) mine.push_back(tensors[i]);
      for (auto& bucket : buckets(mine, kBucketBytes)) {
        parts.push_back(std::move(bucket));
        roots.push_back(owner);
      }
    }
    std::vector<std::vector<torch::Tensor>> io(parts.size());
    std::vector<c10::intrusive_ptr<c10d::Work>> works;
    for (size_t b = 0; b < parts.size(); ++b) {
      io[b] = {flatten(parts[b])};
      if (roots[b] == env_.rank)
        sent += io[b].front().numel() * static_cast<int64_t>(io[b].front().element_size());
      c10d::BroadcastOptions o;
      o.rootRank = roots[b];
      o.timeout = timeout_;
      works.push_back(impl_->group->broadcast(io[b], o));
    }
    for (size_t b = 0; b < parts.size(); ++b) {
      works[b]->wait(timeout_);
      if (roots[b] != env_.rank) unflattenInto(io[b].front(), parts[b]);
    }
  });
#endif
  return sent;
}

torch::Tensor DataParallelGroup::allReduceSum(const torch::Tensor& values) {
  torch::Tensor sum = values.detach().to(torch::kDouble).cpu().contiguous().clone();
#ifdef PRECISIONLAB_WITH_GLOO
  if (env_.worldSize == 1) return sum;
  if (backendName_ == "nccl") sum = sum.to(values.device());
  runCollective("the step's all-reduce (found-inf flag, stop request, loss)", [&] {
    std::vector<torch::Tensor> io{sum};
    c10d::AllreduceOptions o;
    o.timeout = timeout_;
    impl_->group->allreduce(io, o)->wait(timeout_);
  });
  return sum.cpu();
#else
  return sum;
#endif
}

std::vector<std::string> DataParallelGroup::gatherText(const std::string& name,
                                                       const std::string& mine) {
  std::vector<std::string> out;
#ifdef PRECISIONLAB_WITH_GLOO
  if (env_.worldSize == 1) return {mine};
  runCollective("gathering " + name + " from the ranks", [&] {
    impl_->store->set("gather/" + name + "/" + std::to_string(env_.rank), bytes(mine));
    if (env_.rank != 0) return;
    out.push_back(mine);
    for (int r = 1; r < env_.worldSize; ++r)
      out.push_back(text(impl_->store->get("gather/" + name + "/" + std::to_string(r))));
  });
#else
  out.push_back(mine);
#endif
  return out;
}

std::string DataParallelGroup::shareFromRankZero(const std::string& name,
                                                 const std::string& value) {
#ifdef PRECISIONLAB_WITH_GLOO
  if (env_.worldSize == 1) return value;
  std::string out = value;
  runCollective("sharing " + name + " from rank 0", [&] {
    if (env_.rank == 0)
      impl_->store->set("share/" + name, bytes(value));
    else
      out = text(impl_->store->get("share/" + name));
  });
  return out;
#else
  return value;
#endif
}

}  // namespace precisionlab
