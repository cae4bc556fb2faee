#!/usr/bin/env bash
# Runs the README's test command (`bash packaging/setup.sh test`) inside a freshly bootstrapped
# minimal Debian root, Debian 13 (trixie) or Debian 12 (bookworm), so that nothing installed by
# hand on this machine can hide a missing step from a new user (it did once: libqt6opengl6-dev).
# .ci/run calls it twice, side by side (one root per release, each with its CI share); a user can
# run it too:
#   sudo bash packaging/fresh-root-ci.sh [--release 13|12] [setup.sh arguments, default: test]
#
# What it does, in order:
#   1. debootstrap --variant=minbase trixie (13, the default) or bookworm (12) into a temporary
#      folder, from the Debian mirror this machine's own apt sources name (never a mirror
#      written into the repository);
#   2. writes that mirror's sources for the release into the root (main, -updates, -security),
#      copies resolv.conf, bind-mounts /proc, /sys, /dev and /dev/pts, and shares only *download
#      caches* with the host (apt's archives folder, one per release, and pip's cache): what gets
#      installed is installed inside the root, from scratch;
#   3. copies the checkout in (tracked and untracked, not ignored files: no build folders, no
#      .venv), and runs `bash packaging/setup.sh test` there as root with a clean environment;
#   4. unmounts everything and deletes the root (FRESH_ROOT_KEEP=1 keeps it for inspection).
# Needs root (debootstrap, chroot, mount). The exit status is setup.sh's.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
release=13
if [ "${1:-}" = --release ]; then
  release=${2:-}
  shift 2 || true
fi
case "$release" in
  13) suite=trixie ;;
  12) suite=bookworm ;;
  *) echo "error: --release takes 13 (trixie) or 12 (bookworm), not '$release'" >&2; exit 2 ;;
esac
args=("$@")
((${#args[@]})) || args=(test)

if [ "$(id -u)" -ne 0 ]; then
  echo "error: $0 needs root (debootstrap, chroot and bind mounts); run it with sudo" >&2
  exit 1
fi

# The mirrors: the first deb URI of a Debian release suite, and of a -security suite, in this
# machine's apt sources (deb822 .sources files or one-line sources.list entries), whichever
# release this machine runs; the root gets the same mirrors with its own release's suites.
host_sources() { # prints "URI SUITE" for every deb entry
  local f
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    awk 'BEGIN{RS=""} /Types:[^\n]*deb([ \n]|$)/ {
           u = ""; if (match($0, /URIs:[ \t]*[^ \t\n]+/)) { u = substr($0, RSTART, RLENGTH); sub(/URIs:[ \t]*/, "", u) }
           if (u != "" && match($0, /Suites:[^\n]*/)) { n = split(substr($0, RSTART + 7, RLENGTH - 7), a, /[ \t]+/)
             for (i = 1; i <= n; i++) if (a[i] != "") print u, a[i] } }' "$f"
  done
  { cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null || true; } |
    awk '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i ~ /:\/\//) { print $i, $(i + 1); break } }'
}
debian_suites='^(bookworm|trixie|forky|sid|stable|oldstable|testing|unstable)$'
mirror=$(host_sources | awk -v re="$debian_suites" '$2 ~ re { print $1; exit }')
security_mirror=$(host_sources | awk '$2 ~ /-security$/ { print $1; exit }')
if [ -z "$mirror" ]; then
  echo "error: no Debian mirror found in /etc/apt/sources.list or /etc/apt/sources.list.d/;" \
    "add one (e.g. http://deb.debian.org/debian) and run again" >&2
  exit 1
fi
host_codename=$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-}")

if ! command -v debootstrap >/dev/null; then
  echo "==> installing debootstrap on this machine"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends debootstrap ||
    { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends debootstrap; }
fi

work=$(mktemp -d "${FRESH_ROOT_PARENT:-/var/tmp}/precisionlab-fresh-root-$suite.XXXXXX")
target=$work/root
# One download cache per release: this machine's own for its own release, a folder of its own for
# the other (two roots side by side must not share apt's archives lock).
if [ "$suite" = "$host_codename" ]; then
  apt_cache=/var/cache/apt/archives
else
  apt_cache=/var/cache/precisionlab-fresh-root/$suite-archives
fi
pip_cache=${PIP_CACHE_DIR:-$HOME/.cache/pip}
mkdir -p "$apt_cache/partial" "$pip_cache"

mounted=()
cleanup() {
  local status=$?
  # Unmount in reverse order; lazily if something still holds a mount.
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
    umount "${mounted[$i]}" 2>/dev/null || umount -l "${mounted[$i]}" 2>/dev/null || true
  done
  if findmnt -rn -o TARGET | grep -q "^$target"; then
    echo "warning: mounts remain under $target; not deleting it" >&2
  elif [ "${FRESH_ROOT_KEEP:-0}" = 1 ]; then
    echo "==> kept the root at $target"
  else
    rm -rf --one-file-system "$work"
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

bind() { # bind SOURCE TARGET_INSIDE_ROOT
  mkdir -p "$target$2"
  mount --bind "$1" "$target$2"
  mounted+=("$target$2")
}

echo "==> debootstrap --variant=minbase $suite (Debian $release) $target ($mirror)"
start=$(date +%s)
debootstrap --variant=minbase --cache-dir="$apt_cache" "$suite" "$target" "$mirror" >"$work/debootstrap.log" 2>&1 ||
  { tail -n 30 "$work/debootstrap.log" >&2; echo "error: debootstrap failed (log above)" >&2; exit 1; }
echo "    done in $(($(date +%s) - start)) s"

# This machine's mirrors with the root's release, and its DNS, as a new machine on this network
# would have them.
rm -f "$target/etc/apt/sources.list" "$target"/etc/apt/sources.list.d/*
mkdir -p "$target/etc/apt/sources.list.d"
{
  printf 'Types: deb\nURIs: %s\nSuites: %s %s-updates\nComponents: main\nSigned-By: %s\n' \
    "$mirror" "$suite" "$suite" /usr/share/keyrings/debian-archive-keyring.gpg
  [ -z "$security_mirror" ] ||
    printf '\nTypes: deb\nURIs: %s\nSuites: %s-security\nComponents: main\nSigned-By: %s\n' \
      "$security_mirror" "$suite" /usr/share/keyrings/debian-archive-keyring.gpg
} >"$target/etc/apt/sources.list.d/debian.sources"
cp -L /etc/resolv.conf "$target/etc/resolv.conf" 2>/dev/null || true
# This machine's network trust: local CA certificates (e.g. a TLS-inspecting proxy's, without
# which pip cannot reach PyPI here) and pip's machine-wide configuration. The ca-certificates
# package that setup.sh installs folds /usr/local/share/ca-certificates into the root's bundle.
if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
  mkdir -p "$target/usr/local/share/ca-certificates"
  cp /usr/local/share/ca-certificates/*.crt "$target/usr/local/share/ca-certificates/"
fi
[ -f /etc/pip.conf ] && cp /etc/pip.conf "$target/etc/pip.conf"
# Keep downloaded .debs in the shared cache (apt's docker-style clean hooks would delete them).
echo 'Binary::apt::APT::Keep-Downloaded-Packages "true";' >"$target/etc/apt/apt.conf.d/99keep-debs"

bind /proc /proc
bind /sys /sys
bind /dev /dev
bind /dev/pts /dev/pts
[ -d /dev/shm ] && bind /dev/shm /dev/shm
bind "$apt_cache" /var/cache/apt/archives
bind "$pip_cache" /root/.cache/pip

echo "==> copying the checkout into the root"
mkdir -p "$target/src/precisionlab"
git -C "$repo" ls-files -z --cached --others --exclude-standard |
  (cd "$repo" && xargs -0 -r cp --parents -a -t "$target/src/precisionlab" 2>/dev/null || true)
# Files git lists but that were deleted in the work tree are simply absent; a missing setup.sh is not.
[ -f "$target/src/precisionlab/packaging/setup.sh" ] || { echo "error: copy failed" >&2; exit 1; }

echo "==> bash packaging/setup.sh ${args[*]} (inside the fresh root)"
set +e
chroot "$target" /usr/bin/env -i HOME=/root TERM="${TERM:-dumb}" LANG=C.UTF-8 \
  PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  ${PRECISIONLAB_JOBS:+PRECISIONLAB_JOBS=$PRECISIONLAB_JOBS} \
  ${http_proxy:+http_proxy=$http_proxy} ${https_proxy:+https_proxy=$https_proxy} \
  ${no_proxy:+no_proxy=$no_proxy} ${PIP_INDEX_URL:+PIP_INDEX_URL=$PIP_INDEX_URL} \
  /bin/bash -c 'cd /src/precisionlab && bash packaging/setup.sh "$@"' setup "${args[@]}"
status=$?
set -e
echo "==> fresh root: setup.sh ${args[*]} exited $status after $(($(date +%s) - start)) s in all"
exit "$status"
