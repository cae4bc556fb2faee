#!/usr/bin/env bash
# PrecisionLab set-up on Debian 12: installs the missing Debian packages, configures and builds
# (incrementally), then runs the app or the tests.
#   bash packaging/setup.sh run    open the app (GUI with a display, else the terminal lab)
#   bash packaging/setup.sh test   build and run every test
# Runs as root, or uses sudo for apt-get. BUILD_DIR overrides the build folder (default build).
set -euo pipefail

mode=${1:-run}
shift || true
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${BUILD_DIR:-$root/build}

packages=(
  cmake ninja-build g++ pkg-config
  libtorch-dev libopenblas0-pthread
  qt6-base-dev qt6-charts-dev qt6-svg-dev qt6-qpa-plugins
  libsqlite3-dev sqlite3
  xvfb xauth
  python3 python3-yaml
  clang libclang-rt-14-dev
  desktop-file-utils appstream dpkg-dev file
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "==> installing Debian packages: ${missing[*]}"
  sudo_cmd=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "error: run as root or install sudo" >&2; exit 1; }
    sudo_cmd=(sudo)
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -q
  "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

if [ ! -f "$build/build.ninja" ]; then
  echo "==> configuring $build"
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release
fi
echo "==> building"
cmake --build "$build" -j "$(nproc)"

case "$mode" in
  run)
    if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
      exec "$build/ui/precisionlab" "$@"
    fi
    echo "==> no display: running the precision lab in the terminal"
    exec "$build/cli/precisionlab-cli" lab "$@"
    ;;
  test)
    export QT_QPA_PLATFORM=offscreen
    ctest --test-dir "$build" --output-on-failure -j "$(nproc)" "$@"
    if [ -x "$root/packaging/fuzz.sh" ] && command -v clang++ >/dev/null; then
      "$root/packaging/fuzz.sh"
    fi
    ;;
  *)
    echo "usage: $0 run|test" >&2
    exit 2
    ;;
esac
