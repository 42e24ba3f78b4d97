import type { NodeFields } from '../model/schema.js';

/**
 * A password field's contents are never captured (DESIGN §4): whatever the producer sent,
 * the field keeps its label but loses its content and value.
 */
export function withoutSecret<T extends Partial<NodeFields>>(fields: T): T {
  if (!fields.password) return fields;
  return { ...fields, editableText: null, value: null };
}
