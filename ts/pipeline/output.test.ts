import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decompress } from 'zstd-napi';
import { encodeJsonl, JsonlWriter } from './output.js';

describe('encodeJsonl', () => {
  const lines = ['{"a":1}', '{"t":"日本語のテキスト"}'.repeat(50), '{"e":"😀 é ß"}', 'x'.repeat(10_000), '{"mix":"ascii then 中文"}'];
  const encoded = lines.map((l) => Buffer.from(l));
  const expected = Buffer.from(`${lines.join('\n')}\n`, 'utf8');

  it('writes the lines one a line, each ending in a newline', () => {
    const c = encodeJsonl(encoded, null);
    expect(Buffer.from(c.data).equals(expected)).toBe(true);
    expect(c).toMatchObject({ lines: lines.length, bytes: expected.length });
  });

  it('compressed: one zstd frame of the same bytes', () => {
    const c = encodeJsonl(encoded, 3);
    expect(decompress(c.data).equals(expected)).toBe(true);
    expect(c.bytes).toBe(expected.length);
  });
});

describe('JsonlWriter', () => {
  it('writes a valid zstd stream when no line comes (a run where every record was rejected)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pith-writer-'));
    const written = async (name: string, lines: string[]) => {
      const w = new JsonlWriter(join(dir, name));
      await w.ready();
      for (const l of lines) await w.write(l);
      await w.close();
      return readFile(join(dir, name));
    };
    try {
      // zstd-napi reads a 0-byte file as empty; zstd -d does not: the file must hold a frame.
      const none = await written('none.jsonl.zst', []);
      expect(none.subarray(0, 4).toString('hex')).toBe('28b52ffd');
      expect(decompress(none).length).toBe(0);
      expect(decompress(await written('two.jsonl.zst', ['{"a":1}', '{"b":2}'])).toString()).toBe('{"a":1}\n{"b":2}\n');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
