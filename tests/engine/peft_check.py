"""Loads a LoRA adapter the engine wrote with the real PEFT package (tst_peftadapter).

usage: peft_check.py BASE_DIR ADAPTER_DIR INPUT_JSON
BASE_DIR: a Hugging Face BERT checkpoint the engine saved (train --save);
ADAPTER_DIR: adapter_config.json + adapter_model.safetensors (train --lora-rank R --save);
INPUT_JSON: {"input_ids": [[...]], "attention_mask": [[...]]}.
Loads the base with transformers' AutoModelForSequenceClassification, the adapter with
peft.PeftModel.from_pretrained, checks every tensor of the adapter file equals the parameter
PEFT loaded it into (bit for bit), and prints one JSON line: the tensors checked and the logits
of the input in eval mode. Exit 2 when peft or transformers cannot be imported (the test skips).
"""
import json
import sys

try:
    import torch
    from peft import PeftModel
    from safetensors.torch import load_file
    from transformers import AutoModelForSequenceClassification
except ImportError as e:  # the venv lacks a package: the C++ test skips, saying which
    print(f"cannot import {e.name}", file=sys.stderr)
    sys.exit(2)


def main():
    base_dir, adapter_dir, input_path = sys.argv[1:4]
    base = AutoModelForSequenceClassification.from_pretrained(base_dir)
    model = PeftModel.from_pretrained(base, adapter_dir)
    model.eval()
    ours = load_file(f"{adapter_dir}/adapter_model.safetensors")
    loaded = dict(model.named_parameters())
    checked = 0
    for key, value in ours.items():
        # PEFT's live names carry the adapter name ("default"): lora_A.default.weight, and
        # classifier.modules_to_save.default.weight for a module it trains whole.
        if ".lora_A." in key or ".lora_B." in key:
            live = key.replace(".lora_A.", ".lora_A.default.").replace(".lora_B.", ".lora_B.default.")
        else:
            prefix, leaf = key.rsplit(".", 1)
            live = f"{prefix}.modules_to_save.default.{leaf}"
        if live not in loaded:
            print(f"{key}: PEFT has no parameter {live}", file=sys.stderr)
            return 1
        if not torch.equal(loaded[live].detach(), value):
            diff = (loaded[live].detach() - value).abs().max().item()
            print(f"{key}: PEFT loaded other values (max difference {diff})", file=sys.stderr)
            return 1
        checked += 1
    lora_modules = sum(1 for n in loaded if ".lora_A.default." in n)
    with open(input_path) as f:
        batch = json.load(f)
    with torch.no_grad():
        logits = model(
            input_ids=torch.tensor(batch["input_ids"]),
            attention_mask=torch.tensor(batch["attention_mask"]),
        ).logits
    print(json.dumps({"checked": checked, "loraModules": lora_modules,
                      "logits": logits.flatten().tolist()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
