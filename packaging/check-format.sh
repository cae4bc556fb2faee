#!/usr/bin/env bash
# Fails when a C++ file of the project does not follow .clang-format (clang-format 14),
# or when a file of core/ (and its tests, tests/core, with the tests/support headers they include)
# includes torch, ATen, c10 or Qt: core is the library that builds with neither. The core-alone
# build cannot catch every such include on its own: Debian installs ATen's and c10's headers
# straight under /usr/include. Each refusal names the file and line. It also fails when a
# file of quiz/ includes Qt's JSON classes (<QJsonDocument>, <QJsonObject>, ...): the quiz reads
# and writes JSON through core's parser and writer only (core/Json.h, quiz/src/QuizJson.h), so a
# bank is parsed once and hostile JSON meets one set of rules. And when a folder of ui/ includes
# one on its own floor or above (the floors are listed in ui/CMakeLists.txt).
# Fix the format with: packaging/check-format.sh --fix
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
# clang-format 14 exactly: the format .clang-format was written for (19, Debian 13's, formats
# differently). Debian 12's own clang-format is 14; everywhere else the venv's, from PyPI's
# clang-format==14.0.6 wheel (packaging/python-requirements.txt, installed by setup.sh).
clang_format=
for candidate in "$root/.venv/bin/clang-format" "$(command -v clang-format-14 || true)" \
  "$(command -v clang-format || true)"; do
  [ -n "$candidate" ] && [ -x "$candidate" ] || continue
  if "$candidate" --version 2>/dev/null | grep -q 'version 14\.'; then
    clang_format=$candidate
    break
  fi
done
if [ -z "$clang_format" ]; then
  echo "check-format.sh: clang-format 14 not found (the version .clang-format is written for);" \
    "bash packaging/setup.sh test installs it into .venv (pip: clang-format==14.0.6)" >&2
  exit 1
fi
mapfile -t files < <(find bench cli core engine fuzz quiz tests tools ui -name build -prune -o \
  \( -name '*.cpp' -o -name '*.h' \) -type f -print | sort)
if [ "${1:-}" = --fix ]; then
  "$clang_format" -i "${files[@]}"
  exit 0
fi
# Torch, ATen, c10 and caffe2 by folder; Qt by module folder (<QtCore/QString>), module header
# (<QtCore>, <QtTest>), class header (<QString>) or Qt 5 style lower-case header (<qglobal.h>).
# The core tests' shared helpers (the tests/support headers a core test includes) are held to
# the same rule: a core test builds them.
core_support=$(grep -rhoE '#[[:space:]]*include[[:space:]]*"\.\./support/[A-Za-z0-9_]+\.h"' tests/core |
  grep -oE 'support/[A-Za-z0-9_]+\.h' | sort -u | sed 's|^|tests/|' || true)
layering=$(grep -nHE '^[[:space:]]*#[[:space:]]*include[[:space:]]*([<"](torch/|ATen/|c10/|caffe2/|Qt[A-Za-z]*[/>"]|Q[A-Z][A-Za-z]*[>"])|<q[a-z0-9_]+\.h>)' \
  $(find core tests/core -name '*.cpp' -o -name '*.h' | sort) $core_support || true)
if [ -n "$layering" ]; then
  echo "check-format.sh: core (and the tests/support headers its tests use) must not include torch, ATen, c10 or Qt headers:" >&2
  printf '%s\n' "$layering" | sed 's/^/  /' >&2
  exit 1
fi
qtjson=$(grep -rnE '^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"](QtCore/)?QJson[A-Za-z]*[>"]' \
  quiz --include='*.cpp' --include='*.h' || true)
if [ -n "$qtjson" ]; then
  echo "check-format.sh: quiz must read and write JSON with core's json (core/Json.h), not Qt's QJson classes:" >&2
  printf '%s\n' "$qtjson" | sed 's/^/  /' >&2
  exit 1
fi
# ui/'s folders are floors (ui/CMakeLists.txt): a file includes only its own folder and the
# floors below it: base < charts < lab, study < export < presenter < app.
ui_floor() {
  case "$1" in base) echo 0 ;; charts) echo 1 ;; lab|study) echo 2 ;; export) echo 3 ;;
    presenter) echo 4 ;; app) echo 5 ;; *) echo "" ;; esac
}
floors=""
while IFS=: read -r file line text; do
  from=$(echo "$file" | cut -d/ -f2)
  to=$(echo "$text" | sed -E 's|.*"ui/([a-z]+)/.*|\1|')
  a=$(ui_floor "$from"); b=$(ui_floor "$to")
  if [ -n "$a" ] && [ -n "$b" ] && [ "$from" != "$to" ] && [ "$b" -ge "$a" ]; then
    floors+="  $file:$line: $text"$'\n'
  fi
done < <(grep -rnE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"ui/[a-z]+/' ui --include='*.cpp' --include='*.h' || true)
if [ -n "$floors" ]; then
  echo "check-format.sh: a ui/ folder may include only the floors below it (base < charts < lab, study < export < presenter < app):" >&2
  printf '%s' "$floors" >&2
  exit 1
fi
bad=()
for f in "${files[@]}"; do
  "$clang_format" --dry-run --Werror "$f" >/dev/null 2>&1 || bad+=("$f")
done
if [ ${#bad[@]} -gt 0 ]; then
  echo "check-format.sh: ${#bad[@]} file(s) do not follow .clang-format:" >&2
  printf '  %s\n' "${bad[@]}" >&2
  echo "run packaging/check-format.sh --fix (clang-format $("$clang_format" --version | grep -o '[0-9][0-9.]*' | head -1))" >&2
  exit 1
fi
echo "==> clang-format: ${#files[@]} files follow .clang-format"
