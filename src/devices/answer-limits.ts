import { DeviceError, FormatError } from '../errors.js';
import { DEFAULT_MAX_BYTES } from '../formats/types.js';

/**
 * The bounds every answer from a device is read under, whatever the protocol (docs/design.md §6):
 * its size and its time. Every driver reads its answers through here, so a server that sends an
 * endless body, an endless line or nothing at all ends in the same two typed errors, each naming the
 * bound that was reached: `too_large` with its `limit`, `device_timeout` with its `timeoutMs`.
 */

/** Largest answer a device may send (a tree, a screenshot, one MCP message): the importers' own input limit. */
export const MAX_ANSWER_BYTES = DEFAULT_MAX_BYTES;

/** Where an answer comes from, for the errors: the device, the stage, and what answered (a URL, "the MCP server"). */
export interface AnswerSource {
  where: string;
  stage: string;
  from: string;
}

/** The answer was over the cap: `size` is what it declared, or undefined when it only grew past the cap. */
export function answerTooLarge(src: AnswerSource, limit: number, size?: number): FormatError {
  return new FormatError('too_large', `${src.stage}: ${src.from} answered ${size !== undefined ? `${size} bytes` : `more than ${limit} bytes`}, over the ${limit}-byte limit for one answer`, {
    where: src.where, stage: src.stage, limit, ...(size !== undefined ? { size } : {}),
    hint: 'Capture a smaller screen, or check that the address belongs to the app\'s inspector or agent.',
  });
}

/** The answer did not come within `timeoutMs`; `note` adds what was seen meanwhile. */
export function answerTimedOut(src: AnswerSource, timeoutMs: number, hint: string, note = ''): DeviceError {
  return new DeviceError('device_timeout', `${src.stage}: ${src.from} did not answer within ${timeoutMs}ms${note}`, { where: src.where, stage: src.stage, timeoutMs, hint });
}

/**
 * A fetch Response's body, refused past `limit` bytes: by Content-Length before reading, else as it
 * streams in (the chunks read so far are dropped with the connection).
 */
export async function readCappedBody(res: Response, limit: number, src: AnswerSource): Promise<Buffer> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    await res.body?.cancel().catch(() => undefined);
    throw answerTooLarge(src, limit, declared);
  }
  if (!res.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw answerTooLarge(src, limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * A fetch whose responses error once one answer passes `limit` bytes, for clients that read the body
 * themselves (the MCP SDK's streamable HTTP transport). A JSON body is one answer; an event stream
 * is one answer per event, so a long-lived stream of small events is never cut, while one endless
 * event is. `onOverflow` hears of it first, because the client may only see a broken stream.
 */
export function cappedFetch(limit: number, src: AnswerSource, onOverflow: (e: FormatError) => void): typeof fetch {
  return async (input, init) => {
    const res = await fetch(input, init);
    const declared = Number(res.headers.get('content-length'));
    const fail = (size?: number): FormatError => {
      const e = answerTooLarge(src, limit, size);
      onOverflow(e);
      return e;
    };
    if (Number.isFinite(declared) && declared > limit) {
      await res.body?.cancel().catch(() => undefined);
      throw fail(declared);
    }
    if (!res.body) return res;
    const events = (res.headers.get('content-type') ?? '').includes('text/event-stream');
    let size = 0;
    let b1 = -1; // the last two bytes before this chunk, for a blank line split across chunks
    let b2 = -1;
    const counted = res.body.pipeThrough(new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, ctl) {
        if (events) {
          const end = lastEventEnd(chunk, b1, b2);
          size = end === -1 ? size + chunk.length : chunk.length - end;
          if (chunk.length >= 2) [b2, b1] = [chunk[chunk.length - 2]!, chunk[chunk.length - 1]!];
          else if (chunk.length === 1) [b2, b1] = [b1, chunk[0]!];
        } else {
          size += chunk.length;
        }
        if (size > limit) ctl.error(fail());
        else ctl.enqueue(chunk);
      },
    }));
    return new Response(counted, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}

/**
 * Offset just past the last blank line (`\n\n`, `\r\n\r\n` or `\r\r`: the end of an event) in
 * `chunk`, -1 when none; `b1`, `b2` are the last two bytes before it.
 */
function lastEventEnd(chunk: Uint8Array, b1: number, b2: number): number {
  const LF = 10;
  const CR = 13;
  for (let i = chunk.length - 1; i >= 0; i--) {
    const c = chunk[i]!;
    if (c !== LF && c !== CR) continue;
    const p1 = i >= 1 ? chunk[i - 1]! : b1;
    const p2 = i >= 2 ? chunk[i - 2]! : i === 1 ? b1 : b2;
    if (c === LF && (p1 === LF || (p1 === CR && p2 === LF))) return i + 1;
    if (c === CR && p1 === CR) return i + 1;
  }
  return -1;
}

/**
 * A promise bounded in time, for answers that come through a client with no timeout of its own
 * (a CDP session): past `timeoutMs` it rejects with `answerTimedOut`.
 */
export async function withinTime<T>(answer: Promise<T>, timeoutMs: number, src: AnswerSource, hint: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(answerTimedOut(src, timeoutMs, hint)), timeoutMs); });
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}
