// The cmp-inspector's own way to run its a11y check on one capture, as a script a user would write:
// read the tree with its loader, audit it with its a11y module, print each finding and a summary line,
// exit 1 on a violation. The reference `treewright verify <capture> --checks a11y` is timed against
// (bench/startup.ts). Usage: node bench/peer-a11y-cli.mjs <peer lib folder> <capture.json>
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [lib, file] = process.argv.slice(2);
const { loadTree } = await import(pathToFileURL(join(lib, 'tree.mjs')).href);
const { auditA11y } = await import(pathToFileURL(join(lib, 'a11y.mjs')).href);
const result = auditA11y(loadTree(file));
for (const f of [...result.violations, ...result.warnings]) {
  process.stdout.write(`${f.rule}  ${f.detail}\n    ${f.path}${f.testTag ? ` tag=${f.testTag}` : ''}\n`);
}
process.stdout.write(`${file}: ${result.violations.length} violations, ${result.warnings.length} warnings, ${result.passCount} passed\n`);
process.exitCode = result.violations.length ? 1 : 0;
