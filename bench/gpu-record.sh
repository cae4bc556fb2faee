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

# The machine first: nothing is created, truncated or replaced before it is known to be able to
# run (an earlier run's figures are never emptied by a run that cannot start).
if ((dry)); then
  if [ -z "$cli" ] || [ ! -x "$cli" ]; then
    echo "gpu-record.sh --dry-run needs --cli PATH to a built precisionlab-cli" >&2
    exit 2
  fi
else
  command -v nvidia-smi >/dev/null ||
    { echo "gpu-record.sh: no nvidia-smi: not a CUDA machine (use --dry-run)" >&2; exit 2; }
  # nvidia-smi exists but may not reach a GPU (no driver loaded, no device): its exit status says.
  if ! smi_list=$(nvidia-smi -L 2>&1) || ! grep -q '^GPU ' <<<"$smi_list"; then
    echo "gpu-record.sh: no usable GPU: nvidia-smi -L failed or listed none:" >&2
    sed 's/^/  /' <<<"$smi_list" >&2
    echo "  (check the NVIDIA driver with nvidia-smi; on a machine without a GPU use --dry-run)" >&2
    exit 2
  fi
  python=${PYTHON:-python3}
  torch_dir=$("$python" -c 'import os, torch; print(os.path.dirname(torch.__file__))' 2>/dev/null) || {
    echo "gpu-record.sh: $python cannot import torch; set PYTHON to one that can" >&2
    exit 2
  }
  torch_cuda=$("$python" -c 'import torch; print(torch.version.cuda or "")' 2>/dev/null)
  [ -n "$torch_cuda" ] || { echo "gpu-record.sh: the torch of $python has no CUDA" >&2; exit 2; }
  "$python" -c 'import sys, torch; sys.exit(0 if torch.cuda.is_available() else 1)' 2>/dev/null || {
    echo "gpu-record.sh: torch $torch_cuda cannot use the GPU nvidia-smi lists" \
      "(torch.cuda.is_available() is False: a driver older than CUDA $torch_cuda?)" >&2
    exit 2
  }
fi

# Everything is written into a staging folder inside OUT and moved into place at the end, so a
# run stopped half-way leaves the previous figures and recordings as they were, and a failed
# run into a new OUT leaves no empty folder behind.
out_created=0
[ -d "$out" ] || out_created=1
mkdir -p "$out"
stage=$(mktemp -d "$out/.gpu-record-partial.XXXXXX")
finished=0
cleanup() {
  rm -rf "$stage"
  if ((!finished && out_created)); then rmdir "$out" 2>/dev/null || true; fi
}
trap cleanup EXIT
mkdir -p "$stage/recorded"
figures=$stage/gpu-figures.txt
: >"$figures"
say() { echo "$*" | tee -a "$figures"; }

if ((dry)); then
  device=cpu
  # Toy size: every command of the GPU run, in seconds, on the CPU.
  record_args=(--preset tiny --steps "${lab_steps:-6}" --batch-size 4 --seq-len 16 --eval-every 0
    --threads 1)
  bench_presets=(tiny)
  bench_args=(--steps 6 --batch-size 4 --seq-len 16 --threads 1)
  say "DRY RUN on the CPU (toy size): the commands of the GPU run, not GPU figures"
else
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
# The engine the CLI hands training to (precisionlab-cli-engine beside it): LibTorch, CUDA.
say "engine: $("$cli" train --version 2>/dev/null | sed -n 2p || true)"
say "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"

# 2. The lab's options, recorded: the device in each file comes from the engine itself.
say ""
say "== record: the lab's options on $device"
"$cli" record --out "$stage/recorded" --device "$device" \
  --scenarios baseline-fp32,tf32,half-layers,tensorflow-container,vertex-hp-tuning,fp16-amp,bf16-amp \
  "${record_args[@]}" 2>&1 | tee -a "$figures"
"$cli" replay --speed 0 "$stage"/recorded/*.plrun >"$stage/replay.txt" 2>&1 || {
  echo "gpu-record.sh: the recordings do not replay:" >&2
  tail -n 20 "$stage/replay.txt" >&2
  exit 1
}

# 3 and 4. Speed, memory and MFU, side by side in one session per model.
for preset in "${bench_presets[@]}"; do
  say ""
  say "== bench: $preset, fp32 / tf32=True / fp16=True / bf16=True on $device"
  "$cli" bench --device "$device" --preset "$preset" "${bench_args[@]}" \
    --policies baseline-fp32,tf32,fp16-amp,bf16-amp 2>&1 | tee "$stage/bench-$preset.txt" |
    tee -a "$figures"
done

say ""
if ((dry)); then
  say "targets: not judged in a dry run (CPU, toy model)"
else
  say "targets (DESIGN.md, H200, base b32 s128): fp16=True >= 3x fp32, >= 1.8x tf32=True," \
    "peak memory <= 0.75x, MFU >= 35 % -- read them in the bench: base table above"
fi
say "written: $out/recorded/*.plrun, $out/gpu-figures.txt"
# Into place: each by rename within OUT (the recordings folder as a whole).
rm -rf "$out/recorded.old"
[ ! -e "$out/recorded" ] || mv "$out/recorded" "$out/recorded.old"
mv "$stage/recorded" "$out/recorded"
rm -rf "$out/recorded.old"
for f in "$stage"/*; do mv -f "$f" "$out/"; done
finished=1
