#!/usr/bin/env python3
"""A faithful pure-Python re-implementation of Hugging Face's slow BertTokenizer, for tests.

transformers is not a dependency of this project, so this copies the parts of
PreTrainedTokenizer.tokenize, BertTokenizer._tokenize, BasicTokenizer and WordpieceTokenizer
(transformers 4.3x-4.4x) that decide the tokens of a text, with their quirks:
  * with do_lower_case, PreTrainedTokenizer.tokenize first lowercases the text one character at a
    time outside special tokens (so 'Σ' never becomes final sigma 'ς'),
  * special tokens ([UNK] [SEP] [PAD] [CLS] [MASK]) in the text are cut out whole,
  * BasicTokenizer: clean, CJK spacing, NFC, whitespace split, lower + strip accents, punctuation.
Not copied: added tokens other than the five specials, and the ids HF gives specials that are
absent from vocab.txt (they map to [UNK] here).

Usage:
  bert_tokenizer_reference.py VOCAB CASES_IN CASES_OUT   expand a case list (see
      tests/data/tokenizer-cases.in) into the TSV the C++ test reads
  bert_tokenizer_reference.py VOCAB --text 'some text'   print the tokens of one text
"""
import collections
import re
import sys
import unicodedata

SPECIALS = ["[UNK]", "[SEP]", "[PAD]", "[CLS]", "[MASK]"]


def load_vocab(path):
    vocab = collections.OrderedDict()
    with open(path, "r", encoding="utf-8") as reader:
        tokens = reader.readlines()
    for index, token in enumerate(tokens):
        token = token.rstrip("\n")
        vocab[token] = index
    return vocab


def whitespace_tokenize(text):
    text = text.strip()
    if not text:
        return []
    return text.split()


def _is_whitespace(char):
    if char == " " or char == "\t" or char == "\n" or char == "\r":
        return True
    return unicodedata.category(char) == "Zs"


def _is_control(char):
    if char == "\t" or char == "\n" or char == "\r":
        return False
    return unicodedata.category(char).startswith("C")


def _is_punctuation(char):
    cp = ord(char)
    if (cp >= 33 and cp <= 47) or (cp >= 58 and cp <= 64) or (cp >= 91 and cp <= 96) or (
            cp >= 123 and cp <= 126):
        return True
    return unicodedata.category(char).startswith("P")


class BasicTokenizer:
    def __init__(self, do_lower_case=True, never_split=None, tokenize_chinese_chars=True,
                 strip_accents=None, do_split_on_punc=True):
        self.do_lower_case = do_lower_case
        self.never_split = set(never_split or [])
        self.tokenize_chinese_chars = tokenize_chinese_chars
        self.strip_accents = strip_accents
        self.do_split_on_punc = do_split_on_punc

    def tokenize(self, text, never_split=None):
        never_split = self.never_split.union(set(never_split)) if never_split else self.never_split
        text = self._clean_text(text)
        if self.tokenize_chinese_chars:
            text = self._tokenize_chinese_chars(text)
        unicode_normalized_text = unicodedata.normalize("NFC", text)
        orig_tokens = whitespace_tokenize(unicode_normalized_text)
        split_tokens = []
        for token in orig_tokens:
            if token not in never_split:
                if self.do_lower_case:
                    token = token.lower()
                    if self.strip_accents is not False:
                        token = self._run_strip_accents(token)
                elif self.strip_accents:
                    token = self._run_strip_accents(token)
            split_tokens.extend(self._run_split_on_punc(token, never_split))
        return whitespace_tokenize(" ".join(split_tokens))

    def _run_strip_accents(self, text):
        text = unicodedata.normalize("NFD", text)
        return "".join(c for c in text if unicodedata.category(c) != "Mn")

    def _run_split_on_punc(self, text, never_split=None):
        if not self.do_split_on_punc or (never_split is not None and text in never_split):
            return [text]
        chars = list(text)
        i = 0
        start_new_word = True
        output = []
        while i < len(chars):
            char = chars[i]
            if _is_punctuation(char):
                output.append([char])
                start_new_word = True
            else:
                if start_new_word:
                    output.append([])
                start_new_word = False
                output[-1].append(char)
            i += 1
        return ["".join(x) for x in output]

    def _tokenize_chinese_chars(self, text):
        output = []
        for char in text:
            if self._is_chinese_char(ord(char)):
                output.extend([" ", char, " "])
            else:
                output.append(char)
        return "".join(output)

    def _is_chinese_char(self, cp):
        return ((0x4E00 <= cp <= 0x9FFF) or (0x3400 <= cp <= 0x4DBF) or (0x20000 <= cp <= 0x2A6DF)
                or (0x2A700 <= cp <= 0x2B73F) or (0x2B740 <= cp <= 0x2B81F)
                or (0x2B820 <= cp <= 0x2CEAF) or (0xF900 <= cp <= 0xFAFF)
                or (0x2F800 <= cp <= 0x2FA1F))

    def _clean_text(self, text):
        output = []
        for char in text:
            cp = ord(char)
            if cp == 0 or cp == 0xFFFD or _is_control(char):
                continue
            output.append(" " if _is_whitespace(char) else char)
        return "".join(output)


class WordpieceTokenizer:
    def __init__(self, vocab, unk_token, max_input_chars_per_word=100):
        self.vocab = vocab
        self.unk_token = unk_token
        self.max_input_chars_per_word = max_input_chars_per_word

    def tokenize(self, text):
        output_tokens = []
        for token in whitespace_tokenize(text):
            chars = list(token)
            if len(chars) > self.max_input_chars_per_word:
                output_tokens.append(self.unk_token)
                continue
            is_bad = False
            start = 0
            sub_tokens = []
            while start < len(chars):
                end = len(chars)
                cur_substr = None
                while start < end:
                    substr = "".join(chars[start:end])
                    if start > 0:
                        substr = "##" + substr
                    if substr in self.vocab:
                        cur_substr = substr
                        break
                    end -= 1
                if cur_substr is None:
                    is_bad = True
                    break
                sub_tokens.append(cur_substr)
                start = end
            if is_bad:
                output_tokens.append(self.unk_token)
            else:
                output_tokens.extend(sub_tokens)
        return output_tokens


class BertTokenizer:
    def __init__(self, vocab_file, do_lower_case=True):
        self.vocab = load_vocab(vocab_file)
        self.do_lower_case = do_lower_case
        self.basic_tokenizer = BasicTokenizer(do_lower_case=do_lower_case)
        self.wordpiece_tokenizer = WordpieceTokenizer(self.vocab, "[UNK]")

    def _tokenize(self, text):
        split_tokens = []
        for token in self.basic_tokenizer.tokenize(text, never_split=SPECIALS):
            if token in self.basic_tokenizer.never_split:
                split_tokens.append(token)
            else:
                split_tokens += self.wordpiece_tokenizer.tokenize(token)
        return split_tokens

    def tokenize(self, text):
        """PreTrainedTokenizer.tokenize for a tokenizer whose only added tokens are specials."""
        if self.do_lower_case:
            pattern = r"(" + r"|".join(re.escape(t) for t in SPECIALS) + r")|" + r"(.+?)"
            text = re.sub(pattern, lambda m: m.groups()[0] or m.groups()[1].lower(), text,
                          flags=re.DOTALL)
        # Trie.split with five tokens none of which is a prefix of another: leftmost matches.
        parts = re.split("(" + "|".join(re.escape(t) for t in SPECIALS) + ")", text)
        tokens = []
        for part in parts:
            if not part:
                continue
            if part in SPECIALS:
                tokens.append(part)
            else:
                tokens.extend(self._tokenize(part))
        return tokens

    def encode(self, text, max_length):
        ids = [self.vocab.get(t, self.vocab["[UNK]"]) for t in self.tokenize(text)]
        ids = ids[:max_length - 2]
        return [self.vocab["[CLS]"]] + ids + [self.vocab["[SEP]"]]


def unescape(field):
    """Cases are written with \\uXXXX, \\UXXXXXXXX, \\xHH (a raw byte), \\t, \\n, \\r, \\\\."""
    out = bytearray()
    i = 0
    while i < len(field):
        c = field[i]
        if c == "\\" and i + 1 < len(field):
            k = field[i + 1]
            if k == "u":
                out += chr(int(field[i + 2:i + 6], 16)).encode("utf-8", "surrogatepass")
                i += 6
                continue
            if k == "U":
                out += chr(int(field[i + 2:i + 10], 16)).encode("utf-8")
                i += 10
                continue
            if k == "x":
                out.append(int(field[i + 2:i + 4], 16))
                i += 4
                continue
            out += {"t": b"\t", "n": b"\n", "r": b"\r", "\\": b"\\"}[k]
            i += 2
            continue
        out += c.encode("utf-8")
        i += 1
    return bytes(out)


def escape_token(token):
    return "".join(c if 0x20 < ord(c) < 0x7F and c != "\\" else "\\U%08X" % ord(c) for c in token)


def main(argv):
    if len(argv) == 4 and argv[2] == "--text":
        tok = BertTokenizer(argv[1])
        print(tok.tokenize(argv[3]))
        return 0
    if len(argv) != 4:
        print(__doc__)
        return 2
    tok = BertTokenizer(argv[1])
    rows = []
    with open(argv[2], encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            name, escaped = line.split("\t", 1)
            raw = unescape(escaped)
            # Bad bytes reach the C++ tokenizer as U+FFFD, which cleaning drops.
            text = raw.decode("utf-8", errors="replace")
            tokens = tok.tokenize(text)
            rows.append("%s\t%s\t%s" % (name, escaped, " ".join(escape_token(t) for t in tokens)))
    with open(argv[3], "w", encoding="utf-8") as f:
        f.write("# GENERATED by tools/bert_tokenizer_reference.py from tokenizer-cases.in and\n")
        f.write("# vocab-test.txt: name, text (escaped as in the .in file), expected tokens\n")
        f.write("# (space-separated; characters outside printable ASCII as \\UXXXXXXXX).\n")
        f.write("\n".join(rows) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
