// Small pages built to cover what the fixture pages leave out, for holding the in-page pass
// (src/devices/web-inpage-ax.ts) to Chromium's getFullAXTree beyond them: every ARIA role that needs a
// context under every kind of parent, containers nested in elements named by their content, aria-owns,
// tables with and without the marks of a data table, native elements with roles of their own, and
// everyday page features (hidden content, fields and labels, landmarks, titles, generated content …) and
// the names and states of fields, buttons, links and headings.
// Each page is a body's HTML; onProbePages loads each in turn with setContent.
import type { Browser, Page } from '@playwright/test';

/** Roles that may need a particular parent, and the parents they are tried under. */
const CHILD_ROLES = ['option', 'treeitem', 'listitem', 'row', 'cell', 'gridcell', 'tab', 'menuitem', 'menuitemcheckbox', 'radio', 'columnheader', 'rowheader', 'term', 'definition'];
const PARENTS = ['', 'listbox', 'tree', 'list', 'directory', 'group', 'grid', 'table', 'row', 'rowgroup', 'tablist', 'menu', 'menubar', 'radiogroup', 'combobox', 'dialog', 'treegrid', 'toolbar', 'feed'];

/** Elements and roles nested inside an element named by its content. */
const NESTED = ['span role=group', 'div role=note', 'div role=row', 'div role=rowgroup', 'blockquote', 'fieldset', 'hgroup', 'address', 'span role=list', 'span role=heading',
  'p', 'span role=toolbar', 'span role=navigation', 'span role=region aria-label=R', 'span role=img', 'span role=status', 'span role=tabpanel', 'span role=article',
  'span role=figure', 'span role=term', 'span role=definition', 'span role=tooltip', 'span role=cell', 'span role=columnheader', 'table', 'ul', 'dl', 'label', 'output', 'em'];
const NAMED_BY_CONTENT = ['div role=button tabindex=0', 'a href="#x"', 'div role=treeitem', 'h2', 'div role=tab', 'div role=link tabindex=0'];

const close = (tag: string) => tag.split(' ')[0]!;

function contextPages(): string[] {
  return CHILD_ROLES.map((child) => PARENTS.map((parent) => {
    const inner = `<div role=${child}>${child} in ${parent || 'div'}</div>`;
    return parent ? `<div role=${parent} aria-label="${parent}">${inner}</div>` : `<div>${inner}</div>`;
  }).join(''));
}

function nestedNamePages(): string[] {
  return NAMED_BY_CONTENT.map((outer) => NESTED.map((inner, i) =>
    `<${outer}>n${i} <${inner}>in ${i}</${close(inner)}> end</${close(outer)}>`).join(''));
}

const TABLES = [
  '<table><tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>',
  '<table><tr><th>h</th><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>',
  '<table><caption>Cap</caption><tr><td>a</td><td>b</td></tr></table>',
  '<table><thead><tr><td>a</td><td>b</td></tr></thead><tr><td>c</td><td>d</td></tr></table>',
  '<table summary="S"><tr><td>a</td><td>b</td></tr></table>',
  '<table><tr><td scope=row>a</td><td>b</td></tr></table>',
  '<table><tr><td>only</td></tr></table>',
  '<table role=presentation><tr><td>a</td><td>b</td></tr></table>',
  '<table role=grid><tr><td>a</td><td>b</td></tr></table>',
  '<table><tr><td><table><tr><th>in</th></tr></table></td></tr></table>',
  '<table border=1><tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>',
  '<table><colgroup><col><col></colgroup><tr><td>a</td><td>b</td></tr></table>',
];

const OWNS = [
  '<div role=list aria-owns="o2 o1"><div role=listitem id=o1>one</div><div role=listitem>mid</div></div><div role=listitem id=o2>two</div>',
  '<div role=listbox aria-owns=o3></div><div role=option id=o3>owned option</div>',
  '<button aria-owns=o4>Btn</button><span id=o4>owned text</span>',
  '<div id=o5 role=region aria-label=R><div role=group aria-owns=o5>cycle</div></div>',
  '<input aria-label=I aria-owns=o6><div id=o6 role=note>not owned by an input</div>',
  '<div role=tree aria-owns=o7></div><ul><li role=treeitem id=o7>owned item</li></ul>',
];

const NATIVE = [
  '<details open><summary>Sum</summary>body</details><details><summary>Closed</summary>hidden</details>',
  '<fieldset><legend>Leg</legend><input aria-label=F></fieldset>',
  '<dl><dt>Term</dt><dd>Def</dd></dl><figure><img alt=Fig src="data:,"><figcaption>Cap</figcaption></figure>',
  '<meter value=0.5>half</meter><progress value=3 max=10></progress><output>out</output>',
  '<select size=3><option>a</option><optgroup label=G><option>b</option></optgroup></select><select><option>c</option></select>',
  '<input list=dl1 aria-label=L><datalist id=dl1><option>x</option></datalist><input type=range aria-label=R><input type=search aria-label=S>',
  '<label>Wrap <input type=checkbox></label><label for=t1>For</label><textarea id=t1></textarea>',
  '<svg role=img aria-label=Pic width=10 height=10><title>T</title><rect width=10 height=10 /></svg><svg width=10 height=10><rect width=10 height=10 /></svg>',
  '<nav><ul><li><a href="#a">A</a></li></ul></nav><main><article><header>H</header><footer>F</footer></article></main><aside>As</aside>',
  '<section aria-label=Sec>s</section><section>plain</section><form aria-label=Form>f</form><form>nameless</form><search>se</search>',
  '<ol><li>one</li></ol><ul role=none><li>two</li></ul><menu><li>three</li></menu>',
  '<button disabled>D</button><a>no href</a><a href="#h" aria-disabled=true>ad</a><span tabindex=0>focusable span</span>',
];

/** Everyday page features: hidden content, labelled fields, landmarks, headings, links and images, generated content, lists, phrasing, widgets, embedded content, titles. */
const FEATURES = [
  '<div aria-hidden=true><button>hid</button></div><div style="visibility:hidden"><button>vis</button><span style="visibility:visible">shown</span></div><div hidden><p>h</p></div><div style="display:none"><p>n</p></div><div inert><a href="#i">inert</a></div>',
  '<label>Name <input></label><label for=e>Email</label><input id=e type=email><input aria-labelledby="l1 l2"><span id=l1>First</span><span id=l2>Second</span><input placeholder=Ph><input title=Ti><input type=submit><input type=reset value=R><input type=button value=B><input type=image alt=Img src="data:,">',
  '<select aria-label=S><option>o1</option><option selected>o2</option></select><textarea aria-label=T>text</textarea><input type=checkbox checked aria-label=C><input type=radio aria-label=Ra><input type=color aria-label=Co><input type=date aria-label=Da><input type=file aria-label=Fi><input type=number value=3 aria-label=Nu>',
  '<header>Top</header><nav aria-label=Main>n</nav><main><section aria-labelledby=s1><h2 id=s1>S1</h2></section><article><header>AH</header><aside>AS</aside><footer>AF</footer></article></main><footer>Bottom</footer><div role=region>noname</div><form>f</form>',
  '<h1>One</h1><h2 aria-level=4>Two</h2><div role=heading>dh</div><div role=heading aria-level=7>seven</div><h3><a href="#x">link in h</a></h3><h4><img alt=pic src="data:,"></h4>',
  '<a href="#a">text</a><a href="#b"><img alt=ImgLink src="data:,"></a><a href="#c" aria-label=Lbl>x</a><a href="#d" title=Ttl></a><a name=anchor>named</a><a href="#e"><span>span</span> text</a><img src="data:,"><img alt="" src="data:,"><img role=presentation alt=x src="data:,">',
  '<style>.b::before{content:"Before "} .a::after{content:" After"} .i::before{content:url(data:,)} .e::before{content:""}</style><p class=b>P1</p><p class=a>P2</p><button class=b>Btn</button><p class=i>P3</p><span class=e>P4</span>',
  '<ul><li>a<ul><li>b</li></ul></li></ul><ol start=3><li>c</li></ol><ul style="list-style:none"><li>d</li></ul><div style="display:list-item">e</div><dl><dt>t<dd>d</dl>',
  '<p>Some <b>bold</b> <i>it</i> <em>em</em> <strong>st</strong> <code>c</code> <mark>m</mark> <del>d</del> <ins>i</ins> <sub>s</sub><sup>p</sup> <abbr title=T>AB</abbr> <time>now</time> <q>q</q> <cite>ci</cite> <kbd>k</kbd> <small>sm</small></p>',
  '<div role=dialog aria-label=D><p>in dialog</p></div><div role=alertdialog aria-labelledby=ad><span id=ad>Alert</span></div><div role=alert>Alarm</div><div role=status>St</div><div role=log>L</div><div role=tooltip>tt</div><div role=progressbar aria-valuenow=5 aria-label=P></div><div role=slider aria-valuenow=3 aria-label=Sl></div><div role=spinbutton aria-valuenow=1 aria-label=Sp></div><div role=separator></div><hr>',
  '<div role=tablist><button role=tab aria-selected=true>T1</button><button role=tab>T2</button></div><div role=tabpanel aria-label=P>panel</div><div role=menubar><div role=menuitem>M</div><div role=menuitemcheckbox aria-checked=true>MC</div><div role=menuitemradio aria-checked=false>MR</div></div>',
  '<div role=switch aria-checked=true tabindex=0>Sw</div><div role=checkbox aria-checked=mixed tabindex=0>Mixed</div><button aria-pressed=true>Pressed</button><button aria-expanded=false>Exp</button><div role=combobox aria-expanded=true aria-label=Cb tabindex=0></div><div role=searchbox aria-label=Sb contenteditable></div><div role=textbox aria-label=Tb contenteditable>e</div>',
  '<iframe title=Fr srcdoc="<p>x</p>"></iframe><canvas aria-label=Cv></canvas><object aria-label=O></object><embed aria-label=E>',
  '<span tabindex=0>f</span><div onclick="1">click</div><div style="overflow:auto;height:20px"><p>scroll</p><p>more</p><p>more</p></div><div style="position:absolute">abs</div><div lang=fr>fr</div><div title=Ti>ttl</div><div aria-describedby=dd1>desc</div><span id=dd1>Described</span>',
  '<ruby>漢<rt>kan</rt></ruby><bdi>b</bdi><bdo dir=rtl>o</bdo><wbr><br><span>a<br>b</span><pre>  pre  text  </pre><p style="white-space:pre-line">l1\nl2</p>',
];

/** Names of fields, buttons, links and headings: labels of every kind, references, placeholders, images and hidden parts in a name from content. */
const NAMES = [
  '<label>Outer <span>inner</span> <input></label><label>Sel <select><option>Opt A</option><option selected>Opt B</option></select></label><label>Area <textarea>typed</textarea></label><label>Num <input type=number value=7></label><label>Rng <input type=range value=30></label>',
  '<label for=a1>One</label><label for=a1>Two</label><input id=a1><label for=a2>Hidden <span hidden>h</span> shown</label><input id=a2><label for=a3 aria-label=AL>Vis</label><input id=a3><label>Chk <input type=checkbox> after</label>',
  '<input aria-label="  spaced  "><input aria-labelledby=nope><input aria-labelledby="b1 b1"><span id=b1>dup</span><input aria-labelledby=b2><span id=b2 hidden>hidden ref</span><input aria-labelledby=b3><span id=b3 style="display:none">none ref</span>',
  '<button aria-labelledby=c1>self</button><span id=c1>Ref <input value=val aria-label=inner> <select aria-label=s><option>chosen</option></select></span><button>A<img alt=B src="data:,">C</button><button><svg aria-label=Icon></svg></button><button><svg><title>SvgT</title></svg></button>',
  '<fieldset><legend>Group <b>bold</b></legend><input aria-label=x></fieldset><fieldset aria-label=FL><legend>ignored</legend></fieldset><figure><figcaption>Fig cap</figcaption></figure><table><caption>Cap <i>it</i></caption><tr><th>a</th><td>b</td></tr></table>',
  '<input type=text value="v1"><input type=text placeholder="ph only"><input type=text title="title only"><input type=text placeholder=P title=T><input type=search aria-placeholder=AP><input type=email value=e@x.org><input type=tel><input type=url><input type=password value=secret>',
  '<div role=textbox aria-label=RT contenteditable>rich <b>text</b></div><div role=combobox aria-label=Cb><input aria-label=Inner></div><div role=listbox aria-label=LB><div role=option aria-selected=true>S1</div><div role=option>S2</div></div><div role=radiogroup aria-label=RG><div role=radio aria-checked=true tabindex=0>R1</div></div>',
  '<a href="#1"><img alt="" src="data:,">alt empty</a><a href="#2"><img src="data:,"></a><a href="#3"> spaced   text </a><a href="#4">line<br>break</a><a href="#5" aria-describedby=d5>desc</a><span id=d5>the description</span><a href="#6" aria-description=AD>ad</a>',
  '<h2>Title <small>sub</small></h2><h3><span aria-hidden=true>X</span> Hidden part</h3><h4>with <abbr title=Full>F</abbr></h4><h5><input value=in aria-label=iv> field</h5><h6><select><option>s1</option></select></h6>',
  '<div role=button tabindex=0 aria-label="">empty label</div><div role=button tabindex=0 aria-labelledby="">empty ref</div><div role=button tabindex=0><span style="visibility:hidden">vh</span>shown</div><div role=button tabindex=0><span style="display:none">dn</span>shown2</div><div role=button tabindex=0>a<span aria-hidden=true>b</span>c</div>',
  '<button>A<img alt=B src="data:,">C</button><button>V<svg role=img aria-label=W></svg>Z</button><button>a<span role=img aria-label=b></span>c</button><button>d<canvas aria-label=e></canvas>f</button><button>g<img alt="" src="data:,">h</button><svg aria-label=L1></svg><svg></svg>',
];

/** States: checked, disabled, expanded, selected, heading levels, pressed, values, modal, link addresses, editable. */
const STATES = [
  '<input type=checkbox checked disabled aria-label=a><input type=checkbox aria-checked=true aria-label=b><input type=radio name=r checked aria-label=c><input type=radio name=r aria-label=d><input type=checkbox aria-label=e id=ind><script>document.getElementById("ind").indeterminate=true</script>',
  '<button disabled>a</button><fieldset disabled><button>b</button><input aria-label=c></fieldset><div role=button aria-disabled=true tabindex=0>d</div><div aria-disabled=true><button>e</button></div><select disabled aria-label=f><option>x</option></select><optgroup></optgroup>',
  // aria-disabled as Chromium reads it: an element's own word decides ("false" in any case: not; any other
  // word, spaced or unknown: disabled; empty: none); without one, only what can be focused takes the nearest
  // word above it (past empty ones, across a shadow host); containers, headings and texts do not.
  '<div aria-disabled=true><div aria-disabled=false><button>g</button></div><div aria-disabled=FALSE><button>g2</button></div><div aria-disabled="false "><button>g3</button></div>' +
    '<div aria-disabled=""><button>k</button></div><span aria-disabled=maybe><a href="#l">l</a></span><button aria-disabled="">b1</button>' +
    '<div id=plain>plain</div><h2>heading</h2><div tabindex=0>focusable div</div><span role=button>not focusable</span><input aria-label=inp></div>' +
    '<div aria-disabled=" TRUE "><button>h</button></div><div aria-disabled="  "><button>s</button></div><button aria-disabled="">b2</button>' +
    '<div id=host aria-disabled=true></div><script>document.getElementById("host").attachShadow({ mode: "open" }).innerHTML = "<button>j</button><p>shadow text</p>"</script>',
  // An element without a box of its own (display: contents) is not focusable to Chromium's tree, whatever makes it so.
  '<div style="display:contents" role=button tabindex=0>contents btn</div><button style="display:contents">native dc</button><a href="#x" style="display:contents">dc link</a>' +
    '<span style="display:contents">dc text</span><div role=group aria-label="g" style="display:contents"><button>in dc group</button></div><input style="display:contents" aria-label=dci>',
  // Names from aria-labelledby leave out an element whose text is white space alone; descriptions are trimmed at both ends.
  '<button aria-labelledby="a1 b1">x</button><span id=a1> a </span><span id=b1>b</span><button aria-labelledby="a2 b2">x</button><span id=a2>a</span><span id=b2>  </span>' +
    '<button aria-labelledby="e2 e3">n5</button><span id=e2>  </span><span id=e3>x  y</span><button aria-describedby="d1">n6</button><span id=d1>  desc  </span>' +
    '<button aria-describedby="d2 d3">n7</button><span id=d2>  </span><span id=d3>d</span><button aria-describedby="d4 d5">n8</button><span id=d4> d1 </span><span id=d5> d2 </span>' +
    '<button aria-description="  spaced  ">n9</button><button title="  t1  ">n10</button><input type=button value="  v1  " aria-label="lab"><svg role=button aria-label=s1><desc>  sd  </desc></svg>' +
    '<button aria-describedby="nb">n13</button><span id=nb>&nbsp;nb&nbsp;</span>',
  // Range values as Chromium reads them: a number after leading spaces, to the end (else 0; 1e400 is Infinity), held to
  // the bounds it says, else 0 and 100 (a spin button has none); halfway between them when there is none.
  '<div role=spinbutton aria-valuenow="500" aria-label=a1 tabindex=0></div><div role=slider aria-valuenow="500" aria-label=a2 tabindex=0></div><div role=progressbar aria-valuenow="500" aria-label=a3></div>' +
    '<div role=slider aria-valuenow="5" aria-valuemin=10 aria-valuemax=20 aria-label=a4 tabindex=0></div><div role=slider aria-valuenow="" aria-label=a5 tabindex=0></div><div role=scrollbar aria-valuenow="-5" aria-label=a6 aria-controls=x></div>' +
    '<div role=spinbutton aria-valuenow="5" aria-valuemin=10 aria-valuemax=20 aria-label=a7 tabindex=0></div><div role=slider aria-valuenow="15" aria-valuemin="x" aria-valuemax="12" aria-label=a8 tabindex=0></div>' +
    '<div role=slider aria-valuemin=" 4" aria-valuemax="8 " aria-label=a9 tabindex=0></div><div role=meter aria-valuenow=" 7" aria-label=a10></div><div role=slider aria-valuemin="50" aria-valuemax="20" aria-label=a11 tabindex=0></div>' +
    '<div role=slider aria-valuenow="40abc" aria-label=s1 tabindex=0></div><div role=slider aria-valuenow=" 40 " aria-label=s2 tabindex=0></div><div role=slider aria-valuenow="4e1" aria-label=s3 tabindex=0></div>' +
    '<div role=slider aria-valuenow="Infinity" aria-label=s6 tabindex=0></div><div role=slider aria-valuenow="1e400" aria-label=s7 tabindex=0></div><div role=slider aria-valuenow=".5" aria-label=s8 tabindex=0></div><div role=slider aria-valuenow="0x10" aria-label=s10 tabindex=0></div>',
  // tabindex as HTML parses an integer ("0abc" is 0, past 32 bits none), aria-hidden's words (any but false, empty and undefined hide).
  '<div tabindex="0abc">ti1</div><div tabindex=" 1 ">ti2</div><div tabindex="+1">ti3</div><div tabindex="">ti4</div><div tabindex="-1x">ti5</div><div tabindex="x">ti6</div><div tabindex="1.5">ti7</div><span tabindex="99999999999">ti8</span>' +
    '<p aria-hidden="TRUE">ah1</p><p aria-hidden=" true">ah2</p><p aria-hidden="true ">ah3</p><p aria-hidden="undefined">ah4</p><p aria-hidden="maybe">ah5</p><p aria-hidden="">ah6</p><p aria-hidden="false">ah7</p><p aria-hidden="UNDEFINED">ah8</p>' +
    '<div aria-labelledby=lab role=button tabindex=0>x</div><span id=lab aria-hidden="maybe">hidden label</span>',
  // ARIA state words as Chromium reads them: in any case, not trimmed ("false " is another word), none when
  // empty or "undefined"; any word but false (and mixed where the role takes it) is true; no aria-selected, no selected.
  '<button aria-pressed=" true ">p1</button><button aria-pressed="TRUE">p2</button><button aria-pressed="mixed ">p3</button><button aria-pressed="">p4</button><button aria-pressed="maybe">p5</button><div role=checkbox aria-checked="TRUE" tabindex=0>c1</div><div role=checkbox aria-checked=" mixed" tabindex=0>c2</div><div role=checkbox aria-checked="maybe" tabindex=0>c3</div><div role=checkbox aria-checked="" tabindex=0>c4</div><button aria-expanded="TRUE">e1</button><button aria-expanded=" true ">e2</button><button aria-expanded="">e3</button><div role=tablist><div role=tab aria-selected="TRUE" tabindex=0>t1</div><div role=tab aria-selected=" true " tabindex=0>t2</div><div role=tab aria-selected="" tabindex=0>t3</div></div><div role=switch aria-checked="TRUE" tabindex=0>s1</div><div role=radio aria-checked="mixed" tabindex=0>r1</div><div role=menuitemcheckbox aria-checked="mixed" tabindex=0>m1</div>',
  '<button aria-expanded="maybe">e1</button><button aria-expanded="undefined">e2</button><button aria-expanded="false ">e3</button><div role=tablist><div role=tab aria-selected="maybe" tabindex=0>t1</div><div role=tab aria-selected="undefined" tabindex=0>t2</div><div role=tab aria-selected="false " tabindex=0>t3</div></div><div role=listbox aria-label=lb><div role=option aria-selected="maybe">o1</div><div role=option aria-selected="">o2</div><div role=option>o3</div></div><button aria-pressed="undefined">p1</button><button aria-pressed="false ">p2</button><button aria-pressed="MIXED">p3</button><div role=checkbox aria-checked="undefined" tabindex=0>c1</div><div role=checkbox aria-checked="false " tabindex=0>c2</div><div role=checkbox aria-checked="MIXED" tabindex=0>c3</div><div role=checkbox tabindex=0>c4</div><div role=dialog aria-modal="TRUE" aria-label=d1>d</div><div role=dialog aria-modal="maybe" aria-label=d2>d</div>',
  '<div role=tablist><div role=tab tabindex=0>t1</div><div role=tab>t2</div><div role=tab aria-selected="false">t3</div></div><div role=listbox aria-label=lb1><div role=option>o1</div><div role=option aria-selected="false">o2</div></div><div role=listbox aria-label=lb2 aria-multiselectable=true><div role=option>o3</div></div><div role=grid><div role=row><div role=gridcell>g1</div></div></div><button aria-disabled="undefined">d1</button><div aria-disabled=true><button aria-disabled="undefined">d2</button></div><div role=dialog aria-modal="undefined" aria-label=m1>m</div>',
  '<div aria-disabled=true><div aria-disabled="undefined"><button>u1</button></div><div aria-disabled="UNDEFINED"><button>u2</button></div></div><div role=radiogroup aria-label=rg><div role=radio aria-checked="mixed" tabindex=0>r1</div><div role=radio aria-checked="maybe" tabindex=0>r2</div></div><div role=switch aria-checked="mixed" tabindex=0>s1</div><div role=switch aria-checked="maybe" tabindex=0>s2</div><div role=menu><div role=menuitemradio aria-checked="mixed" tabindex=0>mr</div><div role=menuitemcheckbox aria-checked="maybe" tabindex=0>mc</div></div><button aria-pressed="UNDEFINED">p1</button><div role=tablist><div role=tab aria-selected="TRUE" tabindex=0>t1</div></div>',
  '<details><summary>closed</summary>x</details><details open><summary>open</summary>y</details><button aria-expanded=true>e1</button><div role=combobox aria-expanded=false aria-label=cb tabindex=0></div><a href="#" aria-expanded=false>e2</a><div role=treeitem aria-expanded=true>e3</div>',
  '<div role=tablist><div role=tab aria-selected=true tabindex=0>t1</div><div role=tab tabindex=-1>t2</div></div><select size=3 aria-label=s><option selected>o1</option><option>o2</option></select><div role=grid><div role=row><div role=gridcell aria-selected=true>g</div></div></div>',
  '<h1>h1</h1><h6>h6</h6><div role=heading aria-level=3>r3</div><div role=heading>rdef</div><h2 aria-level=5>h2as5</h2><h3 role=heading aria-level=0>zero</h3><div role=heading aria-level=12>twelve</div>',
  '<button aria-pressed=true>p1</button><button aria-pressed=mixed>p2</button><button aria-pressed=false>p3</button><div role=button aria-pressed=true tabindex=0>p4</div><input type=button aria-pressed=true value=p5>',
  '<input value=typed aria-label=v1><textarea aria-label=v2>area text</textarea><div role=slider aria-valuenow=40 aria-valuemin=0 aria-valuemax=200 aria-label=v3 tabindex=0></div><div role=progressbar aria-valuenow=70 aria-label=v4></div><meter value=0.3 aria-label=v5></meter><progress value=20 max=100 aria-label=v6></progress><input type=range min=0 max=10 value=4 aria-label=v7>',
  '<div role=dialog aria-modal=true aria-label=m1><button>in</button></div><dialog open><p>non-modal</p></dialog><div role=alertdialog aria-label=m2 aria-modal=false>x</div>',
  '<a href="https://example.org/a?b=c#d">abs</a><a href="rel/path">rel</a><a href="#frag">frag</a><a href="javascript:void(0)">js</a><a href="mailto:a@b.c">mail</a><area>',
  '<div contenteditable>plain ce</div><div contenteditable=plaintext-only>pt</div><span contenteditable><b>bold ce</b></span><input readonly value=ro aria-label=ro><input type=text disabled value=dis aria-label=dis>',
];

/** aria-hidden where Chromium disregards it (on the focused element and what holds it, on a select's options) and where it holds beside them. */
const HIDDEN = [
  '<button aria-hidden=true id=b>focused</button><button aria-hidden=true>not focused</button><script>b.focus()</script>',
  '<div aria-hidden=true><p>held</p><button id=b>focus inside</button></div><div aria-hidden=true><button>no focus</button></div><script>b.focus()</script>',
  '<select aria-label=s><option>a</option><option aria-hidden=true>b</option></select><select size=3 aria-label=l><option aria-hidden=true>c</option><option>d</option></select><div role=listbox aria-label=r><div role=option aria-hidden=true>e</div><div role=option>f</div></div>',
  '<dialog aria-hidden=true aria-label=modal><button>in</button></dialog><script>document.querySelector("dialog").showModal()</script>',
];

/** Images whose alt is white space alone, alone and inside what their names name. */
const WHITESPACE_ALT = [
  '<img alt="  " src=x.png><img alt=" " src=x.png><img alt="   " title=T src=x.png><input type=image alt="  " src=x.png><img alt=" a " src=x.png><img alt="a  b" src=x.png>',
  '<button><img alt=" " src=x.png><img alt=" " src=x.png></button><a href=#> <img alt=" " src=x.png> </a><h2><img alt=" " src=x.png></h2><button><img alt=" " src=x.png>x</button><a href=#><img alt=" " src=x.png>Go</a>',
];

/** Shapes inside an <svg> whose style says display: block (APG's switch button draws its states so). */
const SVG_BLOCKS = [
  '<style>rect.b { display: block }</style><button role=switch aria-checked=false><span>L</span><svg height=20 width=36><rect class=b x=1 y=1 width=34 height=18 /><rect class=b x=4 y=4 width=12 height=12 /></svg></button><div><svg height=20 width=36><g class=b><rect class=b x=4 y=4 width=12 height=12 /></g></svg></div>',
];

/** ::before / ::after boxes of white space alone, inline and block, and the block-level empty boxes of a clearfix beside text. */
const PSEUDO_SPACES = [
  '<style>.i::before{content:" ";display:inline-block} .n::after{content:"  "} .b::before{content:" ";display:block}</style><div class=i>x</div><div class=n>y</div><div class=b>z</div><button class=i>Go</button>',
  '<style>.t::before{content:"";display:table} .c::after{content:"";display:block;clear:both} .e::before{content:"";display:inline-block;width:4px}</style><div class=t>a</div><div class=c>b <b>c</b></div><div class=e>d</div>',
];

/** ::before / ::after content with an alternative text after a '/': empty (decoration), words, an image's. */
const PSEUDO_ALT = [
  '<style>.e::before{content:"☆" / ""} .f::before{content:"☆" / "";display:flex} .w::before{content:"☆" / "star"} .i::after{content:url(x.png) / "pic"}</style><div class=e>a</div><button class=f aria-label=fav></button><div class=w>b</div><p class=i>c</p><button class=w>Go</button><button class=e>Go</button>',
];

/** Boxes with overflow auto, scroll or hidden, with and without content to scroll. */
const OVERFLOW = [
  '<div style="overflow-x:auto;display:flex"><div>a</div></div><div style="overflow:auto"><p>b</p></div><div style="overflow-y:scroll"><p>c</p></div><div style="overflow:auto;width:50px"><div style="width:200px">wide</div></div><div style="overflow:auto;height:20px"><p>d</p><p>e</p><p>f</p></div><div style="overflow:hidden;height:20px"><p>g</p><p>h</p></div><div style="overflow:hidden"><p>i</p></div>',
];

/** The probe pages, each with a label. */
export const PROBE_PAGES: ReadonlyArray<{ label: string; html: string }> = [
  ...contextPages().map((html, i) => ({ label: `role in context: ${CHILD_ROLES[i]}`, html })),
  ...nestedNamePages().map((html, i) => ({ label: `nested in ${NAMED_BY_CONTENT[i]}`, html })),
  ...TABLES.map((html, i) => ({ label: `table ${i + 1}`, html })),
  ...OWNS.map((html, i) => ({ label: `aria-owns ${i + 1}`, html })),
  ...NATIVE.map((html, i) => ({ label: `native ${i + 1}`, html })),
  ...FEATURES.map((html, i) => ({ label: `features ${i + 1}`, html })),
  ...NAMES.map((html, i) => ({ label: `names ${i + 1}`, html })),
  ...STATES.map((html, i) => ({ label: `states ${i + 1}`, html })),
  ...HIDDEN.map((html, i) => ({ label: `aria-hidden ${i + 1}`, html })),
  ...WHITESPACE_ALT.map((html, i) => ({ label: `white space alt ${i + 1}`, html })),
  ...SVG_BLOCKS.map((html, i) => ({ label: `svg blocks ${i + 1}`, html })),
  ...PSEUDO_SPACES.map((html, i) => ({ label: `pseudo spaces ${i + 1}`, html })),
  ...OVERFLOW.map((html, i) => ({ label: `overflow ${i + 1}`, html })),
  ...PSEUDO_ALT.map((html, i) => ({ label: `pseudo alt ${i + 1}`, html })),
];

/** `judge` on each probe page in turn, in one tab of `browser`, the page's HTML loaded with setContent. */
export async function onProbePages<T>(browser: Browser, judge: (page: Page, label: string) => Promise<T>): Promise<T[]> {
  const page = await browser.newPage();
  try {
    const out: T[] = [];
    for (const { label, html } of PROBE_PAGES) {
      await page.setContent(`<!doctype html><title>${label}</title>${html}`);
      out.push(await judge(page, label));
    }
    return out;
  } finally {
    await page.close();
  }
}
