import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import Koa from "koa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorHandler } from "../../src/http/errorHandler.js";
import { serveWebApp } from "../../src/http/webApp.js";
import { createLogger } from "../../src/lib/log.js";

/** The built web app's static serving, on a throwaway folder (the real web/dist may not be built). */
let root: string;
let server: http.Server;
let url: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "jalon-web-"));
  fs.mkdirSync(path.join(root, "assets"));
  fs.writeFileSync(path.join(root, "index.html"), "<!doctype html><title>Jalon</title>");
  fs.writeFileSync(path.join(root, "assets", "app.js"), "console.log(1)");
  fs.writeFileSync(path.join(path.dirname(root), `${path.basename(root)}-secret.txt`), "secret");
  const app = new Koa();
  app.silent = true;
  app.use(errorHandler(createLogger("silent")));
  app.use(serveWebApp(root));
  server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  fs.rmSync(root, { recursive: true, force: true });
  fs.rmSync(path.join(path.dirname(root), `${path.basename(root)}-secret.txt`), { force: true });
});

describe("the web app's files on odd addresses", () => {
  it("malformed escapes, NUL, traversal, huge names: an answer, never a 5xx, nothing outside the folder", async () => {
    const secret = `${path.basename(root)}-secret.txt`;
    for (const p of [
      "/%E0%A4%A",
      "/%",
      "/a%00b",
      "/%00",
      "/assets/%2e%2e/%2e%2e/" + secret,
      "/../" + secret,
      "/..%2f" + secret,
      "/%2e%2e%2f" + secret,
      `/${"a".repeat(5000)}`,
      "/assets/app.js%00.html",
      "/planning/%ff",
    ]) {
      const res = await fetch(`${url}${p}`);
      const text = await res.text();
      expect(res.status, p).toBeLessThan(500);
      expect(text, p).not.toContain("secret");
    }
  });

  it("the files and the client routes are still served", async () => {
    expect(await (await fetch(`${url}/assets/app.js`)).text()).toBe("console.log(1)");
    const page = await fetch(`${url}/projets/12/planning`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<title>Jalon</title>");
  });
});
