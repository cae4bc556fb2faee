#!/usr/bin/env python3
"""Generates resources/data/training-reports.csv: short reports of ML training problems, each
labelled with its cause (learning_rate, overfitting, data_pipeline, numerical_precision, memory).

The data set is original, written for PrecisionLab. It is built so that no single word gives the
class away: every class talks about loss, NaN, validation, GPU, batch and so on, reports carry
neutral or negated distractor clauses that name other causes ("no OOM", "fp16 is off"), and the
cause shows in combinations (NaN *right after switching to fp16* vs NaN *after raising the
learning rate*). About 2% of labels are deliberately flipped, as in real triage data.

Usage (from the repository root):
  python3 tools/gen_training_reports.py            writes the CSV (seeded, reproducible)
  python3 tools/gen_training_reports.py --check    also prints a bag-of-words baseline accuracy
"""
import collections
import csv
import io
import math
import os
import random
import sys

SEED = 20240611
ROWS = 2500
NOISE = 0.02
OUT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "resources",
                   "data", "training-reports.csv")

SLOTS = {
    "model": ["BERT-base", "the BERT classifier", "our distilled BERT", "a small transformer",
              "the ResNet-50", "the ViT", "the LSTM tagger", "a T5-small", "the GPT-2 fine-tune",
              "the ranking model", "our speech encoder", "the sentiment model", "RoBERTa-large",
              "the U-Net", "a two-layer MLP", "the recommender", "the NER model"],
    "task": ["sentiment classification", "intent detection", "image classification",
             "question answering", "named entity tagging", "spam filtering", "summarization",
             "click prediction", "speech recognition", "toxicity detection", "segmentation",
             "topic labelling", "fraud detection"],
    "gpu": ["one A100", "a single V100", "two T4s", "eight H100s", "an RTX 3090", "four A10Gs",
            "the 24 GB card", "a 16 GB GPU", "the shared GPU node", "an L4", "two RTX 4090s"],
    "step": ["step 40", "step 120", "step 300", "step 800", "step 1.2k", "step 2k", "step 5k",
             "the first epoch", "epoch 2", "epoch 3", "epoch 7", "the warmup", "the second hour"],
    "lr": ["1e-2", "5e-3", "3e-3", "1e-3", "5e-4", "2e-4", "1e-4", "5e-5", "3e-5", "1e-5", "1e-6",
           "1e-7"],
    "batch": ["8", "16", "32", "64", "128", "256", "512", "1024", "2048"],
    "seq": ["128", "256", "512", "1024", "2048", "4096"],
    "metric": ["accuracy", "F1", "exact match", "AUC", "BLEU", "recall", "top-1 accuracy"],
    "hi": ["97%", "98.5%", "99%", "99.6%", "96%", "0.99", "0.98"],
    "mid": ["71%", "64%", "58%", "0.62", "69%", "75%", "0.55"],
    "who": ["We", "I", "Our team", "My colleague", "The intern", "The nightly job", "Someone"],
    "time": ["yesterday", "this morning", "after the rebase", "on the new cluster",
             "since Friday", "on the rerun", "after the upgrade", "in the last sweep"],
}

# Symptom templates per cause. Each says what happened using words the other classes use too.
CORE = {
    "learning_rate": [
        "loss explodes to NaN within {step} after I raised the learning rate to {lr}",
        "training loss jumps up and down wildly and never settles with lr {lr}",
        "loss diverges a few hundred steps in; dropping the learning rate from {lr} fixed it",
        "the loss stays almost flat for {step}, lr is {lr}, the weights barely move",
        "loss goes down for a while then shoots up and becomes NaN, no warmup and lr {lr}",
        "training is painfully slow to improve, lr {lr} seems far too small for {model}",
        "after scaling the batch to {batch} without changing the lr the loss oscillates",
        "validation loss zigzags every evaluation, the scheduler keeps the peak lr {lr} too long",
        "loss spikes right when warmup ends and the learning rate reaches {lr}",
        "gradients look fine in fp32 but the loss bounces between 0.7 and 2.3 at lr {lr}",
        "the cosine schedule decays to zero too early so the loss stalls at {step}",
        "with lr {lr} the model collapses to predicting one class after {step}",
        "halving the learning rate makes the divergence go away, the loss was climbing",
        "Adam with lr {lr} blows up, SGD with a tenth of that trains fine",
        "training loss plateaus at the chance level for {step}; a larger lr {lr} got it moving",
        "the loss curve is a sawtooth that grows each epoch, lr warmup was set to 0 steps",
        "both training and validation loss stop improving early, the lr was {lr} which is tiny",
    ],
    "overfitting": [
        "training {metric} reaches {hi} but validation {metric} stalls at {mid}",
        "validation loss starts rising after {step} while training loss keeps falling",
        "the model memorizes the training set, train loss near zero, validation loss climbs",
        "on held-out data {model} drops to {mid} {metric} though it scores {hi} on train",
        "more epochs only widen the gap between train and validation loss",
        "the best checkpoint is from {step}; every later one is worse on validation",
        "adding dropout and weight decay closed most of the train/validation gap",
        "with only 800 labelled examples the validation {metric} peaks early and falls",
        "train loss 0.01, validation loss 1.9, and the gap grows with every epoch",
        "early stopping on validation loss would have saved us; the final model generalizes badly",
        "it fits the training batches perfectly but fails on new customers' data",
        "the larger model gets {hi} train {metric} and worse validation than the small one",
        "augmentation helped: without it validation {metric} fell after {step} while train rose",
        "fine-tuning for 20 epochs on the tiny set made validation loss go up after epoch 2",
        "validation {metric} was best early and then slowly decayed as training loss kept dropping",
    ],
    "data_pipeline": [
        "validation {metric} is {hi} from the very first epoch, test and train share duplicates",
        "the labels were shifted by one row after the merge, loss will not go below 1.5",
        "batches come sorted by label because the shuffle flag was off, loss swings per batch",
        "the tokenizer lowercases at training time but not at serving, {metric} drops to {mid}",
        "about a third of the labels are wrong after the relabelling script, validation stalls",
        "the data loader repeats the same shard every epoch, the model sees 10% of the data",
        "the validation split leaked into training through near-duplicate texts, {metric} {hi}",
        "loss is NaN on one batch every epoch: a corrupted record has an empty text field",
        "the vocab file did not match the checkpoint so most tokens became unknown tokens",
        "truncation to {seq} tokens cut off the part of the text that holds the answer",
        "images were normalized twice in the pipeline, loss stuck around {mid} accuracy",
        "the label mapping differs between train and eval scripts, validation {metric} is near chance",
        "each worker shuffles with the same seed so batches repeat across GPUs",
        "the CSV parser split rows on commas inside quotes and misaligned text and labels",
        "a future timestamp column leaked the target, validation looked perfect, production failed",
        "padding tokens were not masked in the attention, loss plateaued on long batches",
        "class 3 never appears in the training shard due to a bad filter, so recall is zero",
        "the augmentation flipped digits 6 and 9 and kept their labels",
    ],
    "numerical_precision": [
        "loss becomes NaN right after we switched to fp16 without loss scaling",
        "with half precision the gradients underflow to zero and the loss stops moving",
        "the grad scaler keeps skipping steps, the loss scale fell to 1 and {step} are wasted",
        "casting the whole model with .half() makes the loss inf on the first batch",
        "attention logits overflow in fp16 past 65504 and produce NaN in the softmax",
        "the same run in fp32 is fine but mixed precision gives NaN at {step}",
        "bf16 training is stable but fp16 gives inf losses with the same learning rate",
        "Adam epsilon 1e-8 rounds to zero in fp16 so updates blow up on {gpu}",
        "layer norm in half precision loses small updates and the loss drifts upward",
        "after enabling autocast the loss is NaN only on long sequences of {seq} tokens",
        "dynamic loss scaling halves the scale every few steps and never recovers",
        "the optimizer states were stored in fp16 and the tiny updates vanished",
        "gradients show inf in the fp16 run; unscaling before clipping fixed it",
        "the loss is NaN on {gpu} with fp16=True but fine on the CPU in float32",
        "summing the loss in half precision saturates at 65504 for batch {batch}",
        "bf16 rounding makes the validation {metric} noisy compared with fp32",
        "the exp in our custom loss overflows in fp16 and returns inf",
    ],
    "memory": [
        "CUDA out of memory at {step} with batch {batch} on {gpu}",
        "the job is killed with OOM as soon as the sequence length goes to {seq}",
        "memory grows every step until the GPU runs out, we kept the loss tensor with its graph",
        "batch {batch} does not fit on {gpu}, gradient accumulation with 4 steps works",
        "fragmentation: torch reserves 22 GB but allocates 14 GB and then fails to allocate 2 GB",
        "evaluation runs out of memory because it runs without no_grad",
        "the dataloader workers use all host RAM and the process is killed",
        "OOM only on the longest batch; sorting by length and capping at {seq} tokens fixed it",
        "peak memory doubles when the optimizer states are created at the first step",
        "activation memory for {model} at seq {seq} exceeds the card; checkpointing solved it",
        "the run crashes with out of memory when the loss is NaN and the grad norm logging keeps tensors",
        "storing every batch's predictions on the GPU fills memory by epoch 2",
        "two jobs shared {gpu} and the second one hit out of memory",
        "with batch {batch} the allocator thrashes and steps take 10x longer before the OOM",
        "a memory leak in the metric callback holds references to the validation outputs",
        "mixed precision halved activation memory but the fp32 master weights still do not fit",
    ],
}

# Contrastive symptoms: they lean on another cause's vocabulary and name the real cause only in
# what fixed it or what was ruled out, so a bag of words is misled and word order matters.
HARD = {
    "learning_rate": [
        "loss turns NaN in fp16 and in fp32 alike once the lr is {lr}; the grad scaler is not the problem",
        "we blamed fp16 for the NaN, but fp32 diverges too unless the learning rate is lowered",
        "validation loss rises after {step} because the lr never decays, not because the model overfits",
        "we suspected the data loader, but the loss only stalls when lr is {lr}; at 10x it trains",
        "OOM was fixed by batch {batch}, but then the loss oscillated until we scaled the lr down too",
        "the NaN is not a precision issue: bf16, fp16 and fp32 all blow up at lr {lr}",
        "memory is fine and the data is clean; the loss explodes because warmup was disabled",
        "training and validation both stall, so it is not overfitting; a higher lr fixed it",
    ],
    "overfitting": [
        "the lr and fp16 settings are fine, yet validation loss climbs after {step} while train loss drops",
        "we checked for leakage and label noise and found none; the model just memorizes the small training set",
        "no NaN and no OOM, but validation {metric} falls every epoch after the first",
        "lowering the lr did not help; more data and dropout closed the gap between train and validation",
        "the data pipeline is verified, train {metric} is {hi} and validation {metric} is {mid}",
        "it is not a precision problem: in fp32 too the validation loss goes up after epoch 2",
        "the batch size does not matter, the validation loss still rises while training loss keeps falling",
        "the large model fits the training data in {step} and then generalizes worse with every epoch",
    ],
    "data_pipeline": [
        "validation {metric} of {hi} looked like great generalization until we found duplicates between splits",
        "the loss is NaN on the same batch every epoch in fp32 too; one record has an empty label",
        "we tried a lower lr and fp32, but the loss stalled until we fixed the shifted labels",
        "looked like overfitting, but the validation set was built from a different label map",
        "memory and precision are fine; the loader returns the same batch {batch} times in a row",
        "loss oscillates per batch, not because of the lr: the batches were sorted by class",
        "the model seems to overfit, yet the real issue was unknown tokens from a mismatched vocab",
        "validation {metric} was near chance in fp16 and fp32 because the eval script reversed the labels",
    ],
    "numerical_precision": [
        "lowering the learning rate did not stop the NaN; turning off fp16 did",
        "the loss diverges only with fp16=True, at every lr we tried from {lr} down",
        "it is not the data: the same batch gives NaN in fp16 and a normal loss in fp32",
        "looked like an lr problem, but the grad scaler had collapsed and skipped most steps",
        "memory is fine, yet half precision layers give inf after {step}; autocast with a scaler works",
        "validation loss looked like overfitting, but fp16 underflow had zeroed the small gradients",
        "no OOM and no bad data; the loss scale dropped to 1 and training stalled in half precision",
        "bf16 fixed the NaN that fp16 gave us, with the same lr {lr} and batch {batch}",
    ],
    "memory": [
        "lowering the lr and turning off fp16 changed nothing; the job still dies with out of memory at batch {batch}",
        "it is not a NaN problem: the process is killed when memory reaches the GPU limit",
        "switching to fp16 let batch {batch} fit, in fp32 it crashes with OOM",
        "validation crashes the run because the eval batch {batch} is larger than the training batch",
        "the loss is fine, but the memory grows each step until the allocator fails",
        "we suspected the data loader, but it was the cached activations filling the GPU",
        "training runs, then evaluation at {step} fails to allocate memory on {gpu}",
        "looked like slow training from a small lr, but the GPU was swapping memory and nearly out",
    ],
}

# Each cause's telltale words, ruled out. Reports of the other causes carry these, so the words
# alone point the wrong way; what matters is that they are negated.
RULED_OUT = {
    "learning_rate": [
        "The learning rate is not the cause; we swept it.", "Warmup and the lr schedule look sane.",
        "Lowering the lr changed nothing.", "It is not divergence from a high learning rate.",
        "The lr of {lr} is what the paper used.", "No oscillation from the scheduler.",
    ],
    "overfitting": [
        "It is not overfitting: train and validation loss move together.",
        "The gap between train and validation is small.", "Dropout and weight decay made no difference.",
        "Early stopping would not help here.", "The model does not memorize the training set.",
        "More data did not change it.",
    ],
    "data_pipeline": [
        "The labels, the vocab and the splits were all verified.", "No leakage or duplicates between splits.",
        "Shuffling is on and the loader looks right.", "The tokenizer matches the checkpoint, no flood of unknown tokens.",
        "We rebuilt the dataset from scratch and saw the same thing.", "Label noise is below 1%.",
    ],
    "numerical_precision": [
        "It happens in fp32 as well, so not a precision issue.", "The grad scaler and loss scale look healthy.",
        "Turning fp16 off did not change anything.", "No inf or underflow in the gradients.",
        "bf16 and fp32 behave the same.", "Autocast is not involved.",
    ],
    "memory": [
        "Memory is nowhere near the limit.", "No OOM and no fragmentation warnings.",
        "The allocator reports plenty of free memory.", "A smaller batch behaves the same, so not memory.",
        "GPU memory stays flat across steps.", "Nothing is killed, the process runs to the end.",
    ],
}

# Compositional reports: a shared symptom, the real cause affirmed through what fixed it, and
# other causes named through what did not help. Every fix phrase appears affirmed in its own class
# and negated in the others, so only the combination of words tells the class.
SYMPTOMS = {
    "learning_rate": ["the loss went NaN after {step}", "the loss oscillated for hours",
                      "training loss stalled near the start", "validation loss zigzagged",
                      "the loss climbed after warmup"],
    "overfitting": ["validation loss rose after {step}", "validation {metric} kept falling",
                    "the train/validation gap widened", "validation {metric} peaked early"],
    "data_pipeline": ["validation {metric} was suspiciously high", "the loss stalled at {mid}",
                      "validation {metric} sat near chance", "the loss went NaN on one batch",
                      "the loss swung from batch to batch"],
    "numerical_precision": ["the loss went NaN after {step}", "training loss stalled near the start",
                            "the loss became inf on the first batch", "most steps were skipped",
                            "validation {metric} was noisy"],
    "memory": ["the run crashed at {step}", "evaluation crashed at {step}",
               "the process was killed at {step}", "steps slowed down, then the run crashed"],
}
FIXES = {
    "learning_rate": ["lowering the learning rate", "adding warmup", "a smaller peak lr",
                      "raising the lr to {lr}", "a slower decay schedule"],
    "overfitting": ["more dropout", "early stopping", "weight decay", "more training data",
                    "fewer epochs"],
    "data_pipeline": ["fixing the shuffling", "deduplicating the splits", "repairing the labels",
                      "using the matching vocab", "fixing the label map"],
    "numerical_precision": ["turning fp16 off", "enabling loss scaling", "switching to bf16",
                            "keeping fp32 master weights", "running the softmax in fp32"],
    "memory": ["a smaller batch", "gradient accumulation", "activation checkpointing",
               "freeing cached tensors", "a shorter max sequence length"],
}
AFFIRM = ["{symptom}; {fix} fixed it.", "{symptom}, and only {fix} helped.",
          "{symptom} until we tried {fix}.", "{fix} solved it: {symptom} before that.",
          "{symptom}. After {fix} the run was healthy."]
NEGATE = ["{fix} did not help.", "We tried {fix} first, with no change.",
          "{fix} changed nothing.", "Not fixed by {fix}.", "{fix} made no difference."]


def compositional(label, rng):
    fix = fill(rng.choice(FIXES[label]), rng)
    symptom = fill(rng.choice(SYMPTOMS[label]), rng)
    first = rng.choice(AFFIRM).format(symptom=symptom, fix=fix)
    first = first[0].upper() + first[1:]
    others = [x for x in sorted(FIXES) if x != label]
    rng.shuffle(others)
    negated = []
    for other in others[:rng.choice([1, 1, 2, 2, 3])]:
        text = rng.choice(NEGATE).format(fix=fill(rng.choice(FIXES[other]), rng))
        negated.append(text[0].upper() + text[1:])
    parts = negated + [first] if rng.random() < 0.5 else [first] + negated
    return " ".join(parts)


# Openers and distractors shared by all classes: context, or other causes named and ruled out.
OPENERS = [
    "Fine-tuning {model} for {task} on {gpu}:", "{who} trained {model} {time}, and",
    "Run report for {task}:", "While fine-tuning {model} with batch {batch},",
    "On {gpu} with lr {lr},", "{who} noticed {time} that", "Training {model} in fp16,",
    "Training {model} in fp32,", "After moving to bf16 autocast,", "With batch {batch} on {gpu},",
    "In the {task} experiment,", "", "", "", "",
]
DISTRACTORS = [
    "No OOM, memory use is flat.", "The learning rate is the default 2e-5.",
    "fp16 is off for this run.", "We train in fp16 with a grad scaler.",
    "Validation data is a clean, separate split.", "The data was shuffled with a fixed seed.",
    "GPU memory sits at 60%.", "No NaN appeared.", "Loss scaling is enabled.",
    "Batch size is {batch}.", "It also happens with a different seed.",
    "The same config worked last month.", "Mixed precision was on the whole time.",
    "We checked the labels twice.", "Gradient clipping at 1.0 is on.",
    "The tokenizer and vocab came with the checkpoint.", "Warmup is 10% of the steps.",
    "We use AdamW with weight decay 0.01.", "Throughput is about 300 samples per second.",
    "Training and validation loss were logged every {step}.",
    "The validation set has 2,000 examples.", "We ran it on {gpu}.",
    "Nothing changed in the data loader.", "Memory is not the issue here.",
    "Precision is plain fp32.", "The learning rate schedule is linear decay.",
    "We had an OOM on another job last week.", "An earlier run had NaN from a bad lr.",
    "The validation loss is noisy anyway.", "We doubled the batch size recently.",
    "Someone suspected overfitting at first.", "The data loader was rewritten last sprint.",
    "We switched from fp32 to fp16 a month ago.", "The lr was tuned on a smaller model.",
]
CLOSERS = [
    "Any idea what causes this?", "What should we change first?", "Logs attached.",
    "Reproducible every time.", "It cost us a day of compute.", "Flagging for triage.", "", "", "",
]


def fill(template, rng):
    out = template
    while "{" in out:
        start = out.index("{")
        end = out.index("}", start)
        key = out[start + 1:end]
        out = out[:start] + rng.choice(SLOTS[key]) + out[end + 1:]
    return out


def sentence(text):
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".?!" else text + "."


def report(label, rng):
    if rng.random() < 0.65:
        return compositional(label, rng)
    pool = HARD[label] if rng.random() < 0.5 else CORE[label]
    core = fill(rng.choice(pool), rng)
    opener = fill(rng.choice(OPENERS), rng)
    if opener:
        first = opener + " " + core
        first = first[0].upper() + first[1:]
        if not first.endswith("."):
            first += "."
    else:
        first = sentence(core)
    parts = [first]
    others = [x for x in sorted(RULED_OUT) if x != label]
    for _ in range(rng.choice([0, 1, 1, 1, 2])):
        parts.append(fill(rng.choice(RULED_OUT[rng.choice(others)]), rng))
    for _ in range(rng.choice([0, 0, 1, 1, 2])):
        parts.append(fill(rng.choice(DISTRACTORS), rng))
    closer = rng.choice(CLOSERS)
    if closer and len(parts) < 4:
        parts.append(closer)
    if rng.random() < 0.5:
        # Shuffle the distractors before the core sometimes, so position is no cue.
        rest = parts[1:]
        rng.shuffle(rest)
        parts = rest[:1] + [parts[0]] + rest[1:] if rest and rng.random() < 0.3 else [parts[0]] + rest
    return " ".join(parts)


def generate():
    rng = random.Random(SEED)
    labels = sorted(CORE)
    rows, seen = [], set()
    while len(rows) < ROWS:
        label = labels[len(rows) % len(labels)]
        text = report(label, rng)
        if text in seen:
            continue
        seen.add(text)
        if rng.random() < NOISE:
            label = rng.choice([x for x in labels if x != label])
        rows.append((text, label))
    rng.shuffle(rows)
    return rows


def words(text):
    return [w.strip(".,:;?!()%").lower() for w in text.split() if w.strip(".,:;?!()%")]


def naive_bayes_accuracy(rows):
    """Multinomial naive Bayes on word counts, 80/20 split: the bag-of-words baseline."""
    cut = int(len(rows) * 0.8)
    train, test = rows[:cut], rows[cut:]
    counts = collections.defaultdict(collections.Counter)
    priors = collections.Counter()
    vocab = set()
    for text, label in train:
        priors[label] += 1
        for w in words(text):
            counts[label][w] += 1
            vocab.add(w)
    totals = {label: sum(c.values()) for label, c in counts.items()}
    correct = 0
    for text, label in test:
        best, best_score = None, -1e300
        for c in priors:
            score = math.log(priors[c])
            for w in words(text):
                score += math.log((counts[c][w] + 1) / (totals[c] + len(vocab)))
            if score > best_score:
                best, best_score = c, score
        correct += best == label
    return correct / len(test)


def keyword_accuracy(rows):
    """The best single-word rule per class: how far one keyword gets."""
    best = 0.0
    labels = sorted({label for _, label in rows})
    sets = [(set(words(text)), label) for text, label in rows]
    for w in {w for ws, _ in sets for w in ws}:
        having = collections.Counter(label for ws, label in sets if w in ws)
        top, n = having.most_common(1)[0]
        # Predict `top` when w appears, else the majority of the rest.
        rest = collections.Counter(label for ws, label in sets if w not in ws)
        acc = (n + (rest.most_common(1)[0][1] if rest else 0)) / len(rows)
        best = max(best, acc)
    return best, len(labels)


def main():
    rows = generate()
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["text", "label"])
    writer.writerows(rows)
    with open(OUT, "w", encoding="utf-8", newline="") as f:
        f.write(buffer.getvalue())
    print("wrote %d rows to %s" % (len(rows), OUT))
    if "--check" in sys.argv:
        print("classes:", dict(collections.Counter(label for _, label in rows)))
        print("bag-of-words naive Bayes accuracy: %.3f" % naive_bayes_accuracy(rows))
        acc, k = keyword_accuracy(rows)
        print("best single-keyword rule accuracy: %.3f (%d classes)" % (acc, k))


if __name__ == "__main__":
    main()
