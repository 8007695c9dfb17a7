#!/usr/bin/env node
// pith command line: `pith extract INPUT... -o OUT.jsonl.zst`.
// Exit codes: 0 done, 1 some inputs failed (the rest done), 2 bad usage.

import { parseArgs } from 'node:util';
import { engineAvailable } from './engine/index.js';
import { runExtract } from './pipeline/extract.js';
import { pithVersion } from './pipeline/output.js';
import { checkOptions, defaultWorkers, OptionsError } from './pipeline/pipeline.js';

const MAIN_HELP = `pith ${pithVersion()} - main-content extraction for web-crawl data (WARC in, JSONL out)

Usage:
  pith extract INPUT... -o OUT.jsonl.zst [options]   extract the main content of every HTML response
  pith --help                                        this help
  pith extract --help                                the options of extract
  pith --version                                     print the version

Inputs are WARC files (.warc, .warc.gz, .warc.zst; WARC/1.0, 1.1, 0.18), plain HTML files (.html,
.htm, .html.gz), directories of them, and @LIST files naming one input a line.

Exit codes: 0 done, 1 some inputs failed (the rest was done), 2 bad usage.
`;

const EXTRACT_HELP = `Usage: pith extract INPUT... -o OUT.jsonl.zst [options]

Reads every record of the inputs, extracts the main content of each HTML response and writes one
JSON object per extracted record to OUT, in input order (see README "Output schema").

Inputs:
  FILE.warc, FILE.warc.gz    WARC files, gzip with one member per record (as Common Crawl writes
                             them) or uncompressed; WARC/1.0, 1.1 and 0.18
  FILE.warc.zst              zstd frames of whole records, with or without a dictionary frame
                             (IIPC's WARC-zstd, as ArchiveTeam writes them)
  FILE.html, .htm, .html.gz  a plain HTML file (one record; id is urn:sha1 of its bytes)
  DIR                        every .warc, .warc.gz, .warc.zst, .html, .htm, .html.gz below DIR,
                             sorted by name
  @LIST                      a text file with one input per line (# comments, blank lines ignored)

Options:
  -o, --output OUT           output file (required). Ends in .zst: zstd-compressed JSONL
                             (OUT.jsonl.zst); otherwise plain JSONL. Written to OUT.partial and
                             renamed when the run completes.
  -w, --workers N            worker threads calling the extractor (default: one per core, here ${defaultWorkers()}).
                             The output is byte-identical whatever N is.
  -e, --engine native|wasm   which build of the extraction core runs (default native). Both give
                             byte-identical output; wasm needs \`npm run build:wasm\`.
  -f, --format text|markdown markdown: every record also gets a "markdown" field (GFM tables,
                             fenced code). "text" is always plain text, so that the "sections"
                             offsets index into it. Default text (no markdown field).
      --markdown             the same as --format markdown.
      --favor balanced|precision|recall
                             precision keeps less (training data), recall keeps more (search);
                             default balanced.
      --links                every record gets "links": [{text, href}], the links of the main
                             content in order, href resolved against the page URL (never in "text").
      --comments             every record gets "comments": reader comments as plain text (null
                             when none). Without it comments are dropped, never put in "text".
      --drop SELECTOR        remove the elements matching this CSS selector before scoring
                             (repeatable; an invalid selector stops the run with exit code 2).
      --accept               write only the records the core accepts ("accepted": true); the rest
                             are rejected as not_accepted:<reject_reason> (see --rejects).
                             Without it every extracted record is written with its verdict.
  -r, --rejects FILE         write one JSON line per rejected record: id, url, file, offset,
                             length, reason, message (.zst compresses it).
      --timeout SECONDS      time budget per record, counted from when a worker starts it
                             (default 60; 0: none). A record over it is rejected as
                             budget_exceeded: the native core stops by itself; a record
                             still running at twice the budget plus a second (WebAssembly:
                             at the budget) has its worker thread replaced.
      --progress / --no-progress
                             force the live progress line on or off (default: on when stderr is a
                             terminal: records/s, MB/s, percent of input bytes, ETA).
  -h, --help                 this help

What happens to each record (the end summary counts them; the counts add up to records read):
  extracted  an HTML response (text/html, application/xhtml+xml, or a missing or generic type
             sniffed as HTML) whose main content is not empty. Records with a WARC-Truncated
             header are extracted and flagged (warc_truncated: true).
  skipped    not_response (request, metadata, warcinfo, resource, conversion records),
             revisit, not_html (other content types), http_status (a status other than 2xx:
             redirects, errors), empty_payload (no HTTP body).
  rejected   empty (nothing left after extraction), not_accepted:<reason> (with --accept:
             too_short, no_prose, link_list, javascript_shell, consent_or_paywall, low_text_ratio,
             error_page),
             decode_failure (Content-Encoding that does not decode), budget_exceeded (payload over
             32 MiB, record over 64 MiB, over the parser's memory or over --timeout), core_error
             (the extractor failed), truncated_input (the file ends inside the record),
             read_error (a gzip member or record that cannot be parsed).
Input errors (unreadable file, truncated or corrupt data) name the file and byte offset; the run
goes on with the next file and exits with code 1.

Every extracted record carries the core's verdict ("accepted", "reject_reason") and "page_type".
The summary gives the acceptance rate over the records the core judged (extracted, or rejected
as empty or not_accepted), overall and for the 10 hosts with the most judged records.

Examples:
  pith extract crawl/*.warc.gz -o out.jsonl.zst --rejects rejects.jsonl
  pith extract @warcs.txt -o out.jsonl.zst --workers 8 --format markdown
  pith extract crawl/*.warc.gz -o kept.jsonl.zst --accept --favor precision -r rejects.jsonl
  pith extract site.warc.gz -o out.jsonl.zst --links --comments --drop '.sidebar' --drop 'nav'
  zstdcat out.jsonl.zst | head -1 | jq .
`;

class UsageError extends Error {}

function parseExtract(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      output: { type: 'string', short: 'o' },
      workers: { type: 'string', short: 'w' },
      engine: { type: 'string', short: 'e' },
      format: { type: 'string', short: 'f' },
      markdown: { type: 'boolean' },
      favor: { type: 'string' },
      links: { type: 'boolean' },
      comments: { type: 'boolean' },
      drop: { type: 'string', multiple: true },
      accept: { type: 'boolean' },
      rejects: { type: 'string', short: 'r' },
      timeout: { type: 'string' },
      progress: { type: 'boolean' },
      'no-progress': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return { help: true as const };
  if (!positionals.length) throw new UsageError('no inputs given');
  if (!values.output) throw new UsageError('missing -o OUT.jsonl.zst');
  let workers: number | undefined;
  if (values.workers !== undefined) {
    if (!/^\d+$/.test(values.workers) || Number(values.workers) < 1 || Number(values.workers) > 256) {
      throw new UsageError(`--workers wants a whole number from 1 to 256, not ${JSON.stringify(values.workers)}`);
    }
    workers = Number(values.workers);
  }
  const engine = values.engine ?? 'native';
  if (engine !== 'native' && engine !== 'wasm') throw new UsageError(`--engine is native or wasm, not ${JSON.stringify(engine)}`);
  const format = values.format ?? (values.markdown ? 'markdown' : 'text');
  if (format !== 'text' && format !== 'markdown') throw new UsageError(`--format is text or markdown, not ${JSON.stringify(format)}`);
  if (values.markdown && format !== 'markdown') throw new UsageError('--markdown contradicts --format text');
  const drop = values.drop ?? [];
  for (const sel of drop) if (!sel.trim()) throw new UsageError('--drop wants a CSS selector, not an empty string');
  const favor = values.favor ?? 'balanced';
  if (favor !== 'balanced' && favor !== 'precision' && favor !== 'recall') {
    throw new UsageError(`--favor is balanced, precision or recall, not ${JSON.stringify(favor)}`);
  }
  let timeoutSeconds: number | undefined;
  if (values.timeout !== undefined) {
    timeoutSeconds = Number(values.timeout);
    if (!/^\d+(\.\d+)?$/.test(values.timeout) || !Number.isFinite(timeoutSeconds)) {
      throw new UsageError(`--timeout wants seconds (0 for none), not ${JSON.stringify(values.timeout)}`);
    }
  }
  if (values.rejects && values.rejects === values.output) throw new UsageError('--rejects and -o name the same file');
  const progress = values['no-progress'] ? false : values.progress ? true : undefined;
  return {
    help: false as const,
    inputs: positionals,
    output: values.output,
    rejects: values.rejects,
    workers,
    engine: engine as 'native' | 'wasm',
    format: format as 'text' | 'markdown',
    favor: favor as 'balanced' | 'precision' | 'recall',
    links: values.links ?? false,
    comments: values.comments ?? false,
    drop,
    accept: values.accept ?? false,
    progress,
    timeoutSeconds,
  };
}

export async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  if (cmd === undefined || cmd === '--help' || cmd === '-h' || cmd === 'help') {
    process.stdout.write(MAIN_HELP);
    return cmd === undefined ? 2 : 0;
  }
  if (cmd === '--version' || cmd === '-V') {
    process.stdout.write(`${pithVersion()}\n`);
    return 0;
  }
  if (cmd !== 'extract') {
    process.stderr.write(`pith: unknown command ${JSON.stringify(cmd)}\n\n${MAIN_HELP}`);
    return 2;
  }
  let args;
  try {
    args = parseExtract(rest);
  } catch (e) {
    const msg = (e as Error).message;
    process.stderr.write(`pith extract: ${msg}\nTry \`pith extract --help\`.\n`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(EXTRACT_HELP);
    return 0;
  }
  if (!engineAvailable(args.engine)) {
    process.stderr.write(
      `pith extract: the ${args.engine} engine is not built (${args.engine === 'wasm' ? 'npm run build:wasm' : 'npm run build:native'})\n`,
    );
    return 2;
  }
  try {
    checkOptions(args); // one call into the core: an invalid --drop selector is bad usage
  } catch (e) {
    if (!(e instanceof OptionsError)) throw e;
    process.stderr.write(`pith extract: --drop: ${e.message}\nTry \`pith extract --help\`.\n`);
    return 2;
  }
  try {
    const { exitCode } = await runExtract(args);
    return exitCode;
  } catch (e) {
    process.stderr.write(`pith extract: ${(e as Error).message}\n`);
    return 1;
  }
}

// Until main() settles, an exit (say, an emptied event loop) counts as a failure.
process.exitCode = 1;
main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    process.stderr.write(`pith: ${(e as Error)?.stack ?? e}\n`);
    process.exitCode = 1;
  },
);
