#!/usr/bin/env python3
"""Prose in many languages for bench/language/run.sh: Debian's translated man pages
(manpages-de, -fr, ...), downloaded with `apt-get download` into bench/.cache/manpages, their
roff markup stripped, one JSON line per page with enough prose: {"lang", "file", "text"}. With
../shared beside the repo, also the WCXB dev pages' gold text as English (all but a handful
are): lists of names and titles as well as prose, where another language's grammar words
("a", "to", "by") must not outvote English.
Usage: samples.py OUT.jsonl"""
import gzip, json, os, re, subprocess, sys

# Debian package suffix -> the language its pages are in (ISO 639-1).
PACKAGES = {'de': 'de', 'es': 'es', 'fr': 'fr', 'it': 'it', 'nl': 'nl', 'pl': 'pl', 'pt-br': 'pt', 'tr': 'tr', 'sv': 'sv',
            'da': 'da', 'nb': 'nb', 'cs': 'cs', 'ro': 'ro', 'hu': 'hu', 'fi': 'fi', 'vi': 'vi', 'id': 'id',
            'ru': 'ru', 'uk': 'uk', 'el': 'el', 'ja': 'ja', 'zh': 'zh'}
CACHE = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '.cache', 'manpages')
MAX_CHARS = 3000


def fetch(package):
    """The package's files, extracted under CACHE/package (downloaded once)."""
    root = os.path.join(CACHE, package)
    if not os.path.isdir(root):
        os.makedirs(CACHE, exist_ok=True)
        subprocess.run(['apt-get', 'download', package], cwd=CACHE, check=True, capture_output=True)
        deb = next(f for f in os.listdir(CACHE) if f.startswith(package + '_') and f.endswith('.deb'))
        subprocess.run(['dpkg-deb', '-x', os.path.join(CACHE, deb), root], check=True)
    return root


def prose(roff):
    """The running text of a man page: requests dropped, font and character escapes removed,
    paragraphs of more than 120 characters kept."""
    lines = []
    for line in roff.split('\n'):
        if line.startswith(('.', "'")):
            lines.append('')
            continue
        line = re.sub(r'\\f[BIRP]|\\f\(..|\\\(..|\\\*\(..|\\[&e-]|\\s[-+]?\d', '', line)
        lines.append(line.replace('\\-', '-').replace('\\', ''))
    paragraphs = ' '.join(l if l else '\n' for l in lines).split('\n')
    return '\n'.join(p.strip() for p in paragraphs if len(p.strip()) > 120)


def main():
    out = open(sys.argv[1], 'w')
    for suffix, lang in PACKAGES.items():
        root = fetch('manpages-' + suffix)
        n = 0
        for dirpath, _, files in sorted(os.walk(os.path.join(root, 'usr', 'share', 'man'))):
            for name in sorted(files):
                try:
                    text = prose(gzip.open(os.path.join(dirpath, name)).read().decode('utf-8'))
                except (OSError, UnicodeDecodeError):
                    continue
                if len(text) >= 400:
                    out.write(json.dumps({'lang': lang, 'file': name, 'text': text[:MAX_CHARS]}, ensure_ascii=False) + '\n')
                    n += 1
        print(f'{lang}: {n} pages', file=sys.stderr)
    gold = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..', 'shared', 'eval', 'wcxb-dev', 'ground-truth')
    if not os.path.isdir(gold):
        print('en: ../shared/eval/wcxb-dev not found, no English samples', file=sys.stderr)
        return
    n = 0
    for name in sorted(os.listdir(gold)):
        text = json.load(open(os.path.join(gold, name)))['ground_truth'].get('main_content') or ''
        if len(text) >= 400:
            out.write(json.dumps({'lang': 'en', 'file': name, 'text': text[:MAX_CHARS]}, ensure_ascii=False) + '\n')
            n += 1
    print(f'en: {n} dev pages', file=sys.stderr)


main()
