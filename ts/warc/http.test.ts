import { describe, expect, it } from 'vitest';
import zlib from 'node:zlib';
import { compress as zstd } from 'zstd-napi';
import { classifyType, dechunk, decodeContent, DecodeError, mediaType, parseHttpHead, sniffHtml } from './http.js';

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);

describe('parseHttpHead', () => {
  it('reads CRLF headers', () => {
    const b = enc('HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=EUC-JP\r\nX-A: 1\r\nX-A: 2\r\n\r\n<html>');
    const h = parseHttpHead(b)!;
    expect(h.status).toBe(200);
    expect(h.headers.get('content-type')).toBe('text/html; charset=EUC-JP');
    expect(h.headers.get('x-a')).toBe('1, 2');
    expect(dec(b.subarray(h.bodyOffset))).toBe('<html>');
  });
  it('reads LF-only headers (ClueWeb09 WARC/0.18)', () => {
    const b = enc('HTTP/1.1 404 Not Found\nContent-Type: text/html\nContent-Encoding: gzip\n\n<html>\r\n\r\nrest');
    const h = parseHttpHead(b)!;
    expect(h.status).toBe(404);
    expect(h.headers.get('content-encoding')).toBe('gzip');
    expect(dec(b.subarray(h.bodyOffset))).toBe('<html>\r\n\r\nrest');
  });
  it('handles folded headers, no body, and non-HTTP blocks', () => {
    const h = parseHttpHead(enc('HTTP/1.0 301 Moved\r\nX-Long: a\r\n  b\r\n'))!;
    expect(h.headers.get('x-long')).toBe('a b');
    expect(h.bodyOffset).toBe(h.bodyOffset);
    expect(parseHttpHead(enc('20260114090000\n93.184.216.34\n'))).toBeNull();
  });
});

describe('content types', () => {
  it('classifies', () => {
    expect(mediaType('Text/HTML; charset=utf-8')).toBe('text/html');
    expect(classifyType('text/html; charset=utf-8')).toBe('html');
    expect(classifyType('application/xhtml+xml')).toBe('html');
    expect(classifyType(null)).toBe('sniff');
    expect(classifyType('application/octet-stream')).toBe('sniff');
    expect(classifyType('application/octet-stream', 'text/html')).toBe('html');
    expect(classifyType('application/pdf')).toBe('not_html');
    expect(classifyType('text/plain')).toBe('not_html');
    expect(classifyType('image/png')).toBe('not_html');
  });
  it('sniffs HTML', () => {
    expect(sniffHtml(enc('  \n<!DOCTYPE html><html>'))).toBe(true);
    expect(sniffHtml(enc('\ufeff<HTML lang=en>'))).toBe(true);
    expect(sniffHtml(enc('<?xml version="1.0"?>\n<html xmlns="http://www.w3.org/1999/xhtml">'))).toBe(true);
    expect(sniffHtml(enc('<p>hello'))).toBe(true);
    expect(sniffHtml(enc('{"a": 1}'))).toBe(false);
    expect(sniffHtml(enc('%PDF-1.7'))).toBe(false);
    expect(sniffHtml(enc('<pre>x'))).toBe(false);
  });
});

describe('payload decoding', () => {
  const html = '<html><body><p>' + 'hello world '.repeat(200) + '</p></body></html>';
  it('dechunks, and leaves non-chunked bodies alone', () => {
    const body = Buffer.from(html);
    const chunked = Buffer.concat([
      Buffer.from('1f4;ext=1\r\n'), body.subarray(0, 500), Buffer.from('\r\n'),
      Buffer.from(`${(body.length - 500).toString(16)}\r\n`), body.subarray(500), Buffer.from('\r\n0\r\n\r\n'),
    ]);
    expect(dec(dechunk(chunked))).toBe(html);
    expect(dec(dechunk(enc(html)))).toBe(html);
  });
  it('keeps the bytes of a broken chunk frame', () => {
    expect(dec(dechunk(enc('5\r\nhello\r\nzz-not-hex and more')))).toBe('hellozz-not-hex and more');
  });
  it('decodes gzip, deflate (zlib and raw), br', () => {
    const b = Buffer.from(html);
    expect(dec(decodeContent(zlib.gzipSync(b), 'gzip', 1 << 20))).toBe(html);
    expect(dec(decodeContent(zlib.deflateSync(b), 'deflate', 1 << 20))).toBe(html);
    expect(dec(decodeContent(zlib.deflateRawSync(b), 'deflate', 1 << 20))).toBe(html);
    expect(dec(decodeContent(zlib.brotliCompressSync(b), 'br', 1 << 20))).toBe(html);
    expect(dec(decodeContent(zlib.brotliCompressSync(zlib.gzipSync(b)), 'gzip, br', 1 << 20))).toBe(html);
    expect(dec(decodeContent(zstd(b), 'zstd', 1 << 20))).toBe(html);
  });
  it('decodes zstd bodies larger than a decoding chunk, in several frames, and keeps what decodes of a cut one', () => {
    const big = html + 'x'.repeat(600_000);
    const framed = Buffer.concat([zstd(enc(big)), zstd(enc('<p>more</p>'))]);
    expect(dec(decodeContent(framed, 'zstd', 1 << 20))).toBe(big + '<p>more</p>');
    const whole = zstd(enc(big));
    const cut = dec(decodeContent(whole.subarray(0, whole.length - 5), 'zstd', 1 << 20));
    expect(big.startsWith(cut) && cut.length < big.length && cut.startsWith('<html><body><p>hello world')).toBe(true);
  });
  it('takes a stored-decoded body as is (ClueWeb09 keeps Content-Encoding: gzip)', () => {
    expect(dec(decodeContent(enc(html), 'gzip', 1 << 20))).toBe(html);
    expect(dec(decodeContent(enc(html), 'br', 1 << 20))).toBe(html);
  });
  it('keeps what decodes of a truncated gzip body', () => {
    const gz = zlib.gzipSync(Buffer.from(html + 'x'.repeat(5000)));
    const out = dec(decodeContent(gz.subarray(0, gz.length - 20), 'gzip', 1 << 20));
    expect(out.startsWith('<html><body><p>hello world')).toBe(true);
  });
  it('fails on garbage and on budget', () => {
    expect(() => decodeContent(new Uint8Array([1, 2, 3, 250, 251]), 'br', 1 << 20)).toThrow(DecodeError);
    expect(() => decodeContent(new Uint8Array([1, 2, 3]), 'compress', 1 << 20)).toThrow(/unsupported Content-Encoding/);
    expect(() => decodeContent(new Uint8Array([0x28, 0xb5, 0x2f, 0xfd, 9, 9, 9]), 'zstd', 1 << 20)).toThrow(DecodeError);
    // A frame declaring 64 MiB stops at the budget: decoding never holds more than it.
    expect(() => decodeContent(zstd(Buffer.alloc(64 << 20)), 'zstd', 1 << 20)).toThrow(expect.objectContaining({ budget: true }));
    try {
      decodeContent(zlib.gzipSync(Buffer.alloc(1 << 20)), 'gzip', 1000);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(DecodeError);
      expect((e as DecodeError).budget).toBe(true);
    }
  });
});
