// The `junit` reporter of `treewright verify`, apart from the others so its XML writer is loaded only
// when a junit report is asked for.
import { XMLBuilder } from 'fast-xml-parser';
import type { TreeResult } from './check.js';
import { describe, type Summary } from './reporters.js';

/** The `junit` reporter: one test case per tree and check (an unreadable tree is one errored case). */
export function junitReport(results: readonly TreeResult[], s: Summary): string {
  const suites = new Map<string, Array<Record<string, unknown>>>();
  const add = (suite: string, c: Record<string, unknown>) => { if (!suites.has(suite)) suites.set(suite, []); suites.get(suite)!.push(c); };
  for (const r of results) {
    const time = (r.ms / 1000).toFixed(3);
    if (r.error) {
      add('import', { '@_classname': 'import', '@_name': r.file, '@_time': time, error: { '@_type': r.error.code, '@_message': firstLine(r.error.message), '#text': r.error.message } });
      continue;
    }
    for (const c of r.checks) {
      const body = c.findings.map((f) => `${f.severity} ${f.rule}: ${f.message}${f.node ? `\n  ${f.node}` : ''}`).join('\n') + (c.diff ? `\n\n${c.diff}` : '');
      add(c.check, {
        '@_classname': c.check, '@_name': r.file, '@_time': time,
        ...(c.status === 'failed' ? { failure: { '@_type': c.check, '@_message': `${r.file}: ${describe(c)}`, '#text': body } } : {}),
        ...(c.status !== 'failed' && c.findings.length ? { 'system-out': body } : {}),
      });
    }
  }
  const testsuite = [...suites].map(([name, cases]) => ({
    '@_name': name,
    '@_tests': cases.length,
    '@_failures': cases.filter((c) => 'failure' in c).length,
    '@_errors': cases.filter((c) => 'error' in c).length,
    testcase: cases,
  }));
  const doc = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    testsuites: {
      '@_name': 'treewright verify',
      '@_tests': testsuite.reduce((a, t) => a + t.testcase.length, 0),
      '@_failures': testsuite.reduce((a, t) => a + t['@_failures'], 0),
      '@_errors': testsuite.reduce((a, t) => a + t['@_errors'], 0),
      '@_time': s.seconds.toFixed(3),
      testsuite,
    },
  };
  return new XMLBuilder({ ignoreAttributes: false, format: true, suppressEmptyNode: true, processEntities: true }).build(doc);
}

function firstLine(s: string): string {
  return s.split('\n')[0]!;
}
