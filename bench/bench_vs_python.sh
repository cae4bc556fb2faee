#!/bin/sh
# Engine training step vs the same step in Python PyTorch eager (Debian's python3-torch), batch
# 32, seq 128: tiny and mini in fp32, and mini under bf16 autocast (torch.autocast("cpu",
# dtype=torch.bfloat16) in Python, the engine's bf16-amp policy), then each side's bf16 speedup
# over its own fp32 step. Engine and Python runs alternate (the order flips every round) so
# both share the machine's noise; each figure is the median over ROUNDS runs of each run's
# median step. Wall ms is what a user waits; cpu ms (process CPU time, all threads) varies far
# less when other work shares the cores. With REFERENCE_BLAS=1 it repeats the fp32 rows with
# the reference BLAS (about 10x slower). A benchmark, not a test: no pass/fail.
# Usage: bench/bench_vs_python.sh [BUILD_DIR] [THREADS] [STEPS] [ROUNDS]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../build}
cores=$(getconf _NPROCESSORS_ONLN)  # nproc would honour OMP_NUM_THREADS
threads=${2:-$cores}
steps=${3:-10}
rounds=${4:-3}
warmup=2
python=${PYTHON:-/usr/bin/python3}  # Debian's python3-torch lives there, not in a pyenv
bin=$build/bench/precisionlab-bench-step
[ -x "$bin" ] || { echo "build precisionlab-bench-step first: ninja -C $build precisionlab-bench-step" >&2; exit 2; }
refblas=/usr/lib/x86_64-linux-gnu/blas:/usr/lib/x86_64-linux-gnu/lapack
field() { echo "$1" | tr ' ' '\n' | sed -n "s/^$2=//p"; }
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2fx", a / b }'; }
# Each side's own threads only: OpenBLAS's pthreads and OpenMP must not add spinning threads.
export OMP_NUM_THREADS=$threads OPENBLAS_NUM_THREADS=$threads OMP_WAIT_POLICY=${OMP_WAIT_POLICY:-PASSIVE}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "cpu: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1), $cores cores;" \
     "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
# One case: engine and Python alternating for $rounds rounds; prints one table row and leaves
# the medians in $tmp/<case>.{e,p}{wall,cpu}.
run_case() {  # name preset precision blas
  name=$1 preset=$2 precision=$3 blas=$4
  if [ "$blas" = reference ]; then lib=$refblas; else lib=${LD_LIBRARY_PATH:-}; fi
  : >"$tmp/ew"; : >"$tmp/ec"; : >"$tmp/pw"; : >"$tmp/pc"
  r=1
  while [ "$r" -le "$rounds" ]; do
    for side in $( [ $((r % 2)) -eq 1 ] && echo "engine python" || echo "python engine"); do
      if [ "$side" = engine ]; then
        e=$(LD_LIBRARY_PATH=$lib "$bin" "$preset" 32 128 "$threads" "$steps" "$warmup" "$precision")
        field "$e" median_ms >>"$tmp/ew"; field "$e" cpu_ms >>"$tmp/ec"
        vocab=$(field "$e" vocab); labels=$(field "$e" labels)
      else
        p=$(LD_LIBRARY_PATH=$lib "$python" "$here/torch_step.py" "$preset" 32 128 "$threads" \
              "$steps" "$warmup" "${vocab:-1320}" "${labels:-5}" "$precision")
        field "$p" median_ms >>"$tmp/pw"; field "$p" cpu_ms >>"$tmp/pc"
      fi
    done
    r=$((r + 1))
  done
  ew=$(median <"$tmp/ew"); ec=$(median <"$tmp/ec"); pw=$(median <"$tmp/pw"); pc=$(median <"$tmp/pc")
  echo "$ew" >"$tmp/$name.ewall"; echo "$ec" >"$tmp/$name.ecpu"
  echo "$pw" >"$tmp/$name.pwall"; echo "$pc" >"$tmp/$name.pcpu"
  printf '%-6s %-9s %-9s %10s %10s %8s %10s %10s %8s\n' "$preset" "$precision" "$blas" \
    "$ew" "$pw" "$(ratio "$pw" "$ew")" "$ec" "$pc" "$(ratio "$pc" "$ec")"
}

printf '%-6s %-9s %-9s %10s %10s %8s %10s %10s %8s\n' preset precision blas \
  engine_ms python_ms ratio eng_cpu py_cpu cpu_ratio
run_case tiny tiny fp32 openblas
run_case mini mini fp32 openblas
run_case minibf16 mini bf16-amp openblas
if [ "${REFERENCE_BLAS:-0}" = 1 ]; then
  run_case tinyref tiny fp32 reference
  run_case miniref mini fp32 reference
fi
echo "ratio = python_ms / engine_ms (above 1: the engine is faster); median over $rounds" \
     "alternating runs of the median of $steps steps after $warmup warmup, $threads threads"
printf 'bf16-amp speedup over fp32 on mini (wall): engine %s, python %s; (cpu): engine %s, python %s\n' \
  "$(ratio "$(cat "$tmp/mini.ewall")" "$(cat "$tmp/minibf16.ewall")")" \
  "$(ratio "$(cat "$tmp/mini.pwall")" "$(cat "$tmp/minibf16.pwall")")" \
  "$(ratio "$(cat "$tmp/mini.ecpu")" "$(cat "$tmp/minibf16.ecpu")")" \
  "$(ratio "$(cat "$tmp/mini.pcpu")" "$(cat "$tmp/minibf16.pcpu")")"
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
