/**
 * In-page source (see web-inpage-ax.ts): which elements a `::before` or `::after` box may be generated
 * for, read from the page's style sheets, so the pass asks the computed style of those pseudo-elements
 * only of them. Asking it of an element no rule gives one costs Chromium a style resolution of its own,
 * for each element twice.
 *
 * The one fast path of the pass, fenced here: `pseudoHosts()` answers null (every element may have
 * one: read them all, the plain path) unless it can account for every rule. tests/web/inpage.spec.ts
 * holds the capture with it to the capture without it, byte for byte, on the fixture and probe pages.
 *
 * A box is generated only where a rule on the pseudo-element sets `content` (or an animation that could);
 * the elements such rules select are found with the rule's selector up to the pseudo-element. Rules the
 * selector alone does not place give up: a rule nested in another (`&::before`), one in `@scope`, a style
 * sheet the page may not read (another origin's). Not used on a page with an open shadow root (its own
 * sheets, `:host` and `::slotted()` reach past its tree): the caller knows, from its walk of the DOM.
 */
export const PSEUDO_HOSTS_SOURCE = String.raw`
// The user agent's own generated content on ::before / ::after: q's quotes (open-quote, close-quote).
const UA_PSEUDO_HOSTS = 'q';
const GIVE_UP = {};

// Each index in selector text s where a ':' stands outside strings, brackets and parentheses, and each
// ',' there; a pseudo-element and a selector list's parts are only ever found there.
function topLevel(s, each) {
  let depth = 0, quote = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quote) { if (c === '\\') i++; else if (c === quote) quote = ''; }
    else if (c === '\\') i++;
    else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0 && (c === ':' || c === ',')) each(c, i);
  }
}

// The selectors of a rule's parts that name ::before or ::after, each up to that pseudo-element ('*' where nothing is left).
function originating(selector) {
  const out = [];
  let start = 0, cut = -1;
  const end = (i) => {
    if (cut >= 0) { const base = selector.slice(start, cut).trim(); out.push(base === '' || /[>+~]$/.test(base) ? base + '*' : base); }
    start = i + 1;
    cut = -1;
  };
  topLevel(selector, (c, i) => {
    if (c === ',') end(i);
    else if (cut < 0 && /^::?(?:before|after)(?![\w-])/i.test(selector.slice(i, i + 9))) cut = i;
  });
  end(selector.length);
  return out;
}

// Whether a rule's declarations could make a box: content, or an animation (keyframes may set content).
function mayGenerate(style) {
  return style.getPropertyValue('content') !== '' || style.getPropertyValue('animation-name') !== '';
}

// Reads the rules (and the rules they hold) into bases; throws GIVE_UP where it cannot account for one,
// and once it has read more than budget.left rules (index loops: CSSRuleList's iterator costs more than the scan).
function scanRules(rules, bases, placed, budget) {
  const n = rules.length;
  if ((budget.left -= n) < 0) throw GIVE_UP;
  for (let k = 0; k < n; k++) {
    const r = rules[k];
    if (r instanceof CSSImportRule) { if (r.styleSheet) scanRules(r.styleSheet.cssRules, bases, placed, budget); continue; }
    const style = r instanceof CSSStyleRule;
    if (style && /::?(?:before|after)/i.test(r.selectorText) && mayGenerate(r.style)) {
      if (!placed) throw GIVE_UP;
      for (const b of originating(r.selectorText)) bases.push(b);
    }
    // Grouping rules (@media, @supports, @layer, @container) hold rules placed by their selectors alone;
    // a style rule's nested rules and @scope's are placed relative to another selector.
    const held = r.cssRules;
    if (held && held.length) scanRules(held, bases, placed && !style && !(typeof CSSScopeRule !== 'undefined' && r instanceof CSSScopeRule), budget);
  }
}

// Past this many selectors that are not one class each, the hosts are not looked for: querySelectorAll
// tests every element against every selector of a list.
const MAX_COMPLEX_BASES = 64;
const ONE_CLASS = /^\.[A-Za-z_][\w-]*$/;

// A page with no open shadow root: the test of whether an element may have a ::before or ::after box,
// or null (any may: read each). It reads at most \`maxRules\` rules (a rule read costs less than an
// element's two boxes left unread, but not nothing): a page of large style sheets and few elements
// reads every element. A selector of one class (an icon font's thousands of .fa-x::before) is asked of
// the element's classes, unless class names are matched without case (quirks mode); the others are
// matched once, by querySelectorAll.
function pseudoHosts(maxRules) {
  const bases = [];
  try {
    const budget = { left: maxRules };
    const sheets = document.styleSheets, adopted = document.adoptedStyleSheets || [];
    for (let k = 0; k < sheets.length; k++) scanRules(sheets[k].cssRules, bases, true, budget);
    for (let k = 0; k < adopted.length; k++) scanRules(adopted[k].cssRules, bases, true, budget);
  } catch {
    // GIVE_UP, or another origin's sheet (its cssRules throws).
    return null;
  }
  const classes = new Set(), complex = [UA_PSEUDO_HOSTS];
  const quirks = document.compatMode === 'BackCompat';
  for (const b of bases) { if (!quirks && ONE_CLASS.test(b)) classes.add(b.slice(1)); else complex.push(b); }
  if (complex.length > MAX_COMPLEX_BASES) return null;
  let matched;
  try { matched = new Set(document.querySelectorAll(complex.join(','))); } catch { return null; }
  return (el) => {
    if (matched.has(el)) return true;
    if (classes.size === 0) return false;
    const list = el.classList;
    for (let i = 0; i < list.length; i++) if (classes.has(list[i])) return true;
    return false;
  };
}
`;
