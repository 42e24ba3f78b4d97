import { FormatError } from '../src/errors.js';

/** No agent can use a bigger answer (text characters); a tree that big is read in parts. */
export const MAX_ANSWER_CHARS = 4 * 1024 * 1024;

/**
 * Longest text perform_action fills (characters), checked before anything is sent: a field holding
 * more would make every later capture carry it, and the screen could no longer be read in an answer.
 */
export const MAX_FILL_CHARS = 1024 * 1024;

/** A FormatError('too_large') when `size` characters of `what` would not fit in one answer. */
export function checkAnswerSize(tool: string, what: string, size: number, limit = MAX_ANSWER_CHARS, hint?: string): void {
  if (size <= limit) return;
  throw new FormatError('too_large', `${tool}: ${what} would be ${(size / 1024 / 1024).toFixed(1)} MiB, over the ${limit / 1024 / 1024} MiB ${limit === MAX_ANSWER_CHARS ? 'an answer may hold' : 'this tool accepts'}`, {
    size, limit,
    hint: hint ?? "Narrow it: find_nodes with a locator, or get_tree with maxDepth, rootId or interactiveOnly (or format: 'text', the compact outline).",
  });
}
