// TypeScript mirror of crates/pith-core/src/api.rs.
// Request fields are camelCase (serde `rename_all = "camelCase"`); result fields are
// snake_case, exactly as serde serializes the Rust structs.

/** What the transport knows about the record (api.rs `Hints`). */
export interface Hints {
  /** The HTTP `Content-Type` header, whose charset is a hint for decoding. */
  contentType?: string | null;
  /** The page URL, for resolving links and reading URL shape. */
  url?: string | null;
  /**
   * When the page was fetched (a WARC-Date, ISO 8601): a date its text gives for a later day is
   * an event's or a deadline's, not the day it was published. `pith extract` passes WARC-Date.
   */
  fetched?: string | null;
}

/** api.rs `Favor`, serialized lowercase. */
export type Favor = 'precision' | 'balanced' | 'recall';

/** api.rs `Options`; every field is optional, missing ones take the core's defaults. */
export interface Options {
  /** Keep less (`precision`, training data) or more (`recall`, search). Default `balanced`. */
  favor?: Favor;
  /** Put comments in `comments` instead of dropping them. Default false. */
  comments?: boolean;
  /** Collect link targets in `links`. Default false. */
  links?: boolean;
  /** Also produce `markdown`. Default true. */
  markdown?: boolean;
  /** CSS selectors of elements removed before scoring. */
  drop?: string[];
  /** Inputs larger than this are refused (`input_too_large`). Default 32 MiB. */
  maxInputBytes?: number;
  /** lol-html's preallocated and maximum parser memory. Default 16 MiB. */
  maxMemoryBytes?: number;
}

/** The request as it crosses the boundary in JSON (api.rs `Request`). */
export interface Request {
  hints?: Hints;
  options?: Options;
}

export interface EncodingReport {
  /** WHATWG name of the encoding the bytes were decoded with. */
  name: string;
  /** What decided it. */
  source: 'bom' | 'http' | 'meta' | 'detected' | 'default';
  /** True when UTF-8-read-as-latin-1 mojibake was repaired. */
  repaired: boolean;
}

export interface Section {
  /** Headings above this block, outermost first. */
  path: string[];
  /** Offsets into `text`, in Unicode code points, end exclusive. */
  start: number;
  end: number;
}

export interface Link {
  text: string;
  href: string;
}

export type PageType =
  | 'article'
  | 'forum'
  | 'product'
  | 'collection'
  | 'listing'
  | 'documentation'
  | 'service'
  | 'other';

export type RejectReason =
  | 'empty'
  | 'too_short'
  | 'no_prose'
  | 'link_list'
  | 'javascript_shell'
  | 'consent_or_paywall'
  | 'low_text_ratio'
  | 'error_page';

/** api.rs `Extraction`, as serialized (snake_case). */
export interface Extraction {
  text: string;
  /** Absent unless `options.markdown` (default true). */
  markdown?: string;
  title: string | null;
  author: string | null;
  /** Publication date, `YYYY-MM-DD`. */
  published: string | null;
  /** Last-modified date, `YYYY-MM-DD`. */
  modified: string | null;
  language: string | null;
  language_confidence: number | null;
  canonical_url: string | null;
  site_name: string | null;
  description: string | null;
  encoding: EncodingReport | null;
  html_bytes: number;
  text_bytes: number;
  /** `text_bytes / html_bytes`. */
  content_ratio: number;
  page_type: PageType;
  /** Whether the text is worth keeping; when not, `reject_reason` says why. */
  accepted: boolean;
  reject_reason: RejectReason | null;
  sections: Section[];
  /** Present only when `options.links`. */
  links?: Link[];
  /** Present only when `options.comments`. */
  comments?: string;
}

/** api.rs `ExtractError::kind()` values, plus `engine_error` for a failure of the binding itself (e.g. a WASM trap). */
export type ErrorKind =
  | 'input_too_large'
  | 'memory_limit'
  | 'time_budget'
  | 'bad_request'
  | 'parse_error'
  | 'panic'
  | 'engine_error';

/** The JSON envelope `extract_json` returns. */
export type RawResponse =
  | { ok: true; result: Extraction }
  | { ok: false; error: { kind: ErrorKind; message: string } };

export type EngineName = 'native' | 'wasm';
