import { expect } from '@playwright/test';
import { FormatError } from '../../src/errors.js';
import { walk } from '../../src/model/node.js';
import type { Node, Snapshot } from '../../src/model/schema.js';

/** The FormatError `fn` throws (fails the test when it throws none or another kind). */
export function formatErrorOf(fn: () => unknown): FormatError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(FormatError);
    return e as FormatError;
  }
  throw new Error('expected a FormatError, nothing was thrown');
}

/** The node with that id (fails the test when there is none). */
export function nodeById(s: Snapshot, id: string): Node {
  let found: Node | null = null;
  walk(s, ({ node }) => {
    if (node.id === id) found = node;
  });
  if (!found) throw new Error(`no node #${id}`);
  return found;
}
