// Runs npm scripts side by side (`node scripts/parallel.mjs build typecheck lint`): `npm test`'s
// checks read only the sources, so they need not wait for each other. Each script's output is printed
// whole when it ends, so two never interleave; the exit code is the first failure's, else 0.
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: node scripts/parallel.mjs <npm script>...');
  process.exit(2);
}

function run(name) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('error', (e) => resolve({ name, code: 1, output: `${e.message}\n` }));
    child.on('close', (code, signal) => resolve({ name, code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString() }));
  });
}

const results = await Promise.all(names.map((name) => run(name).then((r) => {
  process.stdout.write(`> ${r.name}: ${r.code === 0 ? 'ok' : `failed (exit ${r.code})`}\n${r.output}`);
  return r;
})));
const failed = results.find((r) => r.code !== 0);
process.exit(failed ? failed.code : 0);
