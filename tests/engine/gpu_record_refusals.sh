#!/usr/bin/env bash
# bench/gpu-record.sh on a machine that cannot run it leaves everything as it was (issue 47):
#   - no nvidia-smi, and an nvidia-smi that fails (no driver): exit 2 with the reason, no OUT
#     folder created, an earlier run's figures untouched;
#   - a dry run whose CLI fails half-way: the earlier figures and recordings untouched, no
#     staging folder left, and a new OUT not left behind empty.
#   bash tests/engine/gpu_record_refusals.sh SCRIPT CLI
set -uo pipefail
script=$1 cli=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

mkdir -p "$work/bin" "$work/nosmi" "$work/earlier/recorded"
echo "earlier figures" >"$work/earlier/gpu-figures.txt"
echo "earlier run" >"$work/earlier/recorded/baseline-fp32.plrun"
printf '#!/bin/sh\necho "NVIDIA-SMI has failed because it could not communicate with the NVIDIA driver." >&2\nexit 9\n' \
  >"$work/bin/nvidia-smi"
chmod +x "$work/bin/nvidia-smi"
for b in bash sed grep mktemp rm mkdir rmdir mv tee date dirname head cat; do
  ln -s "$(command -v "$b")" "$work/nosmi/$b"
done

check_untouched() {
  [ "$(cat "$work/earlier/gpu-figures.txt")" = "earlier figures" ] || fail "$1: earlier figures changed"
  [ "$(cat "$work/earlier/recorded/baseline-fp32.plrun")" = "earlier run" ] || fail "$1: earlier recording changed"
  ! ls -a "$work/earlier" | grep -q partial || fail "$1: a staging folder was left in OUT"
  [ ! -e "$work/new" ] || fail "$1: a new OUT folder was left behind"
}

# No nvidia-smi at all.
msg=$(PATH=$work/nosmi bash "$script" --out "$work/earlier" 2>&1)
[ $? -eq 2 ] || fail "no nvidia-smi: exit status not 2: $msg"
grep -q "no nvidia-smi" <<<"$msg" || fail "no nvidia-smi: message: $msg"
PATH=$work/nosmi bash "$script" --out "$work/new" >/dev/null 2>&1
check_untouched "no nvidia-smi"

# An nvidia-smi that fails.
msg=$(PATH=$work/bin:$PATH bash "$script" --out "$work/earlier" 2>&1)
[ $? -eq 2 ] || fail "failing nvidia-smi: exit status not 2: $msg"
grep -q "no usable GPU" <<<"$msg" || fail "failing nvidia-smi: message: $msg"
grep -q "communicate with the NVIDIA driver" <<<"$msg" || fail "failing nvidia-smi: its own words missing: $msg"
grep -q Traceback <<<"$msg" && fail "failing nvidia-smi: a Python traceback: $msg"
PATH=$work/bin:$PATH bash "$script" --out "$work/new" >/dev/null 2>&1
check_untouched "failing nvidia-smi"

# A dry run whose CLI fails at the first recording.
printf '#!/bin/sh\ncase "$1" in --version) echo "precisionlab-cli (stand-in)";; *) echo "record failed" >&2; exit 3;; esac\n' \
  >"$work/bin/failing-cli"
chmod +x "$work/bin/failing-cli"
bash "$script" --dry-run --cli "$work/bin/failing-cli" --out "$work/earlier" >/dev/null 2>&1 &&
  fail "a failing CLI: the script passed"
bash "$script" --dry-run --cli "$work/bin/failing-cli" --out "$work/new" >/dev/null 2>&1
check_untouched "a failing CLI"

# And a real dry run replaces them whole.
bash "$script" --dry-run --cli "$cli" --out "$work/earlier" >"$work/dry.log" 2>&1 ||
  { cat "$work/dry.log" >&2; fail "the dry run failed"; }
grep -q "DRY RUN" "$work/earlier/gpu-figures.txt" || fail "the dry run's figures did not replace the earlier ones"
[ ! -e "$work/earlier/recorded/baseline-fp32.plrun" ] || ! grep -q "earlier run" "$work/earlier/recorded/baseline-fp32.plrun" ||
  fail "the dry run's recordings did not replace the earlier ones"
! ls -a "$work/earlier" | grep -q partial || fail "the dry run left its staging folder"
echo "OK: gpu-record.sh refuses without a usable GPU and leaves earlier outputs whole"
