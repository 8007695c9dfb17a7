#!/usr/bin/env python3
"""Undeclared legacy-encoded pages for the encoding check of bench/language/run.sh: the samples of
samples.py (one JSON line per text, {"lang", "text"}), twelve texts of a language to a page (about
40 KB of prose after 25 KB of inline CSS and script, as pages put their head first), written in
each legacy encoding the language was commonly served in, with no charset declared anywhere.
Writes OUTDIR/NAME.html and OUTDIR/pages.tsv (file, language, WHATWG name of the encoding).
Usage: encoded.py SAMPLES.jsonl OUTDIR"""
import collections, json, os, sys

# Language -> (Python codec, WHATWG name) of the encodings its pages were served in.
LATIN1 = [('cp1252', 'windows-1252')]
ENCODINGS = {
    'cs': [('cp1250', 'windows-1250'), ('iso8859_2', 'ISO-8859-2')], 'hu': [('cp1250', 'windows-1250')],
    'pl': [('cp1250', 'windows-1250'), ('iso8859_2', 'ISO-8859-2')], 'ro': [('cp1250', 'windows-1250')],
    'tr': [('cp1254', 'windows-1254')], 'vi': [('cp1258', 'windows-1258')], 'el': [('cp1253', 'windows-1253')],
    'ru': [('cp1251', 'windows-1251'), ('koi8_r', 'KOI8-R')], 'uk': [('cp1251', 'windows-1251'), ('koi8_u', 'KOI8-U')],
    'ja': [('shift_jis', 'Shift_JIS'), ('euc_jp', 'EUC-JP')], 'zh': [('gbk', 'GBK'), ('big5', 'Big5')],
}
TEXTS_PER_PAGE = 12
PAGES_PER_ENCODING = 20
HEAD = ('<!doctype html><html><head><title>{title}</title><style>' + '.c{{color:#333;margin:0 auto}}' * 400 +
        '</style><script>' + 'var x=[1,2,3];function f(a){{return a*2}}' * 300 + '</script></head><body>')


def main():
    samples, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    by_lang = collections.defaultdict(list)
    for line in open(samples):
        s = json.loads(line)
        by_lang[s['lang']].append(s['text'].replace('&', '&amp;').replace('<', '&lt;'))
    listing = open(os.path.join(out, 'pages.tsv'), 'w')
    for lang, texts in sorted(by_lang.items()):
        for codec, name in ENCODINGS.get(lang, LATIN1):
            for k in range(min(PAGES_PER_ENCODING, len(texts) // TEXTS_PER_PAGE)):
                group = texts[k * TEXTS_PER_PAGE:(k + 1) * TEXTS_PER_PAGE]
                body = ''.join(f'<h2>{i + 1}</h2><p>{t}</p>' for i, t in enumerate(group))
                html = HEAD.format(title=group[0][:40]) + body + '</body></html>'
                # (Characters the encoding lacks become character references, as a CMS writes them.)
                data = html.encode(codec, errors='xmlcharrefreplace')
                file = f'{lang}-{codec}-{k}.html'
                open(os.path.join(out, file), 'wb').write(data)
                listing.write(f'{file}\t{lang}\t{name}\n')


main()
