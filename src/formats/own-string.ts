/**
 * A copy of `s` that shares no memory with the text it was cut from. V8 keeps a slice of 13 or more
 * characters (and a concatenation of slices) as a pointer into its parent string, so one kept
 * attribute value would keep a whole 77 MB dump alive for as long as the snapshot — or a process-wide
 * cache — holds it. Prepending a character and cutting it off again makes V8 copy the characters
 * into a new string (the short string it then slices is that copy, not the input).
 */
export function ownString(s: string): string {
  return s.length < 13 ? s : (' ' + s).slice(1);
}
