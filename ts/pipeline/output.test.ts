import { describe, expect, it } from 'vitest';
import { decompress } from 'zstd-napi';
import { encodeJsonl } from './output.js';

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
