/**
 * The user's line for an action or an assertion: the first stack frame outside treewright and
 * Playwright, as Playwright's own expect finds the line of an assertion (it filters its own package's
 * frames from a captured raw stack). The action's step is placed there, and a failed action's error
 * stack starts there, so the terminal, the JSON reporter and the HTML report show the spec's
 * `file:line` and code frame; a failure report carries it (FailureReport.location) for the report page.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PACKAGE_ROOT } from '../src/common/package-root.js';

export interface CallerLocation {
  file: string;
  line: number;
  column: number;
}

/** The folders treewright's code lives in, built or mapped back to its sources. */
const OWN = ['dist', 'src', 'runner', 'matchers', 'agents'].map((d) => path.join(PACKAGE_ROOT, d) + path.sep);

const FRAME = /^\s*at (?:.*? \()?(.*?):(\d+):(\d+)\)?$/;

function fileOf(raw: string): string {
  return raw.startsWith('file://') ? fileURLToPath(raw) : raw;
}

/** A frame of the user's code: not node's, not treewright's, not Playwright's (which sits in node_modules). */
export function isUserFrame(file: string): boolean {
  if (!file || file.startsWith('node:') || file.startsWith('internal/') || !path.isAbsolute(file)) return false;
  if (OWN.some((d) => file.startsWith(d))) return false;
  return !/[/\\]node_modules[/\\](@playwright|playwright|playwright-core)[/\\]/.test(file);
}

/** The user's frames of the current stack, as raw `    at …` lines, and the first as a location. */
export function userFrames(): { lines: string[]; location: CallerLocation | undefined } {
  return framesOf(rawStack());
}

function rawStack(): Error {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 50;
  const e = new Error();
  Error.stackTraceLimit = limit;
  return e;
}

/**
 * The caller's location, captured now (synchronously, while the user's frame is on the stack: a
 * matcher's first await loses it) and read later: its frames are turned into a location only when
 * asked, so a matcher that passes never does that work.
 */
export function captureCaller(): () => CallerLocation | undefined {
  const e = rawStack();
  return () => framesOf(e).location;
}

function framesOf(e: Error): { lines: string[]; location: CallerLocation | undefined } {
  const stack = e.stack ?? '';
  const lines: string[] = [];
  let location: CallerLocation | undefined;
  for (const line of stack.split('\n').slice(1)) {
    const m = FRAME.exec(line);
    if (!m) continue;
    const file = fileOf(m[1]!);
    if (!isUserFrame(file)) continue;
    lines.push(line);
    location ??= { file, line: Number(m[2]), column: Number(m[3]) };
  }
  return { lines, location };
}

/** Replaces an error's frames with the user's (keeping its name and message), so its location is the spec line. */
export function pointAtCaller(error: unknown, frames: readonly string[]): void {
  if (!(error instanceof Error) || frames.length === 0) return;
  const stack = error.stack ?? `${error.name}: ${error.message}`;
  const at = stack.search(/\n\s+at /);
  const head = at >= 0 ? stack.slice(0, at) : stack;
  error.stack = [head, ...frames].join('\n');
}
