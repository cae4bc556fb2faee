#!/usr/bin/env python3
"""`bank check --lint` at scale (issue 47: a 13 MB bank of 10,000 questions took 114 s and 1.4 GB).

Generates banks of 2,500 and 10,000 questions in both shapes of bench/make_lint_bank.py
(shipped: the shipped bank's questions cycled; cues: the report's bank, a never-keyed distractor
phrase per three questions), runs each CLI given on each (`bank check` alone, then with
`--lint`; the CLIs alternate, so an old and a new build share the machine's load), and prints
the CPU time (user + system), wall time and peak RSS of each run, the peak RSS over the file's
size, and the 10,000 / 2,500 ratios (linear: about 4x). `check` is the CLI starting and
loading the bank; lint's own cost is the difference.

  bench/lint_scale.py [CLI...]   (default: build-deb13's precisionlab-cli, else build's)
  e.g. bench/lint_scale.py /tmp/old/precisionlab-cli build-deb13/cli/precisionlab-cli

Run it with the project venv's Python or any Python 3 (standard library only).
"""
import os
import resource
import subprocess
import sys
import tempfile
import time

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)
clis = sys.argv[1:] or [next(
    (p for p in (os.path.join(root, d, "cli", "precisionlab-cli") for d in ("build-deb13", "build"))
     if os.path.exists(p)), None)]
if not clis[0]:
    sys.exit("lint_scale.py: no built precisionlab-cli; give its path")
for cli in clis:
    if not os.access(cli, os.X_OK):
        sys.exit("lint_scale.py: %s is not an executable file" % cli)


def measured(args):
    """(CPU seconds, wall seconds, peak RSS in bytes) of one child run (a fresh fork:
    RUSAGE_CHILDREN's maximum is over every child so far, so each run is measured in its own
    forked helper)."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        start = time.monotonic()
        subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wall = time.monotonic() - start
        u = resource.getrusage(resource.RUSAGE_CHILDREN)
        os.write(w, ("%f %f %d" % (u.ru_utime + u.ru_stime, wall, u.ru_maxrss * 1024)).encode())
        os._exit(0)
    os.close(w)
    data = os.read(r, 100).decode().split()
    os.waitpid(pid, 0)
    return float(data[0]), float(data[1]), int(data[2])


mb = 1 << 20
with tempfile.TemporaryDirectory() as tmp:
    rows = {}
    for shape in ("shipped", "cues"):
        for n in (2500, 10000):
            path = os.path.join(tmp, "%s-%d.json" % (shape, n))
            subprocess.run([sys.executable, os.path.join(here, "make_lint_bank.py"), str(n), path,
                            "--shape", shape], check=True, stdout=subprocess.DEVNULL)
            size = os.path.getsize(path)
            for i, cli in enumerate(clis):
                check = measured([cli, "bank", "check", path])
                lint = measured([cli, "bank", "check", "--lint", path])
                rows[(i, shape, n)] = (size, check, lint)
    for i, cli in enumerate(clis):
        print("[%d] %s" % (i, cli))
    print("%-3s %-7s %9s %7s | %-17s | %-26s | %8s %11s" % (
        "cli", "shape", "questions", "file MB", "check: CPU s, MB", "--lint: CPU s, wall s, MB",
        "RSS/file", "lint's/file"))
    for (i, shape, n), (size, check, lint) in rows.items():
        print("[%d] %-7s %9d %7.1f | %6.2f s %7.0f MB | %6.2f s %6.2f s %7.0f MB | %7.1fx %10.1fx" % (
            i, shape, n, size / mb, check[0], check[2] / mb, lint[0], lint[1], lint[2] / mb,
            lint[2] / size, (lint[2] - check[2]) / size))
    for i in range(len(clis)):
        for shape in ("shipped", "cues"):
            small, large = rows[(i, shape, 2500)], rows[(i, shape, 10000)]
            print("[%d] %s, 10,000 / 2,500 questions: file %.2fx, --lint CPU %.2fx, lint's own "
                  "CPU %.2fx, peak RSS %.2fx" % (
                      i, shape, large[0] / small[0], large[2][0] / small[2][0],
                      (large[2][0] - large[1][0]) / max(1e-9, small[2][0] - small[1][0]),
                      large[2][2] / small[2][2]))
