#!/usr/bin/env bash
# Brings every resources/translations/precisionlab_<lang>.ts up to date with the sources and lists
# what is left to translate. It runs lupdate with exactly the build's source list and options
# (written by ui/CMakeLists.txt into BUILD/translations/ at configure time), so what it finds is
# what the build compiles and what tst_translations checks.
#
#   tools/update-translations.sh [--build DIR] [--add LANG]
#     --build DIR  a configured build folder (default: build)
#     --add LANG   start a new language, e.g. --add fr creates precisionlab_fr.ts; configure the
#                  build again afterwards so it is compiled in (the .ts list is a glob)
#
# Then translate the entries it lists in Qt Linguist (linguist-qt6: `linguist
# resources/translations/precisionlab_de.ts`) or any .ts editor, and rebuild: lrelease runs in the
# build and the .qm is embedded in the app. Exit status 1 while entries are unfinished.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="$root/build"
add=""
while [ $# -gt 0 ]; do
  case "$1" in
    --build) build="$(cd "$2" && pwd)"; shift 2 ;;
    --add) add="$2"; shift 2 ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *) echo "update-translations: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done

# Configure again first: which engine files carry PL_TRANSLATE_NOOP is decided at configure time.
if [ -f "$build/CMakeCache.txt" ]; then
  cmake -S "$root" -B "$build" > /dev/null
fi
lst="$build/translations/lupdate-sources.lst"
opts="$build/translations/lupdate-options.txt"
if [ ! -f "$lst" ] || [ ! -f "$opts" ]; then
  echo "update-translations: $build is not configured (no translations/lupdate-sources.lst);" \
       "run: cmake -S $root -B $build -G Ninja" >&2
  exit 2
fi
lupdate="$(command -v lupdate6 || true)"
[ -n "$lupdate" ] || lupdate="$(ls /usr/lib/qt6/bin/lupdate 2>/dev/null || true)"
[ -n "$lupdate" ] || lupdate="$(command -v lupdate || true)"
if [ -z "$lupdate" ]; then
  echo "update-translations: lupdate not found (Debian: apt-get install qt6-l10n-tools)" >&2
  exit 2
fi

tsdir="$root/resources/translations"
if [ -n "$add" ]; then
  if ! [[ "$add" =~ ^[a-z]{2,3}(_[A-Z]{2})?$ ]]; then
    echo "update-translations: '$add' is not a language code such as fr or pt_BR" >&2
    exit 2
  fi
  [ -e "$tsdir/precisionlab_$add.ts" ] || echo "creating $tsdir/precisionlab_$add.ts"
  touch_new="$tsdir/precisionlab_$add.ts"
else
  touch_new=""
fi

mapfile -t options < "$opts"
shopt -s nullglob
files=("$tsdir"/precisionlab_*.ts)
[ -z "$touch_new" ] || [ -e "$touch_new" ] || files+=("$touch_new")
status=0
for ts in "${files[@]}"; do
  "$lupdate" "${options[@]}" "@$lst" -ts "$ts"
  python3 - "$ts" <<'PY' || status=1
import sys, xml.etree.ElementTree as ET
path = sys.argv[1]
left = []
for ctx in ET.parse(path).getroot().iter("context"):
    name = ctx.findtext("name")
    for m in ctx.iter("message"):
        t = m.find("translation")
        texts = [e.text for e in t.findall("numerusform")] or [t.text]
        if t.get("type") in ("unfinished", "vanished", "obsolete") or not all(x and x.strip() for x in texts):
            left.append((name, m.findtext("source")))
print(f"{path}: {len(left)} unfinished")
for name, source in left:
    print(f"  [{name}] {source!r}")
sys.exit(1 if left else 0)
PY
done
exit $status
