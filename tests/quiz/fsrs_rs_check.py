"""Anki's own FSRS optimizer on a PrecisionLab review log (tests/quiz/tst_fsrsagainstrs.cpp).

usage: fsrs_rs_check.py TRAIN.csv HELDOUT.csv OURS.json TRUTH.json

TRAIN.csv and HELDOUT.csv are review logs in Anki's revlog column names (PrecisionLab's
`progress export-revlog`; only id, cid and ease are read). The training items are made as Anki
makes them (rslib/src/scheduler/fsrs/params.rs): per card in time order, one item per review
after the first whose interval is at least one whole day, holding the card's reviews so far;
items ordered by time. This is written here from Anki's rules, not shared with the C++ code, so
that the two sides check each other.

fsrs-rs (PyPI fsrs-rs-python, the Rust optimizer Anki ships) fits TRAIN; then fsrs-rs's own
FSRS.evaluate scores the default, fsrs-rs's and PrecisionLab's parameters (OURS.json from
`progress optimize --json`, field "fitted") on HELDOUT and on TRAIN, and measures how far each one's predicted recall of the held-out reviews
is from the simulated learner's true recall (TRUTH.json: {"weights": [21 numbers]}), mean
absolute difference. Prints one JSON object.
Exit 3 with "fsrs-rs-python not importable" when the package is missing (the test then skips).
"""
import csv
import json
import sys

try:
    from fsrs_rs_python import DEFAULT_PARAMETERS, FSRS, FSRSItem, FSRSReview
except ImportError as e:  # the venv without the package
    print(f"fsrs-rs-python not importable: {e}", file=sys.stderr)
    sys.exit(3)

DAY_MS = 86_400_000


def items_of(path):
    cards = {}
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            cards.setdefault(int(row["cid"]), []).append((int(row["id"]), int(row["ease"])))
    items = []
    for cid, reviews in cards.items():
        reviews.sort()
        history = []
        for i, (time_ms, ease) in enumerate(reviews):
            delta_t = 0 if i == 0 else (time_ms - reviews[i - 1][0]) // DAY_MS
            history.append((ease, delta_t))
            if i > 0 and delta_t > 0:
                items.append((time_ms, cid, list(history)))
    items.sort(key=lambda x: (x[0], x[1]))
    return [reviews for _, _, reviews in items]  # (rating, delta_t) lists


def fsrs_item(reviews):
    return FSRSItem([FSRSReview(rating, delta_t) for rating, delta_t in reviews])


def score(weights, items):
    e = FSRS(list(weights)).evaluate([fsrs_item(r) for r in items])
    return {"logLoss": e.log_loss, "rmseBins": e.rmse_bins}


def recall_gap(weights, truth, items):
    """Mean |predicted recall - true recall| over the items (fsrs-rs's memory states)."""
    def predictions(w):
        model = FSRS(list(w))
        decay = -w[20]
        factor = 0.9 ** (1 / decay) - 1
        out = []
        for reviews in items:
            s = model.memory_state(fsrs_item(reviews[:-1])).stability
            out.append((1 + factor * reviews[-1][1] / s) ** decay)
        return out
    mine, true = predictions(weights), predictions(truth)
    return sum(abs(a - b) for a, b in zip(mine, true)) / max(1, len(items))


def main():
    train, heldout = items_of(sys.argv[1]), items_of(sys.argv[2])
    with open(sys.argv[3], encoding="utf-8") as f:
        ours = json.load(f)["fitted"]
    with open(sys.argv[4], encoding="utf-8") as f:
        truth = json.load(f)["weights"]
    out = {"trainItems": len(train), "heldoutItems": len(heldout), "fsrsRs": {}}
    try:
        theirs = FSRS(list(DEFAULT_PARAMETERS)).compute_parameters([fsrs_item(r) for r in train])
    except Exception as e:  # fsrs-rs refuses (not enough data): Anki keeps the current ones
        out["fsrsRs"]["error"] = str(e)
        theirs = list(DEFAULT_PARAMETERS)
    out["fsrsRs"]["fitted"] = theirs
    for name, w in (("defaults", DEFAULT_PARAMETERS), ("fsrsRs", theirs), ("ours", ours)):
        out.setdefault(name, {})
        out[name]["heldout"] = score(w, heldout) if heldout else None
        out[name]["train"] = score(w, train) if train else None
        out[name]["recallGap"] = recall_gap(w, truth, heldout)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
