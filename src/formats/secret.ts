import type { NodeFields } from '../model/schema.js';

/**
 * A password field's contents are never captured (docs/design.md §4): whatever the producer sent,
 * the field keeps its label but loses its content and value. The one place that scrubs them;
 * every importer calls it. Returns `fields` itself when there is nothing to drop (`!==` tells a caller
 * that something was dropped).
 */
export function withoutSecret<T extends Partial<NodeFields>>(fields: T): T {
  if (!fields.password || (fields.editableText == null && fields.value == null)) return fields;
  return { ...fields, editableText: null, value: null };
}
