// Under `npm test` (scripts/parallel.mjs) the tests start once the bundles are built, while the type
// check still writes the package's declarations beside them: a test that needs those waits here for that
// script to end. Run any other way (`npx playwright test` after `npm run build`), there is nothing to wait for.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** Resolves when the npm script `name` that `npm test` runs beside the tests has passed; throws if it failed. */
export async function scriptDone(name: string): Promise<void> {
  const dir = process.env.TREEWRIGHT_SCRIPTS_DONE;
  if (!dir) return;
  const file = path.join(dir, name);
  // Bounded by the calling test's timeout.
  while (!existsSync(file)) await sleep(200);
  const code = readFileSync(file, 'utf8').trim();
  if (code !== '0') throw new Error(`npm run ${name} failed (exit ${code}): its output is printed above the test results; fix it first.`);
}
