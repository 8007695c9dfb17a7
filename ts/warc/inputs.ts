// The command line's inputs: files, directories of them and @list files, expanded to the files
// the reader reads (reader.ts), with an error for each that cannot be read.

import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

export interface InputFile {
  /** The path as given (or as found in a directory / list): it appears in output `source.file`. */
  path: string;
  size: number;
}

export interface InputError {
  file: string;
  offset: number | null;
  message: string;
}

export const HTML_EXT = /\.(html?|xhtml)(\.gz)?$/i;
const WARC_EXT = /\.warc(\.gz|\.zst)?$/i;

/**
 * Expands command-line inputs: files as they are, directories (recursively, sorted) to their
 * .warc/.warc.gz/.warc.zst/.html/.htm/.html.gz files, `@list.txt` to the paths it lists (one a line, relative
 * to the current directory; blank lines and lines starting with # ignored).
 */
export async function expandInputs(args: string[]): Promise<{ files: InputFile[]; errors: InputError[] }> {
  const files: InputFile[] = [];
  const errors: InputError[] = [];
  const visit = async (p: string, fromList: boolean): Promise<void> => {
    if (p.startsWith('@') && !fromList) {
      const list = p.slice(1);
      let text: string;
      try {
        text = await readFile(list, 'utf8');
      } catch (e) {
        errors.push({ file: list, offset: null, message: `cannot read input list: ${errMessage(e)}` });
        return;
      }
      for (const line of text.split(/\r?\n/)) {
        const t = line.trim();
        if (t && !t.startsWith('#')) await visit(t, true);
      }
      return;
    }
    let st;
    try {
      st = await stat(p);
    } catch (e) {
      errors.push({ file: p, offset: null, message: `cannot read input: ${errMessage(e)}` });
      return;
    }
    if (st.isDirectory()) {
      let entries;
      try {
        entries = await readdir(p, { withFileTypes: true });
      } catch (e) {
        errors.push({ file: p, offset: null, message: `cannot read directory: ${errMessage(e)}` });
        return;
      }
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const ent of entries) {
        const child = path.join(p, ent.name);
        if (ent.isDirectory()) await visit(child, true);
        else if (HTML_EXT.test(ent.name) || WARC_EXT.test(ent.name)) await visit(child, true);
      }
      return;
    }
    files.push({ path: p, size: st.size });
  };
  for (const a of args) await visit(a, false);
  return { files, errors };
}

export function errMessage(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  if (err && err.code && err.message) return err.message.replace(/^[A-Z]+: /, '');
  return String((e as Error)?.message ?? e);
}
