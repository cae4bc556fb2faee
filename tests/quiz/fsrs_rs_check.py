"""Anki's own FSRS optimizer on a PrecisionLab review log (tests/quiz/tst_fsrsagainstrs.cpp).

usage: fsrs_rs_check.py TRAIN.csv HELDOUT.csv OURS.json TRUTH.json [ZONE ROLLOVER_HOUR]

TRAIN.csv and HELDOUT.csv are review logs in Anki's revlog column names (PrecisionLab's
`progress export-revlog`; only id, cid and ease are read). The training items are made as Anki
makes them (rslib/src/scheduler/fsrs/params.rs): per card in time order, one item per review
after the first whose interval is at least one day, holding the card's reviews so far; items
ordered by time. Days as Anki's reviews_for_fsrs counts them: each review's day is the number
of whole 86,400-second periods between it and the next rollover (ROLLOVER_HOUR, default 4, in
the IANA time zone ZONE, default UTC, at that moment's UTC offset) after the last review in the
two logs (Anki: after now); delta_t is the difference. This is written here from Anki's rules, not shared with the C++ code, so
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
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

try:
    from fsrs_rs_python import DEFAULT_PARAMETERS, FSRS, FSRSItem, FSRSReview
except ImportError as e:  # the venv without the package
    print(f"fsrs-rs-python not importable: {e}", file=sys.stderr)
    sys.exit(3)

def read_cards(path):
    cards = {}
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            cards.setdefault(int(row["cid"]), []).append((int(row["id"]), int(row["ease"])))
    return cards


def next_day_at(now_ms, zone, rollover):
    """Anki's timing.rs: the next rollover after now, at now's UTC offset (seconds)."""
    now = datetime.fromtimestamp(now_ms / 1000, tz=ZoneInfo(zone))
    fixed = now.astimezone(timezone(now.utcoffset()))
    at = fixed.replace(hour=rollover % 24, minute=0, second=0, microsecond=0)
    if at <= fixed:
        at += timedelta(days=1)
    return int(at.timestamp())


def items_of(cards, next_day):
    def days_elapsed(time_ms):  # RevlogEntry::days_elapsed
        return max(0, (next_day - time_ms // 1000) // 86_400)

    items = []
    for cid, reviews in cards.items():
        reviews.sort()
        history = []
        for i, (time_ms, ease) in enumerate(reviews):
            delta_t = 0 if i == 0 else days_elapsed(reviews[i - 1][0]) - days_elapsed(time_ms)
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
    zone = sys.argv[5] if len(sys.argv) > 5 else "UTC"
    rollover = int(sys.argv[6]) if len(sys.argv) > 6 else 4
    train_cards, heldout_cards = read_cards(sys.argv[1]), read_cards(sys.argv[2])
    last = max(t for cards in (train_cards, heldout_cards) for r in cards.values() for t, _ in r)
    next_day = next_day_at(last + 1, zone, rollover)
    train, heldout = items_of(train_cards, next_day), items_of(heldout_cards, next_day)
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
