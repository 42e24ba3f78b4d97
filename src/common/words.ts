/** `1 error`, `2 errors`, `3 info` (with `many` for irregular plurals): one way to count in messages. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** A node:util parseArgs error as one short line: its first sentence ("Unknown option '--x'"), lower-cased start. */
export function argsProblem(message: string): string {
  const first = message.split('\n')[0]!.split(/\. (?=[A-Z])/)[0]!.replace(/\.$/, '');
  return first.charAt(0).toLowerCase() + first.slice(1);
}
