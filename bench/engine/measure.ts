// Timing: warm-up runs, then timed runs until both a minimum count and a time budget are reached (or a maximum
// count). Reports median, p90 and min in milliseconds.
import { performance } from "node:perf_hooks";

export interface Stats {
  medianMs: number;
  p90Ms: number;
  minMs: number;
  runs: number;
}

export interface MeasureOptions {
  warmup: number;
  minRuns: number;
  maxRuns: number;
  /** Keep running (up to maxRuns) until the timed runs add up to this many ms. */
  budgetMs: number;
}

/** Results of measured calls land here so that the optimiser cannot drop the work. */
export let sink: unknown = null;

function round(x: number): number {
  return x >= 100 ? Math.round(x * 10) / 10 : x >= 1 ? Math.round(x * 1000) / 1000 : Math.round(x * 10000) / 10000;
}

export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

export function summarize(samples: readonly number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  return { medianMs: round(quantile(s, 0.5)), p90Ms: round(quantile(s, 0.9)), minMs: round(s[0]), runs: s.length };
}

/** Times fn(run) where run counts from 0 over warm-up and timed runs alike. */
export function measure(fn: (run: number) => unknown, opts: MeasureOptions): Stats {
  let run = 0;
  for (let w = 0; w < opts.warmup; w++) sink = fn(run++);
  const samples: number[] = [];
  let total = 0;
  while (samples.length < opts.maxRuns && (samples.length < opts.minRuns || total < opts.budgetMs)) {
    const t0 = performance.now();
    sink = fn(run++);
    const dt = performance.now() - t0;
    samples.push(dt);
    total += dt;
  }
  return summarize(samples);
}

/** Same with a setup step before each call that is not timed (it may prepare the call's input). */
export function measureWithSetup<T>(
  setup: (run: number) => T,
  fn: (input: T, run: number) => unknown,
  opts: MeasureOptions,
): Stats {
  let run = 0;
  for (let w = 0; w < opts.warmup; w++) {
    const input = setup(run);
    sink = fn(input, run++);
  }
  const samples: number[] = [];
  let total = 0;
  while (samples.length < opts.maxRuns && (samples.length < opts.minRuns || total < opts.budgetMs)) {
    const input = setup(run);
    const t0 = performance.now();
    sink = fn(input, run++);
    const dt = performance.now() - t0;
    samples.push(dt);
    total += dt;
  }
  return summarize(samples);
}
