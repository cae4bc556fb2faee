#!/usr/bin/env bash
# Builds the libFuzzer targets for every untrusted-input parser with clang++ (ASan + UBSan) into
# build-fuzz/ and runs them:
#   safetensors_header_fuzzer  safetensors header + strict JSON
#   config_json_fuzzer         config.json (parseHfConfig)
#   vocab_txt_fuzzer           vocab.txt + WordPiece tokenization
#   dataset_fuzzer             CSV / TSV / JSONL datasets
#   run_file_fuzzer            .plrun run files
#   bank_fuzzer                question banks (needs QtCore; skipped without)
#   trainer_state_fuzzer       Hugging Face trainer_state.json
#   gift_fuzzer                GIFT            (the three need QtCore; skipped without)
#   moodle_xml_fuzzer          Moodle XML
#   anki_text_fuzzer           Anki plain-text notes
#   apkg_fuzzer                Anki packages (.apkg: zip + SQLite; needs QtCore, sqlite3, zlib)
#   revlog_csv_fuzzer          review-log CSVs (`progress import-revlog`; needs QtCore)
#   exam_date_fuzzer           the exam date of exam readiness (--exam-date, a profile's; QtCore)
# First each target runs once over crafted hostile inputs generated here (huge headers and
# arrays, deep nesting, out-of-range sizes; nothing committed): a sanitizer regression run of
# the torch-free parsers. Then each is fuzzed for FUZZ_SECONDS (default 8 for the first six; the
# four bank-format and trainer_state targets of issue 25, the review-log and exam-date targets of issue 47,
# get FUZZ_SECONDS_NEW, default 4, so they all together stay near a minute and a half) from the seed corpus in fuzz/corpus. Exits non-zero if a target finds a crash,
# a sanitizer report, an out-of-memory or a broken invariant; the input is left in build-fuzz/.
#   packaging/fuzz.sh            build and run every target
#   FUZZ_SECONDS=600 packaging/fuzz.sh run_file_fuzzer
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${FUZZ_BUILD_DIR:-$root/build-fuzz}
seconds=${FUZZ_SECONDS:-8}
seconds_new=${FUZZ_SECONDS_NEW:-${FUZZ_SECONDS:-4}}
cxx=${FUZZ_CXX:-clang++}
command -v "$cxx" >/dev/null || { echo "fuzz.sh: $cxx not found (apt-get install clang libclang-rt-14-dev)" >&2; exit 1; }

targets_all=(safetensors_header_fuzzer config_json_fuzzer vocab_txt_fuzzer dataset_fuzzer
             run_file_fuzzer bank_fuzzer trainer_state_fuzzer gift_fuzzer moodle_xml_fuzzer
             anki_text_fuzzer apkg_fuzzer revlog_csv_fuzzer exam_date_fuzzer)
needs_qt=" bank_fuzzer gift_fuzzer moodle_xml_fuzzer anki_text_fuzzer apkg_fuzzer revlog_csv_fuzzer exam_date_fuzzer "
if [ $# -gt 0 ]; then targets=("$@"); else targets=("${targets_all[@]}"); fi

# fuzz/CMakeLists.txt builds the core library with the fuzzer's instrumentation and links each
# target against it (ninja rebuilds only what changed).
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
mkdir -p "$out"
cmake -S "$root/fuzz" -B "$out" "${generator[@]}" -DCMAKE_CXX_COMPILER="$cxx" \
  >"$out/configure.log" 2>&1 || {
  cat "$out/configure.log" >&2; echo "fuzz.sh: configuring fuzz/ failed" >&2; exit 1; }

status=0
build() {  # name -> builds it; false (and a failed status, unless Qt is missing) if it cannot
  if [[ "$needs_qt" == *" $1 "* ]] && grep -q "bank_fuzzer is not built" "$out/configure.log"; then
    echo "==> $1 skipped: no Qt6Core"
    return 1
  fi
  cmake --build "$out" -j"$(nproc)" --target "$1" >"$out/$1.build.log" 2>&1 || {
    tail -30 "$out/$1.build.log" >&2; echo "fuzz.sh: building $1 failed" >&2; status=1; return 1; }
}

# Hostile inputs, made now: each target runs them once (libFuzzer runs files given as arguments).
crafted=$out/crafted
rm -rf "$crafted"
mkdir -p "$crafted"
python3 - "$crafted" <<'EOF'
import json, os, sys
d = sys.argv[1]
def put(name, data):
    with open(os.path.join(d, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())
big_array = "[" + "0," * 2100000 + "0]"                      # over the JSON node budget
put("array-2m", big_array)
put("deep", "[" * 100000 + "]" * 100000)                      # far past the depth limit
cfg = {"model_type": "bert", "vocab_size": 30522, "hidden_size": 768, "num_hidden_layers": 12,
       "num_attention_heads": 12, "intermediate_size": 3072, "max_position_embeddings": 512,
       "type_vocab_size": 2}
for field, value in [("vocab_size", 10**9), ("vocab_size", 2**62), ("hidden_size", 2**20),
                     ("num_hidden_layers", 10**6), ("max_position_embeddings", 2**40),
                     ("intermediate_size", 10**9), ("num_labels", 10**6)]:
    put("config-%s-%d" % (field, value), json.dumps(dict(cfg, **{field: value})))
put("config-id2label-300k", json.dumps(dict(cfg, id2label={str(i): "l%d" % i for i in range(300000)})))
put("vocab-one-line", "a" * (8 << 20))
put("csv-open-quote", "text,label\n\"" + "x" * 100000)
put("jsonl-huge-line", "\x02" + '{"text":"' + "y" * (4 << 20) + '","label":"a"}\n')
header = {"format": "precisionlab-run", "version": 1, "totalSteps": 2}
run = json.dumps(header) + "\n" + '{"type":"step","step":1,"stepMs":1e300}\n'
put("run-step-1e300", run)
put("run-running", json.dumps(header) + '\n{"type":"end","state":"running"}\n')
put("bank-deep", '{"questions":' + "[" * 5000 + "]" * 5000 + "}")
# A safetensors header announcing 100 MB that is not there, and one full of tensors.
n = 100000000
put("st-huge-length", n.to_bytes(8, "little") + b"{}")
tensors = {"t%d" % i: {"dtype": "F32", "shape": [1], "data_offsets": [4 * i, 4 * i + 4]} for i in range(50000)}
h = json.dumps(tensors).encode()
put("st-50k-tensors", len(h).to_bytes(8, "little") + h + b"\0" * (4 * 50000))
# Issue 25: the bank formats and trainer_state.
put("moodle-deep", "<quiz><question type=\"multichoice\"><questiontext><text>" + "<b>" * 60000 +
    "</b>" * 60000 + "</text></questiontext></question></quiz>")
laughs = '<?xml version="1.0"?><!DOCTYPE quiz [<!ENTITY a0 "aaaaaaaaaa">'
for i in range(1, 10):
    laughs += '<!ENTITY a%d "%s">' % (i, ("&a%d;" % (i - 1)) * 10)
put("moodle-laughs", laughs + ']><quiz><question type="multichoice"><questiontext><text>&a9;'
    '</text></questiontext></question></quiz>')
put("moodle-utf16", '<?xml version="1.0"?><quiz></quiz>'.encode("utf-16"))
put("gift-unclosed", "".join("::q%d::Q%d? {\n=a\n~b\n%s\n\n" % (i, i, "" if i == 2 else "}")
                             for i in range(50)))
put("gift-weights", "::w::Pick {~%inf%a ~%nan%b ~%1e999%c}\n")
put("gift-many-options", "::m::Pick {=a " + " ".join("~o%d" % i for i in range(40)) + "}\n")
put("anki-20k", "#separator:tab\n" + "".join("front %d\tsame back\n" % i for i in range(20000)))
put("anki-fronts", "#separator:tab\n" + "only a front\n" * 100000)
put("trainer-step-1e9", json.dumps({"global_step": 10**9, "log_history": [{"loss": 0.5, "step": 1}]}))
put("trainer-runtime", json.dumps({"log_history": [{"loss": 0.5, "step": 1},
                                                   {"step": 1, "train_runtime": 1e12}]}))
# Zips whose end record claims 65,535 entries, a 4 GiB directory, or one entry of 4 GiB.
import struct, zlib
put("apkg-many-entries", b"PK\x05\x06" + struct.pack("<HHHHIIH", 0, 0, 65535, 65535, 0, 0, 0))
put("apkg-huge-directory", b"PK\x05\x06" + struct.pack("<HHHHIIH", 0, 0, 1, 1, 2**32 - 2, 0, 0))
z = zlib.compressobj(9, zlib.DEFLATED, -15)
bomb = z.compress(b"\0" * 2**22) + z.flush()
name = b"collection.anki2"
local = b"PK\x03\x04" + struct.pack("<HHHHHIIIHH", 20, 0, 8, 0, 0, 0, len(bomb), 2**32 - 2,
                                        len(name), 0) + name + bomb
central = b"PK\x01\x02" + struct.pack("<HHHHHHIIIHHHHHII", 20, 20, 0, 8, 0, 0, 0, len(bomb),
                                        2**32 - 2, len(name), 0, 0, 0, 0, 0, 0) + name
put("apkg-bomb", local + central + b"PK\x05\x06" +
    struct.pack("<HHHHIIH", 0, 0, 1, 1, len(central), len(local), 0))
put("bank-dup-keys", "{" + ",".join('"k%d":0' % (i % 1000) for i in range(80000)) + "}")
# Issue 39: integers past 64 bits and past every range, an unclosed quote, a NUL in XML.
put("run-version-2e70", json.dumps(dict(header, version=2**70)) + "\n")
put("run-config-1e308", '{"format":"precisionlab-run","version":1,"totalSteps":2,'
    '"config":{"accumulationSteps":1e308,"outlierScaleLog2":1e308}}\n')
put("trainer-step-2e63", json.dumps({"global_step": 2**63, "log_history": [{"loss": 0.5, "step": 1}]}))
put("bank-schema-2e31", '{"schema": 2147483648, "questions": []}')
put("anki-unclosed-quote", "#separator:tab\n" + "front\tback\n" * 10 + '"front\tback\n' * 1000)
put("moodle-nul", '<quiz><question type="multichoice"><name><text>q\0</text></name></question></quiz>')
# Issue 47: review logs with one row repeated, one exam time across many questions, a NUL in an
# id, Latin-1 bytes.
revlog = ("id,cid,usn,ease,ivl,lastIvl,factor,time,type,bank_id,question_id,domain,chosen,"
          "correct,confidence,time_taken_ms,mode\r\n")
def revlog_row(q, t=1700000000000):
    return "%d,%d,0,3,1,0,0,5000,0,bank,%s,3.1,a,1,unsure,5000,practice\r\n" % (t, t, q)
put("revlog-repeats", revlog + revlog_row("q1") * 20000)
put("revlog-one-time", revlog + "".join(revlog_row("q%d" % i) for i in range(20000)))
put("revlog-nul", revlog + revlog_row("q\0" "1"))
put("revlog-latin1", (revlog + revlog_row("caf\xe9")).encode("latin-1"))
# Issue 47: exam dates past every horizon, a huge one, and bytes that are not UTF-8.
put("exam-date-9999", "9999-12-31")
put("exam-date-huge", "2027-01-15" * 100000)
put("exam-date-not-utf8", b"2027-01-1\xff")
put("moodle-not-utf8", b'<?xml version="1.0"?>\n<quiz>\xff</quiz>')
EOF

for name in "${targets[@]}"; do
  build "$name" || continue
  echo "==> $name: crafted inputs"
  (cd "$out" && "./$name" -rss_limit_mb=4096 -timeout=60 "$crafted"/*) >"$out/$name.crafted.log" 2>&1 || {
    echo "fuzz.sh: $name failed on a crafted input (see $out/$name.crafted.log)" >&2
    tail -30 "$out/$name.crafted.log" >&2
    status=1
    continue
  }
  t=$seconds
  case "$name" in trainer_state_fuzzer | gift_fuzzer | moodle_xml_fuzzer | anki_text_fuzzer | apkg_fuzzer | revlog_csv_fuzzer | exam_date_fuzzer) t=$seconds_new ;; esac
  echo "==> fuzzing $name for ${t}s"
  mkdir -p "$out/corpus-$name"
  # New inputs go to build-fuzz/corpus-<name>; the checked-in seeds are read only.
  (cd "$out" && "./$name" -max_total_time="$t" -rss_limit_mb=2048 -max_len=65536 \
     -print_final_stats=1 "corpus-$name" "$root/fuzz/corpus") || status=1
done
exit "$status"
