#!/usr/bin/env bash
# Builds the libFuzzer target for the safetensors header parser and strict JSON parser with
# clang++ into build-fuzz/ and runs it for a bounded time (FUZZ_SECONDS, default 20) starting
# from the seed corpus in fuzz/corpus. Exits non-zero if the fuzzer finds a crash, a sanitizer
# report or a broken invariant; the crashing input is left in build-fuzz/.
#   packaging/fuzz.sh            build and run
#   FUZZ_SECONDS=600 packaging/fuzz.sh
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${FUZZ_BUILD_DIR:-$root/build-fuzz}
seconds=${FUZZ_SECONDS:-20}
cxx=${FUZZ_CXX:-clang++}
command -v "$cxx" >/dev/null || { echo "fuzz.sh: $cxx not found (apt-get install clang libclang-rt-14-dev)" >&2; exit 1; }

mkdir -p "$out/corpus"
bin="$out/safetensors_header_fuzzer"
sources=("$root/fuzz/safetensors_header_fuzzer.cpp" "$root/engine/src/Safetensors.cpp" "$root/engine/src/Json.cpp")
rebuild=0
[ -x "$bin" ] || rebuild=1
for s in "${sources[@]}" "$root/engine/Safetensors.h" "$root/engine/src/Json.h"; do
  [ "$s" -nt "$bin" ] && rebuild=1
done
if [ "$rebuild" = 1 ]; then
  echo "==> building $bin"
  "$cxx" -std=c++17 -g -O1 -fno-omit-frame-pointer -fsanitize=fuzzer,address,undefined \
    -fno-sanitize-recover=undefined -I"$root" "${sources[@]}" -o "$bin"
fi
echo "==> fuzzing the safetensors header parser for ${seconds}s"
cd "$out"
# New inputs go to build-fuzz/corpus; the checked-in seeds are read only.
"$bin" -max_total_time="$seconds" -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
  corpus "$root/fuzz/corpus"
