import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { buildInto, withBuildLock } from "../../../scripts/buildLock.js";

// `npm start` twice at once with the web build missing: the builds take turns (scripts/buildLock.ts), a lock
// left by a killed start is taken over, and web/dist is only ever a whole build.
const lockModule = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../scripts/buildLock.ts");
const dir = mkdtempSync(path.join(tmpdir(), "jalon-build-lock-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A start's build step in its own process: under the lock, a build of `dist` that takes `ms`, logged. */
const STARTER = `
import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import { buildInto, withBuildLock } from ${JSON.stringify(lockModule)};
const [dir, ms] = [process.argv[2], Number(process.argv[3])];
const log = (what) => appendFileSync(dir + "/log", what + " " + process.pid + "\\n");
withBuildLock(dir + "/lock", () => {
  log("start");
  buildInto(dir + "/dist", (tmp) => {
    mkdirSync(tmp + "/assets", { recursive: true });
    writeFileSync(tmp + "/assets/app.js", "built by " + process.pid);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
    writeFileSync(tmp + "/index.html", String(process.pid));
    return true;
  });
  log("end");
});
`;

function starter(ms: number): Promise<number> {
  const file = path.join(dir, "starter.mts");
  writeFileSync(file, STARTER);
  const child = spawn(process.execPath, ["--import", "tsx", file, dir, String(ms)], { stdio: "inherit" });
  return new Promise((resolve) => child.once("exit", (code) => resolve(code ?? 1)));
}

describe("the web build of npm start", () => {
  it("takes turns between two starts, and leaves one whole build and no temporary folder", async () => {
    expect(await Promise.all([starter(400), starter(400)])).toEqual([0, 0]);
    const log = readFileSync(path.join(dir, "log"), "utf8")
      .trim()
      .split("\n")
      .map((l) => l.split(" "));
    expect(log.map(([what]) => what)).toEqual(["start", "end", "start", "end"]);
    expect(log[0][1]).toBe(log[1][1]);
    const last = log[3][1];
    expect(readFileSync(path.join(dir, "dist/index.html"), "utf8")).toBe(last);
    expect(readFileSync(path.join(dir, "dist/assets/app.js"), "utf8")).toBe(`built by ${last}`);
    expect(readdirSync(dir).sort()).toEqual(["dist", "log", "starter.mts"]);
  });

  it("takes over a lock whose owner died", () => {
    const dead = spawnSync(process.execPath, ["-e", "0"]).pid!;
    const lock = path.join(dir, "stale.lock");
    writeFileSync(lock, String(dead));
    const began = Date.now();
    expect(withBuildLock(lock, () => "built")).toBe("built");
    expect(Date.now() - began).toBeLessThan(2_000);
    expect(existsSync(lock)).toBe(false);
  });

  it("keeps the previous build when a build fails", () => {
    const dist = path.join(dir, "kept");
    mkdirSync(dist);
    writeFileSync(path.join(dist, "index.html"), "previous");
    expect(buildInto(dist, (tmp) => (mkdirSync(tmp), writeFileSync(path.join(tmp, "index.html"), "half"), false))).toBe(
      false,
    );
    expect(readFileSync(path.join(dist, "index.html"), "utf8")).toBe("previous");
    expect(readdirSync(dir).filter((f) => f.startsWith("kept"))).toEqual(["kept"]);
  });
});
