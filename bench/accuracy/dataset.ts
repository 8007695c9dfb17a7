// Loading the WCXB dev set: gold records, page bytes, and per-page facts derived from the gold (cached).

import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { isNonEnglish } from './metrics.js';
import { payloadSnippets } from './payload.js';

const gunzip = promisify(zlib.gunzip);

export interface Gold {
  text: string;
  with: string[];
  without: string[];
  title: string;
  author: string;
  date: string;
  /** the gold text as Markdown (the dataset's own rendering; see structure.ts) */
  markdown: string;
}

export interface Page {
  id: string;
  type: string;
  url: string;
  gold: Gold;
  /** id % 5 == 0 */
  holdout: boolean;
  nonEnglish: boolean;
  /** `without` snippets that live in a script/JSON payload and not in the visible text (see payload.ts). */
  payload: string[];
}

const str = (v: unknown): string => (typeof v === 'string' && v !== 'None' && v !== 'null' ? v : '');
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

export function isHoldout(id: string): boolean {
  return parseInt(id, 10) % 5 === 0;
}

/**
 * Facts that need the HTML (payload snippets) are cached per page in bench/accuracy/.cache/derived.json, keyed by
 * the page's file sizes and mtimes, and by a hash of payload.ts and metrics.ts (derivedVersion).
 */
interface DerivedCache {
  version: string;
  pages: Record<string, { key: string; payload: string[]; nonEnglish: boolean }>;
}

const CACHE_VERSION = 3;

/** CACHE_VERSION plus a hash of the code the derived facts come from, so editing it invalidates the cache. */
function derivedVersion(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const h = createHash('sha1').update(String(CACHE_VERSION));
  for (const f of ['payload.ts', 'metrics.ts']) {
    try {
      h.update(fs.readFileSync(path.join(here, f)));
    } catch {}
  }
  return h.digest('hex');
}

function pageKey(dataDir: string, id: string): string {
  const g = fs.statSync(path.join(dataDir, 'ground-truth', `${id}.json`));
  const h = fs.statSync(path.join(dataDir, 'html', `${id}.html.gz`));
  return `${path.resolve(dataDir)}:${g.size}:${g.mtimeMs}:${h.size}:${h.mtimeMs}`;
}

export function dataAvailable(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, 'metadata.json')) && fs.existsSync(path.join(dataDir, 'ground-truth'));
}

export function allIds(dataDir: string): { ids: string[]; meta: Record<string, { page_type: string; url: string }> } {
  const meta = JSON.parse(fs.readFileSync(path.join(dataDir, 'metadata.json'), 'utf8')).files as Record<
    string,
    { page_type: string; url: string }
  >;
  return { ids: Object.keys(meta).sort(), meta };
}

export async function readHtml(dataDir: string, id: string): Promise<Buffer> {
  return gunzip(await fs.promises.readFile(path.join(dataDir, 'html', `${id}.html.gz`)));
}

async function gunzipAll(dataDir: string, ids: string[], concurrency = 8): Promise<Map<string, Uint8Array>> {
  const out = new Map<string, Uint8Array>();
  let next = 0;
  async function worker() {
    while (next < ids.length) {
      const id = ids[next++];
      out.set(id, await readHtml(dataDir, id));
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, ids.length) }, worker));
  return out;
}

/**
 * The given pages' HTML bytes, in memory. Small selections are gunzipped (a few at a time, on the libuv pool).
 * Larger ones come from a decompressed copy of the whole set in `cacheDir` (html.bin + html.index.json, ~400 MB,
 * rebuilt when any page file changes): reading it is ~10x faster than gunzipping 1,358 pages.
 */
export async function loadBytes(dataDir: string, ids: string[], cacheDir?: string): Promise<Map<string, Uint8Array>> {
  if (!cacheDir || ids.length < 300) return gunzipAll(dataDir, ids);
  const { ids: every } = allIds(dataDir);
  const key = `v1:${path.resolve(dataDir)}:` + every.map((id) => `${id}=${pageKey(dataDir, id)}`).join(',');
  const indexFile = path.join(cacheDir, 'html.index.json');
  const binFile = path.join(cacheDir, 'html.bin');
  try {
    const index = JSON.parse(fs.readFileSync(indexFile, 'utf8')) as { key: string; size: number; offsets: Record<string, [number, number]> };
    if (index.key === key && fs.statSync(binFile).size === index.size) {
      const blob = fs.readFileSync(binFile);
      const out = new Map<string, Uint8Array>();
      for (const id of ids) {
        const [off, len] = index.offsets[id];
        out.set(id, blob.subarray(off, off + len));
      }
      return out;
    }
  } catch {}
  const all = await gunzipAll(dataDir, every);
  try {
    fs.mkdirSync(cacheDir, { recursive: true });
    const offsets: Record<string, [number, number]> = {};
    let off = 0;
    const tmp = `${binFile}.${process.pid}.tmp`;
    const fd = fs.openSync(tmp, 'w');
    for (const id of every) {
      const b = all.get(id)!;
      fs.writeSync(fd, b);
      offsets[id] = [off, b.byteLength];
      off += b.byteLength;
    }
    fs.closeSync(fd);
    fs.renameSync(tmp, binFile);
    fs.writeFileSync(indexFile, JSON.stringify({ key, size: off, offsets }));
  } catch (e) {
    console.error(`(could not write the decompressed-page cache: ${(e as Error).message})`);
  }
  return new Map(ids.map((id) => [id, all.get(id)!]));
}

/** Loads gold records for `ids` (all pages when omitted), with derived facts from the cache or computed. */
export async function loadPages(
  dataDir: string,
  cacheDir: string,
  ids?: string[],
  bytes?: Map<string, Uint8Array>,
): Promise<Page[]> {
  const { ids: every, meta } = allIds(dataDir);
  const want = ids ?? every;
  for (const id of want) if (!meta[id]) throw new Error(`unknown page id ${id}`);
  const cacheFile = path.join(cacheDir, 'derived.json');
  const version = derivedVersion();
  let cache: DerivedCache = { version, pages: {} };
  try {
    const c = JSON.parse(fs.readFileSync(cacheFile, 'utf8')) as DerivedCache;
    if (c.version === version) cache = c;
  } catch {}
  let dirty = false;

  const pages: Page[] = [];
  for (const id of want) {
    const raw = JSON.parse(fs.readFileSync(path.join(dataDir, 'ground-truth', `${id}.json`), 'utf8'));
    const g = raw.ground_truth ?? {};
    const gold: Gold = {
      text: str(g.main_content),
      with: strs(g.with),
      without: strs(g.without),
      title: str(g.title),
      author: str(g.author),
      date: str(g.publish_date),
      markdown: str(g.main_content_markdown),
    };
    const key = pageKey(dataDir, id);
    let derived = cache.pages[id];
    if (!derived || derived.key !== key) {
      const html = bytes?.get(id) ?? (await readHtml(dataDir, id));
      const text = Buffer.from(html.buffer, html.byteOffset, html.byteLength).toString('utf8');
      derived = { key, payload: payloadSnippets(text, gold.without), nonEnglish: isNonEnglish(gold.text, gold.title) };
      cache.pages[id] = derived;
      dirty = true;
    }
    pages.push({
      id,
      type: meta[id].page_type || raw._internal?.page_type?.primary || 'unknown',
      url: meta[id].url || raw.url || '',
      gold,
      holdout: isHoldout(id),
      nonEnglish: derived.nonEnglish,
      payload: derived.payload,
    });
  }
  if (dirty) {
    fs.mkdirSync(cacheDir, { recursive: true });
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(cache));
    fs.renameSync(tmp, cacheFile);
  }
  return pages;
}
