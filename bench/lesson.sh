#!/bin/sh
# The default lab, as a new user runs it (`precisionlab-cli lab` with no options but the seed),
# at 5 seeds: its wall time, the baseline's validation accuracy and every scenario's computed
# verdict (from verdicts.json). A benchmark, not a test: it prints, it does not judge (the
# lesson test, tests/engine/tst_lesson.cpp, asserts the verdicts).
# Usage: bench/lesson.sh [BUILD_DIR] [SEEDS...]   e.g. bench/lesson.sh build 42 7 2026 1 2
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../build}
[ $# -gt 0 ] && shift
seeds=${*:-42 7 2026 1 2}
cli=$build/cli/precisionlab-cli
[ -x "$cli" ] || { echo "build the CLI first: ninja -C $build precisionlab-cli" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "default lab on $(getconf _NPROCESSORS_ONLN) cores, $(sed -n 's/^model name\t*: //p' /proc/cpuinfo | head -1)"
"$cli" lab --help >/dev/null
# The 1-minute load average before and after each seed, and the CPU share the lab itself got
# (GNU time's %P; 200% is both cores): a wall time is only comparable with others measured with
# the same share. The load average also counts jobs at nice 19, which take little from the lab.
for seed in $seeds; do
  load_before=$(cut -d' ' -f1 /proc/loadavg)
  start=$(date +%s.%N)
  timer=
  [ -x /usr/bin/time ] && timer="/usr/bin/time -f %P -o $tmp/$seed.cpu"
  $timer "$cli" lab --seed "$seed" --out "$tmp/$seed" >"$tmp/$seed.log" 2>&1 || {
    echo "seed $seed: lab failed"; tail -5 "$tmp/$seed.log"; continue; }
  end=$(date +%s.%N)
  load_after=$(cut -d' ' -f1 /proc/loadavg)
  cpu=$(tail -1 "$tmp/$seed.cpu" 2>/dev/null || echo "n/a")
  python3 - "$tmp/$seed/verdicts.json" "$seed" "$start" "$end" "$load_before" "$load_after" "$cpu" <<'PY'
import json, sys
verdicts = json.load(open(sys.argv[1]))
seed, wall = sys.argv[2], float(sys.argv[4]) - float(sys.argv[3])
base = next(v for v in verdicts if v["scenario"] == "baseline-fp32")
parts = []
for v in verdicts:
    extra = ""
    if v["scenario"] == "bf16-amp" and v["speedup"] is not None:
        extra = " %.2fx" % v["speedup"]
    parts.append("%s=%s%s" % (v["scenario"], v["judgement"], extra))
print("seed %-5s wall %5.0f s (cpu %s, load %s -> %s)  baseline val acc %.3f (chance %.3f)  %s" % (
    seed, wall, sys.argv[7], sys.argv[5], sys.argv[6], base["valAccuracy"] or 0, base["chanceAccuracy"] or 0, "  ".join(parts)))
PY
done
