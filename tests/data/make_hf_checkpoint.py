#!/usr/bin/env python3
"""Writes a tiny Hugging Face BERT checkpoint directory the way the Hub stores old BERTs:
LayerNorm gamma/beta names, cls.* pretraining heads, an int64 position_ids buffer, no classifier.
An independent writer for PrecisionLab's tests: only struct and json, none of PrecisionLab's
code. Values are deterministic; probe.json records a few so the reader can be checked.

usage: make_hf_checkpoint.py OUT_DIR VOCAB_TXT [--dtype F32|F16|BF16] [--shards N]
"""
import json
import math
import os
import struct
import sys


def main():
    out, vocab_path = sys.argv[1], sys.argv[2]
    args = sys.argv[3:]
    dtype = args[args.index("--dtype") + 1] if "--dtype" in args else "F32"
    shards = int(args[args.index("--shards") + 1]) if "--shards" in args else 1
    os.makedirs(out, exist_ok=True)
    with open(vocab_path, encoding="utf-8") as f:
        vocab = [line.rstrip("\n") for line in f]
    H, L, A, I, P, T, V = 32, 2, 2, 64, 64, 2, len(vocab)

    config = {
        "architectures": ["BertForMaskedLM"], "model_type": "bert", "vocab_size": V,
        "hidden_size": H, "num_hidden_layers": L, "num_attention_heads": A,
        "intermediate_size": I, "max_position_embeddings": P, "type_vocab_size": T,
        "hidden_act": "gelu", "layer_norm_eps": 1e-12, "hidden_dropout_prob": 0.1,
        "attention_probs_dropout_prob": 0.1, "initializer_range": 0.02, "pad_token_id": 0,
        "id2label": {"0": "negative", "1": "positive"},
        "label2id": {"negative": 0, "positive": 1},
    }
    with open(os.path.join(out, "config.json"), "w") as f:
        json.dump(config, f, indent=2)
    with open(os.path.join(out, "vocab.txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(vocab) + "\n")
    with open(os.path.join(out, "tokenizer_config.json"), "w") as f:
        json.dump({"do_lower_case": True}, f)

    tensors = []  # (name, shape, kind)

    def lin(prefix, n_out, n_in):
        tensors.append((prefix + ".weight", [n_out, n_in], "w"))
        tensors.append((prefix + ".bias", [n_out], "b"))

    def ln(prefix):
        tensors.append((prefix + ".gamma", [H], "g"))
        tensors.append((prefix + ".beta", [H], "b"))

    e = "bert.embeddings."
    tensors.append((e + "word_embeddings.weight", [V, H], "w"))
    tensors.append((e + "position_embeddings.weight", [P, H], "w"))
    tensors.append((e + "token_type_embeddings.weight", [T, H], "w"))
    ln(e + "LayerNorm")
    for i in range(L):
        p = "bert.encoder.layer.%d." % i
        for m in ("query", "key", "value"):
            lin(p + "attention.self." + m, H, H)
        lin(p + "attention.output.dense", H, H)
        ln(p + "attention.output.LayerNorm")
        lin(p + "intermediate.dense", I, H)
        lin(p + "output.dense", H, I)
        ln(p + "output.LayerNorm")
    lin("bert.pooler.dense", H, H)
    lin("cls.predictions.transform.dense", H, H)
    ln("cls.predictions.transform.LayerNorm")
    tensors.append(("cls.predictions.bias", [V], "b"))
    lin("cls.seq_relationship", 2, H)

    def values(index, name, count, kind):
        # A deterministic pseudo-random pattern, different per tensor.
        if kind == "g":
            return [1.0 + 0.05 * math.sin(index * 7.1 + k) for k in range(count)]
        scale = 0.05 if kind == "w" else 0.01
        return [scale * math.sin(index * 13.7 + k * 0.91 + 0.3) for k in range(count)]

    def encode(vals):
        if dtype == "F32":
            return struct.pack("<%df" % len(vals), *vals)
        if dtype == "F16":
            return struct.pack("<%de" % len(vals), *vals)
        raw = struct.unpack("<%dI" % len(vals), struct.pack("<%df" % len(vals), *vals))
        return struct.pack("<%dH" % len(vals), *[r >> 16 for r in raw])  # BF16 by truncation

    blobs = []
    probe = {}
    for index, (name, shape, kind) in enumerate(tensors):
        count = 1
        for d in shape:
            count *= d
        vals = values(index, name, count, kind)
        data = encode(vals)
        decoded = (list(struct.unpack("<%de" % count, data)) if dtype == "F16" else
                   [struct.unpack("<f", struct.pack("<I", h << 16))[0]
                    for h in struct.unpack("<%dH" % count, data)] if dtype == "BF16" else
                   list(struct.unpack("<%df" % count, data)))
        probe[name] = decoded[:3]
        blobs.append((name, dtype, shape, data))
    blobs.append(("bert.embeddings.position_ids", "I64", [1, P],
                  struct.pack("<%dq" % P, *range(P))))

    def write_safetensors(path, items):
        header, offset, body = {"__metadata__": {"format": "pt"}}, 0, b""
        for name, dt, shape, data in items:
            header[name] = {"dtype": dt, "shape": shape, "data_offsets": [offset, offset + len(data)]}
            offset += len(data)
            body += data
        text = json.dumps(header).encode("utf-8")
        text += b" " * ((8 - len(text) % 8) % 8)
        with open(path, "wb") as f:
            f.write(struct.pack("<Q", len(text)) + text + body)

    if shards == 1:
        write_safetensors(os.path.join(out, "model.safetensors"), blobs)
    else:
        weight_map = {}
        for s in range(shards):
            fname = "model-%05d-of-%05d.safetensors" % (s + 1, shards)
            part = blobs[s::shards]
            write_safetensors(os.path.join(out, fname), part)
            for name, _, _, _ in part:
                weight_map[name] = fname
        with open(os.path.join(out, "model.safetensors.index.json"), "w") as f:
            json.dump({"metadata": {"total_size": sum(len(b[3]) for b in blobs)},
                       "weight_map": weight_map}, f, indent=2)
    with open(os.path.join(out, "probe.json"), "w") as f:
        json.dump(probe, f)


if __name__ == "__main__":
    main()
