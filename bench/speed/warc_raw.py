#!/usr/bin/env python3
"""Raw cost of reading a WARC with no extraction, Python side (reference readers).

  bench/.venv/bin/python bench/speed/warc_raw.py [--warc bench/.cache/dev.warc.gz] [--runs 3] [--mode warcio|fastwarc]

The file is read into memory first (untimed); each timed run iterates all records (gunzip + WARC headers + HTTP
headers) and reads every response payload fully. warcio = warcio.ArchiveIterator (pure Python + zlib);
fastwarc = resiliparse's FastWARC ArchiveIterator over a GzipReader (C++). Writes bench/.cache/peers/warc-raw-<mode>-py.summary.json.
"""
import argparse
import io
import json
import os
import resource
import statistics
import sys
import time
from importlib.metadata import version as pkg_version

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def once(mode, data):
    records = responses = payload = 0
    if mode == "warcio":
        from warcio.archiveiterator import ArchiveIterator
        for rec in ArchiveIterator(io.BytesIO(data)):
            records += 1
            body = rec.content_stream().read()
            if rec.rec_type == "response":
                responses += 1
                payload += len(body)
    else:
        from fastwarc.warc import ArchiveIterator, WarcRecordType
        from fastwarc.stream_io import GzipReader
        for rec in ArchiveIterator(GzipReader(io.BytesIO(data), fsspec_args=False), parse_http=True,
                                   fsspec_args=False):
            records += 1
            body = rec.reader.read()
            if rec.record_type == WarcRecordType.response:
                responses += 1
                payload += len(body)
    return records, responses, payload


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--warc", default=os.path.join(REPO, "bench/.cache/dev.warc.gz"))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--mode", default="warcio", choices=["warcio", "fastwarc"])
    ap.add_argument("--out", default=os.path.join(REPO, "bench/.cache/peers"))
    a = ap.parse_args()
    with open(a.warc, "rb") as f:
        data = f.read()
    once(a.mode, data)  # warm-up
    runs = []
    for r in range(a.runs):
        ru0 = resource.getrusage(resource.RUSAGE_SELF)
        t0 = time.perf_counter()
        records, responses, payload = once(a.mode, data)
        secs = time.perf_counter() - t0
        ru1 = resource.getrusage(resource.RUSAGE_SELF)
        cpu = ru1.ru_utime + ru1.ru_stime - ru0.ru_utime - ru0.ru_stime
        runs.append({"seconds": secs, "cpu_seconds": cpu, "pages_per_s": responses / secs, "mb_per_s": payload / 1e6 / secs,
                     "input_mb_per_s": len(data) / 1e6 / secs})
        print(f"warc-raw {a.mode} (python) run {r + 1}: {secs:.3f}s {responses / secs:.0f} records/s "
              f"{len(data) / 1e6 / secs:.1f} MB/s in, {payload / 1e6 / secs:.1f} MB/s out", file=sys.stderr)
    pps = [r["pages_per_s"] for r in runs]
    mbs = [r["mb_per_s"] for r in runs]
    with open("/proc/self/status") as f:
        hwm = next((int(l.split()[1]) / 1024 for l in f if l.startswith("VmHWM:")), None)
    ver = pkg_version("warcio" if a.mode == "warcio" else "fastwarc")
    summary = {
        "name": f"warc-raw-{a.mode}-py", "version": ver,
        "library": "warcio.ArchiveIterator (PyPI)" if a.mode == "warcio" else "fastwarc ArchiveIterator + GzipReader (PyPI, via resiliparse)",
        "language": f"python {sys.version.split()[0]}", "warc": os.path.relpath(a.warc, REPO), "input_bytes": len(data),
        "bytes": payload, "pages": responses, "records": records, "runs": runs,
        "median_pages_per_s": statistics.median(pps), "min": min(pps), "max": max(pps),
        "median_mb_per_s": statistics.median(mbs), "min_mb_per_s": min(mbs), "max_mb_per_s": max(mbs),
        "median_input_mb_per_s": statistics.median(r["input_mb_per_s"] for r in runs), "peak_rss_mb": hwm,
    }
    os.makedirs(a.out, exist_ok=True)
    with open(os.path.join(a.out, summary["name"] + ".summary.json"), "w") as f:
        json.dump(summary, f, indent=2)
        f.write("\n")
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
