// Which `without` snippets of a page come from a script or JSON payload rather than from visible text.
//
// A snippet is a "payload snippet" when, after normalisation, it occurs in the page's script/JSON text but not in
// its visible text. An extractor that outputs a payload snippet has leaked script/JSON data into its text.
//
// script/JSON text: the contents of every <script> element (any type: JS, JSON-LD, __NEXT_DATA__, ...) and every
//   attribute value that starts with "{" or "[" after entity decoding (data-props="{&quot;..."). JSON string escapes
//   (\uXXXX, \/, \", \n, \t, \\) and HTML entities are decoded.
// visible text: the HTML minus comments, <script>, <style> and <template>, with tags removed and entities decoded
//   (<noscript> counts as visible, which errs towards NOT calling a snippet a payload snippet).
// Both are compared with whitespace removed entirely (after normalizeForSnippets), so a snippet that is split
// by inline tags ("wor<b>ld</b>") still counts as visible.
//
// Crude regex parsing on purpose: it must be fast (400 MB of HTML) and it only decides which snippets to watch.

import { normalizeForSnippets } from './metrics.js';

const NAMED: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', ndash: '\u2013', mdash: '\u2014',
  lsquo: '\u2018', rsquo: '\u2019', ldquo: '\u201c', rdquo: '\u201d', hellip: '\u2026', copy: '\u00a9',
  reg: '\u00ae', trade: '\u2122', middot: '\u00b7', bull: '\u2022', laquo: '\u00ab', raquo: '\u00bb',
  eacute: '\u00e9', egrave: '\u00e8', agrave: '\u00e0', aacute: '\u00e1', ccedil: '\u00e7', ouml: '\u00f6',
  uuml: '\u00fc', auml: '\u00e4', szlig: '\u00df', ntilde: '\u00f1', iacute: '\u00ed', oacute: '\u00f3',
  uacute: '\u00fa', ecirc: '\u00ea', acirc: '\u00e2', ocirc: '\u00f4', icirc: '\u00ee', ucirc: '\u00fb',
  times: '\u00d7', deg: '\u00b0', euro: '\u20ac', pound: '\u00a3', yen: '\u00a5', cent: '\u00a2',
  shy: '\u00ad', thinsp: '\u2009', ensp: '\u2002', emsp: '\u2003', zwj: '\u200d', zwnj: '\u200c',
  rarr: '\u2192', larr: '\u2190', sect: '\u00a7', para: '\u00b6', frac12: '\u00bd', plusmn: '\u00b1',
};

export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);?/gi, (m, e: string) => {
    if (e[0] === '#') {
      const cp = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      if (!Number.isFinite(cp) || cp <= 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return m;
      return String.fromCodePoint(cp);
    }
    const v = NAMED[e] ?? NAMED[e.toLowerCase()];
    return v ?? m;
  });
}

export function decodeJsonEscapes(s: string): string {
  if (!s.includes('\\')) return s;
  return s.replace(/\\(u[0-9a-fA-F]{4}|[\\/"'nrtbf])/g, (_m, e: string) => {
    if (e[0] === 'u') return String.fromCharCode(parseInt(e.slice(1), 16));
    switch (e) {
      case 'n': case 'r': case 't': case 'b': case 'f': return ' ';
      default: return e;
    }
  });
}

const SCRIPT_RE = /<script\b[^>]*>([\s\S]*?)<\/script\s*>/gi;
const JSON_ATTR_RE = /\s[\w:.-]+\s*=\s*(?:"\s*([[{][^"]*)"|'\s*([[{][^']*)')/g;

export function scriptText(html: string): string {
  const parts: string[] = [];
  for (const m of html.matchAll(SCRIPT_RE)) if (m[1].trim()) parts.push(m[1]);
  for (const m of html.matchAll(JSON_ATTR_RE)) parts.push(m[1] ?? m[2]);
  // Decode entities first (attributes), then JSON escapes; decode escapes twice for doubly-encoded blobs.
  return decodeJsonEscapes(decodeJsonEscapes(decodeEntities(parts.join('\n'))));
}

export function visibleText(html: string): string {
  const stripped = html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(stripped);
}

const squash = (s: string) => normalizeForSnippets(s).replace(/ /g, '');

/** The `without` snippets of a page that occur in its script/JSON payload but not in its visible text. */
export function payloadSnippets(html: string, without: string[]): string[] {
  const candidates = without.filter((s) => squash(s).length > 0);
  if (candidates.length === 0) return [];
  const script = squash(scriptText(html));
  if (!script) return [];
  const hits = candidates.filter((s) => script.includes(squash(s)));
  if (hits.length === 0) return [];
  const visible = squash(visibleText(html));
  return hits.filter((s) => !visible.includes(squash(s)));
}
