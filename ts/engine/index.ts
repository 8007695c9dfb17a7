// pith's engine API: one HTML document in, its main content out.
// Two builds of the same Rust core sit behind it: the native Node-API addon (default) and a
// WebAssembly module. Both serialize with the same Rust code, so `extractRaw` gives the same
// bytes whichever engine runs.

import { extractLineNative, extractNative, nativeAvailable, nativeCoreSourceHash } from './native.js';
import { extractLineWasm, extractWasm, wasmAvailable, wasmCoreSourceHash } from './wasm.js';
import type { EngineName, ErrorKind, Extraction, Hints, Options, RawResponse, Request } from './types.js';

export type * from './types.js';
export { resetWasm, wasmModulePath } from './wasm.js';
export { nativeAddonPath } from './native.js';

/** Thrown by `extractHtml` when the core refuses a record (`{"ok":false}`). */
export class ExtractError extends Error {
  readonly kind: ErrorKind;
  constructor(kind: ErrorKind, message: string) {
    super(message);
    this.name = 'ExtractError';
    this.kind = kind;
  }
}

export interface ExtractHtmlOptions extends Options {
  /** Which build of the core runs. Default `native`. */
  engine?: EngineName;
  hints?: Hints;
}

/** True when the given engine's build artifact exists. */
export function engineAvailable(engine: EngineName): boolean {
  return engine === 'wasm' ? wasmAvailable() : nativeAvailable();
}

/**
 * Fingerprint of the pith-core sources an engine was built from. The two engines give
 * byte-identical output only when these are equal; a difference means one build is stale.
 */
export function coreSourceHash(engine: EngineName = 'native'): string {
  return engine === 'wasm' ? wasmCoreSourceHash() : nativeCoreSourceHash();
}

/** The two builds' entry points, by engine name. */
const ENGINES: Record<EngineName, { raw: typeof extractNative; line: typeof extractLineNative }> = {
  native: { raw: extractNative, line: extractLineNative },
  wasm: { raw: extractWasm, line: extractLineWasm },
};

function engineCalls(engine: EngineName) {
  const calls = Object.hasOwn(ENGINES, engine) ? ENGINES[engine] : undefined;
  if (!calls) throw new Error(`pith: unknown engine ${JSON.stringify(engine)} (expected 'native' or 'wasm')`);
  return calls;
}

/**
 * The low-level call: bytes and the request JSON (`{"hints":{..},"options":{..}}`, camelCase
 * fields; `""` means all defaults) in, the core's response JSON out, exactly as the core wrote it:
 * `{"ok":true,"result":{..}}` or `{"ok":false,"error":{"kind":..,"message":..}}`.
 * Throws only when the engine itself cannot be loaded.
 */
export function extractRaw(bytes: Uint8Array, requestJson: string, engine: EngineName = 'native'): string {
  return engineCalls(engine).raw(bytes, requestJson);
}

/**
 * `pith extract`'s call: bytes and a line request (`{"options","record","extractor"}`,
 * see crates/pith-core/src/line.rs) in; out, the core's bytes: a summary JSON object, a newline
 * and the finished output line, or only `{"ok":false,"error":{..}}`.
 * Throws only when the engine itself cannot be loaded.
 */
export function extractLine(bytes: Uint8Array, requestJson: string, engine: EngineName = 'native'): Uint8Array {
  return engineCalls(engine).line(bytes, requestJson);
}

/** Builds the request JSON for `extractRaw` from hints and options. */
export function requestJson(hints?: Hints, options?: Options): string {
  const request: Request = {};
  if (hints) request.hints = hints;
  if (options) request.options = options;
  return JSON.stringify(request);
}

/**
 * Extracts the main content of one HTML document (raw bytes; the core detects the encoding).
 * A string is taken as already-decoded text and sent as UTF-8.
 * Throws `ExtractError` (with `.kind`) when the core refuses the record.
 */
export function extractHtml(bytes: Uint8Array | string, options: ExtractHtmlOptions = {}): Extraction {
  const { engine = 'native', hints, ...coreOptions } = options;
  const input = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
  const raw = extractRaw(input, requestJson(hints, coreOptions), engine);
  const response = JSON.parse(raw) as RawResponse;
  if (!response.ok) throw new ExtractError(response.error.kind, response.error.message);
  return response.result;
}
