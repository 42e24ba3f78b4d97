import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { audit, type A11yOptions } from '../../src/analysis/a11y.js';
import { contrastRatio, parseColor } from '../../src/common/color.js';
import { findingLine } from '../../src/common/finding-line.js';
import { analyzeReachability, isShown } from '../../src/facts/reachability.js';
import { importTree } from '../../src/formats/index.js';
import { TargetError } from '../../src/errors.js';
import type { Node, NodeFields } from '../../src/model/schema.js';
import { n, r, root, snap } from '../helpers/build.js';

const fixture = (name: string) => importTree(readFileSync(new URL(`../../fixtures/trees/${name}`, import.meta.url), 'utf8'), { where: name });

const click = { clickable: true, actions: ['Click' as const] };
/** A 360×800 dp screen (density 1) holding the given nodes. */
function screen(children: Node[], extra: Parameters<typeof root>[1] = {}) {
  return snap(root(n({ id: 'screen', bounds: r(0, 0, 360, 800) }, children), { rootId: 'main', ...extra }));
}
/** Findings reduced to what the assertions compare. */
function brief(findings: ReturnType<typeof audit>) {
  return findings.map((f) => ({ rule: f.rule, severity: f.severity, nodeId: f.nodeId, message: f.message }));
}
function rulesOf(nodes: Node[], opts: A11yOptions = {}, extra: Parameters<typeof root>[1] = {}) {
  return audit(screen(nodes, extra), opts).map((f) => `${f.severity} ${f.rule} #${f.nodeId}`);
}
function textNode(id: string, resolved: Record<string, string>, fields: Partial<NodeFields> = {}) {
  return n({ id, text: 'Hello', bounds: r(100, 100, 100, 20), designToken: { tokens: [], resolved }, ...fields });
}

test.describe('fixtures: the exact findings', () => {
  test('a11y-tree.json: the unlabeled 40×40 icon fails touch-target and speakable-text, nothing else', () => {
    const s = fixture('a11y-tree.json');
    const findings = audit(s);
    expect(findings).toEqual([
      {
        check: 'a11y', rule: 'touch-target', severity: 'error', nodeId: '1', rootId: 'root',
        node: 'Button #1 tag=icon_unlabeled [clickable] actions=Click tap=324,36',
        message: '40×40 dp < 48×48 dp', measured: '40×40 dp', threshold: '48×48 dp',
        data: { unit: 'dp', width: 40, height: 40, requiredWidth: 48, requiredHeight: 48 },
      },
      {
        check: 'a11y', rule: 'speakable-text', severity: 'error', nodeId: '1', rootId: 'root',
        node: 'Button #1 tag=icon_unlabeled [clickable] actions=Click tap=324,36',
        message: 'no speakable text: no description, text or hint, and no descendant text merges into it',
      },
    ]);
    // Named for what the fixture plants: the decorative badge (""), the legacy node without the
    // optional fields, and the nav item labelled by its child are all clean.
    const tags = new Map(s.roots[0]!.node.children.map((c) => [c.tag, c.id]));
    for (const tag of ['decor_badge', 'legacy_node_no_optional_fields', 'nav_item_labeled_by_child', 'primary_button']) {
      expect(findings.filter((f) => f.nodeId === tags.get(tag)), tag).toEqual([]);
    }
  });

  test('a11y-tree.json at a real phone density: the icon is 15.2 dp, and the other targets shrink too', () => {
    const s = fixture('a11y-tree.json');
    s.roots[0]!.density = 2.625;
    expect(audit(s, { rules: { 'speakable-text': 'off' } }).map(findingLine)).toEqual([
      'error touch-target  Button #1 tag=icon_unlabeled [clickable] actions=Click tap=324,36 — 15.2×15.2 dp < 48×48 dp',
      'error touch-target  Button #2 "Continue" tag=primary_button [clickable] actions=Click tap=180,124 — 125×21.3 dp < 48×48 dp',
      'error touch-target  node #3 tag=nav_item_labeled_by_child [clickable] actions=Click tap=64,204 — 36.6×21.3 dp < 48×48 dp',
    ]);
  });

  test('the reference app\'s planted problem, as its tree will carry it: a 32 dp icon button without a label', () => {
    // 84 px at density 2.625 is 32 dp; away from the edges the minimum is 48 dp.
    const icon = n({ id: '7', role: 'Button', tag: 'icon_search', ...click, bounds: r(900, 300, 84, 84) });
    const s = snap(root(n({ id: '0', bounds: r(0, 0, 1080, 2400) }, [icon]), { rootId: 'root', density: 2.625 }));
    expect(audit(s).map(findingLine)).toEqual([
      'error touch-target  Button #7 tag=icon_search [clickable] actions=Click tap=942,342 — 32×32 dp < 48×48 dp',
      'error speakable-text  Button #7 tag=icon_search [clickable] actions=Click tap=942,342 — no speakable text: no description, text or hint, and no descendant text merges into it',
    ]);
  });

  test('home.json (the cmp corpus tree): no accessibility findings', () => {
    expect(audit(fixture('home.json'))).toEqual([]);
  });
});

test.describe('touch-target', () => {
  test('sizes are dp via the root density, never raw px', () => {
    const icon = n({ id: 'icon', ...click, contentDescription: 'Close', bounds: r(400, 400, 40, 40) });
    const big = n({ id: 'big', ...click, contentDescription: 'Open', bounds: r(400, 600, 126, 126) }); // 48 dp
    const s = snap(root(n({ id: 'screen', bounds: r(0, 0, 1080, 2400) }, [icon, big]), { density: 2.625 }));
    expect(brief(audit(s))).toEqual([{ rule: 'touch-target', severity: 'error', nodeId: 'icon', message: '15.2×15.2 dp < 48×48 dp' }]);
    // The same 40 px at density 1 is 40 dp: still small, but measured as 40.
    const icon1 = n({ id: 'icon', ...click, contentDescription: 'Close', bounds: r(400, 400, 40, 40) });
    expect(audit(snap(root(n({ id: 'screen', bounds: r(0, 0, 1080, 2400) }, [icon1])))).map((f) => f.message)).toEqual(['40×40 dp < 48×48 dp']);
  });

  test('dp are rounded before the comparison, as ATF does: 47.6 dp passes, 47.4 dp does not', () => {
    expect(rulesOf([n({ id: 'a', ...click, text: 'A', bounds: r(100, 100, 47.6, 47.6) })])).toEqual([]);
    expect(rulesOf([n({ id: 'b', ...click, text: 'B', bounds: r(100, 100, 47.4, 60) })])).toEqual(['error touch-target #b']);
  });

  test('clickable, long-clickable, editable and Click-action nodes are measured; others are not', () => {
    const small = r(100, 100, 20, 20);
    expect(rulesOf([
      n({ id: 'c', clickable: true, text: 'c', bounds: small }),
      n({ id: 'l', longClickable: true, text: 'l', bounds: r(100, 200, 20, 20) }),
      n({ id: 'e', editable: true, hint: 'Name', bounds: r(100, 300, 20, 20) }),
      n({ id: 'a', actions: ['Click'], text: 'a', bounds: r(100, 400, 20, 20) }),
      n({ id: 'text', text: 'label', bounds: r(100, 500, 20, 20) }),
      n({ id: 'focus', focusable: true, text: 'f', bounds: r(100, 600, 20, 20) }),
    ], { rules: { 'duplicate-clickable-bounds': 'off' } })).toEqual(['error touch-target #c', 'error touch-target #l', 'error touch-target #e', 'error touch-target #a']);
  });

  test('against a window edge the minimum is 32 dp in that dimension only', () => {
    // 36×36 dp at the left edge: width needs 32 (ok), height still 48.
    const left = audit(screen([n({ id: 'left', ...click, text: 'x', bounds: r(0, 300, 36, 36) })]));
    expect(brief(left)).toEqual([{ rule: 'touch-target', severity: 'error', nodeId: 'left', message: '36×36 dp < 32×48 dp (against the left/right edge of its window)' }]);
    // In the top-left corner both dimensions are on an edge: 36×36 passes.
    expect(rulesOf([n({ id: 'corner', ...click, text: 'x', bounds: r(0, 0, 36, 36) })])).toEqual([]);
    // Right and bottom edges count too; 30 dp is below even the edge minimum.
    expect(audit(screen([n({ id: 'br', ...click, text: 'x', bounds: r(330, 770, 30, 30) })])).map((f) => f.message))
      .toEqual(['30×30 dp < 32×32 dp (against the left/right and top/bottom edge of its window)']);
  });

  test('the edge is the node\'s own window\'s (a dialog is a root of its own)', () => {
    const dialog = n({ id: 'dialog', bounds: r(40, 300, 280, 200) }, [
      n({ id: 'corner', ...click, text: 'OK', bounds: r(40, 460, 40, 40) }), // dialog's left and bottom edges
      n({ id: 'inside', ...click, text: 'Cancel', bounds: r(100, 400, 40, 40) }),
    ]);
    const s = snap(root(n({ id: 'screen', bounds: r(0, 0, 360, 800) }), { rootId: 'main' }), root(dialog, { rootId: 'dialog', windowOffset: { x: 40, y: 300 } }));
    expect(audit(s).map((f) => `${f.rootId} #${f.nodeId} ${f.message}`)).toEqual(['dialog #inside 40×40 dp < 48×48 dp']);
  });

  test('thresholds can be changed', () => {
    const nodes = [n({ id: 'x', ...click, text: 'x', bounds: r(100, 100, 44, 44) })];
    expect(rulesOf(nodes)).toEqual(['error touch-target #x']);
    expect(rulesOf(nodes, { thresholds: { touchTargetDp: 44 } })).toEqual([]);
    expect(rulesOf(nodes, { thresholds: { touchTargetDp: 24 } })).toEqual([]);
  });

  test('a small target inside a big clickable of the same kind is a warning (ATF: the ancestor may take the touch)', () => {
    const row = n({ id: 'row', ...click, text: 'Wi-Fi', bounds: r(0, 100, 360, 56) }, [
      n({ id: 'sw', ...click, toggle: 'on', contentDescription: 'Wi-Fi switch', bounds: r(300, 114, 40, 28) }),
    ]);
    expect(rulesOf([row], { rules: { 'redundant-description': 'off' } })).toEqual(['warning touch-target #sw']);
    // A long-clickable ancestor does not vouch for a clickable child.
    const longRow = n({ id: 'row', longClickable: true, text: 'Wi-Fi', bounds: r(0, 100, 360, 56) }, [
      n({ id: 'sw', ...click, contentDescription: 'Toggle', bounds: r(300, 114, 40, 28) }),
    ]);
    expect(rulesOf([longRow])).toEqual(['error touch-target #sw']);
    // Nor does a clickable ancestor that is itself too small.
    const smallRow = n({ id: 'row', ...click, text: 'Wi-Fi', bounds: r(100, 100, 46, 40) }, [
      n({ id: 'sw', ...click, contentDescription: 'Toggle', bounds: r(104, 104, 20, 20) }),
    ]);
    expect(rulesOf([smallRow])).toEqual(['error touch-target #row', 'error touch-target #sw']);
  });

  test('partly off-screen: skipped inside a scroller, a warning when clipped elsewhere but big enough unclipped', () => {
    const inList = n({ id: 'list', scrollable: true, bounds: r(0, 0, 360, 400) }, [
      n({ id: 'cut', ...click, text: 'Row', bounds: r(0, 380, 360, 20), layoutBounds: r(0, 380, 360, 56) }),
    ]);
    expect(rulesOf([inList])).toEqual([]);
    const inBox = n({ id: 'box', bounds: r(100, 100, 100, 30) }, [
      n({ id: 'cut', ...click, text: 'Row', bounds: r(120, 100, 60, 30), layoutBounds: r(120, 90, 60, 50) }),
    ]);
    expect(audit(screen([inBox])).map((f) => `${f.severity} ${f.message}`)).toEqual(['warning 60×30 dp < 48×48 dp (clipped by an ancestor (unclipped 60×50 dp))']);
  });

  test('invisible and fully scrolled-out nodes are not measured', () => {
    expect(rulesOf([
      n({ id: 'hidden', ...click, text: 'x', visible: false, bounds: r(100, 100, 10, 10) }),
      n({ id: 'gone', ...click, text: 'y', bounds: r(100, 800, 0, 0) }),
    ])).toEqual([]);
  });

  test('a node under an invisible ancestor is hidden too, as reachability says (no tap point)', () => {
    const s = screen([
      n({ id: 'panel', visible: false, bounds: r(0, 200, 360, 100) }, [
        n({ id: 'small', ...click, text: 'x', bounds: r(100, 220, 20, 20) }),
      ]),
      n({ id: 'shown', ...click, text: 'y', bounds: r(100, 400, 20, 20) }),
    ]);
    expect(audit(s).map((f) => `${f.rule} #${f.nodeId}`)).toEqual(['touch-target #shown']);
    const reach = analyzeReachability(s);
    const small = s.roots[0]!.node.children[0]!.children[0]!;
    expect(reach.get(small).tap).toBeNull();
    expect(isShown(s, small)).toBe(false);
    expect(isShown(s, s.roots[0]!.node.children[1]!)).toBe(true);
  });
});

test.describe('text-contrast', () => {
  test('parseColor and contrastRatio follow WCAG', () => {
    expect(contrastRatio(parseColor('#000')!, parseColor('#FFFFFF')!)).toBeCloseTo(21, 5);
    expect(contrastRatio(parseColor('#777777')!, parseColor('#FFF')!)).toBeCloseTo(4.48, 2);
    expect(contrastRatio(parseColor('#FFFFFF')!, parseColor('#FFFFFFFF')!)).toBe(1);
    // Alpha first: #80000000 is half-transparent black, which over white shows as #7F7F7F (4.0:1).
    expect(contrastRatio(parseColor('#80000000')!, parseColor('#FFFFFF')!)).toBeCloseTo(4.0, 2);
  });

  test('fires below 4.5:1 for normal text, with both colours and the ratio in the message', () => {
    const s = screen([n({ id: 'card', bounds: r(0, 0, 360, 400), designToken: { tokens: ['Surface'], resolved: { color: '#FFFFFF' } } }, [
      textNode('grey', { textColor: '#777777' }, { text: 'Grey' }),
      textNode('dark', { textColor: '#595959' }, { text: 'Dark' }),
    ])]);
    expect(brief(audit(s))).toEqual([{ rule: 'text-contrast', severity: 'error', nodeId: 'grey', message: 'contrast 4.48:1 < 4.5:1 (#777777 on #FFFFFF)' }]);
    expect(audit(s)[0]).toMatchObject({ measured: 4.48, threshold: 4.5, data: { foreground: '#777777', background: '#FFFFFF', largeText: false } });
  });

  test('large text (≥ 18 sp, or ≥ 14 sp bold) needs only 3:1', () => {
    const bg = { background: '#FFFFFF' };
    const cases: Array<[Record<string, string>, boolean]> = [
      [{ ...bg, textColor: '#888888', fontSize: '16sp' }, true], // 3.54:1, normal text
      [{ ...bg, textColor: '#888888', fontSize: '18sp' }, false],
      [{ ...bg, textColor: '#888888', fontSize: '14sp', fontWeight: 'bold' }, false],
      [{ ...bg, textColor: '#888888', fontSize: '14.0sp', fontWeight: '700' }, false],
      [{ ...bg, textColor: '#888888', fontSize: '14sp', fontWeight: '500' }, true],
      [{ ...bg, textColor: '#AAAAAA', fontSize: '24sp' }, true], // 2.32:1 fails even large
      // Every spelling values.ts reads: Compose's TextUnit / FontWeight toString, constants, a bare number.
      [{ ...bg, textColor: '#888888', fontSize: '18.0.sp' }, false],
      [{ ...bg, textColor: '#888888', fontSize: '14.0.sp', fontWeight: 'FontWeight.Bold' }, false],
      [{ ...bg, textColor: '#888888', fontSize: '14sp', fontWeight: 'FontWeight(weight=700)' }, false],
      [{ ...bg, textColor: '#888888', fontSize: '14sp', fontWeight: 'W600' }, true],
      [{ ...bg, textColor: '#888888', fontSize: '18' }, false],
      [{ ...bg, textColor: '#888888', fontSize: '.5sp' }, true],
      [{ ...bg, textColor: '#888888', fontSize: '1.8em' }, true], // relative: size unknown
    ];
    for (const [resolved, fires] of cases) {
      expect(rulesOf([textNode('t', resolved)]), JSON.stringify(resolved)).toEqual(fires ? ['error text-contrast #t'] : []);
    }
    expect(audit(screen([textNode('t', { background: '#FFFFFF', textColor: '#AAAAAA', fontSize: '24sp' })]))[0]!.message)
      .toBe('contrast 2.32:1 < 3:1 (#AAAAAA on #FFFFFF, 24sp: large text)');
    expect(audit(screen([textNode('t', { background: '#FFFFFF', textColor: '#888888', fontSize: '.5sp' })]))[0]!.data).toMatchObject({ fontSizeSp: 0.5, largeText: false });
    // px are divided by the density: 47.25 px at 2.625 px/dp is 18 sp.
    expect(rulesOf([textNode('t', { background: '#FFFFFF', textColor: '#888888', fontSize: '47.25px' })], {}, { density: 2.625 })).toEqual([]);
  });

  test('translucent text is composited over its background', () => {
    // 60 % black over white shows as #666666 (5.74:1): passes; 45 % shows as #8C8C8C (3.36:1): fails.
    expect(rulesOf([textNode('t', { background: '#FFFFFF', textColor: '#99000000' })])).toEqual([]);
    const f = audit(screen([textNode('t', { background: '#FFFFFF', textColor: '#73000000' })]));
    expect(f.map((x) => x.message)).toEqual(['contrast 3.36:1 < 4.5:1 (#73000000 (shown as #8C8C8C) on #FFFFFF)']);
  });

  test('the background comes from the nearest ancestor, translucent layers composited top-down', () => {
    const tree = n({ id: 'page', bounds: r(0, 0, 360, 800), designToken: { tokens: [], resolved: { background: '#000000' } } }, [
      // 50 % white over black → #808080; white text on it is 3.95:1.
      n({ id: 'scrim', bounds: r(0, 0, 360, 400), designToken: { tokens: [], resolved: { containerColor: '#80FFFFFF' } } }, [
        textNode('t', { textColor: '#FFFFFF' }),
      ]),
    ]);
    expect(audit(screen([tree])).map((f) => f.message)).toEqual(['contrast 3.95:1 < 4.5:1 (#FFFFFF on #808080)']);
    // A translucent background with nothing known beneath leaves the background unknown: not checked.
    expect(rulesOf([n({ id: 'scrim', bounds: r(0, 0, 360, 400), designToken: { tokens: [], resolved: { containerColor: '#80FFFFFF' } } }, [textNode('t', { textColor: '#FFFFFF' })])])).toEqual([]);
  });

  test('key conventions: color is the text colour on a text node and the background elsewhere; contentColor is inherited', () => {
    const surface = (resolved: Record<string, string>, kids: Node[]) => n({ id: 'surface', bounds: r(0, 0, 360, 400), designToken: { tokens: [], resolved } }, kids);
    // Surface(color = #FFFFFF) { Text(color = #BBBBBB) }
    expect(rulesOf([surface({ color: '#FFFFFF' }, [textNode('t', { color: '#BBBBBB' })])])).toEqual(['error text-contrast #t']);
    // Surface(color = #FFFFFF, contentColor = #BBBBBB) { Text() } — the text inherits the content colour.
    expect(rulesOf([surface({ color: '#FFFFFF', contentColor: '#BBBBBB' }, [n({ id: 't', text: 'Hi', bounds: r(10, 10, 50, 20) })])])).toEqual(['error text-contrast #t']);
    // The text's own colour wins over the inherited one.
    expect(rulesOf([surface({ color: '#FFFFFF', contentColor: '#BBBBBB' }, [textNode('t', { textColor: '#000000' })])])).toEqual([]);
    // Button(containerColor, contentColor) with its own text.
    expect(rulesOf([n({ id: 'b', ...click, text: 'Go', bounds: r(10, 10, 100, 48), designToken: { tokens: [], resolved: { containerColor: '#0A2540', contentColor: '#1A3550' } } })]))
      .toEqual(['error text-contrast #b']);
  });

  test('not run without both colours, on disabled text, or on nodes without text', () => {
    expect(rulesOf([textNode('t', { textColor: '#BBBBBB' })])).toEqual([]); // no background anywhere
    expect(rulesOf([textNode('t', { background: '#FFFFFF' })])).toEqual([]); // no text colour
    expect(rulesOf([textNode('t', { background: '#FFFFFF', textColor: '#BBBBBB' }, { enabled: false })])).toEqual([]);
    expect(rulesOf([textNode('t', { background: '#FFFFFF', textColor: '#BBBBBB' }, { text: null, contentDescription: 'icon' })])).toEqual([]);
  });

  test('a colour value that is not a colour is reported (warning), not skipped', () => {
    const f = audit(screen([textNode('t', { background: '#FFFFFF', textColor: 'grey' })]));
    expect(brief(f)).toEqual([{ rule: 'text-contrast', severity: 'warning', nodeId: 't', message: 'cannot check contrast: textColor "grey" is not a colour (#RGB, #RRGGBB or #AARRGGBB)' }]);
  });
});

test.describe('speakable-text', () => {
  test('a clickable without text, description or labelled descendants fails; one labelled by its child passes', () => {
    expect(rulesOf([
      n({ id: 'bare', ...click, bounds: r(10, 10, 48, 48) }),
      n({ id: 'byChild', ...click, bounds: r(10, 100, 96, 48) }, [n({ id: 'label', text: 'Home', bounds: r(20, 110, 40, 20) })]),
      n({ id: 'byDesc', ...click, contentDescription: 'Close', bounds: r(10, 200, 48, 48) }),
      n({ id: 'field', editable: true, hint: 'Email', bounds: r(10, 300, 200, 48) }),
      n({ id: 'focus', focusable: true, bounds: r(10, 400, 48, 48) }),
    ])).toEqual(['error speakable-text #bare', 'error speakable-text #focus']);
  });

  test('"" marks a non-interactive node decorative, but not an interactive one', () => {
    expect(rulesOf([
      n({ id: 'decor', role: 'Image', contentDescription: '', bounds: r(10, 10, 24, 24) }),
      n({ id: 'btn', ...click, role: 'Button', contentDescription: '', bounds: r(10, 100, 48, 48) }),
    ])).toEqual(['error speakable-text #btn']);
  });

  test('an image without a description is a warning; so is a Button role nothing can operate or focus (only actionable nodes get errors)', () => {
    expect(rulesOf([
      n({ id: 'img', role: 'Image', bounds: r(10, 10, 24, 24) }),
      n({ id: 'btn', role: 'Button', bounds: r(10, 100, 48, 48) }),
      n({ id: 'inBtn', ...click, text: 'Save', bounds: r(10, 200, 100, 48) }, [n({ id: 'icon', role: 'Image', bounds: r(14, 210, 24, 24) })]),
      n({ id: 'focusBtn', role: 'Button', focusable: true, bounds: r(10, 300, 48, 48) }),
    ])).toEqual(['error speakable-text #focusBtn', 'warning speakable-text #img', 'warning speakable-text #btn']);
  });

  test('a container whose actionable children speak for themselves is not a focus stop', () => {
    const card = n({ id: 'card', ...click, bounds: r(0, 0, 360, 200) }, [
      n({ id: 'a', ...click, text: 'Reply', bounds: r(10, 10, 100, 48) }),
      n({ id: 'b', ...click, text: 'Forward', bounds: r(120, 10, 100, 48) }),
    ]);
    expect(rulesOf([card])).toEqual([]);
  });

  test('a toggle with only its state is a warning', () => {
    expect(audit(screen([n({ id: 'sw', ...click, role: 'Switch', toggle: 'on', bounds: r(100, 10, 52, 48) })])).map((f) => `${f.severity} ${f.message}`))
      .toEqual(['warning toggle without a label: a screen reader says only its state ("on"), not what it turns on or off']);
  });
});

test.describe('duplicate-speakable-text', () => {
  test('two clickable nodes with the same text: one warning, on the first', () => {
    const f = audit(screen([
      n({ id: 'a', ...click, text: 'Send', bounds: r(10, 10, 100, 48) }),
      n({ id: 'b', ...click, text: ' Send ', bounds: r(10, 100, 100, 48) }),
      n({ id: 'c', ...click, text: 'Save', bounds: r(10, 200, 100, 48) }),
    ]));
    expect(brief(f)).toEqual([{ rule: 'duplicate-speakable-text', severity: 'warning', nodeId: 'a', message: '"Send" is also spoken for 1 other node on this screen (#b)' }]);
    expect(f[0]!.data).toEqual({ text: 'Send', others: ['b'] });
  });

  test('clickable and non-clickable duplicates warn; non-clickable ones only are info', () => {
    expect(rulesOf([
      n({ id: 'h', text: 'Settings', bounds: r(10, 10, 100, 20) }),
      n({ id: 'b', ...click, text: 'Settings', bounds: r(10, 100, 100, 48) }),
    ])).toEqual(['warning duplicate-speakable-text #b']);
    expect(rulesOf([
      n({ id: 'x', text: 'Total', bounds: r(10, 10, 100, 20) }),
      n({ id: 'y', text: 'Total', bounds: r(10, 100, 100, 20) }),
    ])).toEqual(['info duplicate-speakable-text #x']);
  });

  test('text merged into a clickable is not a second focus stop; other windows are other screens', () => {
    const item = n({ id: 'item', ...click, bounds: r(10, 10, 100, 48) }, [n({ id: 'label', text: 'Home', bounds: r(20, 20, 40, 20) })]);
    expect(rulesOf([item])).toEqual([]);
    const s = snap(
      root(n({ id: 'page', bounds: r(0, 0, 360, 800) }, [n({ id: 'a', ...click, text: 'OK', bounds: r(10, 10, 100, 48) })]), { rootId: 'main' }),
      root(n({ id: 'dlg', bounds: r(40, 300, 280, 200) }, [n({ id: 'b', ...click, text: 'OK', bounds: r(60, 320, 100, 48) })]), { rootId: 'dialog' }),
    );
    expect(audit(s)).toEqual([]);
  });
});

test.describe('editable-content-description, duplicate-clickable-bounds, redundant-description', () => {
  test('an editable field with a content description is an error', () => {
    expect(brief(audit(screen([
      n({ id: 'e', editable: true, contentDescription: 'Search', hint: 'Search', bounds: r(10, 10, 300, 48) }),
      n({ id: 'ok', editable: true, hint: 'Name', bounds: r(10, 100, 300, 48) }),
    ])))).toEqual([{ rule: 'editable-content-description', severity: 'error', nodeId: 'e', message: 'editable field has a content description "Search"; label it with a hint or a separate label instead' }]);
  });

  test('two clickables with identical bounds: one error on the first; a shared click kind is needed', () => {
    const b = r(10, 10, 100, 48);
    const f = audit(screen([
      n({ id: 'outer', ...click, text: 'Open', bounds: b }, [n({ id: 'inner', ...click, contentDescription: 'Open item', bounds: b })]),
    ]));
    expect(brief(f)).toEqual([{ rule: 'duplicate-clickable-bounds', severity: 'error', nodeId: 'outer', message: 'same bounds [10,10 100×48] as 1 other clickable node (#inner); only one of them takes the touch' }]);
    expect(rulesOf([n({ id: 'c', ...click, text: 'A', bounds: b }), n({ id: 'l', longClickable: true, text: 'B', bounds: b })])).toEqual([]);
  });

  test('a description with a type, state or action word is a warning; word boundaries matter', () => {
    const f = audit(screen([
      n({ id: 'a', ...click, contentDescription: 'Send button', bounds: r(10, 10, 100, 48) }),
      n({ id: 'b', ...click, contentDescription: 'Tap to retry, selected', bounds: r(10, 100, 100, 48) }),
      n({ id: 'c', ...click, contentDescription: 'Buttonhole tapestry', bounds: r(10, 200, 100, 48) }),
      n({ id: 'd', role: 'Checkbox', ...click, contentDescription: 'Agree check box', bounds: r(10, 300, 100, 48) }),
    ]));
    expect(brief(f)).toEqual([
      { rule: 'redundant-description', severity: 'warning', nodeId: 'a', message: 'description "Send button" contains "button", which the screen reader already announces (type)' },
      { rule: 'redundant-description', severity: 'warning', nodeId: 'b', message: 'description "Tap to retry, selected" contains "tap", "selected", which the screen reader already announces (action, state)' },
      { rule: 'redundant-description', severity: 'warning', nodeId: 'd', message: 'description "Agree check box" contains "check box", which the screen reader already announces (type)' },
    ]);
  });
});

test.describe('unknown-density', () => {
  const dump = `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>
<hierarchy rotation="0">
  <node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="p" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,0][1080,2340]">
    <node index="0" text="Go" resource-id="" class="android.widget.Button" package="p" content-desc="" checkable="false" checked="false" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[100,500][200,600]" />
  </node>
</hierarchy>`;
  const rulesIn = (s: ReturnType<typeof importTree>, o: A11yOptions = {}) => audit(s, o).map((f) => `${f.severity} ${f.rule} #${f.nodeId}`);

  test('a uiautomator dump without a density: one warning per window, and the size rules still run', () => {
    const s = importTree(dump, { where: 'dump.xml' });
    const out = audit(s);
    const unknown = out.filter((f) => f.rule === 'unknown-density');
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toMatchObject({ severity: 'warning', rootId: s.roots[0]!.rootId, nodeId: s.roots[0]!.node.id });
    expect(unknown[0]!.message).toContain('as if 1 px = 1 dp');
    expect(unknown[0]!.message).toContain('--density');
    expect(unknown[0]!.message).toContain('adb driver');
    // 100 px judged as 100 dp: big enough, so no touch-target finding, which is why the warning matters.
    expect(out.map((f) => f.rule)).not.toContain('touch-target');
    // The size rules keep running: a 20 px button still fails.
    const tiny = importTree(dump.replace('[100,500][200,600]', '[100,500][120,520]'), { where: 'dump.xml' });
    expect(rulesIn(tiny).some((l) => l.startsWith('error touch-target'))).toBe(true);
  });

  test('configurable like the other rules; gone once the density is known', () => {
    const s = importTree(dump, { where: 'dump.xml' });
    expect(rulesIn(s, { rules: { 'unknown-density': 'off' } }).filter((l) => l.includes('unknown-density'))).toEqual([]);
    expect(rulesIn(s, { rules: { 'unknown-density': 'error' } }).filter((l) => l.includes('unknown-density'))).toEqual([`error unknown-density #${s.roots[0]!.node.id}`]);
    // `--density` sets the roots' density; the adb driver also drops the warning.
    const withDensity = importTree(dump, { where: 'dump.xml' });
    for (const rt of withDensity.roots) rt.density = 2.625;
    expect(rulesIn(withDensity).filter((l) => l.includes('unknown-density'))).toEqual([]);
    withDensity.warnings = [];
    for (const rt of withDensity.roots) rt.density = 1;
    expect(rulesIn(withDensity).filter((l) => l.includes('unknown-density'))).toEqual([]);
    // Trees from formats that carry their density never get it.
    expect(rulesIn(screen([])).filter((l) => l.includes('unknown-density'))).toEqual([]);
  });
});

test.describe('options, scope and order', () => {
  const messy = () => screen([
    n({ id: 'small', ...click, bounds: r(100, 10, 20, 20) }), // touch-target + speakable-text
    n({ id: 'desc', ...click, contentDescription: 'OK button', bounds: r(100, 100, 100, 48) }), // redundant-description
    n({ id: 'settings', bounds: r(0, 200, 360, 300) }, [
      n({ id: 'dupA', ...click, text: 'Go', bounds: r(10, 210, 100, 48) }),
      n({ id: 'tiny', ...click, text: 'Tiny', bounds: r(10, 300, 30, 30) }),
    ]),
    n({ id: 'dupB', ...click, text: 'Go', bounds: r(10, 600, 100, 48) }),
  ]);

  test('findings are sorted by severity, then document order, then rule', () => {
    expect(audit(messy()).map((f) => `${f.severity} ${f.rule} #${f.nodeId}`)).toEqual([
      'error touch-target #small',
      'error speakable-text #small',
      'error touch-target #tiny',
      'warning redundant-description #desc',
      'warning duplicate-speakable-text #dupA',
    ]);
  });

  test('rules can be turned off or given another severity; ATF demotions stay one step below', () => {
    expect(audit(messy(), { rules: { 'touch-target': 'warning', 'speakable-text': 'off', 'redundant-description': 'info' } }).map((f) => `${f.severity} ${f.rule} #${f.nodeId}`)).toEqual([
      'warning touch-target #small',
      'warning duplicate-speakable-text #dupA',
      'warning touch-target #tiny',
      'info redundant-description #desc',
    ]);
    const row = n({ id: 'row', ...click, text: 'Row', bounds: r(0, 100, 360, 56) }, [n({ id: 'sw', ...click, contentDescription: 'x', bounds: r(300, 110, 20, 20) })]);
    expect(rulesOf([row], { rules: { 'touch-target': 'warning' } })).toEqual(['info touch-target #sw']);
  });

  test('within audits one subtree, with the whole screen as context for duplicates', () => {
    const s = messy();
    const settings = s.roots[0]!.node.children[2]!;
    expect(audit(s, { within: settings }).map((f) => `${f.severity} ${f.rule} #${f.nodeId}`)).toEqual([
      'error touch-target #tiny',
      'warning duplicate-speakable-text #dupA', // its twin #dupB is outside the subtree
    ]);
    expect(audit(s, { within: settings })[1]!.data).toEqual({ text: 'Go', others: ['dupB'] });
  });

  test('ignore drops a node and its subtree, which stay context for duplicates', () => {
    const s = messy();
    const out = audit(s, { ignore: (node) => node.id === 'settings' || node.id === 'small' });
    expect(out.map((f) => `${f.severity} ${f.rule} #${f.nodeId}`)).toEqual([
      'warning redundant-description #desc',
      'warning duplicate-speakable-text #dupB', // reported on the twin that is not ignored
    ]);
  });

  test('bad options are typed errors that say what to do', () => {
    const s = messy();
    const err = (o: unknown) => { try { audit(s, o as A11yOptions); return null; } catch (e) { return e; } };
    const unknownRule = err({ rules: { 'touch-targets': 'off' } });
    expect(unknownRule).toBeInstanceOf(TargetError);
    expect((unknownRule as TargetError).code).toBe('invalid_arguments');
    expect((unknownRule as Error).message).toContain('unknown rule "touch-targets"');
    expect((unknownRule as Error).message).toContain('touch-target, text-contrast');
    expect((err({ rules: { 'touch-target': 'fatal' } }) as Error).message).toContain("'error', 'warning', 'info', 'off'");
    expect((err({ thresholds: { contrast: -1 } }) as Error).message).toContain('threshold contrast must be a positive number');
    expect((err({ thresholds: { touchTarget: 44 } }) as Error).message).toContain('unknown threshold "touchTarget"');
    expect((err({ within: n({ id: 'stranger' }) }) as Error).message).toContain('#stranger is not part of this snapshot');
  });

  test('a snapshot changed after it was read is a typed error, not a raw Error', () => {
    const s = messy();
    audit(s);
    s.roots[0]!.node.children.reverse();
    let e: unknown = null;
    try { audit(s); } catch (err) { e = err; }
    expect(e).toBeInstanceOf(TargetError);
    expect((e as TargetError).code).toBe('invalid_arguments');
    expect((e as TargetError).message).toContain('changed after it was first read');
  });

  test('an empty snapshot, and a root audited as `within`, are fine', () => {
    expect(audit(snap())).toEqual([]);
    const s = messy();
    expect(audit(s, { within: s.roots[0]!.node })).toEqual(audit(s));
  });

  test('linear and iterative: a 60,000-deep chain and a 20,000-wide screen audit quickly', () => {
    let leaf = n({ id: 'leaf', ...click, bounds: r(10, 10, 20, 20) });
    for (let i = 0; i < 60_000; i++) leaf = n({ id: `d${i}`, bounds: r(0, 0, 360, 800) }, [leaf]);
    expect(audit(snap(root(leaf))).map((f) => `${f.rule} #${f.nodeId}`)).toEqual(['touch-target #leaf', 'speakable-text #leaf']);
    const wide = Array.from({ length: 20_000 }, (_, i) => n({ id: `w${i}`, ...click, text: `Item ${i}`, bounds: r(0, 48 * i, 360, 48) }));
    expect(audit(screen(wide))).toEqual([]);
  });
});
