#!/usr/bin/env bash
# bench/gpu-record.sh: the GPU evidence for fp16=True in one prepared command (speed-evidence
# issue, item 3). On a CUDA machine it
#   1. builds the engine and the CLI alone (-DPRECISIONLAB_WITH_UI=OFF) against that machine's
#      own torch (python3 -c 'import torch'), in build-gpu/;
#   2. records the lab on CUDA with the lab's default settings: fp32, tf32=True, the
#      half-precision model, the TensorFlow container, the HP-tuning trials, fp16=True and
#      bf16=True, as .plrun files naming the GPU (OUT/recorded/);
#   3. benchmarks BERT base and BERT large at batch 32, sequence 128: fp32, tf32=True, fp16=True,
#      bf16=True interleaved in one session, each step timed alone;
#   4. prints and writes (OUT/gpu-figures.txt) the GPU, driver, CUDA and torch versions, the
#      fp16/fp32 and fp16/tf32 speed ratios, the memory ratios and MFU, and compares them with
#      the benchmark targets (DESIGN.md: fp16=True >= 3x true fp32 and >= 1.8x tf32=True on base
#      at b32 s128, peak memory <= 0.75x, MFU >= 35 %; targets, not tests).
# It is sized to finish within 10 minutes on an H100/H200-class GPU (the build is most of it).
# Ship what it writes: copy OUT/recorded/*.plrun to resources/recorded/gpu/ and the figures to
# docs/benchmarks.md (resources/recorded/README.md says how).
#
#   bash bench/gpu-record.sh [--out DIR] [--cli PATH] [--jobs N] [--steps N]
#   bash bench/gpu-record.sh --dry-run --cli build/cli/precisionlab-cli [--out DIR]
#
# --dry-run runs the same commands on the CPU at toy size (tiny BERT, a few steps) with an
# existing CLI, so CI runs the script end to end and it cannot rot where no GPU is at hand; its
# figures are CPU figures of a toy model, labelled so, and nothing it writes is meant to ship.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=$root/gpu-record-out
cli=
dry=0
jobs=$(nproc 2>/dev/null || echo 4)
lab_steps=
while (($#)); do
  case "$1" in
    --dry-run) dry=1; shift ;;
    --out) out=$2; shift 2 ;;
    --cli) cli=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --steps) lab_steps=$2; shift 2 ;;
    -h|--help) sed -n '2,28p' "$0"; exit 0 ;;
    *) echo "gpu-record.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done

mkdir -p "$out/recorded"
figures=$out/gpu-figures.txt
: >"$figures"
say() { echo "$*" | tee -a "$figures"; }

if ((dry)); then
  if [ -z "$cli" ] || [ ! -x "$cli" ]; then
    echo "gpu-record.sh --dry-run needs --cli PATH to a built precisionlab-cli" >&2
    exit 2
  fi
  device=cpu
  # Toy size: every command of the GPU run, in seconds, on the CPU.
  record_args=(--preset tiny --steps "${lab_steps:-6}" --batch-size 4 --seq-len 16 --eval-every 0
    --threads 1)
  bench_presets=(tiny)
  bench_args=(--steps 6 --batch-size 4 --seq-len 16 --threads 1)
  say "DRY RUN on the CPU (toy size): the commands of the GPU run, not GPU figures"
else
  command -v nvidia-smi >/dev/null || { echo "gpu-record.sh: no nvidia-smi: not a CUDA machine (use --dry-run)" >&2; exit 2; }
  python=${PYTHON:-python3}
  torch_dir=$("$python" -c 'import os, torch; print(os.path.dirname(torch.__file__))') || {
    echo "gpu-record.sh: $python cannot import torch; set PYTHON to one that can" >&2
    exit 2
  }
  torch_cuda=$("$python" -c 'import torch; print(torch.version.cuda or "")')
  [ -n "$torch_cuda" ] || { echo "gpu-record.sh: this torch has no CUDA" >&2; exit 2; }
  if [ -z "$cli" ]; then
    build=$root/build-gpu
    echo "==> building the engine and CLI against $torch_dir (CUDA $torch_cuda) in $build"
    generator=()
    command -v ninja >/dev/null && generator=(-G Ninja)
    cmake -S "$root" -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
      -DPRECISIONLAB_WITH_UI=OFF -DBUILD_TESTING=OFF -DCMAKE_PREFIX_PATH="$torch_dir" \
      -DTORCH_CUDA_ARCH_LIST="9.0" >/dev/null
    cmake --build "$build" --target precisionlab-cli -j "$jobs"
    cli=$build/cli/precisionlab-cli
  fi
  device=cuda
  record_args=(--steps "${lab_steps:-300}" --batch-size 32 --seq-len 128)
  bench_presets=(base large)
  bench_args=(--steps 40 --batch-size 32 --seq-len 128)
  say "GPU: $(nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader | head -1)"
  say "CUDA (torch built for): $torch_cuda; torch $("$python" -c 'import torch; print(torch.__version__)')"
fi
say "CLI: $("$cli" --version 2>/dev/null | head -1)"
say "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"

# 2. The lab's options, recorded: the device in each file comes from the engine itself.
say ""
say "== record: the lab's options on $device"
"$cli" record --out "$out/recorded" --device "$device" \
  --scenarios baseline-fp32,tf32,half-layers,tensorflow-container,vertex-hp-tuning,fp16-amp,bf16-amp \
  "${record_args[@]}" 2>&1 | tee -a "$figures"
"$cli" replay --speed 0 "$out"/recorded/*.plrun >"$out/replay.txt" 2>&1 || {
  echo "gpu-record.sh: the recordings do not replay (see $out/replay.txt)" >&2
  exit 1
}

# 3 and 4. Speed, memory and MFU, side by side in one session per model.
for preset in "${bench_presets[@]}"; do
  say ""
  say "== bench: $preset, fp32 / tf32=True / fp16=True / bf16=True on $device"
  "$cli" bench --device "$device" --preset "$preset" "${bench_args[@]}" \
    --policies baseline-fp32,tf32,fp16-amp,bf16-amp 2>&1 | tee "$out/bench-$preset.txt" |
    tee -a "$figures"
done

say ""
if ((dry)); then
  say "targets: not judged in a dry run (CPU, toy model)"
else
  say "targets (DESIGN.md, H200, base b32 s128): fp16=True >= 3x fp32, >= 1.8x tf32=True," \
    "peak memory <= 0.75x, MFU >= 35 % -- read them in the bench: base table above"
fi
say "written: $out/recorded/*.plrun, $figures"
