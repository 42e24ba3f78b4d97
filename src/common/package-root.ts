// treewright's package root, found from this module's own location. Built, every module sits
// somewhere under <root>/dist/ (entry files and shared chunks at different depths); run from
// source, this file is <root>/src/common/package-root.ts. A path computation only: nothing is read.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(import.meta.url);
const built = here.lastIndexOf(`${path.sep}dist${path.sep}`);

export const PACKAGE_ROOT = built >= 0 ? here.slice(0, built) : path.resolve(path.dirname(here), '../..');
