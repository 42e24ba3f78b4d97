/** `1 error`, `2 errors`, `3 info` (with `many` for irregular plurals): one way to count in messages. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
