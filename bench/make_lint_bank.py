#!/usr/bin/env python3
"""Writes a large, valid question bank for `bank check --lint` at scale (bench/lint_scale.py).

Each question is one of the shipped bank's (resources/banks/pmle-scaling.json), cycled, with a
new id and every option text given two words of its own (drawn from a synthetic vocabulary of
5,000, seeded), so the bank has both what the lint looks for at scale (the shipped distractors'
phrases repeated thousands of times: reused-distractor and never-keyed-theme warnings listing
thousands of options) and many distinct phrases (the phrase index grows with the bank). The
long explanation fields are cut to their first 12 characters and the references dropped: about
1.5 KB a question, 15.5 MB for 10,000 (issue 47's report had 13 MB).

With --shape cues instead, the bank of issue 47's report (and tst_hostilequiz4's
lintOutputIsBounded, there at 400): short questions whose multiple-answer stems say no count and
whose wrong option c asks for more GPUs in every question, so one never-keyed-theme warning
names every question; option d rents "extra GPUs" from a cloud named anew every three questions.

With --shape clusters, the grouping's worst case found: option c rents "wNNNNNx gpus" anew every
three questions, so thousands of never-keyed phrases each found a cluster of their own, all
sharing "rent" (before issue 47's fix: 20 s of CPU at 20,000 questions, 14.8 MiB, under the
16 MiB a bank may have).

  bench/make_lint_bank.py COUNT OUT.json [--seed N] [--shape shipped|cues|clusters]
"""
import argparse
import copy
import json
import os
import random

here = os.path.dirname(os.path.abspath(__file__))
ap = argparse.ArgumentParser()
ap.add_argument("count", type=int)
ap.add_argument("out")
ap.add_argument("--seed", type=int, default=47)
ap.add_argument("--shape", choices=["shipped", "cues", "clusters"], default="shipped")
args = ap.parse_args()

with open(os.path.join(here, "..", "resources", "banks", "pmle-scaling.json"), encoding="utf-8") as f:
    shipped = json.load(f)
rng = random.Random(args.seed)
syllables = ["ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "ze", "pa", "qu", "de"]
vocab = sorted({"".join(rng.choice(syllables) for _ in range(4)) for _ in range(6000)})[:5000]

bank = {"schema": shipped["schema"], "bank": dict(shipped["bank"], id="lint-scale",
                                                   title="Lint at scale (generated)"),
        "questions": []}
def cue_question(i):
    qid = "q%05d" % (i + 1)
    options = []
    for o, letter in enumerate("abcd"):
        text = "Choice %s of %d" % (letter, i + 1)
        if o == 2:
            text = "Move the job to more GPUs (%s)" % qid
        elif o == 3:
            # A distractor phrase shared by three questions at a time ("gpus kalo-cloud"), with a
            # word of the one in every question: thousands of never-keyed phrases that each found
            # a cluster of their own, all sharing "gpus" (BankLint's clusterPhrases went through
            # the options of every such cluster for each phrase: quadratic; tst_banklint).
            text = "Rent extra GPUs %s-cloud" % vocab[(i // 3) % len(vocab)]
        options.append({"id": letter, "text": text, "correct": o < 2,
                        "whyLearnersPick": "Because", "analysis": "Because", "whenRight": "Because"})
    return {"id": qid, "exam": "PMLE", "domain": "Scaling", "topic": "Topic", "answer": "multiple",
            "stem": "Situation %d: what should you do?" % (i + 1), "options": options,
            "explanation": "Lesson", "source": "original"}


def cluster_question(i):
    texts = ["Answer %d" % i, "Other %d" % i, "Rent w%05dx gpus" % (i // 3), "Plain %d" % i]
    return {"id": "q%05d" % (i + 1), "exam": "PMLE", "domain": "Scaling", "topic": "Topic",
            "answer": "single", "stem": "Situation %d: a team trains a model. What should you do?" % i,
            "options": [{"id": letter, "text": text, "correct": o == 0, "whyLearnersPick": "Because",
                         "analysis": "Because", "whenRight": "Because"}
                        for o, (letter, text) in enumerate(zip("abcd", texts))],
            "explanation": "Lesson", "source": "original"}


for i in range(args.count):
    if args.shape in ("cues", "clusters"):
        bank["questions"].append(cue_question(i) if args.shape == "cues" else cluster_question(i))
        continue
    q = copy.deepcopy(shipped["questions"][i % len(shipped["questions"])])
    q["id"] = "gen-%05d" % (i + 1)
    for field in ("explanation", "examTrap"):
        if field in q:
            q[field] = q[field][:12]
    q.pop("references", None)
    for o in q["options"]:
        words = o["text"].split(" ")
        for _ in range(2):
            words.insert(rng.randrange(len(words) + 1), rng.choice(vocab))
        o["text"] = " ".join(words)
        for field in ("whyLearnersPick", "analysis", "whenRight"):
            if field in o:
                o[field] = o[field][:12]
    bank["questions"].append(q)
with open(args.out, "w", encoding="utf-8") as f:
    json.dump(bank, f, ensure_ascii=False, separators=(",", ":"))
print("%s: %d questions, %d bytes" % (args.out, args.count, os.path.getsize(args.out)))
