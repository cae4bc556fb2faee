"""Times FSRS-6 training with PyTorch's autograd, for docs/spaced-repetition.md ("Why
hand-written gradients"): the same items, loss, batch size (512) and epochs (5) as
quiz/FsrsOptimizer, the forward pass written with tensors over padded batches (as fsrs-rs did with
Burn before its hand-written backward pass), Adam from torch.optim. Not a test; prints seconds.

usage: .venv/bin/python tools/fsrs_autograd_timing.py REVLOG.csv
(REVLOG.csv: `precisionlab-cli progress export-revlog` output; id, cid and ease are read.)
"""
import os
import sys
import time

import torch

# The training items as Anki makes them: the comparison test's reading (needs fsrs-rs-python).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "quiz"))
from fsrs_rs_check import items_of  # noqa: E402  (rating, delta_t) lists in time order
W0 = [0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796,
      1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542]


def tensors(batch):
    n = max(len(h) for h in batch) - 1
    r = torch.zeros(n, len(batch))
    t = torch.zeros(n, len(batch))
    for j, h in enumerate(batch):
        for k, (e, dt) in enumerate(h[:-1]):
            r[k, j], t[k, j] = e, dt  # (rating, delta_t)
    dts = torch.tensor([h[-1][1] for h in batch], dtype=torch.float32)
    y = torch.tensor([1.0 if h[-1][0] > 1 else 0.0 for h in batch])
    return n, r, t, dts, y


def batch_loss(w, n, r, t, dts, y):
    decay = -w[20]
    factor = 0.9 ** (1 / decay) - 1
    s = w[(r[0].long() - 1).clamp(0, 3)]
    d = (w[4] - torch.exp(w[5] * (r[0] - 1)) + 1).clamp(1, 10)
    for k in range(1, n):
        rk, tk = r[k], t[k]
        rr = (1 + factor * tk / s) ** decay
        succ = s * (1 + torch.exp(w[8]) * (11 - d) * s ** -w[9] * (torch.exp((1 - rr) * w[10]) - 1)
                    * torch.where(rk == 2, w[15], 1.0) * torch.where(rk == 4, w[16], 1.0))
        fail = torch.minimum(w[11] * d ** -w[12] * ((s + 1) ** w[13] - 1) * torch.exp((1 - rr) * w[14]),
                             s / torch.exp(w[17] * w[18]))
        short = s * torch.exp(w[17] * (rk - 3 + w[18])) * s ** -w[19]
        new_s = torch.where(tk == 0, short, torch.where(rk == 1, fail, succ))
        nd = d - w[6] * (rk - 3) * (10 - d) / 9
        nd = w[7] * (w[4] - torch.exp(3 * w[5]) + 1 - nd) + nd
        pad = rk == 0
        s = torch.where(pad, s, new_s.clamp(0.001, 36500))
        d = torch.where(pad, d, nd.clamp(1, 10))
    p = ((1 + factor * dts / s) ** decay).clamp(1e-7, 1 - 1e-7)
    return -(y * torch.log(p) + (1 - y) * torch.log(1 - p)).sum()


def main():
    torch.set_num_threads(1)
    items = items_of(sys.argv[1])
    items.sort(key=len)
    batches = [tensors(items[i:i + 512]) for i in range(0, len(items), 512)]  # built once
    w = torch.tensor(W0, requires_grad=True)
    opt = torch.optim.Adam([w], lr=0.04)
    start = time.perf_counter()
    for _ in range(5):
        for b in batches:
            opt.zero_grad()
            batch_loss(w, *b).backward()
            opt.step()
    print(f"{len(items)} items, 5 epochs: {time.perf_counter() - start:.2f} s with autograd "
          f"(PyTorch {torch.__version__}, 1 thread)")


if __name__ == "__main__":
    main()
