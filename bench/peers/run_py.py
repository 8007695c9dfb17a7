#!/usr/bin/env python3
"""Peer runner (Python side) for the pith speed benchmark.

Same protocol as bench/peers/rs-trafilatura (Rust) and bench/peers/run_js.mjs (Node):
  1. page ids: all dev pages, or --ids FILE (whitespace-separated), or --limit N;
  2. gunzip every page into memory and decode it to str (untimed; the dev pages are UTF-8);
  3. warm up on the first --warmup pages (untimed);
  4. --runs R timed passes over all pages, single thread, one page after the other;
  5. write <out>/<name>.jsonl (output of the first timed pass) and <out>/<name>.summary.json.
With --serve, steps 4-5 are replaced: after the warm-up it prints "ready", then runs one timed pass per line read
on stdin and prints that pass's pages/s, until stdin closes (bench/speed/peer-pairs.ts interleaves it with pith).

Peers:
  trafilatura       trafilatura.extract(html, url=url)  (defaults: txt output, no metadata);
                    title/author/date from trafilatura.extract_metadata in a separate untimed pass
  resiliparse       HTMLTree.parse + extract_plain_text(tree, main_content=True); title = tree.title
  readability-lxml  Document(html, url=url).summary() -> text (block-aware); title = short_title()
  justext           justext.justext(html, English stoplist); non-boilerplate paragraphs joined by newlines
"""
import argparse
import gc
import gzip
import json
import os
import resource
import statistics
import sys
import time
from importlib.metadata import version as pkg_version

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))


def peak_rss_mb():
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


def rss_now_mb():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024.0
    return None


def cpu_seconds():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


# --- peers: each make_<name>() returns (version, library_note, extract(html, url) -> dict, meta(html, url) -> dict|None)

def make_trafilatura():
    import trafilatura

    def extract(html, url):
        return {"text": trafilatura.extract(html, url=url)}

    def meta(html, url):
        m = trafilatura.extract_metadata(html, default_url=url)
        if m is None:
            return {"title": None, "author": None, "date": None}
        return {"title": m.title, "author": m.author, "date": m.date}

    return pkg_version("trafilatura"), "trafilatura.extract(html, url=url), default settings, txt output; metadata via extract_metadata in an untimed pass", extract, meta


def make_resiliparse():
    from resiliparse.extract.html2text import extract_plain_text
    from resiliparse.parse.html import HTMLTree

    def extract(html, url):
        tree = HTMLTree.parse(html)
        text = extract_plain_text(tree, main_content=True)
        return {"text": text, "title": tree.title or None}

    return pkg_version("resiliparse"), "HTMLTree.parse + extract_plain_text(tree, main_content=True); title from tree.title", extract, None


BLOCK_TAGS = {
    "p", "div", "section", "article", "main", "header", "footer", "aside", "nav", "ul", "ol", "li", "dl", "dt", "dd",
    "table", "thead", "tbody", "tfoot", "tr", "td", "th", "caption", "h1", "h2", "h3", "h4", "h5", "h6", "pre",
    "blockquote", "figure", "figcaption", "br", "hr", "address", "details", "summary", "form", "fieldset",
}


def lxml_block_text(root):
    """text_content() with a newline around block elements, so adjacent blocks do not glue words together."""
    parts = []

    def walk(el):
        tag = el.tag if isinstance(el.tag, str) else ""
        block = tag.lower() in BLOCK_TAGS
        if block:
            parts.append("\n")
        if el.text and tag:
            parts.append(el.text)
        for child in el:
            walk(child)
            if child.tail:
                parts.append(child.tail)
        if block:
            parts.append("\n")

    walk(root)
    lines = (" ".join(l.split()) for l in "".join(parts).split("\n"))
    return "\n".join(l for l in lines if l)


def make_readability_lxml():
    from readability import Document
    import lxml.html

    def extract(html, url):
        doc = Document(html, url=url)
        summary = doc.summary(html_partial=True)
        text = lxml_block_text(lxml.html.fromstring(summary)) if summary and summary.strip() else ""
        return {"text": text, "title": doc.short_title() or None}

    return pkg_version("readability-lxml"), "readability.Document(html, url=url).summary(html_partial=True) -> block-aware text; title = short_title()", extract, None


def make_justext():
    import justext
    stoplist = justext.get_stoplist("English")

    def extract(html, url):
        paras = justext.justext(html, stoplist)
        return {"text": "\n".join(p.text for p in paras if not p.is_boilerplate)}

    return pkg_version("justext"), "justext.justext(html, English stoplist), non-boilerplate paragraphs", extract, None


PEERS = {
    "trafilatura": make_trafilatura,
    "resiliparse": make_resiliparse,
    "readability-lxml": make_readability_lxml,
    "justext": make_justext,
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--peer", required=True, choices=sorted(PEERS))
    ap.add_argument("--data", default=os.environ.get("PITH_DEV_DATA", os.path.join(os.path.dirname(REPO), "shared/eval/wcxb-dev")))
    ap.add_argument("--out", default=os.path.join(REPO, "bench/.cache/peers"))
    ap.add_argument("--ids")
    ap.add_argument("--limit", type=int)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--warmup", type=int, default=100)
    ap.add_argument("--load-only", action="store_true", help="load the pages, report RSS, exit (baseline for peak RSS)")
    ap.add_argument("--serve", action="store_true", help="after the warm-up, one timed pass per line on stdin")
    a = ap.parse_args()

    with open(os.path.join(a.data, "metadata.json")) as f:
        files = json.load(f)["files"]
    if a.ids:
        with open(a.ids) as f:
            ids = f.read().split()
    else:
        ids = sorted(files)
    if a.limit:
        ids = ids[: a.limit]

    version, note, extract, meta = PEERS[a.peer]()

    # load + gunzip + decode, untimed
    pages = []
    for i in ids:
        with gzip.open(os.path.join(a.data, "html", i + ".html.gz"), "rb") as f:
            raw = f.read()
        pages.append((i, files.get(i, {}).get("url"), raw.decode("utf-8", errors="replace"), len(raw)))
    total_bytes = sum(p[3] for p in pages)
    gc.collect()
    rss_after_load = rss_now_mb()
    if a.load_only:
        os.makedirs(a.out, exist_ok=True)
        with open(os.path.join(a.out, a.peer + ".load.json"), "w") as f:
            json.dump({"name": a.peer, "pages": len(pages), "rss_after_load_mb": rss_after_load, "peak_rss_mb": peak_rss_mb()}, f)
        return

    def one(html, url):
        try:
            return extract(html, url)
        except Exception as e:  # a peer failing on a page scores an empty text
            return {"text": None, "error": f"{type(e).__name__}: {e}"}

    warm = min(a.warmup, len(pages))
    for _, url, html, _ in pages[:warm]:
        one(html, url)

    if a.serve:
        print("ready", flush=True)
        for _ in sys.stdin:
            gc.collect()
            t0 = time.perf_counter()
            for _, url, html, _ in pages:
                one(html, url)
            print(json.dumps({"pages_per_s": len(pages) / (time.perf_counter() - t0)}), flush=True)
        return

    runs, first = [], None
    for r in range(a.runs):
        gc.collect()
        c0 = cpu_seconds()
        t0 = time.perf_counter()
        outs = [one(html, url) for _, url, html, _ in pages]
        secs = time.perf_counter() - t0
        cpu = cpu_seconds() - c0
        errors = sum(1 for o in outs if o.get("error"))
        print(f"{a.peer} run {r + 1}: {secs:.3f}s {len(pages) / secs:.1f} pages/s {total_bytes / 1e6 / secs:.2f} MB/s errors={errors}", file=sys.stderr)
        runs.append({"seconds": secs, "cpu_seconds": cpu, "pages_per_s": len(pages) / secs, "mb_per_s": total_bytes / 1e6 / secs, "errors": errors})
        if first is None:
            first = outs
    peak = peak_rss_mb()  # before the untimed metadata pass

    os.makedirs(a.out, exist_ok=True)
    with open(os.path.join(a.out, a.peer + ".jsonl"), "w") as f:
        for (pid, url, html, _), o in zip(pages, first):
            line = {"id": pid, "text": o.get("text"), "title": o.get("title"), "author": o.get("author"), "date": o.get("date")}
            if meta is not None:
                try:
                    line.update(meta(html, url))
                except Exception as e:
                    line["meta_error"] = f"{type(e).__name__}: {e}"
            if o.get("error"):
                line["error"] = o["error"]
            f.write(json.dumps(line, ensure_ascii=False) + "\n")

    pps = [r["pages_per_s"] for r in runs]
    mbs = [r["mb_per_s"] for r in runs]
    summary = {
        "name": a.peer,
        "version": version,
        "library": note,
        "language": f"python {sys.version.split()[0]}",
        "input": "str (UTF-8 decoded untimed)",
        "pages": len(pages),
        "bytes": total_bytes,
        "warmup_pages": warm,
        "runs": runs,
        "median_pages_per_s": statistics.median(pps),
        "min": min(pps),
        "max": max(pps),
        "median_mb_per_s": statistics.median(mbs),
        "min_mb_per_s": min(mbs),
        "max_mb_per_s": max(mbs),
        "peak_rss_mb": peak,
        "rss_after_load_mb": rss_after_load,
        "errors": sum(1 for o in first if o.get("error")),
    }
    with open(os.path.join(a.out, a.peer + ".summary.json"), "w") as f:
        json.dump(summary, f, indent=2)
        f.write("\n")
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
