// Design tokens for the synthetic screens (bench/synthetic.ts makes none), as a create-cmp app reports
// them, and that app's sample catalog: what the drift benchmark and the side-by-side with the peer use.
import { catalogFromValue, type Catalog } from '../src/formats/catalog.js';
import { walk } from '../src/model/node.js';
import type { Node, Snapshot } from '../src/model/schema.js';

/** create-cmp's sample catalog, with its type ramp. */
export const CATALOG: Catalog = catalogFromValue({
  colors: { Primary: '#0A2540', OnPrimary: '#FFFFFF', Surface: '#FFFFFF', OnSurface: '#1A1A1A', OnSurfaceVariant: '#6B7280', Error: '#DC2626' },
  dimens: { PaddingPage: '16dp', PaddingCard: '16dp', RadiusCard: '16dp', RadiusPill: '999dp', ElevationCard: '2dp', GapCard: '12dp' },
  typography: [
    { name: 'titleLarge', weight: 600, size: '18sp', lineHeight: '24sp', tracking: null },
    { name: 'bodyMedium', weight: 400, size: '14sp', lineHeight: '20sp', tracking: null },
    { name: 'labelLarge', weight: 600, size: '14sp', lineHeight: '18sp', tracking: null },
  ],
});

/**
 * Gives the synthetic screen's nodes design tokens (bench/synthetic.ts makes none): every card, row,
 * heading, text and button, in the spellings real producers use (`#FFFFFFFF`, `16.0dp`). Every 97th
 * tokenized node drifts and every 997th names a misspelt token, so the check has findings to build.
 */
export function decorate(s: Snapshot): number {
  let i = 0;
  walk(s, ({ node }) => {
    const t = tokensFor(node);
    if (!t) return;
    i++;
    if (i % 97 === 0) t.resolved = { ...t.resolved, [Object.keys(t.resolved)[0]!]: i % 2 ? '24dp' : '#000000' };
    if (i % 997 === 0) t.tokens = t.tokens.map((x, k) => (k === 0 ? x.slice(0, -2) + x.slice(-1) + x.slice(-2, -1) : x));
    node.designToken = t;
  });
  return i;
}

function tokensFor(node: Node): Node['designToken'] {
  if (node.tag?.startsWith('card-')) return { tokens: ['Surface', 'RadiusCard', 'ElevationCard', 'PaddingCard'], resolved: { radius: '16.0dp', color: '#FFFFFFFF', elevation: '2dp', padding: '16dp' } };
  if (node.role === 'ListItem') return { tokens: ['PaddingPage'], resolved: { paddingHorizontal: '16dp' } };
  if (node.role === 'Heading') return { tokens: ['TitleLarge', 'OnSurface'], resolved: { fontSize: '18sp', lineHeight: '24sp', textColor: '#1a1a1a' } };
  if (node.role === 'Text') return { tokens: ['BodyMedium', 'OnSurfaceVariant'], resolved: { fontSize: '14.0sp', textColor: '#6B7280' } };
  if (node.role === 'Button') return { tokens: ['Primary', 'RadiusPill', 'LabelLarge'], resolved: { containerColor: '#0A2540', radius: '999dp', fontWeight: 'FontWeight(weight=600)' } };
  return null;
}

