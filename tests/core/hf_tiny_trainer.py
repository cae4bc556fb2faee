"""A real Hugging Face Trainer run for tst_trainerstateimport, in seconds on a CPU and offline:
a tiny BERT built from a config (no download, no tokenizer: the examples are token ids), six
optimizer steps with settings unlike PrecisionLab's defaults, evaluation every 3 steps, then
trainer.save_state(). Writes OUT/trainer_state.json and OUT/arguments.json (the settings the
run used, for the test to compare with what the import takes from the state file).

Usage: python hf_tiny_trainer.py OUT
Exit status 2 when torch or transformers is missing (the test then skips, saying so)."""
import json
import os
import sys

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
try:
    import torch
    from transformers import (BertConfig, BertForSequenceClassification, Trainer,
                              TrainingArguments)
except ImportError as e:
    print(f"torch/transformers not importable: {e}", file=sys.stderr)
    sys.exit(2)


class Tokens(torch.utils.data.Dataset):
    """Label 1 when the sequence holds token 5: learnable, deterministic."""

    def __init__(self, n, seed):
        g = torch.Generator().manual_seed(seed)
        self.ids = torch.randint(6, 30, (n, 8), generator=g)
        self.ids[::2, 3] = 5
        self.labels = (self.ids == 5).any(dim=1).long()

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return {"input_ids": self.ids[i], "attention_mask": torch.ones(8, dtype=torch.long),
                "labels": self.labels[i]}


def accuracy(pred):
    return {"accuracy": float((pred.predictions.argmax(-1) == pred.label_ids).mean())}


def main(out):
    torch.set_num_threads(1)
    config = BertConfig(vocab_size=32, hidden_size=16, num_hidden_layers=1, num_attention_heads=2,
                        intermediate_size=32, max_position_embeddings=16, num_labels=2)
    settings = {"learning_rate": 5e-3, "warmup_steps": 2, "max_steps": 6, "eval_steps": 3,
                "logging_steps": 1, "per_device_train_batch_size": 4, "seed": 7,
                "weight_decay": 0.0, "max_grad_norm": 0.5}
    torch.manual_seed(settings["seed"])
    args = TrainingArguments(output_dir=out, eval_strategy="steps", save_strategy="no",
                             report_to=[], use_cpu=True, dataloader_num_workers=0,
                             disable_tqdm=True, **settings)
    trainer = Trainer(model=BertForSequenceClassification(config), args=args,
                      train_dataset=Tokens(48, 1), eval_dataset=Tokens(16, 2),
                      compute_metrics=accuracy)
    trainer.train()
    trainer.save_state()
    settings["train_batch_size"] = args.train_batch_size
    with open(os.path.join(out, "arguments.json"), "w") as f:
        json.dump(settings, f)


if __name__ == "__main__":
    main(sys.argv[1])
