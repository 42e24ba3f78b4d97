import { FormatError } from '../errors.js';
import { parseJson, stringifyJson } from './json.js';
import { isObject } from './read.js';
import { parseJsonInput } from './guard.js';
import type { ImportOptions } from './types.js';

/** The payload of a JSON text that may come wrapped (an MCP answer, MoUI's envelope): checked and parsed (parseJsonInput), unwrapped. */
export function envelopeText(text: string, opts: ImportOptions, what: string): unknown {
  return unwrapEnvelope(parseJsonInput(text, opts, what), opts.where);
}

/**
 * The payload inside the wrappers a tree arrives in when it comes from an MCP tool rather than
 * a file: a JSON-RPC response (`{ result }`), an MCP tool result (`{ structuredContent }`, or
 * `{ content: [{ type: 'text', text }] }` whose text is the JSON), and MoUI's envelope
 * (`{ ok: true, value }`; `{ ok: false, error }` is the host refusing and becomes a FormatError).
 * Anything else is returned as it is.
 */
export function unwrapEnvelope(value: unknown, where?: string): unknown {
  // Bounded: each step strips one wrapper, and a real answer has at most four.
  for (let step = 0; step < 8 && isObject(value); step++) {
    const v = value;
    if (v.jsonrpc !== undefined && 'result' in v) value = v.result;
    else if (v.jsonrpc !== undefined && isObject(v.error)) {
      throw new FormatError('format_error', `the MCP server answered a JSON-RPC error: ${describeError(v.error)}`, {
        where,
        hint: 'The request itself was rejected; fix the call and capture again.',
      });
    } else if (isObject(v.structuredContent)) value = v.structuredContent;
    else if (v.ok === true && 'value' in v) value = v.value;
    else if (v.ok === false && isObject(v.error)) {
      const code = typeof v.error.code === 'string' ? v.error.code : 'error';
      throw new FormatError('format_error', `the host answered an error instead of a tree (${code}): ${describeError(v.error)}`, {
        where,
        hostCode: code,
        hint: code === 'host_closed' ? 'The app was closed; start it again and read the tree again.' : 'Read the semantics again; the host refused this read.',
      });
    } else if (Array.isArray(v.content) && !('roots' in v) && !('nodes' in v)) {
      const text = v.content.find((c): c is { type: string; text: string } => isObject(c) && c.type === 'text' && typeof c.text === 'string');
      if (!text) return value;
      if (v.isError === true) {
        throw new FormatError('format_error', `the MCP tool reported an error: ${text.text.slice(0, 300)}`, { where, hint: 'Fix the tool call and capture again.' });
      }
      value = parseJson(text.text, where);
    } else if (isObject(v.value) && Object.keys(v).length === 1) value = v.value;
    else return value;
  }
  return value;
}

function describeError(e: Record<string, unknown>): string {
  return typeof e.message === 'string' ? e.message : stringifyJson(e).slice(0, 300);
}
