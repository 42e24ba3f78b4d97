// `treewright verify --help`, apart from the lane so printing it loads none of the checks.
/** How many files and folders a glob may visit before verify stops it (--max-visited). */
export const DEFAULT_MAX_VISITED = 500_000;

export const VERIFY_USAGE = `usage: treewright verify <glob>... [options]

Checks every captured tree (cmp-inspector JSON, uiautomator XML, any format inspect reads) with the
same engines as the matchers: accessibility, token drift (with --catalog), golden trees (with --golden).

  --catalog <file>       design-system catalog: enables the drift check
  --golden <dir>         golden folder: enables the golden check (<dir>/<tree path>.tree, e.g. golden/captures/home.json.tree)
  --update               write missing goldens and rewrite changed ones
  --checks <list>        a11y,drift,golden (default: all that are enabled)
  --fail-on <severity>   error (default) | warning | info
  --tolerance <px>       bounds tolerance for goldens (default 1)
  --density <n>          px per dp of the device the trees came from (uiautomator dumps do not say; default 1)
  --platform <p>         judge native trees by this platform's a11y rules: android | ios | macos | desktop
                         (default: what each tree tells; a web page is always judged by the web's rules)
  --reporter <list>      line (default), json, junit, html — comma-separated
  --out-dir <dir>        where json / junit / html reports go (default treewright-verify)
  --root <dir>           the folder the globs may walk (default: the working directory)
  --max-visited <n>      stop a glob after reading n files and folders (default ${DEFAULT_MAX_VISITED})
exit code: 0 clean, 1 findings, 2 could not run (bad arguments, unreadable trees)
`;
