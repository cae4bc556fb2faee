#!/bin/sh
# Engine training step vs the same step in Python PyTorch eager (Debian's python3-torch), fp32,
# batch 32, seq 128, for tiny and mini; with OpenBLAS (Debian's default alternative once
# libopenblas0-pthread is installed) and with the reference BLAS. A benchmark, not a test:
# run it on an otherwise idle machine.
# Usage: bench/bench_vs_python.sh [BUILD_DIR] [THREADS] [STEPS]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../build}
threads=${2:-$(nproc)}
steps=${3:-20}
warmup=3
python=${PYTHON:-/usr/bin/python3}  # Debian's python3-torch lives there, not in a pyenv
bin=$build/bench/precisionlab-bench-step
[ -x "$bin" ] || { echo "build precisionlab-bench-step first: ninja -C $build precisionlab-bench-step" >&2; exit 2; }
refblas=/usr/lib/x86_64-linux-gnu/blas:/usr/lib/x86_64-linux-gnu/lapack
field() { echo "$1" | tr ' ' '\n' | sed -n "s/^$2=//p"; }
export OMP_NUM_THREADS=$threads OPENBLAS_NUM_THREADS=$threads

printf '%-6s %-10s %12s %12s %8s\n' preset blas engine_ms python_ms ratio
for blas in openblas reference; do
  for preset in tiny mini; do
    if [ "$blas" = reference ]; then lib=$refblas; else lib=${LD_LIBRARY_PATH:-}; fi
    e=$(LD_LIBRARY_PATH=$lib "$bin" "$preset" 32 128 "$threads" "$steps" "$warmup")
    vocab=$(field "$e" vocab); labels=$(field "$e" labels)
    p=$(LD_LIBRARY_PATH=$lib "$python" "$here/torch_step.py" "$preset" 32 128 "$threads" "$steps" "$warmup" "$vocab" "$labels")
    em=$(field "$e" median_ms); pm=$(field "$p" median_ms)
    printf '%-6s %-10s %12s %12s %8s\n' "$preset" "$blas" "$em" "$pm" \
      "$(awk -v a="$em" -v b="$pm" 'BEGIN { printf "%.2fx", b / a }')"
  done
done
echo "ratio = python_ms / engine_ms (above 1: the engine is faster); median of $steps steps after $warmup warmup, $threads threads"
