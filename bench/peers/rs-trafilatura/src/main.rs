//! Peer runner (Rust side) for the pith speed benchmark.
//!
//! Protocol (shared with bench/peers/run_py.py and bench/peers/run_js.mjs):
//! 1. read the dev page ids (all, or `--ids FILE`, or `--limit N`);
//! 2. gunzip every page into memory (untimed);
//! 3. warm up on the first `--warmup` pages (untimed);
//! 4. `--runs R` timed passes over all pages, one thread, one page after the other;
//! 5. write `<out>/<name>.jsonl` (output of the first timed pass) and `<out>/<name>.summary.json`.
//!
//! Peers: `rs-trafilatura` (extract_with_options with the page URL set, defaults otherwise)
//! `lolhtml-passthrough` (lol_html HtmlRewriter, no handlers, no-op sink: the parse ceiling; note that with no
//! handlers lol-html only scans for tags it never has to build) and `lolhtml-tokenize` (an element handler on `*`
//! and a document text handler that only count: every tag and text chunk is materialised, the floor for an extractor).

use std::fs;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::time::Instant;

use serde_json::{json, Value};

const RS_TRAFILATURA_VERSION: &str = "0.2.2"; // pinned in Cargo.toml
const LOL_HTML_VERSION: &str = "3.0.3"; // pinned in Cargo.toml

struct Args {
    peer: String,
    data: PathBuf,
    out: PathBuf,
    ids_file: Option<PathBuf>,
    limit: Option<usize>,
    runs: usize,
    warmup: usize,
    load_only: bool,
}

fn parse_args() -> Args {
    let mut a = Args {
        peer: String::new(),
        data: PathBuf::from("../shared/eval/wcxb-dev"),
        out: PathBuf::from("bench/.cache/peers"),
        ids_file: None,
        limit: None,
        runs: 3,
        warmup: 100,
        load_only: false,
    };
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < argv.len() {
        let v = argv.get(i + 1).cloned().unwrap_or_default();
        if argv[i] == "--load-only" {
            a.load_only = true;
            i += 1;
            continue;
        }
        match argv[i].as_str() {
            "--peer" => a.peer = v,
            "--data" => a.data = PathBuf::from(v),
            "--out" => a.out = PathBuf::from(v),
            "--ids" => a.ids_file = Some(PathBuf::from(v)),
            "--limit" => a.limit = Some(v.parse().expect("--limit N")),
            "--runs" => a.runs = v.parse().expect("--runs R"),
            "--warmup" => a.warmup = v.parse().expect("--warmup N"),
            other => panic!("unknown argument {other}"),
        }
        i += 2;
    }
    if a.peer.is_empty() {
        panic!("--peer rs-trafilatura|lolhtml-passthrough is required");
    }
    a
}

/// A memory field of /proc/self/status ("VmHWM:", "VmRSS:") in MB.
fn proc_status_mb(field: &str) -> f64 {
    let status = fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix(field))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

fn peak_rss_mb() -> f64 {
    proc_status_mb("VmHWM:")
}

fn rss_now_mb() -> f64 {
    proc_status_mb("VmRSS:")
}

fn cpu_seconds() -> f64 {
    // utime + stime of this process, from /proc/self/stat (clock ticks, 100 Hz on Linux)
    let stat = fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after = stat.rsplit_once(')').map(|x| x.1).unwrap_or("");
    let f: Vec<&str> = after.split_whitespace().collect();
    let ut: f64 = f.get(11).and_then(|x| x.parse().ok()).unwrap_or(0.0);
    let st: f64 = f.get(12).and_then(|x| x.parse().ok()).unwrap_or(0.0);
    (ut + st) / 100.0
}

struct Page {
    id: String,
    url: String,
    html: Vec<u8>,
}

struct Out {
    text: Option<String>,
    title: Option<String>,
    author: Option<String>,
    date: Option<String>,
    error: Option<String>,
}

#[derive(Default)]
struct NoopSink;
impl lol_html::OutputSink for NoopSink {
    #[inline]
    fn handle_chunk(&mut self, _chunk: &[u8]) {}
}

fn run_page(peer: &str, p: &Page, html_str: &str) -> Out {
    match peer {
        "rs-trafilatura" => {
            let opts = rs_trafilatura::Options {
                url: Some(p.url.clone()),
                ..rs_trafilatura::Options::default()
            };
            match rs_trafilatura::extract_with_options(html_str, &opts) {
                Ok(r) => Out {
                    text: Some(r.content_text),
                    title: r.metadata.title,
                    author: r.metadata.author,
                    date: r.metadata.date.map(|d| d.format("%Y-%m-%d").to_string()),
                    error: None,
                },
                Err(e) => Out { text: None, title: None, author: None, date: None, error: Some(e.to_string()) },
            }
        }
        "lolhtml-passthrough" => {
            let mut rw = lol_html::HtmlRewriter::new(lol_html::Settings::new(), NoopSink);
            let r = rw.write(&p.html).and_then(|_| rw.end());
            Out { text: None, title: None, author: None, date: None, error: r.err().map(|e| e.to_string()) }
        }
        "lolhtml-tokenize" => {
            // the least any extractor on lol-html must pay: every start tag and every text chunk reaches a handler
            let mut n_el = 0usize;
            let mut n_text = 0usize;
            let mut rw = lol_html::HtmlRewriter::new(
                lol_html::Settings::new()
                    .append_element_content_handler(lol_html::element!("*", |_el| {
                        n_el += 1;
                        Ok(())
                    }))
                    .append_document_content_handler(lol_html::doc_text!(|t| {
                        n_text += t.as_str().len();
                        Ok(())
                    })),
                NoopSink,
            );
            let r = rw.write(&p.html).and_then(|_| rw.end());
            std::hint::black_box((n_el, n_text));
            Out { text: None, title: None, author: None, date: None, error: r.err().map(|e| e.to_string()) }
        }
        other => panic!("unknown peer {other}"),
    }
}

fn median(v: &[f64]) -> f64 {
    let mut s = v.to_vec();
    s.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let n = s.len();
    if n % 2 == 1 { s[n / 2] } else { (s[n / 2 - 1] + s[n / 2]) / 2.0 }
}

fn main() {
    let args = parse_args();
    let meta: Value = serde_json::from_str(
        &fs::read_to_string(args.data.join("metadata.json")).expect("metadata.json"),
    )
    .expect("metadata.json parse");
    let files = meta["files"].as_object().expect("files");
    let mut ids: Vec<String> = match &args.ids_file {
        Some(f) => fs::read_to_string(f)
            .expect("ids file")
            .split_whitespace()
            .map(str::to_string)
            .collect(),
        None => {
            let mut v: Vec<String> = files.keys().cloned().collect();
            v.sort();
            v
        }
    };
    if let Some(n) = args.limit {
        ids.truncate(n);
    }

    // 1-2: load and gunzip everything (untimed)
    let pages: Vec<Page> = ids
        .iter()
        .map(|id| {
            let gz = fs::read(args.data.join("html").join(format!("{id}.html.gz"))).expect("html.gz");
            let mut html = Vec::new();
            flate2::read::GzDecoder::new(&gz[..]).read_to_end(&mut html).expect("gunzip");
            let url = files.get(id).and_then(|f| f["url"].as_str()).unwrap_or("").to_string();
            Page { id: id.clone(), url, html }
        })
        .collect();
    // rs-trafilatura takes &str: decode once, untimed (the dev pages are UTF-8)
    let strs: Vec<String> = pages.iter().map(|p| String::from_utf8_lossy(&p.html).into_owned()).collect();
    let total_bytes: usize = pages.iter().map(|p| p.html.len()).sum();
    let rss_after_load = rss_now_mb();
    if args.load_only {
        fs::create_dir_all(&args.out).expect("out dir");
        let j = json!({"name": args.peer, "pages": pages.len(), "rss_after_load_mb": rss_after_load, "peak_rss_mb": peak_rss_mb()});
        fs::write(args.out.join(format!("{}.load.json", args.peer)), j.to_string()).expect("load.json");
        return;
    }

    // 3: warm-up
    for i in 0..args.warmup.min(pages.len()) {
        std::hint::black_box(run_page(&args.peer, &pages[i], &strs[i]));
    }

    // 4: timed runs
    let mut runs = Vec::new();
    let mut first: Vec<Out> = Vec::new();
    for r in 0..args.runs {
        let cpu0 = cpu_seconds();
        let t0 = Instant::now();
        let mut outs = Vec::with_capacity(pages.len());
        for (i, p) in pages.iter().enumerate() {
            outs.push(run_page(&args.peer, p, &strs[i]));
        }
        let secs = t0.elapsed().as_secs_f64();
        let cpu = cpu_seconds() - cpu0;
        let errors = outs.iter().filter(|o| o.error.is_some()).count();
        eprintln!(
            "{} run {}: {:.3}s {:.1} pages/s {:.2} MB/s errors={}",
            args.peer, r + 1, secs, pages.len() as f64 / secs, total_bytes as f64 / 1e6 / secs, errors
        );
        runs.push(json!({
            "seconds": secs,
            "cpu_seconds": cpu,
            "pages_per_s": pages.len() as f64 / secs,
            "mb_per_s": total_bytes as f64 / 1e6 / secs,
            "errors": errors,
        }));
        if r == 0 {
            first = outs;
        } else {
            drop(outs);
        }
    }

    // 5: outputs
    fs::create_dir_all(&args.out).expect("out dir");
    let mut jl = std::io::BufWriter::new(fs::File::create(args.out.join(format!("{}.jsonl", args.peer))).expect("jsonl"));
    for (p, o) in pages.iter().zip(first.iter()) {
        let mut line = json!({"id": p.id, "text": o.text, "title": o.title, "author": o.author, "date": o.date});
        if let Some(e) = &o.error {
            line["error"] = json!(e);
        }
        writeln!(jl, "{line}").expect("write");
    }
    jl.flush().expect("flush");
    let pps: Vec<f64> = runs.iter().map(|r| r["pages_per_s"].as_f64().unwrap()).collect();
    let mbs: Vec<f64> = runs.iter().map(|r| r["mb_per_s"].as_f64().unwrap()).collect();
    let (version, lib) = match args.peer.as_str() {
        "rs-trafilatura" => (RS_TRAFILATURA_VERSION, "rs_trafilatura::extract_with_options(html, Options { url: Some(page url), ..default })"),
        "lolhtml-tokenize" => (LOL_HTML_VERSION, "lol_html (crates.io), HtmlRewriter with an element!(\"*\") handler and a doc_text! handler (counters only), no-op sink"),
        _ => (LOL_HTML_VERSION, "lol_html (crates.io), HtmlRewriter with no handlers, no-op sink"),
    };
    let summary = json!({
        "name": args.peer,
        "version": version,
        "library": lib,
        "language": "rust",
        "input": if args.peer == "rs-trafilatura" { "&str (UTF-8 decoded untimed)" } else { "bytes (one write + end per page)" },
        "pages": pages.len(),
        "bytes": total_bytes,
        "warmup_pages": args.warmup.min(pages.len()),
        "runs": runs,
        "median_pages_per_s": median(&pps),
        "min": pps.iter().cloned().fold(f64::INFINITY, f64::min),
        "max": pps.iter().cloned().fold(0.0, f64::max),
        "median_mb_per_s": median(&mbs),
        "min_mb_per_s": mbs.iter().cloned().fold(f64::INFINITY, f64::min),
        "max_mb_per_s": mbs.iter().cloned().fold(0.0, f64::max),
        "peak_rss_mb": peak_rss_mb(),
        "rss_after_load_mb": rss_after_load,
        "errors": first.iter().filter(|o| o.error.is_some()).count(),
    });
    fs::write(
        args.out.join(format!("{}.summary.json", args.peer)),
        serde_json::to_string_pretty(&summary).unwrap() + "\n",
    )
    .expect("summary");
    println!("{}", serde_json::to_string(&summary).unwrap());
}
