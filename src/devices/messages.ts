/**
 * Keeps `first` as the error reported and attaches `later` (a cleanup that also failed) as its
 * cause, or beside an existing cause in an AggregateError, so neither is lost.
 */
export function withCause(first: unknown, later: unknown): void {
  if (!(first instanceof Error) || first === later) return;
  const existing = (first as { cause?: unknown }).cause;
  const cause = existing === undefined ? later : new AggregateError([existing, later], 'several errors followed this one');
  Object.defineProperty(first, 'cause', { value: cause, configurable: true, writable: true, enumerable: false });
}
