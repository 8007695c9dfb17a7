// Both builds of the core (native addon, WebAssembly) must give byte-identical output.
// Needs `npm run build:native` and `npm run build:wasm` first; without them the engine tests
// are skipped with a message (and fail when CI is set).

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { coreSourceHash, engineAvailable, ExtractError, extractHtml, extractRaw, resetWasm } from './index.js';
import { wasmInstantiations, wasmSelftestPanic } from './wasm.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const devDir = path.resolve(root, '..', 'shared', 'eval', 'wcxb-dev', 'html');

const haveBoth = engineAvailable('native') && engineAvailable('wasm');
if (!haveBoth) {
  const msg =
    'engine.test: skipped, needs both builds: `npm run build:native` and `npm run build:wasm` ' +
    `(native: ${engineAvailable('native')}, wasm: ${engineAvailable('wasm')})`;
  if (process.env.CI) throw new Error(msg);
  console.warn(msg);
}

const enc = new TextEncoder();
const bytes = (...parts: (string | number[])[]): Uint8Array =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...enc.encode(p)] : p)));

/** A small deterministic PRNG for the garbage inputs. */
function rng(seed: number): () => number {
  return () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed >>> 16;
  };
}

const ARTICLE =
  '<p>The committee met on Tuesday to discuss the new budget, which includes funding for schools, ' +
  'roads and the public library. Members argued for several hours before reaching agreement.</p>' +
  '<p>Residents will be able to comment on the plan until the end of the month.</p>';

// windows-1252: “ ” € é ü — 0x93 0x94 0x80 0xE9 0xFC
const CP1252_TEXT = [0x93, 0x43, 0x61, 0x66, 0xe9, 0x94, 0x20, 0x80, 0x35, 0x20, 0x4d, 0xfc, 0x6e, 0x63, 0x68, 0x65, 0x6e];
// Shift_JIS: 日本語のテキスト。こんにちは
const SJIS_TEXT = [
  0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea, 0x82, 0xcc, 0x83, 0x65, 0x83, 0x4c, 0x83, 0x58, 0x83, 0x67, 0x81, 0x42,
  0x82, 0xb1, 0x82, 0xf1, 0x82, 0xc9, 0x82, 0xbf, 0x82, 0xcd,
];

const SMALL: Record<string, { html: Uint8Array; request?: string }> = {
  'utf-8 article': {
    html: bytes(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Budget – café news</title>',
      '<meta name="author" content="Zoë Ångström"><link rel="canonical" href="/news/budget"></head><body>',
      '<nav><a href="/">Home</a> | <a href="/news">News</a></nav><article><h1>Budget agreed</h1>',
      ARTICLE,
      '<h2>Reactions 🎉</h2><p>“It is a good day,” said the mayor. Ünïcödé ✓ 中文 עברית</p></article>',
      '<footer>© 2026 Example</footer></body></html>',
    ),
  },
  'utf-8 with all options': {
    html: bytes('<html><body><main><h1>T</h1>', ARTICLE, '<p><a href="a/b?c=d">link</a></p></main>',
      '<div class="comments"><p>First comment here, quite long enough to be a comment.</p></div><aside class="ad">Buy</aside></body></html>'),
    request: JSON.stringify({
      hints: { url: 'https://example.com/x/y.html', contentType: 'text/html; charset=utf-8' },
      options: { favor: 'recall', comments: true, links: true, markdown: true, drop: ['.ad', 'nav'] },
    }),
  },
  'precision, no markdown': {
    html: bytes('<html><body><article>', ARTICLE, '</article></body></html>'),
    request: JSON.stringify({ options: { favor: 'precision', markdown: false } }),
  },
  'windows-1252 with meta': {
    html: bytes('<html><head><meta charset="windows-1252"><title>', CP1252_TEXT, '</title></head><body><article><p>', CP1252_TEXT, '</p>', ARTICLE, '</article></body></html>'),
  },
  'windows-1252 via http header': {
    html: bytes('<html><body><article><p>', CP1252_TEXT, '</p>', ARTICLE, '</article></body></html>'),
    request: JSON.stringify({ hints: { contentType: 'text/html; charset=windows-1252' } }),
  },
  'windows-1252 undeclared (detected)': {
    html: bytes('<html><body><article><p>', CP1252_TEXT, ' ', CP1252_TEXT, ' ', CP1252_TEXT, '</p>', ARTICLE, '</article></body></html>'),
  },
  'shift_jis with meta': {
    html: bytes('<html><head><meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS"><title>', SJIS_TEXT, '</title></head><body><article><p>',
      SJIS_TEXT, SJIS_TEXT, '</p><p>', SJIS_TEXT, '</p></article></body></html>'),
  },
  'shift_jis undeclared (detected)': {
    html: bytes('<html><body><div><p>', SJIS_TEXT, SJIS_TEXT, SJIS_TEXT, SJIS_TEXT, '</p></div></body></html>'),
  },
  'utf-8 read as latin-1 (mojibake)': {
    html: bytes('<html><head><meta charset="iso-8859-1"></head><body><article><p>Caf', [0xc3, 0xa9], ' cr', [0xc3, 0xa8], 'me br', [0xc3, 0xbb], 'l', [0xc3, 0xa9], 'e ', [0xe2, 0x80, 0x9c], 'ok', [0xe2, 0x80, 0x9d], '</p>', ARTICLE, '</article></body></html>'),
  },
  'utf-16le with BOM': {
    html: Uint8Array.from([0xff, 0xfe, ...[...'<html><body><p>Hello UTF-16 world, some text here.</p></body></html>'].flatMap((c) => [c.charCodeAt(0), 0])]),
  },
  empty: { html: new Uint8Array(0) },
  'empty with empty request': { html: new Uint8Array(0), request: '' },
  'whitespace only': { html: bytes('   \n\t  ') },
  'text, no tags': { html: bytes('just some text without any markup at all') },
  'malformed nesting': {
    html: bytes('<html><body><div><p>Unclosed <b>bold <i>italic</b> text</i><table><tr><td>cell<p>para in cell</table></div></span></div>',
      '<p <a href=">broken</a><!-- unterminated comment <script>var x = "</p>";</scr', ARTICLE),
  },
  'invalid utf-8 and NULs': { html: bytes('<html><body><p>bad ', [0xff, 0xfe, 0xc0, 0x80, 0xed, 0xa0, 0x80, 0x00, 0x00], ' bytes</p>', ARTICLE, '</body></html>') },
  'deep nesting': { html: bytes('<div>'.repeat(5000), ARTICLE, '</div>'.repeat(5000)) },
  'nesting past the 512 levels browsers allow': { html: bytes('<blockquote>'.repeat(50000), ARTICLE, '<div>'.repeat(20000), '</p>'.repeat(20000)) },
  'script and style only': { html: bytes('<html><head><style>p{color:red}</style><script>alert("<p>x</p>")</script></head><body><script>1</script></body></html>') },
  'bad request json': { html: bytes('<p>x</p>'), request: '{"options":{"favor":"sometimes"}}' },
  'unparsable request': { html: bytes('<p>x</p>'), request: '{not json' },
  'bad drop selector': { html: bytes('<p>x</p>'), request: JSON.stringify({ options: { drop: ['div[[['] } }) },
  'tiny memory limit': { html: bytes('<html><body>', '<div class="a b c">'.repeat(2000), ARTICLE, '</body></html>'), request: JSON.stringify({ options: { maxMemoryBytes: 1024 } }) },
};

describe.skipIf(!haveBoth)('native and wasm engines', () => {
  beforeAll(() => {
    const n = coreSourceHash('native');
    const w = coreSourceHash('wasm');
    if (n !== w) {
      throw new Error(
        `the native addon (core ${n}) and the wasm module (core ${w}) were built from different pith-core sources; ` +
          'rebuild both: `npm run build:native && npm run build:wasm`',
      );
    }
  });

  for (const [name, { html, request = '{}' }] of Object.entries(SMALL)) {
    it(`byte-identical: ${name}`, () => {
      const native = extractRaw(html, request, 'native');
      const wasm = extractRaw(html, request, 'wasm');
      expect(native.startsWith('{"ok":')).toBe(true);
      expect(wasm).toBe(native);
    });
  }

  it('byte-identical on random garbage', () => {
    const next = rng(42);
    for (let i = 0; i < 40; i++) {
      const len = next() % 4000;
      // Mix of random bytes and HTML-ish fragments.
      const parts: (string | number[])[] = [];
      while (parts.reduce((a, p) => a + p.length, 0) < len) {
        const r = next() % 4;
        if (r === 0) parts.push(['<p>', '</div>', '<a href="', '<!--', '<script>', '&amp;', '&#x', '<meta charset=sjis>'][next() % 8]);
        else parts.push(Array.from({ length: 1 + (next() % 30) }, () => next() & 0xff));
      }
      const html = bytes(...parts);
      expect(extractRaw(html, '{}', 'wasm')).toBe(extractRaw(html, '{}', 'native'));
    }
  });

  it('the result parses and mirrors the types', () => {
    const r = extractHtml(SMALL['utf-8 article'].html, { links: true, hints: { url: 'https://example.com/a' } });
    expect(typeof r.text).toBe('string');
    expect(r.html_bytes).toBe(SMALL['utf-8 article'].html.length);
    expect(Array.isArray(r.sections)).toBe(true);
    expect(Array.isArray(r.links)).toBe(true);
    expect(r.encoding?.name).toBe('UTF-8');
    expect(extractHtml(SMALL['utf-8 article'].html, { engine: 'wasm', links: true, hints: { url: 'https://example.com/a' } })).toEqual(r);
  });

  for (const engine of ['native', 'wasm'] as const) {
    it(`${engine}: the fetched hint keeps a date written for a later day out of published`, () => {
      const html = bytes(
        '<article><h1>New rules</h1><p>The new rules apply from June 1, 2025, to every member of the club.</p>',
        '<p>A paragraph long enough to be read as prose, with punctuation. It goes on, and on, for a while.</p></article>',
      );
      expect(extractHtml(html, { engine }).published).toBe('2025-06-01');
      expect(extractHtml(html, { engine, hints: { fetched: '2024-05-01T00:00:00Z' } }).published).toBeNull();
    });

    it(`${engine}: input over maxInputBytes is refused with input_too_large`, () => {
      const html = bytes('<p>', 'x'.repeat(2000), '</p>');
      let err: unknown;
      try {
        extractHtml(html, { engine, maxInputBytes: 1000 });
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(ExtractError);
      expect((err as ExtractError).kind).toBe('input_too_large');
      expect((err as ExtractError).message).toContain('1000');
      // At the limit it is accepted.
      expect(() => extractHtml(html, { engine, maxInputBytes: html.length })).not.toThrow();
    });

    it(`${engine}: a bad request is an ExtractError of kind bad_request`, () => {
      expect(() => extractHtml(bytes('<p>x</p>'), { engine, favor: 'nope' as never })).toThrow(
        expect.objectContaining({ name: 'ExtractError', kind: 'bad_request' }),
      );
    });
  }

  it('wasm: a trap becomes a panic error value and the next call gets a fresh instance', () => {
    const html = SMALL['utf-8 article'].html;
    const before = extractRaw(html, '{}', 'wasm');
    const n = wasmInstantiations();
    const trapped = JSON.parse(wasmSelftestPanic());
    expect(trapped).toEqual({ ok: false, error: { kind: 'panic', message: 'internal error (panic): pith-wasm self-test panic' } });
    expect(extractRaw(html, '{}', 'wasm')).toBe(before);
    expect(wasmInstantiations()).toBe(n + 1);
    // An explicit reset (also dropping the compiled module) is recovered from the same way.
    resetWasm({ module: true });
    expect(extractRaw(html, '{}', 'wasm')).toBe(before);
    expect(wasmInstantiations()).toBe(n + 2);
  });

  const devFiles = existsSync(devDir) ? readdirSync(devDir).filter((f) => f.endsWith('.html.gz')).sort() : [];
  it.skipIf(devFiles.length === 0)(
    `byte-identical on every wcxb-dev page (${devFiles.length} pages)`,
    () => {
      const full = JSON.stringify({ options: { favor: 'recall', comments: true, links: true } });
      const t0 = performance.now();
      const diffs: string[] = [];
      let bytesIn = 0;
      let tNative = 0;
      let tWasm = 0;
      devFiles.forEach((f, i) => {
        const html = gunzipSync(readFileSync(path.join(devDir, f)));
        bytesIn += html.length;
        // Every page with the defaults; every 8th also with the other options switched on.
        for (const request of i % 8 === 0 ? ['{}', full] : ['{}']) {
          let t = performance.now();
          const native = extractRaw(html, request, 'native');
          tNative += performance.now() - t;
          t = performance.now();
          const wasm = extractRaw(html, request, 'wasm');
          tWasm += performance.now() - t;
          if (native !== wasm) {
            let at = 0;
            while (native[at] === wasm[at]) at++;
            diffs.push(`${f} ${request}: first difference at char ${at}: native …${native.slice(Math.max(0, at - 40), at + 40)}… wasm …${wasm.slice(Math.max(0, at - 40), at + 40)}…`);
          }
        }
      });
      console.log(
        `wcxb-dev: ${devFiles.length} pages, ${(bytesIn / 1e6).toFixed(0)} MB, ${((performance.now() - t0) / 1000).toFixed(1)} s total; ` +
          `native ${(tNative / 1000).toFixed(1)} s, wasm ${(tWasm / 1000).toFixed(1)} s, ${diffs.length} differences`,
      );
      expect(diffs.slice(0, 5)).toEqual([]);
    },
    115_000,
  );
  it.skipIf(devFiles.length === 0)(
    `text and sections the same with Markdown, links and comments on as with none, on every wcxb-dev page`,
    () => {
      const plain = JSON.stringify({ options: { markdown: false } });
      const all = JSON.stringify({ options: { markdown: true, links: true, comments: true } });
      const differ: string[] = [];
      for (const f of devFiles) {
        const html = gunzipSync(readFileSync(path.join(devDir, f)));
        const [a, b] = [plain, all].map((r) => JSON.parse(extractRaw(html, r, 'native')).result);
        if (a.text !== b.text || JSON.stringify(a.sections) !== JSON.stringify(b.sections)) differ.push(f);
      }
      expect(differ).toEqual([]);
    },
    115_000,
  );
  if (devFiles.length === 0) console.warn(`engine.test: ${devDir} not found, dev-set comparison skipped`);
});
