#!/usr/bin/env python3
"""Generates resources/data/vocab.txt, the WordPiece vocabulary of the built-in dataset.

Words come from BertTokenizer's basic tokenization (tools/bert_tokenizer_reference.py: clean,
CJK spacing, lowercase, strip accents, punctuation split) of the texts in
resources/data/training-reports.csv. The vocabulary holds, in order:
  [PAD] [UNK] [CLS] [SEP] [MASK]   (BERT's relative order; [PAD] = 0)
  whole words by frequency (ties alphabetically)
  word beginnings and ##endings shared by several words, so unseen words split into pieces
  every single character and its ##character, so nothing in the dataset becomes [UNK]

Usage (from the repository root): python3 tools/gen_vocab.py
"""
import collections
import csv
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
from bert_tokenizer_reference import BasicTokenizer  # noqa: E402

CSV = os.path.join(ROOT, "resources", "data", "training-reports.csv")
OUT = os.path.join(ROOT, "resources", "data", "vocab.txt")
SPECIALS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
# Plain ASCII letters, digits and punctuation are always present, as in BERT's vocabularies.
BASE_CHARS = [chr(c) for c in range(33, 127)]


def main():
    basic = BasicTokenizer(do_lower_case=True)
    words = collections.Counter()
    with open(CSV, encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            words.update(basic.tokenize(row["text"]))
    chars = sorted(set(BASE_CHARS) | {c for w in words for c in w})
    endings, stems = collections.Counter(), collections.Counter()
    for w in words:
        if not w.isalpha():
            continue
        for k in range(2, 6):
            if len(w) > k + 1:
                endings[w[-k:]] += 1
        for k in range(3, 7):
            if len(w) > k + 1:
                stems[w[:k]] += 1
    vocab = list(SPECIALS)
    seen = set(vocab)

    def add(token):
        if token not in seen:
            seen.add(token)
            vocab.append(token)

    for w, _ in sorted(words.items(), key=lambda kv: (-kv[1], kv[0])):
        add(w)
    for stem, n in sorted(stems.items(), key=lambda kv: (-kv[1], kv[0])):
        if n >= 2:
            add(stem)
    for e, n in sorted(endings.items(), key=lambda kv: (-kv[1], kv[0])):
        if n >= 2:
            add("##" + e)
    for c in chars:
        add(c)
    for c in chars:
        add("##" + c)
    with open(OUT, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(vocab) + "\n")
    print("wrote %d tokens (%d words) to %s" % (len(vocab), len(words), OUT))


if __name__ == "__main__":
    main()
