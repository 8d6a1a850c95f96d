// What every server bench shares: its log on stderr, its --name value arguments, and its main: the measures on
// a throwaway Debian PostgreSQL (PGlite when the binaries are missing, or with --backend pglite), printed as one
// JSON object with the machine's load before and after.
import { cpus, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { startPostgres } from "../../scripts/postgres.js";
import type { DbTarget } from "../../server/src/db/knex.js";

export function benchLog(name: string): (msg: string) => void {
  const began = performance.now();
  return (msg) => process.stderr.write(`[bench:${name} ${((performance.now() - began) / 1000).toFixed(1)}s] ${msg}\n`);
}

export function benchArg(name: string, fallback: string): string {
  const k = process.argv.indexOf(`--${name}`);
  return k > 0 && process.argv[k + 1] ? process.argv[k + 1] : fallback;
}

export async function runServerBench(opts: {
  backend: string;
  log: (msg: string) => void;
  /** How the figures were taken, printed with them. */
  method: string;
  measure: (kind: "postgres" | "pglite", target: DbTarget) => Promise<Record<string, unknown>>;
}): Promise<void> {
  const loadBefore = loadavg()[0];
  let result: Record<string, unknown>;
  let backend = opts.backend;
  if (opts.backend === "postgres") {
    const pg = startPostgres();
    if ("skip" in pg) {
      opts.log(`PostgreSQL skipped (${pg.skip}): PGlite`);
      backend = "pglite";
      result = await opts.measure("pglite", { kind: "pglite", dataDir: null });
    } else
      try {
        result = await opts.measure("postgres", { kind: "postgres", url: pg.url });
      } finally {
        pg.stop();
      }
  } else result = await opts.measure("pglite", { kind: "pglite", dataDir: null });
  const machine = {
    cpus: cpus().length,
    model: cpus()[0]?.model,
    node: process.version,
    loadAverage1mBeforeAfter: [loadBefore, loadavg()[0]],
  };
  process.stdout.write(
    `${JSON.stringify({ date: new Date().toISOString(), machine, backend, method: opts.method, ...result }, null, 2)}\n`,
  );
}

/** Runs main when the file is the script started (not when another bench imports its measures). */
export function runIfMain(file: string, main: () => Promise<void>): void {
  if (process.argv[1]?.endsWith(file))
    main().catch((e) => {
      process.stderr.write(`${(e as Error).stack}\n`);
      process.exit(1);
    });
}
