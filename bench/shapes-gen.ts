// Two more cmp-inspector tree v1 generators, apart from synthetic.ts and held-out.ts and of shapes neither
// makes, to measure readers and the side-by-side jobs on input the other benchmarks did not shape. Each
// writes the document as plain JSON values (not through exportCmpV1); the caller stringifies it compact or
// pretty-printed.
//
// - deepChains: a Compose screen whose every control sits under a long chain of layout wrappers (Box,
//   Column, Surface, padding and semantics modifiers that each add a node), 20 to 90 levels, the chains
//   branching now and then; short texts in CJK, Korean, Thai and emoji, few design tokens.
// - wideTokens: a design-system-heavy screen: flat lists of hundreds of siblings (a settings page, a chip
//   grid, a product table), every node carrying a design token of 3–9 names and 5–14 resolved entries
//   (colours in every spelling, dimensions, type-ramp entries), long content descriptions mixing scripts.
import { prng } from './prng.js';

interface CmpNode { [k: string]: unknown; children: CmpNode[] }

const CJK = ['設定', '通知を許可する', '保存しました', '購物車', '确认订单', '검색', '프로필 편집', 'ภาษาไทย', '🔥 热门', '👨‍👩‍👧 家族', '🇯🇵 日本', '✅ 完了', '📦 配送中', '🎉', '中文（简体）', 'ロード中…'];
const WRAPPERS = ['Box', 'Column', 'Row', 'Surface', 'Card', null, null, null];
const LEAF_ROLES = ['Button', 'Image', 'Switch', 'Checkbox', 'Tab', null, null];

/** A cmp tree v1 document of exactly `n` nodes of deep wrapper chains, deterministic for a seed. */
export function deepChains(n: number, seed = 11): { schemaVersion: 1; source: string; root: CmpNode } {
  const rand = prng(seed);
  const pick = <T>(a: readonly T[]): T => a[Math.floor(rand() * a.length)]!;
  let made = 0;
  const node = (x: number, y: number, w: number, h: number, leaf: boolean): CmpNode => {
    made++;
    const o = {} as CmpNode;
    o.testTag = leaf && rand() < 0.5 ? `leaf_${made}` : rand() < 0.05 ? `wrap_${made}` : null;
    o.text = leaf && rand() < 0.7 ? pick(CJK) : null;
    o.contentDescription = leaf && rand() < 0.2 ? `${pick(CJK)} ${made}` : null;
    const role = leaf ? pick(LEAF_ROLES) : pick(WRAPPERS);
    if (role !== null || rand() < 0.5) o.role = role;
    if (leaf || rand() < 0.3) o.clickable = leaf && role !== null;
    if (rand() < 0.4) o.disabled = rand() < 0.03;
    o.bounds = { x, y, width: w, height: h };
    o.designToken = leaf && rand() < 0.15 ? { tokens: ['BodyMedium', 'OnSurface'], resolved: { fontSize: '14sp', textColor: '#1A1A1A' } } : null;
    o.children = [];
    return o;
  };
  const root = node(0, 0, 1080, 2400, false);
  let y = 0;
  // Screens of chains: each chain descends 20–90 wrappers, then branches into 1–4 leaves; a chain
  // sometimes forks halfway into a second chain, so the tree is deep without being a list of sticks.
  while (made < n) {
    let at = root;
    const depth = 20 + Math.floor(rand() * 70);
    const fork = rand() < 0.3 ? Math.floor(depth / 2) : -1;
    let forkAt: CmpNode | null = null;
    const inset = (d: number) => Math.min(d, 40);
    for (let d = 0; d < depth && made < n; d++) {
      const child = node(inset(d), y + inset(d), 1080 - 2 * inset(d), 160, false);
      at.children.push(child);
      at = child;
      if (d === fork) forkAt = at;
    }
    for (const parent of forkAt ? [at, forkAt] : [at]) {
      const leaves = 1 + Math.floor(rand() * 4);
      for (let k = 0; k < leaves && made < n; k++) parent.children.push(node(48 + k * 240, y + 48, 220, 96, true));
    }
    y += 160;
  }
  root.bounds = { x: 0, y: 0, width: 1080, height: Math.max(2400, y) };
  return { schemaVersion: 1, source: 'live-android', root };
}

const TOKENS = ['Primary', 'OnPrimary', 'PrimaryContainer', 'Secondary', 'Surface', 'SurfaceVariant', 'OnSurface', 'OnSurfaceVariant',
  'Outline', 'Error', 'PaddingPage', 'PaddingCard', 'GapCard', 'RadiusCard', 'RadiusPill', 'ElevationCard', 'TitleLarge', 'TitleMedium',
  'BodyMedium', 'BodySmall', 'LabelLarge', 'LabelSmall', 'DisplaySmall', 'HeadlineMedium'];
const RESOLVED: Array<[string, (r: () => number) => string]> = [
  ['containerColor', (r) => `#${Math.floor(r() * 0xffffff).toString(16).padStart(6, '0').toUpperCase()}`],
  ['contentColor', (r) => `#FF${Math.floor(r() * 0xffffff).toString(16).padStart(6, '0')}`],
  ['textColor', (r) => (r() < 0.5 ? '#1a1a1a' : '#FFF')],
  ['borderColor', (r) => `#${Math.floor(r() * 0xfff).toString(16).padStart(3, '0')}`],
  ['padding', (r) => `${Math.floor(r() * 32)}.0dp`],
  ['paddingHorizontal', (r) => `${Math.floor(r() * 24)}dp`],
  ['radius', (r) => (r() < 0.2 ? '999dp' : `${Math.floor(r() * 28)}dp`)],
  ['elevation', (r) => `${Math.floor(r() * 8)}dp`],
  ['gap', (r) => `${Math.floor(r() * 16)}.0dp`],
  ['fontSize', (r) => `${12 + Math.floor(r() * 12)}sp`],
  ['lineHeight', (r) => `${16 + Math.floor(r() * 16)}.0sp`],
  ['fontWeight', (r) => `FontWeight(weight=${(1 + Math.floor(r() * 9)) * 100})`],
  ['letterSpacing', (r) => `${(r() * 0.5).toFixed(2)}sp`],
  ['minHeight', (r) => `${40 + Math.floor(r() * 24)}dp`],
];
const LABELS = ['Notifications', 'Benachrichtigungen', 'Уведомления', '通知', 'الإشعارات', 'Dark mode 🌙', 'Données mobiles', 'Bluetooth',
  'Ubicación', '隐私与安全', 'Accessibilité', 'Storage · 64 GB used', 'Передача данных', '🔋 Battery saver'];

/** A cmp tree v1 document of exactly `n` nodes of wide, token-heavy lists, deterministic for a seed. */
export function wideTokens(n: number, seed = 13): { schemaVersion: 1; source: string; root: CmpNode } {
  const rand = prng(seed);
  const pick = <T>(a: readonly T[]): T => a[Math.floor(rand() * a.length)]!;
  let made = 0;
  const token = () => {
    const tokens = Array.from({ length: 3 + Math.floor(rand() * 7) }, () => pick(TOKENS));
    const resolved: Record<string, string> = {};
    const k = 5 + Math.floor(rand() * 10);
    for (let i = 0; i < k; i++) {
      const [name, value] = RESOLVED[(i * 5 + Math.floor(rand() * 3)) % RESOLVED.length]!;
      resolved[name] = value(rand);
    }
    return { tokens, resolved };
  };
  const node = (fields: Record<string, unknown>, bounds: { x: number; y: number; width: number; height: number }): CmpNode => {
    made++;
    const o: CmpNode = { testTag: null, text: null, contentDescription: null, ...fields, children: [] };
    o.bounds = bounds;
    o.designToken = rand() < 0.9 ? token() : null;
    o.children = [];
    return o;
  };
  const root = node({ testTag: 'screen', role: null, clickable: false, disabled: false }, { x: 0, y: 0, width: 1080, height: 2400 });
  let y = 0;
  let list = 0;
  while (made < n) {
    // One wide list: a header and 150–600 rows straight under it.
    const rows = 150 + Math.floor(rand() * 450);
    const container = node({ testTag: `list_${list}`, role: null, clickable: false, disabled: false }, { x: 0, y, width: 1080, height: rows * 56 });
    root.children.push(container);
    for (let i = 0; i < rows && made < n; i++) {
      const label = pick(LABELS);
      const row = node({
        testTag: rand() < 0.6 ? `row_${list}_${i}` : null,
        text: label,
        contentDescription: rand() < 0.5 ? `${label}, ${pick(LABELS)}, ${i + 1} / ${rows}` : null,
        role: pick(['Button', 'Switch', 'Checkbox', 'RadioButton', null]),
        clickable: true,
        disabled: rand() < 0.04,
      }, { x: 0, y: y + i * 56, width: 1080, height: 56 });
      container.children.push(row);
      // Half the rows carry a trailing value (a chip, a switch's label).
      if (rand() < 0.5 && made < n) row.children.push(node({ text: `${Math.floor(rand() * 100)} %`, role: null }, { x: 900, y: y + i * 56 + 12, width: 140, height: 32 }));
    }
    y += rows * 56;
    list++;
  }
  root.bounds = { x: 0, y: 0, width: 1080, height: Math.max(2400, y) };
  return { schemaVersion: 1, source: 'live-android', root };
}
