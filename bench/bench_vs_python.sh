#!/bin/sh
# Engine training step vs the same step in Python PyTorch eager (Debian's python3-torch), batch
# 32, seq 128: tiny and mini in fp32, and mini under bf16 autocast (torch.autocast("cpu",
# dtype=torch.bfloat16) in Python, the engine's bf16-amp policy), then each side's bf16 speedup
# over its own fp32 step. Engine and Python runs alternate (the order flips every round) so
# both share the machine's noise; each figure is the median over ROUNDS runs of each run's
# median step. Wall ms is what a user waits; cpu ms (process CPU time, all threads) varies far
# less when other work shares the cores. With REFERENCE_BLAS=1 it repeats the fp32 rows with
# the reference BLAS (about 10x slower). A benchmark, not a test: no pass/fail.
# On the LibTorch 2.x build, the same comparison on the same wheel plus Hugging Face transformers:
#   PYTHON=.venv/bin/python TRANSFORMERS=1 bench/bench_vs_python.sh build-torch2
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
# The sides compared: the engine, Python eager with the same model, and, with TRANSFORMERS=1,
# Hugging Face transformers' BertForSequenceClassification on the same torch (needs
# transformers in $python's environment, e.g. the project's .venv on the LibTorch 2.x build).
sides="engine python"
[ "${TRANSFORMERS:-0}" = 1 ] && sides="engine python transformers"
# One case: the sides alternating for $rounds rounds (the order rotates every round); prints one
# table row and leaves the medians in $tmp/<case>.<side>.{wall,cpu}.
run_case() {  # name preset precision blas
  name=$1 preset=$2 precision=$3 blas=$4
  if [ "$blas" = reference ]; then lib=$refblas; else lib=${LD_LIBRARY_PATH:-}; fi
  for side in $sides; do : >"$tmp/$side.w"; : >"$tmp/$side.c"; done
  r=1
  while [ "$r" -le "$rounds" ]; do
    order=$sides
    i=1
    while [ "$i" -lt "$r" ]; do order="$(echo "$order" | cut -d' ' -f2-) $(echo "$order" | cut -d' ' -f1)"; i=$((i + 1)); done
    for side in $order; do
      case $side in
        engine)
          out=$(LD_LIBRARY_PATH=$lib "$bin" "$preset" 32 128 "$threads" "$steps" "$warmup" "$precision")
          vocab=$(field "$out" vocab); labels=$(field "$out" labels) ;;
        python | transformers)
          impl=eager; [ "$side" = transformers ] && impl=transformers
          out=$(IMPL=$impl LD_LIBRARY_PATH=$lib "$python" "$here/torch_step.py" "$preset" 32 128 "$threads" \
                  "$steps" "$warmup" "${vocab:-1320}" "${labels:-5}" "$precision") ;;
      esac
      field "$out" median_ms >>"$tmp/$side.w"; field "$out" cpu_ms >>"$tmp/$side.c"
    done
    r=$((r + 1))
  done
  row=$(printf '%-6s %-9s %-9s' "$preset" "$precision" "$blas")
  for side in $sides; do
    median <"$tmp/$side.w" >"$tmp/$name.$side.wall"; median <"$tmp/$side.c" >"$tmp/$name.$side.cpu"
  done
  ew=$(cat "$tmp/$name.engine.wall") ec=$(cat "$tmp/$name.engine.cpu")
  for side in $sides; do
    w=$(cat "$tmp/$name.$side.wall") c=$(cat "$tmp/$name.$side.cpu")
    if [ "$side" = engine ]; then
      row="$row $(printf '%10s %10s' "$w" "$c")"
    else
      row="$row $(printf '%10s %10s %8s %8s' "$w" "$c" "$(ratio "$w" "$ew")" "$(ratio "$c" "$ec")")"
    fi
  done
  echo "$row"
}

header=$(printf '%-6s %-9s %-9s %10s %10s' preset precision blas engine_ms eng_cpu)
for side in $sides; do
  [ "$side" = engine ] || header="$header $(printf '%10s %10s %8s %8s' "${side%%former*}_ms" "cpu" ratio cpu_rat)"
done
echo "$header"
run_case tiny tiny fp32 openblas
run_case mini mini fp32 openblas
run_case minibf16 mini bf16-amp openblas
if [ "${REFERENCE_BLAS:-0}" = 1 ]; then
  run_case tinyref tiny fp32 reference
  run_case miniref mini fp32 reference
fi
echo "ratio = other side's ms / engine ms (above 1: the engine is faster); median over $rounds" \
     "alternating runs of the median of $steps steps after $warmup warmup, $threads threads;" \
     "torch: $("$python" -c 'import torch; print(torch.__version__)' 2>/dev/null)"
for side in $sides; do
  printf 'bf16-amp speedup over fp32 on mini, %s: wall %s, cpu %s\n' "$side" \
    "$(ratio "$(cat "$tmp/mini.$side.wall")" "$(cat "$tmp/minibf16.$side.wall")")" \
    "$(ratio "$(cat "$tmp/mini.$side.cpu")" "$(cat "$tmp/minibf16.$side.cpu")")"
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
