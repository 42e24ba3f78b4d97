// `treewright inspector --help`: its own module, so the help loads nothing of the inspector.
export const INSPECTOR_USAGE = `usage: treewright inspector [source] [--port <n>] [--no-open] [--interval <ms>]

Serves a local page (127.0.0.1 only; the URL carries a random token) to pick a locator on a live
device: its wireframe beside its outline, the picked node's facts and best locator, actions on it,
a recorder that saves a Playwright spec, and the screen's a11y findings. Prints the URL first.
  [source]          the device (default: reference, the bundled app); any source treewright inspect takes
  --port <n>        listen port (default: any free port)
  --no-open         do not open the page in the browser
  --interval <ms>   capture again every ms (default 1000)
  --save-root <dir> where saved specs go (default: the working directory)
  -h, --help        this text;  -V, --version  treewright's version
`;
