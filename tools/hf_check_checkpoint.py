#!/usr/bin/env python3
"""Checks a model directory PrecisionLab wrote, with Hugging Face's own readers: every tensor of
model.safetensors opens with the safetensors library, BertForSequenceClassification.from_pretrained
loads it with nothing missing or unexpected, and its logits on a golden batch (dropout off) equal
the engine's within 1e-4 relative. Run by tests/engine/tst_hfgolden.cpp when the venv has
transformers.

usage: hf_check_checkpoint.py MODEL_DIR GOLDEN.safetensors EXPECT.json   (exit 0 = equal)
"""
import json
import sys

import torch
from safetensors import safe_open
from safetensors.torch import load_file
from transformers import BertForSequenceClassification


def main():
    model_dir, golden_path, expect_path = sys.argv[1:4]
    with safe_open(model_dir + "/model.safetensors", framework="pt") as f:
        names = list(f.keys())
        for name in names:
            f.get_tensor(name)
        fmt = (f.metadata() or {}).get("format")
    if fmt != "pt":
        sys.exit("model.safetensors metadata format is %r, transformers wants 'pt'" % fmt)
    model, info = BertForSequenceClassification.from_pretrained(model_dir, output_loading_info=True)
    problems = {k: v for k, v in info.items() if v}
    if problems:
        sys.exit("from_pretrained reported %s" % problems)
    model.eval()
    g = load_file(golden_path)
    with torch.no_grad():
        logits = model(input_ids=g["batch.input_ids"].long(),
                       attention_mask=g["batch.attention_mask"].long(),
                       token_type_ids=g["batch.token_type_ids"].long()).logits
    with open(expect_path) as f:
        want = torch.tensor(json.load(f)["logits"], dtype=torch.float32)
    err = float((logits - want).abs().max() / want.abs().max().clamp_min(1e-30))
    print("transformers %s read %d tensors; logits rel. error %.2e" % (
        __import__("transformers").__version__, len(names), err))
    if err > 1e-4:
        sys.exit("logits differ from the engine's")


if __name__ == "__main__":
    main()
