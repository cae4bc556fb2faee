#!/bin/sh
# How long precisionlab-cli takes to start for quiz work (issue 46, item 4): `--version` and
# `progress parameters` (a progress file with one profile, made first by importing a two-row
# review log), each run RUNS times; prints the median, the fastest and the slowest wall time in
# milliseconds, the CPU and the load average. A benchmark, not a test: it prints, it does not
# judge. Compare two builds in one call, so both are measured under the same load:
#   bench/cli-startup.sh [RUNS] CLI [CLI...]    e.g. bench/cli-startup.sh 9 old/cli/precisionlab-cli build/cli/precisionlab-cli
set -eu
runs=9
case ${1:-} in '' | *[!0-9]*) ;; *) runs=$1; shift ;; esac
[ $# -gt 0 ] || { echo "usage: $0 [RUNS] CLI [CLI...]" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'id,cid,usn,ease,ivl,lastIvl,factor,time,type\n1700000000000,1,0,3,0,0,0,5000,0\n1700086400000,1,0,3,1,0,2500,5000,1\n' >"$tmp/revlog.csv"
echo "$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1), $(getconf _NPROCESSORS_ONLN) cores; load average $(cut -d' ' -f1-3 /proc/loadavg)"

# Median, fastest and slowest of the millisecond figures on standard input.
stats() { sort -n | awk '{ v[NR] = $1 } END { printf "median %d ms (%d-%d ms, %d runs)", (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2), v[1], v[NR], NR }'; }

# Wall milliseconds of each of `runs` runs of the command given.
wall_ms() {
  i=0
  while [ $i -lt "$runs" ]; do
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1 || { echo "failed: $*" >&2; exit 1; }
    end=$(date +%s%N)
    echo $(((end - start) / 1000000))
    i=$((i + 1))
  done
}

for cli in "$@"; do
  db=$tmp/$(echo "$cli" | tr '/' '_').db
  "$cli" progress import-revlog "$tmp/revlog.csv" --profile bench --db "$db" >/dev/null
  echo "$cli"
  echo "  --version:           $(wall_ms "$cli" --version | stats)"
  echo "  progress parameters: $(wall_ms "$cli" progress parameters --db "$db" | stats)"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
