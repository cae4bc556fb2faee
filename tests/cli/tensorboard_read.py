"""Reads TensorBoard event files with TensorBoard's own reader (EventAccumulator), as
`tensorboard --logdir` does, for tst_clitensorboard: one line per scalar,
"<run>\t<tag>\t<step>\t<value>" (repr of the float TensorBoard decoded), runs and tags sorted.

Usage: python tensorboard_read.py LOGDIR
Exit status 2 when the tensorboard package is missing (the test then skips, saying so)."""
import os
import sys

try:
    from tensorboard.backend.event_processing import event_accumulator
except ImportError as e:  # the venv was set up without it
    print(f"tensorboard not importable: {e}", file=sys.stderr)
    sys.exit(2)


def main(logdir):
    for run in sorted(os.listdir(logdir)):
        folder = os.path.join(logdir, run)
        if not os.path.isdir(folder):
            continue
        # size_guidance 0: keep every event (the default samples 10,000 scalars per tag).
        acc = event_accumulator.EventAccumulator(
            folder, size_guidance={event_accumulator.SCALARS: 0})
        acc.Reload()
        for tag in sorted(acc.Tags()["scalars"]):
            for e in acc.Scalars(tag):
                print(f"{run}\t{tag}\t{e.step}\t{e.value!r}")


if __name__ == "__main__":
    main(sys.argv[1])
