/**
 * The tool registry: every tool's entry (tool.ts) gives the tools/list listing (JSON Schemas
 * generated from its zod schemas), the validation of its arguments and its dispatch, so the three
 * cannot drift apart. Argument and business errors come back as envelopes (envelope.ts); only
 * malformed JSON-RPC is a JSON-RPC error (src/mcp/transport.ts).
 */
import { z } from 'zod';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { TargetError } from '../src/errors.js';
import { envelopeSchema, errorBody, failure, success } from './envelope.js';
import type { Session } from './session.js';
import type { ToolSpec } from './tool.js';
import { checkAnswerSize } from './limits.js';
import { connectTool } from './tools/connect.js';
import { findNodesTool } from './tools/find-nodes.js';
import { getTreeTool } from './tools/get-tree.js';
import { nodeAtTool } from './tools/node-at.js';
import { performActionTool } from './tools/perform-action.js';
import { checkTool } from './tools/check.js';
import { exportTestTool } from './tools/export-test.js';

export const TOOLS: readonly ToolSpec[] = [
  connectTool, findNodesTool, getTreeTool, nodeAtTool, performActionTool, checkTool, exportTestTool,
] as unknown as readonly ToolSpec[];

export interface Registry {
  /** What tools/list answers. */
  list(): Tool[];
  /** Validates the arguments, runs the handler (one call at a time per session) and wraps the answer. */
  call(name: string, args: unknown, session: Session): Promise<CallToolResult>;
}

/** JSON Schema for MCP: draft-07 (what the SDK's validator reads), no $schema key. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { target: 'draft-7', io, cycles: 'ref', reused: 'inline', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

export function buildRegistry(tools: readonly ToolSpec[] = TOOLS): Registry {
  const byName = new Map(tools.map((t) => [t.name, t]));
  const listing: Tool[] = tools.map((t) => ({
    name: t.name,
    title: t.annotations.title,
    description: t.description,
    inputSchema: { ...jsonSchema(t.input, 'input'), type: 'object' } as Tool['inputSchema'],
    // The SDK requires type: "object" at the top of an output schema, beside the envelope's oneOf.
    outputSchema: { ...jsonSchema(envelopeSchema(t.output), 'output'), type: 'object' } as Tool['outputSchema'],
    annotations: { ...t.annotations },
  }));
  return {
    list: () => listing,
    async call(name, args, session) {
      const tool = byName.get(name);
      if (!tool) {
        const e = new TargetError('invalid_arguments', `no tool named ${JSON.stringify(name)}`, { tool: name, tools: tools.map((t) => t.name), hint: `Use one of: ${tools.map((t) => t.name).join(', ')}.` });
        const { body } = errorBody(e);
        return failure(body, false);
      }
      const parsed = tool.input.safeParse(args ?? {});
      if (!parsed.success) {
        const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.') || '(arguments)', message: i.message }));
        const e = new TargetError('invalid_arguments', `${name}: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`, {
          issues, hint: `See the input schema of ${name} in tools/list.`,
        });
        return failure(errorBody(e).body, false);
      }
      return session.serialize(async () => {
        try {
          const answer = await tool.handler(parsed.data, session);
          // Both halves of the answer count: a JSON value goes out as structuredContent beside the text.
          tooLarge(name, 'text', answer.text?.length ?? 0);
          tooLarge(name, 'structured value', jsonLength(answer.value));
          return success(answer);
        } catch (e) {
          const { body, appData } = errorBody(e);
          return failure(body, appData);
        }
      });
    },
  };
}

function tooLarge(tool: string, what: string, size: number): void {
  checkAnswerSize(tool, `the answer's ${what}`, size);
}

/** Characters the value takes as JSON (what structuredContent costs on the wire). */
function jsonLength(value: unknown): number {
  return value === undefined ? 0 : (JSON.stringify(value)?.length ?? 0);
}
