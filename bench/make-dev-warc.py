#!/usr/bin/env python3
"""Build a WARC from the dev pages, for the end-to-end and raw-cost benchmarks.

  python3 bench/make-dev-warc.py                        # 1,358 response records -> bench/.cache/dev.warc.gz
  python3 bench/make-dev-warc.py --records 20000        # cycle the pages up to 20,000 response records
  python3 bench/make-dev-warc.py --repeat 5 --requests  # 5 passes over the pages, with request records
  python3 bench/make-dev-warc.py --ids ids.txt --out x.warc.gz   # only these pages

Each record is its own gzip member (as in Common Crawl). The file starts with a warcinfo record. Response records
carry WARC-Record-ID (a UUID, distinct per record, deterministic), WARC-Date, WARC-Target-URI (the page's URL from
metadata.json), WARC-IP-Address, WARC-Payload-Digest / WARC-Block-Digest (sha1, base32), WARC-Identified-Payload-Type,
Content-Type: application/http; msgtype=response, Content-Length; the HTTP block has a status line and realistic
headers (Date, Server, Content-Type: text/html; charset=utf-8, Content-Length, ...). With --requests each response
is preceded by its GET request record (WARC-Concurrent-To links them). Output is byte-for-byte deterministic.
Only the Python standard library is used.
"""
import argparse
import base64
import datetime as dt
import gzip
import hashlib
import json
import os
import sys
import uuid
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
NS = uuid.UUID("6f1c2a2e-8d5b-4c1e-9a57-3c0b2d9e7f10")
BASE = dt.datetime(2026, 1, 15, 8, 0, 0, tzinfo=dt.timezone.utc)


def sha1_b32(b):
    return "sha1:" + base64.b32encode(hashlib.sha1(b).digest()).decode()


GZIP_HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"  # deflate, no flags, mtime 0 -> deterministic


def gz_member(head, tail, level, deflated_tail=None):
    """One gzip member holding head + tail. The tail (a page, repeated across records) may come
    already deflated on its own: the head is deflated and flushed to a byte boundary, and a raw
    deflate stream that starts fresh can follow it in the same member. That keeps building a
    100,000-record WARC from 1,358 pages fast."""
    c = zlib.compressobj(level, zlib.DEFLATED, -15)
    body = c.compress(head) + c.flush(zlib.Z_FULL_FLUSH)
    if deflated_tail is None:
        deflated_tail = deflate(tail, level)
    crc = zlib.crc32(tail, zlib.crc32(head))
    size = (len(head) + len(tail)) & 0xFFFFFFFF
    return GZIP_HEADER + body + deflated_tail + crc.to_bytes(4, "little") + size.to_bytes(4, "little")


def deflate(data, level):
    c = zlib.compressobj(level, zlib.DEFLATED, -15)
    return c.compress(data) + c.flush()


def record_head(headers, block_len):
    head = "WARC/1.0\r\n" + "".join(f"{k}: {v}\r\n" for k, v in headers) + f"Content-Length: {block_len}\r\n\r\n"
    return head.encode("utf-8")


def record(headers, block, level):
    """A whole record as one gzip member."""
    return gz_member(record_head(headers, len(block)), block + b"\r\n\r\n", level)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default=os.environ.get("PITH_DEV_DATA", os.path.join(os.path.dirname(REPO), "shared/eval/wcxb-dev")))
    ap.add_argument("--out", help="default bench/.cache/dev.warc.gz, or dev-<N>.warc.gz with --records/--repeat")
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--records", type=int, help="number of response records (cycles the pages)")
    g.add_argument("--repeat", type=int, help="number of passes over the pages")
    ap.add_argument("--requests", action="store_true", help="also write a request record before each response")
    ap.add_argument("--level", type=int, default=6, help="gzip level (default 6)")
    ap.add_argument("--ids", help="file of page ids (whitespace-separated) to use instead of all pages")
    a = ap.parse_args()

    with open(os.path.join(a.data, "metadata.json")) as f:
        files = json.load(f)["files"]
    ids = sorted(files)
    if a.ids:
        with open(a.ids) as f:
            ids = [i for i in f.read().split() if i in files]
    n = a.records or (a.repeat or 1) * len(ids)
    out = a.out or os.path.join(REPO, "bench/.cache", "dev.warc.gz" if n == len(ids) and not a.requests else f"dev-{n}{'-req' if a.requests else ''}.warc.gz")
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)

    pages = {}
    for i in ids:
        with gzip.open(os.path.join(a.data, "html", i + ".html.gz"), "rb") as f:
            pages[i] = f.read()

    deflated = {}  # page id -> (payload digest, the page + record end, deflated once)
    tmp = out + ".tmp"
    total_payload = 0
    with open(tmp, "wb") as w:
        info = (
            "software: pith bench/make-dev-warc.py\r\n"
            "format: WARC File Format 1.0\r\n"
            "conformsTo: https://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.0/\r\n"
            f"description: WCXB dev pages ({len(ids)}), {n} response records\r\n"
            "robots: classic\r\n"
        ).encode()
        w.write(record([
            ("WARC-Type", "warcinfo"),
            ("WARC-Date", BASE.strftime("%Y-%m-%dT%H:%M:%SZ")),
            ("WARC-Filename", os.path.basename(out)),
            ("WARC-Record-ID", f"<urn:uuid:{uuid.uuid5(NS, 'warcinfo')}>"),
            ("Content-Type", "application/warc-fields"),
        ], info, a.level))
        for k in range(n):
            pid = ids[k % len(ids)]
            body = pages[pid]
            url = files[pid]["url"]
            when = BASE + dt.timedelta(seconds=k)
            wdate = when.strftime("%Y-%m-%dT%H:%M:%SZ")
            hdate = when.strftime("%a, %d %b %Y %H:%M:%S GMT")
            ip = f"192.0.2.{(k % 250) + 1}"  # TEST-NET-1, documentation range
            resp_id = f"<urn:uuid:{uuid.uuid5(NS, f'response-{k}')}>"
            host = url.split("/")[2] if "://" in url else "example.com"
            if a.requests:
                path = "/" + url.split("/", 3)[3] if url.count("/") >= 3 else "/"
                req = (
                    f"GET {path} HTTP/1.1\r\nHost: {host}\r\n"
                    "User-Agent: Mozilla/5.0 (compatible; pith-bench/0.1)\r\n"
                    "Accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8\r\n"
                    "Accept-Language: en-US,en;q=0.5\r\nAccept-Encoding: br,gzip\r\nConnection: Keep-Alive\r\n\r\n"
                ).encode()
                w.write(record([
                    ("WARC-Type", "request"),
                    ("WARC-Date", wdate),
                    ("WARC-Record-ID", f"<urn:uuid:{uuid.uuid5(NS, f'request-{k}')}>"),
                    ("WARC-Target-URI", url),
                    ("WARC-IP-Address", ip),
                    ("WARC-Concurrent-To", resp_id),
                    ("WARC-Block-Digest", sha1_b32(req)),
                    ("Content-Type", "application/http; msgtype=request"),
                ], req, a.level))
            http_head = (
                "HTTP/1.1 200 OK\r\n"
                f"Date: {hdate}\r\n"
                "Server: nginx\r\n"
                "Content-Type: text/html; charset=utf-8\r\n"
                "Vary: Accept-Encoding\r\n"
                "Cache-Control: max-age=600\r\n"
                f"Content-Length: {len(body)}\r\n"
                "\r\n"
            ).encode()
            tail = body + b"\r\n\r\n"
            if pid not in deflated:
                deflated[pid] = (sha1_b32(body), deflate(tail, a.level))
            payload_digest, deflated_tail = deflated[pid]
            block_digest = hashlib.sha1(http_head)
            block_digest.update(body)
            head = record_head([
                ("WARC-Type", "response"),
                ("WARC-Date", wdate),
                ("WARC-Record-ID", resp_id),
                ("WARC-Target-URI", url),
                ("WARC-IP-Address", ip),
                ("WARC-Payload-Digest", payload_digest),
                ("WARC-Block-Digest", "sha1:" + base64.b32encode(block_digest.digest()).decode()),
                ("WARC-Identified-Payload-Type", "text/html"),
                ("Content-Type", "application/http; msgtype=response"),
            ], len(http_head) + len(body))
            w.write(gz_member(head + http_head, tail, a.level, deflated_tail))
            total_payload += len(body)
    os.replace(tmp, out)
    print(json.dumps({"warc": out, "records": n, "request_records": n if a.requests else 0,
                      "payload_mb": total_payload / 1e6, "file_mb": os.path.getsize(out) / 1e6}))


if __name__ == "__main__":
    sys.exit(main())
