#!/usr/bin/env python3
"""`bank check --lint` at scale (issue 47: a 13 MB bank of 10,000 questions took 114 s and 1.4 GB).

Generates banks of 2,500 and 10,000 questions in the three shapes of bench/make_lint_bank.py
(shipped: the shipped bank's questions cycled; cues: the report's bank, a never-keyed distractor
phrase per three questions; clusters: the phrase grouping's worst case), runs each CLI given on each (`bank check` alone, then with
`--lint`; the CLIs alternate, so an old and a new build share the machine's load), and prints
the CPU time (user + system), wall time and peak RSS of each run, the peak RSS over the file's
size, and the 10,000 / 2,500 ratios (linear: about 4x). `check` is the CLI starting and
loading the bank. Where a CLI's build has precisionlab-bench-lint (bench/bench_lint.cpp, at
CLI/../../bench/ or beside the CLI), it runs that too: the lint's own CPU time and peak memory
above the loaded bank (the CLI's peak RSS is the load's once the lint needs less).

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


def bench_lint(cli):
    """The precisionlab-bench-lint of the CLI's build, or None."""
    here_cli = os.path.dirname(os.path.abspath(cli))
    for d in (os.path.join(os.path.dirname(here_cli), "bench"), here_cli):
        p = os.path.join(d, "precisionlab-bench-lint")
        if os.access(p, os.X_OK):
            return p
    return None


def own(tool, path):
    """(CPU s, bytes) of the lint alone, from precisionlab-bench-lint's last line; None without."""
    if not tool:
        return None
    out = subprocess.run([tool, path], capture_output=True, text=True, check=True).stdout
    fields = dict(f.split("=") for f in out.strip().splitlines()[-1].split())
    return float(fields["lint_cpu_s"]), int(fields["lint_own_bytes"])


mb = 1 << 20
SHAPES = ("shipped", "cues", "clusters")
with tempfile.TemporaryDirectory() as tmp:
    rows = {}
    for shape in SHAPES:
        for n in (2500, 10000):
            path = os.path.join(tmp, "%s-%d.json" % (shape, n))
            subprocess.run([sys.executable, os.path.join(here, "make_lint_bank.py"), str(n), path,
                            "--shape", shape], check=True, stdout=subprocess.DEVNULL)
            size = os.path.getsize(path)
            for i, cli in enumerate(clis):
                check = measured([cli, "bank", "check", path])
                lint = measured([cli, "bank", "check", "--lint", path])
                rows[(i, shape, n)] = (size, check, lint, own(bench_lint(cli), path))
    for i, cli in enumerate(clis):
        print("[%d] %s (lint alone: %s)" % (i, cli, bench_lint(cli) or "no precisionlab-bench-lint"))
    print("%-3s %-7s %9s %8s | %-18s | %-28s | %8s | %-24s" % (
        "cli", "shape", "questions", "file MiB", "check: CPU s, MiB", "--lint: CPU s, wall s, MiB",
        "RSS/file", "lint alone: CPU s, MiB"))
    for (i, shape, n), (size, check, lint, alone) in rows.items():
        print("[%d] %-7s %9d %8.1f | %6.2f s %6.0f MiB | %6.2f s %6.2f s %6.0f MiB | %7.1fx | %s" % (
            i, shape, n, size / mb, check[0], check[2] / mb, lint[0], lint[1], lint[2] / mb,
            lint[2] / size, "%6.2f s %5.0f MiB (%.1fx the file)" % (
                alone[0], alone[1] / mb, alone[1] / size) if alone else "-"))
    for i in range(len(clis)):
        for shape in SHAPES:
            small, large = rows[(i, shape, 2500)], rows[(i, shape, 10000)]
            print("[%d] %s, 10,000 / 2,500 questions: file %.2fx, --lint CPU %.2fx, peak RSS "
                  "%.2fx%s" % (
                      i, shape, large[0] / small[0], large[2][0] / small[2][0],
                      large[2][2] / small[2][2],
                      ", lint alone CPU %.2fx, memory %.2fx" % (
                          large[3][0] / max(1e-9, small[3][0]), large[3][1] / max(1, small[3][1]))
                      if large[3] and small[3] else ""))
