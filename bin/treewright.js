#!/usr/bin/env node
import { main } from '../dist/runner/cli.js';

main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (e) => { process.stderr.write(`treewright: internal error: ${e?.stack ?? e}\n`); process.exitCode = 2; },
);
