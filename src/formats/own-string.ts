/**
 * A copy of `s` that shares no memory with the text it was cut from: a slice of a string may point into
 * its parent, so one kept attribute value could keep a whole dump alive for as long as the snapshot —
 * or a process-wide cache — holds it. Prepending a character and cutting it off again builds a new
 * string from the characters (tests/formats/retention.spec.ts checks an import keeps none of its text).
 */
export function ownString(s: string): string {
  return s.length < 13 ? s : (' ' + s).slice(1);
}
