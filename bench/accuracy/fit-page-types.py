#!/usr/bin/env python3
"""Fits the page-type score table of crates/pith-core/src/classify.rs (`WEIGHTS`).

  python3 bench/accuracy/fit-page-types.py            # fit, print accuracy and the table
  python3 bench/accuracy/fit-page-types.py --write    # ... and replace the table in classify.rs

1. Decompresses the dev set pages (`--data DIR`, `$PITH_DEV_DATA` or ../shared/eval/wcxb-dev) into a
   temporary directory and has the core record, page by page, the traits `page_type` weighs (the ignored
   test `classify::fit::write_page_traits`, run with `cargo test --release`).
2. Fits a multinomial logistic regression (softmax over the seven gold labels, L2 penalty, full-batch
   gradient descent with momentum; pure Python, deterministic) on the pages outside the hold-out fifth
   (id % 5 != 0, as in the accuracy harness). The hold-out pages are only scored.
3. Rounds the weights to two decimals, scores the rounded table (what the core uses) on the fitted pages,
   on the hold-out and by host-grouped 5-fold cross-validation within the fitted pages (a page's site never
   on both sides: the dev set holds several pages of some sites), and prints it as Rust.

The features come from the core itself, so the table only changes when the traits (or what feeds them)
change; rerun this script then.
"""

import argparse
import gzip
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CLASSIFY_RS = os.path.join(ROOT, 'crates', 'pith-core', 'src', 'classify.rs')
# The columns of the table, in the order of `SCORED` in classify.rs.
LABELS = ['article', 'forum', 'product', 'collection', 'listing', 'documentation', 'service']
L2 = 2e-3
EPOCHS = 200
STEP = 1.0
MOMENTUM = 0.9


def record_traits(data):
    """{id: [(trait, value)]} for every dev page (traits in table order), and the pages' metadata."""
    meta = json.load(open(os.path.join(data, 'metadata.json')))['files']
    with tempfile.TemporaryDirectory() as tmp:
        manifest = os.path.join(tmp, 'pages.tsv')
        with open(manifest, 'w') as m:
            for pid in sorted(meta):
                html = os.path.join(tmp, pid + '.html')
                with gzip.open(os.path.join(data, 'html', pid + '.html.gz')) as src, open(html, 'wb') as dst:
                    dst.write(src.read())
                m.write(f"{pid}\t{meta[pid].get('url') or ''}\t{html}\n")
        out = os.path.join(tmp, 'traits.jsonl')
        env = dict(os.environ, PITH_FIT_PAGES=manifest, PITH_FIT_OUT=out)
        subprocess.run(['cargo', 'test', '-q', '-p', 'pith-core', '--release', '--lib', '--',
                        '--ignored', '--exact', 'classify::fit::write_page_traits'], cwd=ROOT, env=env, check=True)
        traits = {}
        for line in open(out):
            row = json.loads(line)
            traits[row['id']] = row['features']
    return traits, meta


def fit(xs, ys, dims):
    """Softmax regression weights [label][trait] for sparse rows xs (lists of (trait index, value))."""
    k, n = len(LABELS), len(xs)
    w = [[0.0] * dims for _ in range(k)]
    v = [[0.0] * dims for _ in range(k)]
    for _ in range(EPOCHS):
        grad = [[0.0] * dims for _ in range(k)]
        for x, y in zip(xs, ys):
            s = [sum(w[c][j] * val for j, val in x) for c in range(k)]
            top = max(s)
            e = [math.exp(a - top) for a in s]
            z = sum(e)
            for c in range(k):
                g = e[c] / z - (c == y)
                for j, val in x:
                    grad[c][j] += g * val
        for c in range(k):
            for j in range(dims):
                step = grad[c][j] / n + L2 * w[c][j]
                v[c][j] = MOMENTUM * v[c][j] - STEP * step
                w[c][j] += v[c][j]
    return [[round(x, 2) + 0.0 for x in row] for row in w]


def predict(w, x):
    s = [sum(w[c][j] * val for j, val in x) for c in range(len(LABELS))]
    # Ties go to the first column, as in the core.
    return max(range(len(LABELS)), key=lambda c: (s[c], -c))


def host(url):
    return re.sub(r'^[a-z]+://', '', url or '').split('/')[0].lower()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--data', default=os.environ.get('PITH_DEV_DATA') or os.path.join(ROOT, '..', 'shared', 'eval', 'wcxb-dev'))
    ap.add_argument('--write', action='store_true', help='replace the table in classify.rs')
    args = ap.parse_args()

    traits, meta = record_traits(args.data)
    names = [name for name, _ in next(iter(traits.values()))]
    index = {name: j for j, name in enumerate(names)}
    ids = sorted(meta)
    xs = {pid: [(index[t], val) for t, val in traits.get(pid, []) if val] for pid in ids}
    ys = {pid: LABELS.index(meta[pid]['page_type']) for pid in ids}
    fitted = [pid for pid in ids if int(pid) % 5 != 0]
    holdout = [pid for pid in ids if int(pid) % 5 == 0]

    def accuracy(w, pages):
        return sum(pid in traits and predict(w, xs[pid]) == ys[pid] for pid in pages) / len(pages)

    folds = {pid: zlib.crc32(host(meta[pid].get('url')).encode()) % 5 for pid in fitted}
    cv_correct = 0
    for fold in range(5):
        train = [pid for pid in fitted if folds[pid] != fold]
        w = fit([xs[pid] for pid in train], [ys[pid] for pid in train], len(names))
        cv_correct += sum(pid in traits and predict(w, xs[pid]) == ys[pid] for pid in fitted if folds[pid] == fold)
    w = fit([xs[pid] for pid in fitted], [ys[pid] for pid in fitted], len(names))

    print(f'fitted pages {len(fitted)}: {accuracy(w, fitted):.3f}; host-grouped 5-fold CV {cv_correct / len(fitted):.3f}; '
          f'hold-out {len(holdout)}: {accuracy(w, holdout):.3f}; all: {accuracy(w, ids):.3f}')
    for c, label in enumerate(LABELS):
        gold = [pid for pid in ids if ys[pid] == c]
        print(f'  {label} recall {sum(predict(w, xs[pid]) == c for pid in gold) / len(gold):.3f}')

    width = max(len(n) for n in names) + len('(Feature::), ')
    rows = '\n'.join(f"    {f'(Feature::{name}, ':<{width}}[{', '.join(f'{w[c][j]:5.2f}' for c in range(len(LABELS)))}]),"
                     for j, name in enumerate(names))
    header = '    // ' + ' ' * (width - 3) + ' '.join(f'{label[:5]:>5}' for label in LABELS)
    table = f'const WEIGHTS: [(Feature, [f32; {len(LABELS)}]); {len(names)}] = [\n{header}\n{rows}\n];'
    print(table)
    if args.write:
        source = open(CLASSIFY_RS).read()
        updated = re.sub(r'const WEIGHTS: .*?\n\];', lambda _: table, source, count=1, flags=re.S)
        open(CLASSIFY_RS, 'w').write(updated)
        print(f'wrote {CLASSIFY_RS}', file=sys.stderr)


if __name__ == '__main__':
    main()
