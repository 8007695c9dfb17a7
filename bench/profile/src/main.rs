//! `pith-profile DIR [N]`: loads the first N pages of DIR/html/*.html.gz into memory, then
//! extracts each once with default options and prints pages, bytes and seconds. The loading
//! is kept apart so a profiler's report of the extraction is not mixed with gunzip.

use std::io::Read;

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().expect("usage: pith-profile DIR [N]");
    let limit: usize = args.next().map_or(usize::MAX, |n| n.parse().expect("N is a number"));
    let mut names: Vec<_> = std::fs::read_dir(format!("{dir}/html"))
        .expect("DIR/html exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(".html.gz"))
        .collect();
    names.sort();
    let pages: Vec<Vec<u8>> = names
        .iter()
        .take(limit)
        .map(|p| {
            let mut html = Vec::new();
            flate2::read::GzDecoder::new(std::fs::File::open(p).unwrap()).read_to_end(&mut html).unwrap();
            html
        })
        .collect();
    let bytes: usize = pages.iter().map(Vec::len).sum();
    let start = std::time::Instant::now();
    let mut text_bytes = 0;
    for page in &pages {
        text_bytes += extract(page);
    }
    let seconds = start.elapsed().as_secs_f64();
    println!("pages {} html_bytes {bytes} text_bytes {text_bytes} seconds {seconds:.3}", pages.len());
}

#[inline(never)]
fn extract(page: &[u8]) -> usize {
    pith_core::extract_json(page, "{}").len()
}
