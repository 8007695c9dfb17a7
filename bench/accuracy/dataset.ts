// Loading the WCXB dev set: gold records, page bytes, and per-page facts derived from the gold (cached).

import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
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

/** Facts that need the HTML (payload snippets) are cached in bench/accuracy/.cache, keyed by the data's mtimes. */
interface DerivedCache {
  key: string;
  pages: Record<string, { payload: string[]; nonEnglish: boolean }>;
}

const CACHE_VERSION = 2;

function cacheKey(dataDir: string, ids: string[]): string {
  let sum = 0;
  for (const id of ids) {
    sum += fs.statSync(path.join(dataDir, 'ground-truth', `${id}.json`)).mtimeMs;
    sum += fs.statSync(path.join(dataDir, 'html', `${id}.html.gz`)).mtimeMs;
  }
  return `v${CACHE_VERSION}:${path.resolve(dataDir)}:${ids.length}:${sum}`;
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

/** Decompress the given pages into memory, a few at a time (zlib runs on the libuv pool). */
export async function loadBytes(dataDir: string, ids: string[], concurrency = 8): Promise<Map<string, Uint8Array>> {
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
 * Loads gold records for `ids` (all pages when omitted). Derived facts come from the cache when it is valid for
 * the whole data set; otherwise they are computed for the requested pages (from `bytes` when given) and, when the
 * request is the whole set, the cache is rewritten.
 */
export async function loadPages(
  dataDir: string,
  cacheDir: string,
  ids?: string[],
  bytes?: Map<string, Uint8Array>,
): Promise<Page[]> {
  const { ids: every, meta } = allIds(dataDir);
  const want = ids ?? every;
  for (const id of want) if (!meta[id]) throw new Error(`unknown page id ${id}`);
  const key = cacheKey(dataDir, every);
  const cacheFile = path.join(cacheDir, 'derived.json');
  let cache: DerivedCache | null = null;
  try {
    const c = JSON.parse(fs.readFileSync(cacheFile, 'utf8')) as DerivedCache;
    if (c.key === key) cache = c;
  } catch {}

  const pages: Page[] = [];
  const fresh: DerivedCache = { key, pages: {} };
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
    };
    let derived = cache?.pages[id];
    if (!derived) {
      const html = bytes?.get(id) ?? (await readHtml(dataDir, id));
      const text = Buffer.from(html.buffer, html.byteOffset, html.byteLength).toString('utf8');
      derived = { payload: payloadSnippets(text, gold.without), nonEnglish: isNonEnglish(gold.text, gold.title) };
    }
    fresh.pages[id] = derived;
    pages.push({
      id,
      type: meta[id].page_type || raw._internal?.page_type?.primary || 'unknown',
      url: meta[id].url ?? raw.url ?? '',
      gold,
      holdout: isHoldout(id),
      nonEnglish: derived.nonEnglish,
      payload: derived.payload,
    });
  }
  if (!cache && want.length === every.length) {
    fs.mkdirSync(cacheDir, { recursive: true });
    fs.writeFileSync(cacheFile, JSON.stringify(fresh));
  }
  return pages;
}
