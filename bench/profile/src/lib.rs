//! The dev set's pages for the profiling binaries: `DIR/html/*.html.gz`, in name order.

use std::io::Read;

/// The first `limit` pages of `dir` as (file name, decompressed HTML), read one at a time.
pub fn dev_pages(dir: &str, limit: usize) -> impl Iterator<Item = (String, Vec<u8>)> {
    let mut paths: Vec<_> = std::fs::read_dir(format!("{dir}/html"))
        .expect("DIR/html exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(".html.gz"))
        .collect();
    paths.sort();
    paths.into_iter().take(limit).map(|path| {
        let mut html = Vec::new();
        flate2::read::GzDecoder::new(std::fs::File::open(&path).unwrap()).read_to_end(&mut html).unwrap();
        (path.file_name().unwrap().to_string_lossy().into_owned(), html)
    })
}

/// FNV-1a 64 of `bytes`: a stable hash without a dependency.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf29ce484222325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100000001b3))
}
