// The one failOn / severity implementation the matchers and the verify lane share.
import { test, expect } from '@playwright/test';
import { failsAt, parseFailOn, severitySummary, type Finding, type Severity } from '../../src/common/finding.js';
import { TargetError } from '../../src/errors.js';
import { runVerify } from '../../runner/verify/index.js';

const f = (severity: Severity): Finding => ({ check: 'a11y', rule: 'r', severity, nodeId: null, rootId: null, node: null, message: 'm' });

test('parseFailOn: the default, the three severities, and a typed error naming where', () => {
  expect(parseFailOn(undefined, 'x')).toBe('error');
  for (const s of ['error', 'warning', 'info'] as const) expect(parseFailOn(s, 'x')).toBe(s);
  let err: unknown;
  try { parseFailOn('warn', 'toPassA11y'); } catch (e) { err = e; }
  expect(err).toBeInstanceOf(TargetError);
  expect((err as TargetError).message).toContain('toPassA11y: failOn takes error, warning or info, got "warn"');
});

test('failsAt: findings at or above failOn fail', () => {
  expect(failsAt([f('warning')], 'error')).toBe(false);
  expect(failsAt([f('warning')], 'warning')).toBe(true);
  expect(failsAt([f('info')], 'warning')).toBe(false);
  expect(failsAt([f('info')], 'info')).toBe(true);
  expect(failsAt([], 'info')).toBe(false);
});

test('severitySummary: errors and warnings always, info when there is any', () => {
  expect(severitySummary([])).toBe('0 errors, 0 warnings');
  expect(severitySummary([f('error'), f('error'), f('warning')])).toBe('2 errors, 1 warning');
  expect(severitySummary([f('error'), f('info'), f('info')])).toBe('1 error, 0 warnings, 2 info');
});

test('the matchers and the lane reject a bad failOn the same way', async () => {
  const { toPassA11y } = await import('../../matchers/a11y.js');
  const { toHaveNoTokenDrift } = await import('../../matchers/drift.js');
  const dev = {} as never;
  await expect(toPassA11y.call({}, dev, { failOn: 'warn' as Severity })).rejects.toThrow('toPassA11y: failOn takes error, warning or info, got "warn"');
  await expect(toHaveNoTokenDrift.call({}, dev, { failOn: 'warn' as Severity, catalog: {} })).rejects.toThrow('toHaveNoTokenDrift: failOn takes error, warning or info, got "warn"');
  let stderr = '';
  const sink = { write: (s: string) => { stderr += s; return true; } } as unknown as NodeJS.WritableStream;
  expect(await runVerify(['x.json', '--fail-on', 'warn'], { stdout: sink, stderr: sink, cwd: process.cwd(), env: {} })).toBe(2);
  expect(stderr).toContain('--fail-on: failOn takes error, warning or info, got "warn"');
});
