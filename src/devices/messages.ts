/** An inner error's own sentence, without its `where:` prefix and hint, for wrapping in a stage's error. */
export function innerMessage(e: Error, where: string): string {
  const first = e.message.split('\n')[0]!;
  return first.startsWith(`${where}: `) ? first.slice(where.length + 2) : first;
}
