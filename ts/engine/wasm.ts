// The WebAssembly engine: crates/pith-wasm built for wasm32-unknown-unknown by
// scripts/build-wasm.sh (`npm run build:wasm`), copied to crates/pith-wasm/pith.wasm.
// The module has no imports; it is compiled and instantiated synchronously so extraction
// stays a plain synchronous call. One call crosses the boundary per record.
//
// panic=abort in the wasm build: a panic traps. The trap becomes the same error envelope the
// native build returns for a caught panic (`kind: "panic"`), and the instance, whose state is
// no longer trustworthy, is dropped; the next call instantiates a fresh one from the cached
// compiled module (cheap: no recompilation).

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

interface PithWasmExports {
  memory: WebAssembly.Memory;
  pith_alloc(len: number): number;
  pith_free(ptr: number, len: number): void;
  pith_extract(htmlPtr: number, htmlLen: number, reqPtr: number, reqLen: number): number;
  pith_extract_line(htmlPtr: number, htmlLen: number, reqPtr: number, reqLen: number): number;
  pith_result_ptr(handle: number): number;
  pith_result_len(handle: number): number;
  pith_result_free(handle: number): void;
  pith_panic_message_ptr(): number;
  pith_panic_message_len(): number;
  pith_selftest_panic(): void;
  pith_core_source_hash_ptr(): number;
  pith_core_source_hash_len(): number;
}

let compiled: WebAssembly.Module | undefined;
let instance: PithWasmExports | undefined;
let instantiations = 0;

/** Memory above which the instance is replaced after a call (PITH_WASM_MAX_RETAINED_MB, default 256). */
const MAX_RETAINED_MEMORY = Number(process.env.PITH_WASM_MAX_RETAINED_MB ?? 256) * (1 << 20);

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** ts/engine and dist/engine both sit two levels below the repo root. */
export function wasmModulePath(): string {
  if (process.env.PITH_WASM_MODULE) return path.resolve(process.env.PITH_WASM_MODULE);
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, '..', '..', 'crates', 'pith-wasm', 'pith.wasm');
}

/** True when the module file exists (or is already loaded). */
export function wasmAvailable(): boolean {
  return compiled !== undefined || existsSync(wasmModulePath());
}

function getInstance(): PithWasmExports {
  if (instance) return instance;
  if (!compiled) {
    const file = wasmModulePath();
    if (!existsSync(file)) {
      throw new Error(
        `pith: the WebAssembly engine is not built (no ${file}). ` +
          'Build it with `npm run build:wasm` (installs the Debian toolchain, then runs scripts/build-wasm.sh), ' +
          "or use the default { engine: 'native' }.",
      );
    }
    compiled = new WebAssembly.Module(readFileSync(file));
  }
  instance = new WebAssembly.Instance(compiled, {}).exports as unknown as PithWasmExports;
  instantiations++;
  return instance;
}

/** Drops the current instance (and with `{ module: true }` the compiled module too); the next call starts afresh. */
export function resetWasm(opts: { module?: boolean } = {}): void {
  instance = undefined;
  if (opts.module) compiled = undefined;
}

/** How many instances were created so far (for tests of the trap -> re-instantiate path). */
export function wasmInstantiations(): number {
  return instantiations;
}

function isTrap(e: unknown): boolean {
  // RuntimeError: unreachable (panic/abort), out-of-bounds, failed memory.grow surfacing as abort.
  // RangeError: wasm stack overflow ("Maximum call stack size exceeded").
  return e instanceof WebAssembly.RuntimeError || e instanceof RangeError;
}

/** Turns a trap into the envelope the native build produces for a caught panic, and drops the instance. */
function trapResponse(ex: PithWasmExports, e: unknown): string {
  let message: string;
  try {
    const len = ex.pith_panic_message_len();
    message =
      len > 0
        ? decoder.decode(new Uint8Array(ex.memory.buffer, ex.pith_panic_message_ptr(), len))
        : `wasm trap: ${(e as Error).message}`;
  } catch {
    message = `wasm trap: ${(e as Error).message}`;
  }
  instance = undefined;
  return JSON.stringify({ ok: false, error: { kind: 'panic', message: `internal error (panic): ${message}` } });
}

/**
 * Copies the record and request in, runs `entry`, and hands `read` a view of the result bytes, which
 * live in the module's memory until the result is freed (so `read` must copy what it keeps).
 */
function call<T>(entry: 'pith_extract' | 'pith_extract_line', html: Uint8Array, requestJson: string, read: (bytes: Uint8Array) => T): T {
  const ex = getInstance();
  try {
    const htmlPtr = ex.pith_alloc(html.length);
    new Uint8Array(ex.memory.buffer, htmlPtr, html.length).set(html);
    // The request is small; encode it in JS, then copy it in at its exact length
    // (the entry frees both buffers assuming capacity == length).
    const req = encoder.encode(requestJson);
    const reqPtr = ex.pith_alloc(req.length);
    new Uint8Array(ex.memory.buffer, reqPtr, req.length).set(req);
    const handle = ex[entry](htmlPtr, html.length, reqPtr, req.length);
    const out = read(new Uint8Array(ex.memory.buffer, ex.pith_result_ptr(handle), ex.pith_result_len(handle)));
    ex.pith_result_free(handle);
    // Linear memory never shrinks: after an outsized record, start the next call from a fresh
    // instance rather than keep the peak for the rest of the run.
    if (ex.memory.buffer.byteLength > MAX_RETAINED_MEMORY) instance = undefined;
    return out;
  } catch (e) {
    if (isTrap(e)) return read(encoder.encode(trapResponse(ex, e)));
    throw e;
  }
}

/** One record through the WebAssembly core; returns the core's JSON text unchanged. */
export function extractWasm(html: Uint8Array, requestJson: string): string {
  return call('pith_extract', html, requestJson, (bytes) => decoder.decode(bytes));
}

/** One record through the WebAssembly core's `extract_line`: the summary, a newline, the output line. */
export function extractLineWasm(html: Uint8Array, requestJson: string): Uint8Array {
  return call('pith_extract_line', html, requestJson, (bytes) => bytes.slice());
}

/** Test hook: makes the module panic (trap) through the same error path as a real panic. */
export function wasmSelftestPanic(): string {
  const ex = getInstance();
  try {
    ex.pith_selftest_panic();
    return '';
  } catch (e) {
    if (isTrap(e)) return trapResponse(ex, e);
    throw e;
  }
}

/** Fingerprint of the pith-core sources the module was built from. */
export function wasmCoreSourceHash(): string {
  const ex = getInstance();
  return decoder.decode(new Uint8Array(ex.memory.buffer, ex.pith_core_source_hash_ptr(), ex.pith_core_source_hash_len()));
}
