// CPU-time sampling shared by the throughput benchmarks (XML import, the side-by-side with the peer).
import { fork } from 'node:child_process';
import { median } from './stats.js';

/**
 * CPU milliseconds of this process (all threads, GC helpers included). Wall time on a shared machine
 * swings with whatever else runs; CPU time measures the work done.
 */
export function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

export interface TimedJob<I> { f: (input: I) => unknown; input: I; reps?: number }

const SAMPLES = 9;
const SAMPLE_MS = 40;
const WARMUP_MS = 300;

/**
 * CPU milliseconds per call of each function on its input, one figure per round: `out[job][round]`.
 * Warm-up first (the JIT, not a memo: every call gets the input as the user has it and builds
 * everything from it); then `samples` rounds, each timing every function in turn for enough calls to
 * last ~`sampleMs`. Interleaved, so load from other processes hits them alike, and in alternating order
 * (forward, then backward), so the collector's debt one job leaves is paid by each job as often.
 */
export function timeRounds<I>(jobs: Array<TimedJob<I>>, samples = SAMPLES, sampleMs = SAMPLE_MS): number[][] {
  const reps = jobs.map(({ f, input, reps: fixed }) => {
    let calls = 0;
    const t0 = cpuMs();
    do { f(input); calls++; } while (cpuMs() - t0 < WARMUP_MS || calls < 3);
    const perCall = (cpuMs() - t0) / calls;
    return fixed ?? Math.max(1, Math.round(sampleMs / perCall));
  });
  const out: number[][] = jobs.map(() => []);
  for (let s = 0; s < samples; s++) {
    for (let k = 0; k < jobs.length; k++) {
      const j = s % 2 === 0 ? k : jobs.length - 1 - k;
      const { f, input } = jobs[j]!;
      // Results stay alive until the sample ends, as a caller holds its answer: otherwise many small
      // calls would look cheaper per node only because their trees die young and are never copied.
      const held: unknown[] = new Array(reps[j]!);
      const t0 = cpuMs();
      for (let r = 0; r < reps[j]!; r++) held[r] = f(input);
      out[j]!.push((cpuMs() - t0) / reps[j]!);
      held.length = 0;
    }
  }
  return out;
}


/** Median CPU milliseconds per call of each function on its input (timeRounds' rounds). */
export function timeAll<I>(jobs: Array<TimedJob<I>>, samples = SAMPLES): number[] {
  return timeRounds(jobs, samples).map(median);
}

export interface RoundRatio {
  /** The median over rounds of each round's ratio. */
  ratio: number;
  /** The lower and upper quartile of the rounds' ratios: how much the machine moved them. */
  lo: number;
  hi: number;
}

/**
 * `num / den` judged round by round (each pair timed back to back in one round of timeRounds), then
 * the median: a load spike that slows one round slows both sides of its ratio, where a ratio of two
 * medians mixes rounds taken under different loads.
 */
export function roundRatio(num: readonly number[], den: readonly number[]): RoundRatio {
  const rs = num.map((v, k) => v / den[k]!).sort((a, b) => a - b);
  const q = (p: number) => rs[Math.min(rs.length - 1, Math.floor(p * (rs.length - 1) + 0.5))]!;
  return { ratio: median(rs), lo: q(0.25), hi: q(0.75) };
}

/**
 * Wall milliseconds of each of `runs` calls of an async round trip (a device, a server), after
 * `warmup` untimed calls. `fn` gets the call's index. Wall, not CPU: the time is spent in other processes.
 */
export async function wallSamples(runs: number, warmup: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn(i);
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn(i);
    out.push(performance.now() - t0);
  }
  return out;
}

/**
 * Runs `script` (a benchmark's own file) again in a child process with `args` (and this process's
 * loader flags), and resolves with the one message the child sends back: a measurement taken with a
 * heap of its own (bench/reachability.ts, bench/peer.ts).
 */
export function inChildProcess<T>(script: string, args: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = fork(script, args, { execArgv: process.execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let result: T | undefined;
    child.on('message', (m) => { result = m as T; });
    child.on('error', reject);
    child.on('exit', (code) => (result !== undefined ? resolve(result) : reject(new Error(`benchmark child exited with ${code} and no result`))));
  });
}
