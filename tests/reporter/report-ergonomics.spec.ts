// Item 9 of #13 (part): per-test anchors and test.fail() shown as an expected failure.
import { test, expect } from '@playwright/test';
import { anchorOf, renderReportHtml } from '../../runner/reporter/html.js';
import type { ReportTest } from '../../runner/reporter/model.js';

const base = (title: string, extra: Partial<ReportTest> = {}): ReportTest => ({
  key: ['specs/a.spec.ts', 'unit', title].join('\u0000'), project: 'unit', file: 'specs/a.spec.ts', line: 3, column: 1, title: [title],
  status: 'passed', failed: false, flaky: false, durationMs: 5, attempts: [], ...extra,
});

test('each test has a stable anchor; a test.fail() that failed is an expected failure, not red', () => {
  const ok = base('plain pass');
  const xfail = base('known bug', { status: 'failed', expectedFailure: true });
  const html = renderReportHtml({ title: 'r', tests: [ok, xfail] });
  expect(anchorOf(ok)).toBe('t-specs-a-spec-ts-unit-plain-pass');
  expect(html).toContain(`id="${anchorOf(ok)}"`);
  expect(html).toContain(`href="#${anchorOf(xfail)}"`);
  expect(html).toMatch(/<span class="st expected-failure">expected-failure<\/span><h2>known bug<\/h2>/);
  expect(html).not.toMatch(/<span class="st failed">failed<\/span><h2>known bug/);
});
