#!/usr/bin/python3
"""The engine's BERT classifier training step in Python PyTorch eager, for bench_vs_python.sh.

Same architecture as engine/src/model/BertModel.cpp (Hugging Face's BertForSequenceClassification:
exact-erf GELU, dropout 0.1, additive finfo.min mask, pooler, classifier), AdamW with
Hugging Face's no-decay groups, clipping at 1.0, set_to_none gradients; random token ids of
the same shape as the engine's benchmark. It does not import transformers, so it runs on
Debian's python3-torch alone.
PRECISION fp32 (default) or bf16-amp: the forward pass and loss under
torch.autocast("cpu", dtype=torch.bfloat16), as Hugging Face's Trainer does with bf16=True.
IMPL (environment) "eager" (default: the model above) or "transformers": Hugging Face's own
BertForSequenceClassification built from a BertConfig of the same sizes (intermediate 4H, GELU,
dropout 0.1, LayerNorm eps 1e-12, 512 positions), with its default attention implementation,
so the engine can be compared with what a user would pick instead, on the same LibTorch.
Usage: torch_step.py PRESET BATCH SEQ THREADS STEPS WARMUP VOCAB LABELS [PRECISION]
"""
import os
import math
import sys
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

PRESETS = {"tiny": (2, 128, 2), "mini": (4, 256, 4), "small": (4, 512, 8),
           "medium": (8, 512, 8), "base": (12, 768, 12)}


class Layer(nn.Module):
    def __init__(self, h, heads, p):
        super().__init__()
        self.heads, self.p = heads, p
        self.query, self.key, self.value = nn.Linear(h, h), nn.Linear(h, h), nn.Linear(h, h)
        self.attn_out, self.ln1 = nn.Linear(h, h), nn.LayerNorm(h, eps=1e-12)
        self.inter, self.out, self.ln2 = nn.Linear(h, 4 * h), nn.Linear(4 * h, h), nn.LayerNorm(h, eps=1e-12)

    def forward(self, x, mask):
        b, t, h = x.shape
        d = h // self.heads
        split = lambda y: y.view(b, t, self.heads, d).transpose(1, 2)  # (B, A, T, d)
        q, k, v = split(self.query(x)), split(self.key(x)), split(self.value(x))
        scores = q @ k.transpose(-1, -2) / math.sqrt(d) + mask
        probs = F.dropout(scores.softmax(-1), self.p, self.training)
        ctx = (probs @ v).transpose(1, 2).contiguous().view(b, t, h)
        a = self.ln1(F.dropout(self.attn_out(ctx), self.p, self.training) + x)
        return self.ln2(F.dropout(self.out(F.gelu(self.inter(a))), self.p, self.training) + a)


class Bert(nn.Module):
    def __init__(self, preset, vocab, labels, p=0.1):
        super().__init__()
        layers, h, heads = PRESETS[preset]
        self.word, self.pos, self.token_type = nn.Embedding(vocab, h, padding_idx=0), nn.Embedding(512, h), nn.Embedding(2, h)
        self.ln = nn.LayerNorm(h, eps=1e-12)
        self.layers = nn.ModuleList(Layer(h, heads, p) for _ in range(layers))
        self.pooler, self.classifier, self.p = nn.Linear(h, h), nn.Linear(h, labels), p

    def forward(self, ids, mask, types):
        t = ids.shape[1]
        x = self.word(ids) + self.token_type(types) + self.pos(torch.arange(t))
        x = F.dropout(self.ln(x), self.p, self.training)
        add = (1.0 - mask[:, None, None, :].to(x.dtype)) * torch.finfo(x.dtype).min  # (B, 1, 1, T)
        for layer in self.layers:
            x = layer(x, add)
        pooled = F.dropout(torch.tanh(self.pooler(x[:, 0])), self.p, self.training)
        return self.classifier(pooled)


def main():
    preset, batch, seq, threads, steps, warmup, vocab, labels = sys.argv[1:9]
    batch, seq, threads, steps, warmup, vocab, labels = map(int, (batch, seq, threads, steps, warmup, vocab, labels))
    precision = sys.argv[9] if len(sys.argv) > 9 else "fp32"
    if precision not in ("fp32", "bf16-amp"):
        sys.exit(f"torch_step.py: unknown precision {precision!r} (fp32 or bf16-amp)")
    torch.set_num_threads(threads)
    torch.manual_seed(1)
    impl = os.environ.get("IMPL", "eager")
    if impl == "transformers":
        from transformers import BertConfig, BertForSequenceClassification
        layers, h, heads = PRESETS[preset]
        config = BertConfig(vocab_size=vocab, hidden_size=h, num_hidden_layers=layers,
                            num_attention_heads=heads, intermediate_size=4 * h,
                            max_position_embeddings=512, num_labels=labels)
        hf = BertForSequenceClassification(config).train()
        model = lambda ids, mask, types: hf(input_ids=ids, attention_mask=mask, token_type_ids=types).logits
        named = list(hf.named_parameters())
        no_decay = lambda n: "bias" in n or "LayerNorm.weight" in n
    elif impl == "eager":
        model = Bert(preset, vocab, labels).train()
        named = list(model.named_parameters())
        no_decay = lambda n: "bias" in n or "ln" in n
    else:
        sys.exit(f"torch_step.py: unknown IMPL {impl!r} (eager or transformers)")
    params = [p for _, p in named]
    groups = [{"params": [p for n, p in named if not no_decay(n)], "weight_decay": 0.01},
              {"params": [p for n, p in named if no_decay(n)], "weight_decay": 0.0}]
    opt = torch.optim.AdamW(groups, lr=1e-4)
    ids = torch.randint(5, vocab, (batch, seq))
    mask, types = torch.ones(batch, seq, dtype=torch.long), torch.zeros(batch, seq, dtype=torch.long)
    y = torch.randint(0, labels, (batch,))
    times, cpu = [], []
    for i in range(warmup + steps):
        cpu_start = time.process_time()
        start = time.perf_counter()
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=precision == "bf16-amp"):
            loss = F.cross_entropy(model(ids, mask, types), y)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(params, 1.0)
        opt.step()
        opt.zero_grad(set_to_none=True)
        if i >= warmup:
            times.append((time.perf_counter() - start) * 1000)
            cpu.append((time.process_time() - cpu_start) * 1000)
    times.sort()
    cpu.sort()
    print(f"python impl={impl} torch={torch.__version__} preset={preset} precision={precision} batch={batch} seq={seq} threads={torch.get_num_threads()} "
          f"median_ms={times[len(times) // 2]:.2f} mean_ms={sum(times) / len(times):.2f} "
          f"cpu_ms={cpu[len(cpu) // 2]:.2f}")


if __name__ == "__main__":
    main()
