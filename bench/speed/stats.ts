// Statistics the bench scripts share.

/** The median of `v` (NaN when empty). */
export function median(v: number[]): number {
  const s = [...v].sort((x, y) => x - y), n = s.length;
  return n === 0 ? NaN : n % 2 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2;
}
