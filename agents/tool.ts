/**
 * The shape of one tool: its zod input schema, the zod schema of its value, annotations,
 * description and handler, in one object (the MoUI router's rule), so the tool list, validation
 * and dispatch are all read from the same entry and cannot drift apart.
 */
import type { z } from 'zod';
import type { Answer } from './envelope.js';
import type { Session } from './session.js';

export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

export interface ToolSpec<I extends z.ZodObject = z.ZodObject, V extends z.ZodType = z.ZodType> {
  name: string;
  /** Starts with what the tool does, holds one "Use when …" sentence, under 1,024 characters. */
  description: string;
  input: I;
  /** The schema of `value` in a successful answer (the envelope is added around it). */
  output: V;
  annotations: ToolAnnotations;
  handler(args: z.output<I>, session: Session): Promise<Answer<z.output<V>>>;
}

/** Identity, for inference: `defineTool({ … })` types the handler's args from the input schema. */
export function defineTool<I extends z.ZodObject, V extends z.ZodType>(spec: ToolSpec<I, V>): ToolSpec<I, V> {
  return spec;
}
