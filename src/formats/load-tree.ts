// `importTree` for callers that can wait (the file device, `treewright verify`): the same checks and
// sniffing (sniff.ts), then only the reader of the format sniffed is loaded, so reading a cmp-inspector
// tree loads no XML scanner and no other format's reader (docs/design.md §3, loading).
import type { Snapshot } from '../model/schema.js';
import { sniffTree, type Readers } from './sniff.js';
import type { ImportOptions } from './types.js';

/** Each reader's module, imported at the first tree of its format. */
const LOADERS: { [R in keyof Readers]: () => Promise<Readers[R]> } = {
  'apple-xml': async () => (await import('./xcuitest.js')).importAppleXml,
  uiautomator: async () => (await import('./uiautomator.js')).importCheckedUiautomator,
  treewright: async () => (await import('./snapshot-json.js')).snapshotFromValue,
  'cmp-v1': async () => (await import('./cmp.js')).cmpFromValue,
  jetwhale: async () => (await import('./jetwhale.js')).jetwhaleFromValue,
  moui: async () => (await import('./moui.js')).mouiFromValue,
  wda: async () => (await import('./apple-json.js')).wdaFromValue,
  idb: async () => (await import('./apple-json.js')).idbFromValue,
  maestro: async () => (await import('./maestro.js')).maestroFromValue,
};

/** What `importTree` returns for the same input and options (and the same FormatError for what it refuses). */
export async function loadTree(input: string | Uint8Array, options: ImportOptions = {}): Promise<Snapshot> {
  const tree = sniffTree(input, options);
  if ('text' in tree) return (await LOADERS[tree.reader]())(tree.text, tree.opts);
  return (await LOADERS[tree.reader]())(tree.value, tree.opts);
}
