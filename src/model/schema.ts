import type { z } from 'zod';
import { lazySchema, onFirstCall, zod } from './lazy-schema.js';
import { warningSchema } from './warnings.js';

// Each schema is built at its first use (lazy-schema.ts): a private getter builds it, from the getters
// of the schemas it holds, and the exported name stands for it.

/** Normalised role vocabulary (docs/design.md §4). Importers map platform roles/classes onto it. */
export const ROLES = [
  'Button', 'Checkbox', 'Switch', 'RadioButton', 'Tab', 'TextField', 'Image', 'Link',
  'Heading', 'List', 'ListItem', 'Dialog', 'Slider', 'ProgressBar', 'DropdownList',
  'Text', 'Window', 'Group', 'Menu', 'MenuItem', 'Toolbar', 'Pager',
] as const;
const roleSchema = onFirstCall(() => zod().enum(ROLES));
export const RoleSchema = lazySchema(roleSchema);
export type Role = z.infer<typeof RoleSchema>;

export const ACTIONS = [
  'Click', 'LongClick', 'SetText', 'InsertText', 'ImeAction', 'ScrollBy', 'ScrollToIndex',
  'BringIntoView', 'RequestFocus', 'Dismiss', 'Expand', 'Collapse',
] as const;
const actionSchema = onFirstCall(() => zod().enum(ACTIONS));
export const ActionSchema = lazySchema(actionSchema);
export type Action = z.infer<typeof ActionSchema>;

const rectSchema = onFirstCall(() => {
  const z = zod();
  return z.object({
    x: z.number().finite(),
    y: z.number().finite(),
    width: z.number().finite().nonnegative(),
    height: z.number().finite().nonnegative(),
  });
});
export const RectSchema = lazySchema(rectSchema);
export type Rect = z.infer<typeof RectSchema>;

const pointSchema = onFirstCall(() => {
  const z = zod();
  return z.object({ x: z.number().finite(), y: z.number().finite() });
});
export const PointSchema = lazySchema(pointSchema);
export type Point = z.infer<typeof PointSchema>;

const designTokenSchema = onFirstCall(() => {
  const z = zod();
  return z.object({
    tokens: z.array(z.string()),
    resolved: z.record(z.string(), z.string()),
  });
});
export const DesignTokenSchema = lazySchema(designTokenSchema);
export type DesignToken = z.infer<typeof DesignTokenSchema>;

export const NODE_KINDS = ['compose', 'view', 'apple', 'web', 'generic'] as const;
const nodeKindSchema = onFirstCall(() => zod().enum(NODE_KINDS));
export const NodeKindSchema = lazySchema(nodeKindSchema);
export type NodeKind = z.infer<typeof NodeKindSchema>;

export const TOGGLES = ['on', 'off', 'indeterminate'] as const;
const toggleSchema = onFirstCall(() => zod().enum(TOGGLES));
export const ToggleSchema = lazySchema(toggleSchema);
export type Toggle = z.infer<typeof ToggleSchema>;

/**
 * Facts a source can leave unsaid. A node lists in `unstated` each one its source did not state: the
 * field then holds its neutral value (false) because nothing was said, not because the source said no
 * (an XCUITest Cell's page source does not say whether the app reacts to a tap on it).
 */
export const UNSTATED_FACTS = ['clickable'] as const;
const unstatedSchema = onFirstCall(() => zod().enum(UNSTATED_FACTS));
export const UnstatedSchema = lazySchema(unstatedSchema);
export type Unstated = z.infer<typeof UnstatedSchema>;

/**
 * The node fields, without children. Every importer fills what its format carries and
 * leaves the rest null / absent — never invented. Flags default to the neutral value.
 */
const nodeFieldsSchema = onFirstCall(() => {
  const z = zod();
  return z.object({
    /** Unique in the snapshot, decimal or negative-decimal string (JetWhale view/apple ids are negative). */
    id: z.string().min(1),
    kind: nodeKindSchema(),
    /** Normalised role, or null when the platform says nothing we can map. */
    role: roleSchema().nullable(),
    /** The platform's own role or class name, kept verbatim (e.g. android.widget.EditText). */
    rawRole: z.string().nullable(),
    /** The test handle: testTag, resource-id entry name, accessibilityIdentifier, data-testid. */
    tag: z.string().nullable(),
    text: z.string().nullable(),
    editableText: z.string().nullable(),
    contentDescription: z.string().nullable(),
    stateDescription: z.string().nullable(),
    value: z.string().nullable(),
    /** Placeholder / hint of a text field. */
    hint: z.string().nullable(),
    toggle: toggleSchema().nullable(),
    enabled: z.boolean(),
    clickable: z.boolean(),
    longClickable: z.boolean(),
    focusable: z.boolean(),
    focused: z.boolean(),
    selected: z.boolean(),
    editable: z.boolean(),
    scrollable: z.boolean(),
    visible: z.boolean(),
    password: z.boolean(),
    heading: z.boolean(),
    actions: z.array(actionSchema()),
    /** On screen (clipped), in the root's unit, screen coordinates (window offset applied). */
    bounds: rectSchema(),
    /** Unclipped layout bounds when the format carries them. */
    layoutBounds: rectSchema().nullable(),
    designToken: designTokenSchema().nullable(),
    /** Raw platform extras (viewClass, traits, package, resourceId, …). Values are JSON. */
    platform: z.record(z.string(), z.unknown()),
    /** The facts the source did not state (UnstatedSchema); absent when it stated every one it could. */
    unstated: z.array(unstatedSchema()).optional(),
  });
});
export const NodeFieldsSchema = lazySchema(nodeFieldsSchema);
export type NodeFields = z.infer<typeof NodeFieldsSchema>;

/**
 * A node with every field but the id at its neutral value, in the schema's order: what a node says when
 * its format says nothing about a field (makeNode in node.ts builds every node from it). Checked against
 * the schema by its return type, so a new field is one edit here and in the importers that fill it.
 */
export function neutralNode(id: string, children: Node[]): Node {
  return {
    id, kind: 'generic', role: null, rawRole: null, tag: null, text: null, editableText: null, contentDescription: null,
    stateDescription: null, value: null, hint: null, toggle: null,
    enabled: true, clickable: false, longClickable: false, focusable: false, focused: false, selected: false,
    editable: false, scrollable: false, visible: true, password: false, heading: false,
    actions: [], bounds: { x: 0, y: 0, width: 0, height: 0 }, layoutBounds: null, designToken: null, platform: {}, children,
  };
}

export type Node = NodeFields & { children: Node[] };

// Recursive schema; parsing it is recursive in zod, so deep trees are validated by our
// own iterative walker (readTree in src/formats/snapshot-json.ts, which checks each node with
// NodeFieldsSchema) and this schema is used for the JSON Schema and shallow checks.
const nodeSchema = onFirstCall((): z.ZodType<Node> => nodeFieldsSchema().extend({
  get children() {
    return zod().array(nodeSchema());
  },
}).meta({ id: "Node", description: "One semantics node (docs/design.md §4)." }) as unknown as z.ZodType<Node>);
export const NodeSchema: z.ZodType<Node> = lazySchema(nodeSchema);

const unitSchema = onFirstCall(() => zod().enum(['px', 'pt', 'dp']));
export const UnitSchema = lazySchema(unitSchema);
export type Unit = z.infer<typeof UnitSchema>;

const rootSchema = onFirstCall(() => {
  const z = zod();
  return z.object({
    rootId: z.string().min(1),
    label: z.string().nullable(),
    unit: unitSchema(),
    /** px per dp; 1 for pt and dp. */
    density: z.number().finite().positive(),
    windowOffset: pointSchema(),
    /** A touch-modal window blocks touches to everything below it. */
    touchModal: z.boolean(),
    node: nodeSchema(),
  });
});
export const RootSchema = lazySchema(rootSchema);
export type Root = Omit<z.infer<typeof RootSchema>, 'node'> & { node: Node };

export const SNAPSHOT_FORMAT = 'treewright-snapshot';
/** 2: warnings are `{ code, message }` (docs/design.md §4.1); version 1 files (string warnings) are still read. */
export const SNAPSHOT_VERSION = 2;
export const SNAPSHOT_VERSIONS_READ = [1, SNAPSHOT_VERSION] as const;

const snapshotSchema = onFirstCall(() => {
  const z = zod();
  return z.object({
    format: z.literal(SNAPSHOT_FORMAT),
    version: z.literal(SNAPSHOT_VERSION),
    /** Where it came from: `file:…`, `live:host:port`, `uiautomator`, … and the wire format. */
    source: z.string(),
    capturedAt: z.string(),
    /** Decimal string; changes only when content changes. */
    generation: z.string().regex(/^\d+$/),
    /** Bottom-to-top z-order. */
    roots: z.array(rootSchema()),
    /** What the importer or device worked around, as `{ code, message }` (docs/design.md §4.1). */
    warnings: z.array(warningSchema()),
  });
});
export const SnapshotSchema = lazySchema(snapshotSchema);
export type Snapshot = Omit<z.infer<typeof SnapshotSchema>, 'roots'> & { roots: Root[] };
