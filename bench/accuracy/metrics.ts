// Scoring functions shared by pith and the peer extractors. Pure, no I/O.
//
// Word F1 follows the WCXB definition: words are the `\w+` matches of the lower-cased text, counted as a bag.
// Python's `\w` on str is "str.isalnum() or '_'", i.e. Unicode categories L* and N* plus '_'; combining marks
// (M*) are NOT word characters, so Python splits "हिन्दी" into ["ह", "न", "द"]. We match Python, not a
// "nicer" tokenizer, so numbers are comparable with published results. Verified code point by code point against
// CPython 3.11 (Unicode 14): identical on every code point CPython knows; Node's newer Unicode tables only add
// characters assigned after Unicode 14.

const WORD_RE = /[\p{L}\p{N}_]+/gu;

/** Lower-cased `\w+` matches, like `re.findall(r"\w+", text.lower())`. */
export function tokenize(text: string): string[] {
  return text.toLowerCase().match(WORD_RE) ?? [];
}

export type Bag = Map<string, number>;

// bagOf is the hot path (run on every output of every extractor): a hand-written scanner equivalent to
// tokenize() (checked by a unit test), about twice as fast as the regex.
const ASCII_WORD = new Uint8Array(128);
for (let i = 0; i < 128; i++) ASCII_WORD[i] = /[A-Za-z0-9_]/.test(String.fromCharCode(i)) ? 1 : 0;
const WORD_CP = /^[\p{L}\p{N}_]$/u;
const cpIsWord = new Map<number, boolean>();
function isWordCp(cp: number): boolean {
  let v = cpIsWord.get(cp);
  if (v === undefined) cpIsWord.set(cp, (v = WORD_CP.test(String.fromCodePoint(cp))));
  return v;
}

export function bagOf(text: string): { bag: Bag; size: number } {
  const bag: Bag = new Map();
  let size = 0;
  const lo = text.toLowerCase();
  const n = lo.length;
  let i = 0;
  let start = -1;
  while (i <= n) {
    let word = false;
    let step = 1;
    if (i < n) {
      let c = lo.charCodeAt(i);
      if (c < 128) word = ASCII_WORD[c] === 1;
      else {
        if (c >= 0xd800 && c < 0xdc00 && i + 1 < n) {
          c = lo.codePointAt(i)!;
          if (c > 0xffff) step = 2;
        }
        word = isWordCp(c);
      }
    }
    if (word) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      const w = lo.slice(start, i);
      bag.set(w, (bag.get(w) ?? 0) + 1);
      size++;
      start = -1;
    }
    i += step;
  }
  return { bag, size };
}

export interface PRF {
  precision: number;
  recall: number;
  f1: number;
}

/** Precision/recall/F1 between two bags. Both empty: 1/1/1. Exactly one empty: 0/0/0. */
export function prfBags(pred: { bag: Bag; size: number }, gold: { bag: Bag; size: number }): PRF {
  if (pred.size === 0 && gold.size === 0) return { precision: 1, recall: 1, f1: 1 };
  if (pred.size === 0 || gold.size === 0) return { precision: 0, recall: 0, f1: 0 };
  let overlap = 0;
  const [small, large] = pred.bag.size <= gold.bag.size ? [pred.bag, gold.bag] : [gold.bag, pred.bag];
  for (const [w, n] of small) {
    const m = large.get(w);
    if (m) overlap += n < m ? n : m;
  }
  if (overlap === 0) return { precision: 0, recall: 0, f1: 0 };
  const precision = overlap / pred.size;
  const recall = overlap / gold.size;
  return { precision, recall, f1: (2 * precision * recall) / (precision + recall) };
}

/** Word-level precision/recall/F1 of an extraction against the gold main content. */
export function wordPRF(predicted: string, gold: string): PRF {
  return prfBags(bagOf(predicted), bagOf(gold));
}

// ---------------------------------------------------------------------------------------------------------------
// Snippets. Normalisation, applied to both the snippet and the extracted text:
//   NFKC; lower-case; curly single quotes/primes -> ', curly double quotes -> "; soft hyphen and zero-width
//   characters removed; every run of whitespace (incl. NBSP) -> one space; trimmed.
// `with` snippets: plain substring matching on the normalised strings (they are long sentences, often cut
// mid-word at ~80 characters, so word boundaries cannot be required).
// `without` snippets: substring matching where a snippet edge which is a word character must not continue a word
// in the text: "Home" is not found in "homemade", "Sign in" is not found in "sign inside" (they are short
// navigation labels, for which bare substring matching would report false leaks).
// Empty snippets are ignored.

const SINGLE_Q = /[\u2018\u2019\u201a\u201b\u2032\u00b4\u0060]/g;
const DOUBLE_Q = /[\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb]/g;
const INVISIBLE = /[\u00ad\u200b\u200c\u200d\u2060\ufeff]/g;
const SPACES = /\s+/gu;

export function normalizeForSnippets(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(SINGLE_Q, "'")
    .replace(DOUBLE_Q, '"')
    .replace(INVISIBLE, '')
    .replace(SPACES, ' ')
    .trim();
}

const WORD_CHAR = /[\p{L}\p{N}_]/u;

/**
 * Is `snippet` in `text`, at word boundaries where the snippet's edges are word characters?
 * Both must already be normalised with normalizeForSnippets.
 */
export function containsNormalized(text: string, snippet: string): boolean {
  if (snippet.length === 0) return false;
  const leftWord = WORD_CHAR.test(snippet[0]);
  const rightWord = WORD_CHAR.test(snippet[snippet.length - 1]);
  let from = 0;
  for (;;) {
    const i = text.indexOf(snippet, from);
    if (i < 0) return false;
    const j = i + snippet.length;
    const okLeft = !leftWord || i === 0 || !WORD_CHAR.test(text[i - 1]);
    const okRight = !rightWord || j === text.length || !WORD_CHAR.test(text[j]);
    if (okLeft && okRight) return true;
    from = i + 1;
  }
}

/** `with` snippet test: normalised substring. */
export function containsWithSnippet(text: string, snippet: string): boolean {
  const n = normalizeForSnippets(snippet);
  return n.length > 0 && normalizeForSnippets(text).includes(n);
}

/** `without` snippet test: normalised substring at word boundaries. */
export function containsWithoutSnippet(text: string, snippet: string): boolean {
  return containsNormalized(normalizeForSnippets(text), normalizeForSnippets(snippet));
}

export interface SnippetScore {
  withTotal: number;
  withFound: number;
  /** `with` snippets found exactly or once both sides are reduced to their words (see wordsOnly). */
  withFoundWords: number;
  withoutTotal: number;
  withoutAbsent: number;
}

export function scoreSnippets(extracted: string, withS: string[], withoutS: string[]): SnippetScore {
  return scoreSnippetsNormalized(normalizeForSnippets(extracted), withS, withoutS);
}

const NON_WORD = /[^\p{L}\p{N}]+/gu;

/**
 * A normalised string reduced to its words, one space between them. A `with` snippet missed exactly but
 * found this way is in the text, written with other spacing or punctuation: the gold's rendering puts a space
 * before punctuation that follows a link ("makes iPhones ."), writes dashes as "--" or "-" and joins a label
 * to its value with " - " or ": ", where the page has none of these.
 */
export function wordsOnly(normalized: string): string {
  return normalized.replace(NON_WORD, ' ').trim();
}

/** scoreSnippets on an already normalised text. */
export function scoreSnippetsNormalized(t: string, withS: string[], withoutS: string[]): SnippetScore {
  let withTotal = 0, withFound = 0, withFoundWords = 0, withoutTotal = 0, withoutAbsent = 0;
  let paddedWords: string | undefined;
  for (const s of withS) {
    const n = normalizeForSnippets(s);
    if (!n) continue;
    withTotal++;
    if (t.includes(n)) {
      withFound++;
      withFoundWords++;
    } else {
      const w = wordsOnly(n);
      if (w && (paddedWords ??= ` ${wordsOnly(t)} `).includes(` ${w}`)) withFoundWords++;
    }
  }
  for (const s of withoutS) {
    const n = normalizeForSnippets(s);
    if (!n) continue;
    withoutTotal++;
    if (!containsNormalized(t, n)) withoutAbsent++;
  }
  return { withTotal, withFound, withFoundWords, withoutTotal, withoutAbsent };
}

// ---------------------------------------------------------------------------------------------------------------
// Dates. Both sides are reduced to "YYYY-MM-DD" (or "YYYY-MM" when only a month is known).
// Accepted: ISO 8601 (date part as written, the time zone is NOT applied, so "2025-09-04T23:30-05:00" is
// 2025-09-04), YYYY/MM/DD, YYYY.MM.DD, YYYYMMDD (only when the whole value), "September 4, 2025",
// "Sep 4 2025", "4 September 2025", "4th Sep, 2025", "September 2025", DD.MM.YYYY (European),
// NN/NN/YYYY (US month/day unless the first number is > 12), Unix timestamps (10 or 13 digits, UTC).
// A gold "YYYY-MM" agrees with any extracted date in that month.

const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
  january: 1, february: 2, march: 3, april: 4, june: 6, july: 7, august: 8, september: 9, october: 10,
  november: 11, december: 12,
};
const MONTH_RE = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';

function ymd(y: number, m: number, d?: number): string | null {
  if (!(y >= 1900 && y <= 2100) || !(m >= 1 && m <= 12)) return null;
  const mm = String(m).padStart(2, '0');
  if (d === undefined) return `${y}-${mm}`;
  if (!(d >= 1 && d <= 31)) return null;
  return `${y}-${mm}-${String(d).padStart(2, '0')}`;
}

export function normalizeDate(input: string | null | undefined): string | null {
  if (input == null) return null;
  const s = String(input).trim().toLowerCase();
  if (!s || s === 'none' || s === 'null') return null;
  let m: RegExpMatchArray | null;
  if ((m = s.match(/^(\d{10}|\d{13})$/))) {
    const ms = m[1].length === 10 ? Number(m[1]) * 1000 : Number(m[1]);
    const d = new Date(ms);
    return ymd(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
  }
  if ((m = s.match(/^(\d{4})(\d{2})(\d{2})$/))) return ymd(+m[1], +m[2], +m[3]);
  if ((m = s.match(/(?<!\d)(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)/))) return ymd(+m[1], +m[2], +m[3]);
  if ((m = s.match(/^(\d{4})-(\d{1,2})$/))) return ymd(+m[1], +m[2]);
  // Month name first: "September 4, 2025", "Sep. 4th 2025"
  if ((m = s.match(new RegExp(`\\b${MONTH_RE}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`))))
    return ymd(+m[3], MONTHS[m[1]], +m[2]);
  // Day first: "4 September 2025", "4th of Sep, 2025"
  if ((m = s.match(new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH_RE},?\\s+(\\d{4})\\b`))))
    return ymd(+m[3], MONTHS[m[2]], +m[1]);
  // European day.month.year
  if ((m = s.match(/(?<!\d)(\d{1,2})\.(\d{1,2})\.(\d{4})(?!\d)/))) return ymd(+m[3], +m[2], +m[1]);
  // Slashes or dashes with the year last: US order unless impossible
  if ((m = s.match(/(?<!\d)(\d{1,2})[/-](\d{1,2})[/-](\d{4})(?!\d)/))) {
    const a = +m[1], b = +m[2];
    return a > 12 ? ymd(+m[3], b, a) : ymd(+m[3], a, b);
  }
  // Month and year only: "September 2025"
  if ((m = s.match(new RegExp(`\\b${MONTH_RE},?\\s+(\\d{4})\\b`)))) return ymd(+m[2], MONTHS[m[1]]);
  return null;
}

/** Does an extracted date agree with the gold date? Gold must be non-empty. */
export function datesAgree(extracted: string | null | undefined, gold: string | null | undefined): boolean {
  const g = normalizeDate(gold);
  const e = normalizeDate(extracted);
  if (!g || !e) return false;
  if (g.length === 7) return e.startsWith(g);
  if (e.length === 7) return false;
  return e === g;
}

// ---------------------------------------------------------------------------------------------------------------
// Title and author. Normalisation: NFKC, lower-case, every run of non-word characters (punctuation, symbols,
// whitespace) -> one space, trimmed; for authors also a leading "by" is dropped. HTML entities are NOT decoded:
// an extractor that returns "M&amp;A" disagrees with "M&A".
// exact   : normalised strings are equal (authors: the same set of names, see authorNames).
// lenient : exact, or the gold is contained in the extraction at word boundaries ("Title | Site Name"
//           contains "Title"), or the extraction is contained in the gold at word boundaries and has at least
//           half of the gold's words (so "News" does not agree with "Latest News From Acme");
//           (titles only: for authors "Ma" would agree with "Rui Ma"); authors also: one name set contains
//           the other ("Rui Ma" agrees with "Rui Ma, Heba Ledwon & X").
// The headline "agree" figure is lenient.

export function normalizeMeta(s: string | null | undefined, kind: 'title' | 'author' = 'title'): string {
  if (s == null) return '';
  let n = String(s)
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_]+/gu, ' ')
    .trim();
  if (kind === 'author') n = n.replace(/^by\s+/, '');
  if (n === 'none' || n === 'null') return '';
  return n;
}

/**
 * Author names: split on , ; | / & and the word "and", each normalised with normalizeMeta, honorifics
 * (dr, prof, mr, mrs, ms) and a leading "by" removed, empty ones dropped.
 */
export function authorNames(s: string | null | undefined): string[] {
  if (s == null) return [];
  return String(s)
    .normalize('NFKC')
    .split(/[,;|/&]|\s+and\s+/i)
    .map((x) => normalizeMeta(x, 'author').replace(/^(?:(?:dr|prof|mr|mrs|ms)\s+)+/, ''))
    .filter(Boolean);
}

export function metaAgree(
  extracted: string | null | undefined,
  gold: string | null | undefined,
  kind: 'title' | 'author' = 'title',
): { exact: boolean; lenient: boolean } {
  const g = normalizeMeta(gold, kind);
  const e = normalizeMeta(extracted, kind);
  if (!g || !e) return { exact: false, lenient: false };
  if (g === e) return { exact: true, lenient: true };
  if (kind === 'author') {
    const gn = new Set(authorNames(gold)), en = new Set(authorNames(extracted));
    if (gn.size && en.size) {
      const eInG = [...en].every((x) => gn.has(x)), gInE = [...gn].every((x) => en.has(x));
      if (eInG && gInE) return { exact: true, lenient: true };
      if (eInG || gInE) return { exact: false, lenient: true };
    }
  }
  const gp = ` ${g} `, ep = ` ${e} `;
  if (ep.includes(gp)) return { exact: false, lenient: true };
  if (kind === 'title' && gp.includes(ep) && e.split(' ').length * 2 >= g.split(' ').length) return { exact: false, lenient: true };
  return { exact: false, lenient: false };
}

export function isEmptyMeta(s: string | null | undefined): boolean {
  return normalizeMeta(s) === '';
}

// ---------------------------------------------------------------------------------------------------------------
// Language. A page is "non-English" when more than 30% of the letters of its gold text are outside ASCII
// (non-Latin scripts), or when function words of another common language (fr, de, es, it, pt, nl) outnumber
// English function words in it (at least 3 hits). Pages without enough function words (lists, product grids) stay
// English. Detected from the gold text plus title, so the split does not depend on the extractor.

const EN_STOP = new Set(
  ('the of and to a in is it you that for on was with as are be this have by or at from not but an they we ' +
    'his her your our their can will has more all one which there if so what about when out up been were ' +
    'would how my do its also into than other these some only new')
    .split(' '),
);
const OTHER_STOP = new Set(
  ('le la les des du et est une pour dans qui pas sur avec sont au aux ce cette nous vous il elle ' +
    'der das und ist nicht ein eine mit für auf den dem sich auch von zu im werden sind wir ' +
    'el los las del y es en que por una para con su se al lo como más pero sus ' +
    'di che è per sono della non gli alla nel anche ' +
    'os da do das dos é em um uma não na mais ' +
    'het een van en dat op te zijn voor niet aan er ook')
    .split(' '),
);

export function isNonEnglish(goldText: string, goldTitle = ''): boolean {
  const sample = `${goldTitle}\n${goldText}`;
  let letters = 0, nonAscii = 0;
  for (const m of sample.matchAll(/\p{L}/gu)) {
    letters++;
    if (m[0].charCodeAt(0) > 127) nonAscii++;
  }
  if (letters === 0) return false;
  if (nonAscii / letters > 0.3) return true;
  let en = 0, other = 0;
  for (const w of tokenize(sample)) {
    if (EN_STOP.has(w)) en++;
    else if (OTHER_STOP.has(w)) other++;
  }
  return other >= 3 && other > en;
}
