//! Fingerprints the core's sources (FNV-1a over paths and contents) into `SOURCE_HASH`, so the
//! TypeScript side can tell when the native and WebAssembly builds came from different sources.

fn main() {
    let root = std::path::PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let mut files = vec![root.join("Cargo.toml")];
    walk(&root.join("src"), &mut files);
    files.sort();
    let mut hash: u64 = 0xcbf29ce484222325;
    for file in &files {
        let rel = file.strip_prefix(&root).unwrap_or(file).to_string_lossy().into_owned();
        for byte in rel.bytes().chain([0u8]).chain(std::fs::read(file).unwrap_or_default()).chain([0u8]) {
            hash ^= byte as u64;
            hash = hash.wrapping_mul(0x100000001b3);
        }
    }
    println!("cargo:rustc-env=PITH_CORE_SOURCE_HASH={hash:016x}");
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=Cargo.toml");
}

fn walk(dir: &std::path::Path, files: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            walk(&path, files);
        } else {
            files.push(path);
        }
    }
}
