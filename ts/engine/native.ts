// The native engine: the napi-rs addon built from crates/pith-node (`npm run build:native`).
// Loaded lazily on first use so that importing this package never fails just because
// one of the two builds is missing.

import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

interface NativeAddon {
  extract(html: Uint8Array, request: string): string;
  extractLine(html: Uint8Array, request: string): Buffer;
  coreSourceHash(): string;
  inflateRaw(deflate: Uint8Array, out: Uint8Array): { used: number; written: number } | null;
}

/** libdeflate's raw inflate, for the WARC reader (crates/pith-node/src/inflate.rs). */
export type NativeInflate = NativeAddon['inflateRaw'];

let addon: NativeAddon | undefined;

/**
 * Where the addon is looked for: `pith.<platform>.node` as napi-rs names its outputs (`linux-x64-gnu`,
 * `darwin-arm64`), two levels above ts/engine and dist/engine. On Linux the glibc build is taken when it is there,
 * else the musl one: asking the runtime which C library it has (`process.report`) costs ~6 ms in every thread.
 */
export function nativeAddonPath(): string {
  if (process.env.PITH_NATIVE_ADDON) return path.resolve(process.env.PITH_NATIVE_ADDON);
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'crates', 'pith-node');
  const platform = `${process.platform}-${process.arch}`;
  const names = process.platform === 'linux' ? [`${platform}-gnu`, `${platform}-musl`] : [platform];
  const files = names.map((name) => path.join(dir, `pith.${name}.node`));
  return files.find((f) => existsSync(f)) ?? files[0]!;
}

function load(): NativeAddon {
  if (addon) return addon;
  const file = nativeAddonPath();
  if (!existsSync(file)) {
    throw new Error(
      `pith: the native engine is not built (no ${file}). ` +
        `Build it with \`npm run build:native\` (needs Rust), or use { engine: 'wasm' } after \`npm run build:wasm\`.`,
    );
  }
  const require = createRequire(import.meta.url);
  addon = require(file) as NativeAddon;
  return addon;
}

/** True when the addon file exists (it is not loaded by this check). */
export function nativeAvailable(): boolean {
  return addon !== undefined || existsSync(nativeAddonPath());
}

/** One record through the native core; returns the core's JSON text unchanged. */
export function extractNative(html: Uint8Array, requestJson: string): string {
  return load().extract(html, requestJson);
}

/** One record through the native core's `extract_line`: the summary, a newline, the output line. */
export function extractLineNative(html: Uint8Array, requestJson: string): Uint8Array {
  return load().extractLine(html, requestJson);
}

/** The addon's inflater for the WARC reader; null when the addon is not built (node:zlib does it then). */
export function nativeInflate(): NativeInflate | null {
  return nativeAvailable() ? load().inflateRaw : null;
}

/** Fingerprint of the pith-core sources the addon was built from. */
export function nativeCoreSourceHash(): string {
  return load().coreSourceHash();
}
