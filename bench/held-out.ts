// A cmp-inspector tree v1 generator written apart from synthetic.ts, to measure readers on input the other
// benchmarks did not shape: it writes the JSON text directly (not through exportCmpV1), pretty-printed with a
// 2-space indent as the cmp-inspector harness writes it, with varied texts (escapes, quotes, scripts, emoji),
// tags, roles, optional members present or absent, fractional bounds, design tokens and uneven nesting.
import { prng } from './prng.js';

const WORDS = ['Save', 'Cancel', 'Settings', 'Profil bearbeiten', 'Ajouter au panier', 'Корзина', '設定', 'الإعدادات',
  'Notifications', 'Dark mode', '“Quoted” title', 'Tab\there', 'line one\nline two', 'C:\\path\\file', '👍 Like', 'Ελλάδα',
  'Price: $12.99', '50% off', '<b>bold</b>', 'naïve café'];
const ROLES = ['Button', 'Checkbox', 'Switch', 'Tab', 'Image', 'RadioButton', 'DropdownList', 'Heading', 'TextField'];
const TOKENS = ['Surface', 'RadiusCard', 'PaddingPage', 'TitleLarge', 'BodyMedium', 'Primary', 'OnSurface', 'Elevation2'];

const MAX_DEPTH = 40;

interface CmpNode { [k: string]: unknown; children: CmpNode[] }

/** A cmp tree v1 document of exactly `n` nodes, deterministic for a seed. */
export function heldOutCmp(n: number, seed = 7): string {
  const rand = prng(seed);
  const pick = <T>(a: readonly T[]): T => a[Math.floor(rand() * a.length)]!;
  const chance = (p: number) => rand() < p;
  const num = () => (chance(0.3) ? Math.round(rand() * 10800) / 10 : Math.round(rand() * 1080));
  let made = 0;
  const node = (): CmpNode => {
    made++;
    const o = {} as CmpNode;
    o.testTag = chance(0.45) ? `${pick(['row', 'item', 'card', 'btn', 'field', 'icon'])}_${made}` : null;
    o.text = chance(0.5) ? (chance(0.3) ? `${pick(WORDS)} ${made}` : pick(WORDS)) : null;
    o.contentDescription = chance(0.2) ? pick(WORDS) : null;
    if (chance(0.6)) o.role = chance(0.8) ? pick(ROLES) : null;
    if (chance(0.7)) o.clickable = chance(0.3);
    if (chance(0.5)) o.disabled = chance(0.05);
    o.bounds = { x: num(), y: num() * 2, width: num(), height: Math.round(rand() * 300) };
    if (chance(0.15)) o.size = { width: num(), height: num() };
    o.designToken = chance(0.35)
      ? { tokens: Array.from({ length: 1 + Math.floor(rand() * 3) }, () => pick(TOKENS)), resolved: chance(0.7) ? { padding: `${Math.floor(rand() * 24)}dp`, color: `#${Math.floor(rand() * 0xffffff).toString(16).padStart(6, '0')}` } : {} }
      : null;
    if (chance(0.02)) o.semanticsId = made;
    o.children = [];
    return o;
  };
  const root = node();
  // A depth-first walk that goes down into a new node now and then and climbs back one to three levels
  // now and then: lists of siblings, wrapper chains and leaves all occur, at most MAX_DEPTH levels deep.
  const path: CmpNode[] = [root];
  while (made < n) {
    const child = node();
    path[path.length - 1]!.children.push(child);
    const r = rand();
    if (r < 0.32 && path.length < MAX_DEPTH) path.push(child);
    else if (r > 0.82) path.length = Math.max(1, path.length - 1 - Math.floor(rand() * 3));
  }
  return JSON.stringify({ schemaVersion: 1, source: 'live-android', root }, null, 2) + '\n';
}
