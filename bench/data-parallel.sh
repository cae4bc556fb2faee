#!/bin/sh
# Data-parallel training on this machine (issue 49, item 3; docs/data-parallel.md), in one run:
#  1. the engine's gradient all-reduce over loopback (Gloo) on all-MiniLM-L6-v2's gradient size
#     (22.7 M fp32 values, 91 MB, in DDP's 25 MiB buckets), 2 ranks of
#     precisionlab-bench-allreduce: median time, algbw (bytes / time) and its ratio to one
#     process copying the same bytes;
#  2. `precisionlab-cli train` at the same global batch as 1 process with 1 thread, 1 process with
#     2 threads and `--nproc 2` (2 ranks, 1 thread each), interleaved ROUNDS times so each
#     configuration sees the same load: median examples/s of each, the ratios, and the
#     all-reduce's share of a 2-rank step as train's summary measures it.
# Scaling efficiency is 2 ranks' throughput over twice that of one 1-thread process (each rank
# has one core); on a 2-core machine the ranks also take the cores a 2-thread process would use,
# so the ratio against that process is the one a user of this machine gets. With the kernel's
# autogroup scheduling (/proc/sys/kernel/sched_autogroup_enabled) every process this script
# starts shares one group's CPU weight against other sessions' groups: on a busy machine, two
# ranks then get about the CPU one process would, so the CPU share each run got is printed too.
# A benchmark, not a test: it prints, it does not judge.
# Usage: bench/data-parallel.sh [BUILD_DIR] [ROUNDS]   e.g. bench/data-parallel.sh build12 2
# Environment: PRESET (default mini), BATCH (32), SEQ (128), STEPS (20), ITERS (10).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../build}
rounds=${2:-2}
preset=${PRESET:-mini} batch=${BATCH:-32} seq=${SEQ:-128} steps=${STEPS:-20} iters=${ITERS:-10}
cli=$build/cli/precisionlab-cli
ar=$build/bench/precisionlab-bench-allreduce
[ -x "$cli" ] && [ -x "$ar" ] || {
  echo "build first: cmake --build $build --target precisionlab-cli precisionlab-bench-allreduce" >&2
  exit 2
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1), $(getconf _NPROCESSORS_ONLN) cores;" \
     "$(date -u +%Y-%m-%dT%H:%MZ); load average at start: $(cut -d' ' -f1-3 /proc/loadavg);" \
     "autogroup scheduling: $(cat /proc/sys/kernel/sched_autogroup_enabled 2>/dev/null || echo n/a)"

# A free TCP port on 127.0.0.1 (bound, then released).
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# 1. The all-reduce, 2 ranks.
port=$(free_port)
RANK=1 WORLD_SIZE=2 MASTER_ADDR=127.0.0.1 MASTER_PORT=$port "$ar" "$iters" 2>"$tmp/ar1.err" &
peer=$!
RANK=0 WORLD_SIZE=2 MASTER_ADDR=127.0.0.1 MASTER_PORT=$port "$ar" "$iters" >"$tmp/ar.txt" 2>"$tmp/ar0.err" || {
  cat "$tmp/ar0.err" "$tmp/ar1.err" >&2; exit 1; }
wait $peer
python3 - "$tmp/ar.txt" <<'PY'
import sys
f = dict(kv.split("=") for kv in open(sys.argv[1]).read().split())
print(f"all-reduce, {f['ranks']} ranks over loopback (Gloo), all-MiniLM-L6-v2's gradients "
      f"({int(f['params']):,} fp32 values, {int(f['bytes']) / 1e6:.1f} MB a rank): "
      f"median {f['median_ms']} ms (best {f['best_ms']} ms, {f['iters']} runs), "
      f"algbw {f['algbw_GBps']} GB/s, busbw {f['busbw_GBps']} GB/s; one process copying the "
      f"same bytes: {f['memcpy_ms']} ms ({f['memcpy_GBps']} GB/s), "
      f"ratio all-reduce/copy {float(f['median_ms']) / float(f['memcpy_ms']):.1f}x")
PY

# 2. Throughput: the three configurations, interleaved.
run() {  # NAME ROUND ARGS...
  name=$1 round=$2
  shift 2
  timer=
  [ -x /usr/bin/time ] && timer="/usr/bin/time -f %P -o $tmp/$name.$round.cpu"  # CPU share it got
  $timer "$cli" train --preset "$preset" --batch-size "$batch" --seq-len "$seq" --steps "$steps" \
    --eval-every 0 --jsonl "$@" >"$tmp/$name.$round.jsonl" 2>"$tmp/$name.$round.err" || {
    echo "train $name failed:" >&2; tail -5 "$tmp/$name.$round.err" >&2; exit 1; }
}
r=1
while [ $r -le "$rounds" ]; do
  run one-thread $r --threads 1
  run two-threads $r --threads 2
  run two-ranks $r --nproc 2
  r=$((r + 1))
done
python3 - "$tmp" "$rounds" "$preset" "$batch" "$seq" "$steps" <<'PY'
import glob, json, statistics, sys
tmp, rounds, preset, batch, seq, steps = sys.argv[1:]
def summaries(name):
    out = []
    for path in sorted(glob.glob(f"{tmp}/{name}.*.jsonl")):
        lines = [json.loads(l) for l in open(path) if l.strip()]
        out.append(next(l for l in lines if l["type"] == "summary"))
    return out
s = {n: summaries(n) for n in ("one-thread", "two-threads", "two-ranks")}
tput = {n: statistics.median(x["medianSamplesPerSec"] for x in v) for n, v in s.items()}
print(f"train --preset {preset}, global batch {batch}, {seq} tokens, {steps} steps, "
      f"{rounds} interleaved rounds; examples/s (median over the steps after step 3, "
      f"median of the rounds):")
print(f"  1 process, 1 thread:   {tput['one-thread']:.1f}")
print(f"  1 process, 2 threads:  {tput['two-threads']:.1f}")
ranks = s["two-ranks"]
share = statistics.median(x["allReduceShare"] for x in ranks)
arms = statistics.median(x["medianAllReduceMs"] for x in ranks)
mb = ranks[-1]["allReduceBytes"] / 1e6
print(f"  2 ranks, 1 thread each: {tput['two-ranks']:.1f}  (gradient all-reduce {arms:.1f} ms/step, "
      f"{100 * share:.1f}% of the step, {mb:.1f} MB a rank; every rank agreed: "
      f"{all(x['ranksAgree'] for x in ranks)})")
speed1 = tput["two-ranks"] / tput["one-thread"]
speed2 = tput["two-ranks"] / tput["two-threads"]
print(f"  2 ranks / 1 process with 1 thread:  {speed1:.2f}x -> scaling efficiency "
      f"{100 * speed1 / 2:.0f}% (ideal 2.00x, 100%)")
print(f"  2 ranks / 1 process with 2 threads: {speed2:.2f}x (the same 2 cores; ideal about 1x)")
def cpu(name):  # the CPU share of each round's whole run, in percent of one core
    shares = []
    for path in sorted(glob.glob(f"{tmp}/{name}.*.cpu")):
        text = open(path).read().split()
        if text and text[-1].endswith("%"):
            shares.append(float(text[-1][:-1]))
    return shares
for n, v in s.items():
    print(f"  rounds, {n}: " + ", ".join(f"{x['medianSamplesPerSec']:.1f}" for x in v) +
          " examples/s; CPU share of the whole run (GNU time, of 200%): " +
          (", ".join(f"{c:.0f}%" for c in cpu(n)) or "n/a"))
one, two = cpu("one-thread"), cpu("two-ranks")
if one and two:
    # Examples/s per core the run was given: whether two ranks use a core as well as one process.
    per = {n: tput[n] / (statistics.median(c) / 100) for n, c in (("one-thread", one), ("two-ranks", two))}
    print(f"  per core used (median CPU share): 1 process {per['one-thread']:.1f}, 2 ranks "
          f"{per['two-ranks']:.1f} examples/s -> 2 ranks / 1 process {per['two-ranks'] / per['one-thread']:.2f}x")
PY
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
