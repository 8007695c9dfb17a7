//! `pith-profile DIR [N] [REQUEST]`: loads the first N pages of DIR/html/*.html.gz into memory,
//! then extracts each once (with the request JSON REQUEST, default `{}`: default options) and
//! prints pages, bytes and seconds. The loading
//! is kept apart so a profiler's report of the extraction is not mixed with gunzip.

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().expect("usage: pith-profile DIR [N] [REQUEST]");
    let limit: usize = args.next().map_or(usize::MAX, |n| n.parse().expect("N is a number"));
    let request = args.next().unwrap_or_else(|| "{}".to_owned());
    let pages: Vec<Vec<u8>> = pith_profile::dev_pages(&dir, limit).map(|(_, html)| html).collect();
    let bytes: usize = pages.iter().map(Vec::len).sum();
    let start = std::time::Instant::now();
    let mut text_bytes = 0;
    for page in &pages {
        text_bytes += extract(page, &request);
    }
    let seconds = start.elapsed().as_secs_f64();
    println!("pages {} html_bytes {bytes} text_bytes {text_bytes} seconds {seconds:.3}", pages.len());
}

#[inline(never)]
fn extract(page: &[u8], request: &str) -> usize {
    pith_core::extract_json(page, request).len()
}
