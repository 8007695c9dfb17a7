import { describe, expect, it } from 'vitest';
import {
  authorNames, bagOf, containsWithoutSnippet, containsWithSnippet, datesAgree, isNonEnglish, metaAgree, normalizeDate,
  normalizeForSnippets, scoreSnippets, tokenize, wordPRF, wordsOnly,
} from './metrics.js';

describe('tokenize (Python re \\w+ on lower-cased str)', () => {
  it('lower-cases and splits on non-word characters', () => {
    expect(tokenize("Hello, World! It's 2025_x.")).toEqual(['hello', 'world', 'it', 's', '2025_x']);
  });
  it('keeps Unicode letters and digits, including superscripts and fractions (Python isalnum)', () => {
    expect(tokenize('Café naïve x² ½ Ⅻ 東京')).toEqual(['café', 'naïve', 'x²', '½', 'ⅻ', '東京']);
  });
  it('splits at combining marks, as Python does', () => {
    // Python: re.findall(r'\w+', 'हिन्दी') == ['ह', 'न', 'द']
    expect(tokenize('हिन्दी')).toEqual(['ह', 'न', 'द']);
    // decomposed é: 'e' + U+0301 is split too
    expect(tokenize('cafe\u0301 x')).toEqual(['cafe', 'x']);
  });
  it('bagOf counts exactly the tokenize() words', () => {
    const text = 'Ünïcode \u{1D400}x 𝐀 x X_1 ½ हिन्दी — the THE the, end\uD800 ok';
    const expected = new Map<string, number>();
    for (const w of tokenize(text)) expected.set(w, (expected.get(w) ?? 0) + 1);
    const { bag, size } = bagOf(text);
    expect(size).toBe(tokenize(text).length);
    expect([...bag.entries()].sort()).toEqual([...expected.entries()].sort());
    expect(bag.get('the')).toBe(3);
  });
  it('treats punctuation-only and empty text as no words', () => {
    expect(tokenize('')).toEqual([]);
    expect(tokenize(' -- ... ')).toEqual([]);
  });
});

describe('wordPRF (bag of words)', () => {
  it('is 1 for identical texts regardless of case, punctuation and order', () => {
    expect(wordPRF('The cat sat.', 'sat the CAT')).toEqual({ precision: 1, recall: 1, f1: 1 });
  });
  it('counts repeated words as a multiset', () => {
    // pred: a a a b (4), gold: a b c (3); overlap = min(3,1) + min(1,1) = 2
    const r = wordPRF('a a a b', 'a b c');
    expect(r.precision).toBeCloseTo(2 / 4, 12);
    expect(r.recall).toBeCloseTo(2 / 3, 12);
    expect(r.f1).toBeCloseTo((2 * 0.5 * (2 / 3)) / (0.5 + 2 / 3), 12);
    expect(r.f1).toBeCloseTo(4 / 7, 12);
  });
  it('handles partial overlap', () => {
    // pred: main content nav nav (4) gold: main content here (3): overlap 2
    const r = wordPRF('main content nav nav', 'main content here');
    expect(r.precision).toBe(0.5);
    expect(r.recall).toBeCloseTo(2 / 3, 12);
  });
  it('empty extraction against non-empty gold is 0; both empty is 1', () => {
    expect(wordPRF('', 'some gold').f1).toBe(0);
    expect(wordPRF('  ...  ', 'some gold').f1).toBe(0);
    expect(wordPRF('', '')).toEqual({ precision: 1, recall: 1, f1: 1 });
    expect(wordPRF('stuff', '').f1).toBe(0);
    expect(wordPRF('abc', 'xyz')).toEqual({ precision: 0, recall: 0, f1: 0 });
  });
});

describe('snippets', () => {
  it('normalises case, whitespace, NBSP, curly quotes, soft hyphens', () => {
    expect(normalizeForSnippets('  It\u2019s\u00a0 a  \n\t“Test”\u00ad! ')).toBe('it\'s a "test"!');
  });
  it('finds with-snippets across line breaks and case', () => {
    expect(containsWithSnippet('Intro.\n\nProtein  continues to\ndominate.', 'protein continues to dominate')).toBe(true);
    expect(containsWithSnippet('Protein continues', 'protein continues to dominate')).toBe(false);
  });
  it('with-snippets may be cut mid-word', () => {
    expect(containsWithSnippet('but with so many models out there', 'but with so many m')).toBe(true);
  });
  it('without-snippets must sit on word boundaries', () => {
    expect(containsWithoutSnippet('Homemade bread', 'Home')).toBe(false);
    expect(containsWithoutSnippet('Go Home now', 'home')).toBe(true);
    expect(containsWithoutSnippet('please sign inside', 'Sign in')).toBe(false);
    expect(containsWithoutSnippet('Sign in | Register', 'Sign in')).toBe(true);
    // a non-word edge needs no boundary
    expect(containsWithoutSnippet('see (c)2024', '(c)')).toBe(true);
  });
  it('scores a page', () => {
    const s = scoreSnippets('Alpha beta gamma. Home sweet home. Menu', ['alpha beta', 'delta', '', 'gamma. ho'], ['Menu', 'Login', 'home', 'swe']);
    // 'gamma. ho' is cut mid-word and still found; 'swe' (inside "sweet") is absent as a without-snippet
    expect(s).toEqual({ withTotal: 3, withFound: 2, withFoundWords: 2, withoutTotal: 4, withoutAbsent: 2 });
  });
  it('counts a with-snippet written with other spacing or punctuation as found by its words only', () => {
    const s = scoreSnippets('Only Apple makes iPhones. Seat\n\n20 H — wide', ['only apple makes iphones .', 'seat: 20 h -- wide', 'apple makes android', 'pples make'], []);
    expect(s.withFound).toBe(0);
    // the last two are not in the text in any spelling ('pples' starts inside a word)
    expect(s.withFoundWords).toBe(2);
  });
});

describe('wordsOnly', () => {
  it('keeps letters and digits of every script, one space between runs', () => {
    expect(wordsOnly("it's 4.5 -- 東京 ok")).toBe('it s 4 5 東京 ok');
  });
});

describe('normalizeDate', () => {
  it('parses ISO dates and date-times without applying the time zone', () => {
    expect(normalizeDate('2025-09-04')).toBe('2025-09-04');
    expect(normalizeDate('2025-09-04T23:30:00-05:00')).toBe('2025-09-04');
    expect(normalizeDate('2025-9-4')).toBe('2025-09-04');
    expect(normalizeDate('2025-09')).toBe('2025-09');
  });
  it('parses common written formats', () => {
    expect(normalizeDate('September 4, 2025')).toBe('2025-09-04');
    expect(normalizeDate('Sep. 4th 2025')).toBe('2025-09-04');
    expect(normalizeDate('4 September 2025')).toBe('2025-09-04');
    expect(normalizeDate('Published on 21st of Dec, 2023 by X')).toBe('2023-12-21');
    expect(normalizeDate('2025/09/04')).toBe('2025-09-04');
    expect(normalizeDate('04.09.2025')).toBe('2025-09-04');
    expect(normalizeDate('09/04/2025')).toBe('2025-09-04');
    expect(normalizeDate('25/12/2024')).toBe('2024-12-25');
    expect(normalizeDate('20250904')).toBe('2025-09-04');
    expect(normalizeDate('March 2024')).toBe('2024-03');
    expect(normalizeDate('1700000000')).toBe('2023-11-14');
  });
  it('rejects empty and impossible values', () => {
    expect(normalizeDate(null)).toBe(null);
    expect(normalizeDate('')).toBe(null);
    expect(normalizeDate('None')).toBe(null);
    expect(normalizeDate('2025-13-01')).toBe(null);
    expect(normalizeDate('yesterday')).toBe(null);
  });
  it('compares dates', () => {
    expect(datesAgree('2025-09-04T08:00:00Z', '2025-09-04')).toBe(true);
    expect(datesAgree('Sept 4, 2025', '2025-09-04')).toBe(true);
    expect(datesAgree('2025-09-05', '2025-09-04')).toBe(false);
    expect(datesAgree('2025-09-17', '2025-09')).toBe(true);
    expect(datesAgree('2025-09', '2025-09-04')).toBe(false);
    expect(datesAgree(null, '2025-09-04')).toBe(false);
  });
});

describe('metaAgree', () => {
  it('ignores case, punctuation and whitespace', () => {
    expect(metaAgree('top  nutrition trends: FALL 2025', 'Top Nutrition Trends - Fall 2025')).toEqual({ exact: true, lenient: true });
  });
  it('accepts a site suffix around the gold title, not a fragment of it', () => {
    expect(metaAgree('Top Trends | Scratch Culinary', 'Top Trends')).toEqual({ exact: false, lenient: true });
    expect(metaAgree('News', 'Latest News From Acme')).toEqual({ exact: false, lenient: false });
    expect(metaAgree('Latest News From', 'Latest News From Acme')).toEqual({ exact: false, lenient: true });
    expect(metaAgree('Topical', 'Top')).toEqual({ exact: false, lenient: false });
  });
  it('compares author lists as sets of names', () => {
    expect(metaAgree('Danielle DeSiato, Donna Enzmann, Natalie Nguyen', 'Danielle DeSiato, Donna Enzmann, and Natalie Nguyen', 'author'))
      .toEqual({ exact: true, lenient: true });
    expect(metaAgree('Rui Ma', 'Rui Ma, Heba Ledwon & Suparn Patra', 'author')).toEqual({ exact: false, lenient: true });
    expect(metaAgree('Marna van der Merwe', 'Dr Marna van der Merwe, Erik van Vulpen', 'author')).toEqual({ exact: false, lenient: true });
    expect(metaAgree('Cleveland Clinic', 'Holly Wilgus, E-RYT 200', 'author')).toEqual({ exact: false, lenient: false });
    expect(metaAgree('Ma', 'Rui Ma', 'author')).toEqual({ exact: false, lenient: false });
  });
  it('does not decode entities: an escaped extraction disagrees', () => {
    expect(metaAgree('M&amp;A Roundup', 'M&A Roundup').lenient).toBe(false);
  });
  it('drops a leading "by" for authors', () => {
    expect(metaAgree('By Andrew King', 'Andrew King', 'author')).toEqual({ exact: true, lenient: true });
    expect(metaAgree(null, 'Andrew King', 'author')).toEqual({ exact: false, lenient: false });
    expect(authorNames('By Jane Doe and Prof. John Roe; A & B')).toEqual(['jane doe', 'john roe', 'a', 'b']);
  });
});

describe('isNonEnglish', () => {
  it('detects French and non-Latin text, keeps English and word lists English', () => {
    expect(isNonEnglish('Le barbecue est une façon de cuire les aliments dans le jardin avec des amis et la famille.')).toBe(true);
    expect(isNonEnglish('東京は日本の首都です。人口は多いです。')).toBe(true);
    expect(isNonEnglish('The barbecue is a way to cook food in the garden with friends and family.')).toBe(false);
    expect(isNonEnglish('Standing desks\nChairs\nMonitor arms\nCable trays')).toBe(false);
  });
});
