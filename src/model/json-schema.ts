import { zod } from './lazy-schema.js';
import { SnapshotSchema } from './schema.js';

/** The JSON Schema of treewright's snapshot format, generated from the zod schema (the single source of truth). */
export function snapshotJsonSchema(): Record<string, unknown> {
  return {
    $id: 'https://treewright.dev/schema/snapshot-v1.json',
    title: 'treewright snapshot',
    ...zod().toJSONSchema(SnapshotSchema, { target: 'draft-2020-12', cycles: 'ref', reused: 'inline' }),
  };
}
