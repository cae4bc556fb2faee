#!/bin/sh
# The scaling bank's experiments (memory: docs/memory-experiments.md; range:
# docs/range-experiment.md; preemption: docs/preemption-experiment.md, its three train children; LoRA: docs/lora-experiment.md) as a user runs them: `precisionlab-cli lab --scenarios
# ID` on the lab's default base (LabScenarios::defaultBase(): the pretrained MiniLM where
# installed, else the built-in tiny BERT), each next to the fp32 baseline the lab adds. Prints
# each experiment's wall time (live, this machine) and its computed verdict from verdicts.json.
# A benchmark, not a test: tests/engine/tst_memoryexperiments.cpp asserts the verdicts.
# Usage: bench/experiments.sh [BUILD_DIR] [IDS...]
#   e.g. bench/experiments.sh build grad-accumulation activation-checkpointing
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../build}
[ $# -gt 0 ] && shift
ids=${*:-grad-accumulation activation-checkpointing fp16-amp-outlier bf16-amp-outlier preemption-resume lora}
cli=$build/cli/precisionlab-cli
[ -x "$cli" ] || { echo "build the CLI first: ninja -C $build precisionlab-cli" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "experiments on $(getconf _NPROCESSORS_ONLN) cores, $(sed -n 's/^model name\t*: //p' /proc/cpuinfo | head -1);" \
     "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
for id in $ids; do
  start=$(date +%s.%N)
  timer=
  [ -x /usr/bin/time ] && timer="/usr/bin/time -f %P -o $tmp/$id.cpu"  # the CPU share it got
  $timer "$cli" lab --scenarios "$id" --out "$tmp/$id" >"$tmp/$id.log" 2>&1 || {
    echo "$id: lab failed"; tail -5 "$tmp/$id.log"; continue; }
  end=$(date +%s.%N)
  cpu=$(tail -1 "$tmp/$id.cpu" 2>/dev/null || echo "n/a")
  python3 - "$tmp/$id/verdicts.json" "$id" "$start" "$end" "$cpu" <<'PY'
import json, sys
verdicts = json.load(open(sys.argv[1]))
sid, wall = sys.argv[2], float(sys.argv[4]) - float(sys.argv[3])
v = next(v for v in verdicts if v["scenario"] == sid)
runs = "uninterrupted, killed and resumed" if sid == "preemption-resume" else "with its baseline"
print(f"{sid}: wall {wall:.1f} s (live, {runs}; cpu {sys.argv[5]} of both cores' 200%), {v['judgement']}: {v['summary']}")
PY
done
