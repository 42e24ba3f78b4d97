/** The median of a sample (the upper middle for an even count), as every benchmark reports. */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

/**
 * A text as a user holds it: decoded from bytes (fs.readFile, an HTTP body), so one flat string. A text
 * built by concatenation is a rope in V8; JSON.parse flattens it once, but every character a scanner
 * reads from it costs ~2× (measured: 13.5 vs 5.9 ms for one pass over 2.8 MB), which is not what a
 * user reading a file gets. Every benchmark that times reading a text times it on this.
 */
export const asRead = (text: string): string => Buffer.from(text, 'utf8').toString('utf8');

/** Throughput in MB (10^6 bytes) per second of `bytes` read in `ms` milliseconds. */
export const mbps = (bytes: number, ms: number): number => bytes / 1e6 / (ms / 1000);
