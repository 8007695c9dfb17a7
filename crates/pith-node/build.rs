fn main() {
    napi_build::setup();
    println!("cargo:rustc-env=PITH_CORE_SOURCE_HASH={}", core_source_hash());
}

/// Fingerprint of pith-core's sources (FNV-1a over paths and contents), so the TS side can tell
/// when the native and WebAssembly builds were made from different core sources.
fn core_source_hash() -> String {
    fn walk(dir: &std::path::Path, files: &mut Vec<std::path::PathBuf>) {
        if let Ok(rd) = std::fs::read_dir(dir) {
            for e in rd.flatten() {
                let p = e.path();
                if p.is_dir() { walk(&p, files) } else { files.push(p) }
            }
        }
    }
    let core = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../pith-core");
    let mut files = vec![core.join("Cargo.toml")];
    walk(&core.join("src"), &mut files);
    files.sort();
    let mut h: u64 = 0xcbf29ce484222325;
    for f in &files {
        let rel = f.strip_prefix(&core).unwrap_or(f).to_string_lossy().into_owned();
        for b in rel.bytes().chain([0u8]).chain(std::fs::read(f).unwrap_or_default()).chain([0u8]) {
            h ^= b as u64;
            h = h.wrapping_mul(0x100000001b3);
        }
    }
    println!("cargo:rerun-if-changed=../pith-core/src");
    println!("cargo:rerun-if-changed=../pith-core/Cargo.toml");
    format!("{h:016x}")
}
