import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256 } from "../../auth/tokens.js";
import { loadConfig } from "../../config.js";
import { startTestApp, type TestApp } from "../../../test/helpers/app.js";
import { buildUser, countRows, DEFAULT_PASSWORD } from "../../../test/helpers/factories.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ rateLimits: { forgotPassword: { max: 3, windowMs: 60_000 } } });
});
afterAll(async () => t?.close());

describe("POST /auth/login", () => {
  it("answers the user and a token that GET /auth/me accepts", async () => {
    const u = await buildUser(t, { type: "manager" });
    const res = await t.request("POST", "/auth/login", {
      body: { email: `  ${u.email.toUpperCase()} `, password: DEFAULT_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body.error).toBeNull();
    expect(res.body.user).toMatchObject({ id: u.id, email: u.email, type: "manager", isManager: true, isAdmin: false });
    expect(res.body.user.password_hash).toBeUndefined();
    const me = await t.request("GET", "/auth/me", { token: res.body.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: u.id, role: "manager", projects: [] });
  });

  it("refuses a wrong password (invalid_credentials) and an unknown email (user_not_found), 401", async () => {
    const u = await buildUser(t);
    const wrong = await t.request("POST", "/auth/login", { body: { email: u.email, password: "pas-le-bon" } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe("invalid_credentials");
    const unknown = await t.request("POST", "/auth/login", { body: { email: "personne@nulle.part", password: "x" } });
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe("user_not_found");
  });

  it("validates the body: 400 errors.validation, never a 500", async () => {
    for (const body of [
      {},
      { email: "a@b.c" },
      { email: 3, password: "x" },
      { email: "a@b.c", password: "x".repeat(201) },
    ]) {
      const res = await t.request("POST", "/auth/login", { body });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("errors.validation");
    }
    const bad = await t.request("POST", "/auth/login", {
      rawBody: "{pas du json",
      headers: { "content-type": "application/json" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("errors.invalid_json");
  });

  it("is rate limited per address and email", async () => {
    const t2 = await startTestApp({ rateLimits: { login: { max: 2, windowMs: 60_000 } } });
    try {
      const u = await buildUser(t2);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await t2.request("POST", "/auth/login", { body: { email: u.email, password: "faux" } })).status);
      expect(statuses).toEqual([401, 401, 429]);
      const limited = await t2.request("POST", "/auth/login", { body: { email: u.email, password: DEFAULT_PASSWORD } });
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe("errors.too_many_requests");
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      await t2.close();
    }
  });

  it("counts the sign-ins of all emails per address, up to the deployment's LOGIN_MAX_PER_ADDRESS", async () => {
    expect(loadConfig({ LOGIN_MAX_PER_ADDRESS: "500" }).loginMaxPerAddress).toBe(500);
    expect(loadConfig({ LOGIN_MAX_PER_ADDRESS: "beaucoup" }).loginMaxPerAddress).toBeNull();
    expect(loadConfig({}).loginMaxPerAddress).toBeNull();
    const t2 = await startTestApp({ rateLimits: { login: { max: 5, windowMs: 60_000, perAddress: 3 } } });
    try {
      const users = [await buildUser(t2), await buildUser(t2), await buildUser(t2), await buildUser(t2)];
      const statuses: number[] = [];
      for (const u of users)
        statuses.push(
          (await t2.request("POST", "/auth/login", { body: { email: u.email, password: DEFAULT_PASSWORD } })).status,
        );
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await t2.close();
    }
  });

  it("forgets the count of an email after a successful sign-in, so frequent sign-ins never lock out", async () => {
    const t2 = await startTestApp({ rateLimits: { login: { max: 2, windowMs: 60_000 } } });
    try {
      const u = await buildUser(t2);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push(
          (await t2.request("POST", "/auth/login", { body: { email: u.email, password: DEFAULT_PASSWORD } })).status,
        );
      statuses.push((await t2.request("POST", "/auth/login", { body: { email: u.email, password: "faux" } })).status);
      statuses.push((await t2.request("POST", "/auth/login", { body: { email: u.email, password: "faux" } })).status);
      statuses.push((await t2.request("POST", "/auth/login", { body: { email: u.email, password: "faux" } })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 401, 401, 429]);
    } finally {
      await t2.close();
    }
  });
});

describe("GET /auth/me", () => {
  it("needs a valid token: 401 errors.unauthorized otherwise", async () => {
    expect((await t.request("GET", "/auth/me")).body.code).toBe("errors.unauthorized");
    const bad = await t.request("GET", "/auth/me", { token: "abc.def.ghi" });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ code: "errors.unauthorized", message: "Vous avez été déconnecté" });
  });

  it("refuses the token of a deleted user", async () => {
    const u = await buildUser(t);
    await t.db("users").where({ id: u.id }).del();
    expect((await t.request("GET", "/auth/me", { token: u.token })).status).toBe(401);
  });
});

describe("forgot and reset password", () => {
  it("writes a hashed single-use token and the link to the outbox; the link resets once", async () => {
    const u = await buildUser(t);
    const res = await t.request("POST", "/auth/forgot-password", { body: { email: u.email } });
    expect(res.status).toBe(200);
    const mail = await t.db("mail_outbox").where({ to_email: u.email }).orderBy("id", "desc").first();
    const token = /reset-password\/([\w-]+)/.exec(mail.body)![1];
    expect(mail.body).toContain("http://jalon.test/reset-password/");
    const stored = await t.db("password_reset_tokens").where({ user_id: u.id }).first();
    expect(stored.token_hash).toBe(sha256(token));
    expect(stored.token_hash).not.toContain(token);

    const reset = await t.request("POST", "/auth/reset-password", { body: { token, password: "nouveau-mdp-1" } });
    expect(reset.status).toBe(200);
    expect(
      (await t.request("POST", "/auth/login", { body: { email: u.email, password: "nouveau-mdp-1" } })).status,
    ).toBe(200);
    const again = await t.request("POST", "/auth/reset-password", { body: { token, password: "encore-un-autre" } });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("reset_link_invalid");
  });

  it("answers the same for an unknown email and writes nothing", async () => {
    const before = await countRows(t.db, "mail_outbox");
    const res = await t.request("POST", "/auth/forgot-password", { body: { email: "inconnu@nulle.part" } });
    expect(res.status).toBe(200);
    expect(await countRows(t.db, "mail_outbox")).toBe(before);
  });

  it("refuses an expired link with reset_link_expired and keeps the password", async () => {
    const u = await buildUser(t);
    await t.request("POST", "/auth/forgot-password", { body: { email: u.email } });
    const mail = await t.db("mail_outbox").where({ to_email: u.email }).orderBy("id", "desc").first();
    const token = /reset-password\/([\w-]+)/.exec(mail.body)![1];
    await t
      .db("password_reset_tokens")
      .where({ user_id: u.id })
      .update({ expires_at: t.db.raw("now() - interval '1 minute'") });
    const res = await t.request("POST", "/auth/reset-password", { body: { token, password: "nouveau-mdp-1" } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("reset_link_expired");
    expect(
      (await t.request("POST", "/auth/login", { body: { email: u.email, password: DEFAULT_PASSWORD } })).status,
    ).toBe(200);
  });

  it("refuses a short new password with errors.validation", async () => {
    const res = await t.request("POST", "/auth/reset-password", { body: { token: "abc", password: "court" } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("errors.validation");
  });

  it("rate limits forgot-password", async () => {
    const u = await buildUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await t.request("POST", "/auth/forgot-password", { body: { email: u.email } })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
