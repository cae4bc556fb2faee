#!/usr/bin/env python3
"""Writes tests/data/fsrs-vectors.tsv: FSRS-6 reference schedules from py-fsrs (PyPI `fsrs`).

Run once, by hand, in a scratch venv (the tests never need Python):
    python3 -m venv /tmp/fsrs-venv && /tmp/fsrs-venv/bin/pip install fsrs
    /tmp/fsrs-venv/bin/python tools/gen_fsrs_vectors.py > tests/data/fsrs-vectors.tsv

Each scenario starts from a new card at T0 and reviews it with a rating at a time given as
hours after the previous review (negative: hours after the previous *due* time, i.e. on time or
late; so "-0" is exactly when due). Default parameters, desired retention 0.9, learning steps
1 min and 10 min, relearning step 10 min, fuzz off (fuzz is random by design).
Columns per review: scenario, index, rating (1 Again .. 4 Easy), review time (epoch ms),
retrievability just before the review, and the card after it: state (1 Learning, 2 Review,
3 Relearning), step (-1 = none), stability, difficulty, due (epoch ms).
"""
from datetime import datetime, timedelta, timezone
import importlib.metadata
import sys

from fsrs import Card, Rating, Scheduler

T0 = datetime(2026, 1, 5, 9, 0, 0, tzinfo=timezone.utc)

# (name, [(rating, when)]) where when is ("after", hours) since last review or ("due", hours)
# relative to the current due time.
A, H, G, E = 1, 2, 3, 4
SCENARIOS = [
    ("good-on-time", [(G, ("after", 0))] + [(G, ("due", 0))] * 7),
    ("easy-on-time", [(E, ("after", 0))] + [(E, ("due", 0))] * 5),
    ("hard-on-time", [(H, ("after", 0))] + [(H, ("due", 0))] * 6),
    ("again-first", [(A, ("after", 0)), (A, ("due", 0)), (G, ("due", 0)), (G, ("due", 0)),
                     (G, ("due", 0)), (G, ("due", 0))]),
    ("lapse-and-relearn", [(G, ("after", 0)), (G, ("due", 0)), (G, ("due", 0)), (G, ("due", 0)),
                           (A, ("due", 0)), (G, ("due", 0)), (G, ("due", 0)), (G, ("due", 0))]),
    # Reviews in one sitting (same day): FSRS-6's short-term stability (w17..w19).
    ("same-sitting", [(G, ("after", 0)), (G, ("after", 0.05)), (G, ("after", 0.05)),
                      (G, ("after", 0.05)), (E, ("after", 0.05)), (A, ("after", 0.05)),
                      (G, ("after", 0.2))]),
    # Early reviews: answered days before they were due (retrievability still high).
    ("early", [(G, ("after", 0)), (G, ("due", 0)), (G, ("due", 0)), (G, ("after", 24)),
               (G, ("after", 48)), (G, ("due", 0)), (E, ("after", 30))]),
    # Late reviews: long after the due time (retrievability low).
    ("late", [(G, ("after", 0)), (G, ("due", 0)), (G, ("due", 24 * 30)), (H, ("due", 24 * 90)),
              (A, ("due", 24 * 200)), (G, ("after", 24)), (E, ("due", 24 * 10))]),
    ("mixed", [(H, ("after", 0)), (G, ("after", 0.5)), (E, ("due", 3)), (H, ("due", 0)),
               (A, ("after", 72)), (H, ("after", 0.1)), (G, ("after", 0.2)), (G, ("due", 48)),
               (E, ("due", 0)), (G, ("due", 0))]),
]


def ms(t: datetime) -> int:
    return int(round(t.timestamp() * 1000))


def main() -> None:
    scheduler = Scheduler(enable_fuzzing=False)
    out = sys.stdout
    out.write(f"# FSRS-6 reference vectors from py-fsrs {importlib.metadata.version('fsrs')}"
              f" (tools/gen_fsrs_vectors.py), default parameters, retention 0.9, fuzz off\n")
    out.write("# scenario\tindex\trating\treview_ms\tretrievability\tstate\tstep\tstability\tdifficulty\tdue_ms\n")
    for name, reviews in SCENARIOS:
        card = Card(card_id=1, due=T0)
        last = T0
        for i, (rating, (kind, hours)) in enumerate(reviews):
            base = last if kind == "after" else card.due
            when = base + timedelta(hours=hours)
            if i == 0:
                when = T0
            r = scheduler.get_card_retrievability(card, when)
            card, _ = scheduler.review_card(card, Rating(rating), when)
            step = -1 if card.step is None else card.step
            out.write(f"{name}\t{i}\t{rating}\t{ms(when)}\t{r!r}\t{int(card.state)}\t{step}\t"
                      f"{card.stability!r}\t{card.difficulty!r}\t{ms(card.due)}\n")
            last = when


if __name__ == "__main__":
    main()
