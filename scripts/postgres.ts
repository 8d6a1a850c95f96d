// A throwaway PostgreSQL cluster on loopback from Debian's binaries, for the server suite's second run.
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type Postgres = { url: string; stop: () => void } | { skip: string };

function binDir(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], "bin") : null;
}

export function startPostgres(port = 5433 + Math.floor(Math.random() * 400)): Postgres {
  const bin = binDir();
  if (!bin) return { skip: "Debian postgresql is not installed (apt-get install -y postgresql)" };
  const dir = mkdtempSync(join(tmpdir(), "jalon-pg-"));
  chmodSync(dir, 0o755);
  const data = join(dir, "data");
  const asRoot = process.getuid?.() === 0;
  // initdb refuses to run as root: run the cluster as the postgres user then.
  const run = (cmd: string, args: string[]) => {
    if (asRoot) {
      const line = [cmd, ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(" ");
      execFileSync("su", ["postgres", "-s", "/bin/sh", "-c", line], { stdio: "pipe" });
    } else execFileSync(cmd, args, { stdio: "pipe" });
  };
  try {
    if (asRoot) execFileSync("chown", ["postgres", dir]);
    run(join(bin, "initdb"), [
      "-D",
      data,
      "-U",
      "postgres",
      "--auth-local=trust",
      "--auth-host=trust",
      "-E",
      "UTF8",
      "--locale=C.UTF-8",
    ]);
    run(join(bin, "pg_ctl"), [
      "-D",
      data,
      "-l",
      join(dir, "pg.log"),
      "-w",
      "-o",
      `-h 127.0.0.1 -p ${port} -k ${dir} -F`,
      "start",
    ]);
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    return { skip: `PostgreSQL could not start: ${(e as Error).message.split("\n")[0]}` };
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      try {
        run(join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "stop"]);
      } catch {
        spawnSync("pkill", ["-f", data]);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
