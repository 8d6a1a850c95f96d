import path from "node:path";

/** Server settings, read once from the environment. */
export interface Config {
  port: number;
  /** The embedded database's folder when no DATABASE_URL is set. */
  dataDir: string;
  /**
   * The embedded database: a PostgreSQL run by the server (default, durable), or PGlite on explicit request
   * (JALON_DB=pglite: a lighter start, but writes acknowledged shortly before a crash can be lost).
   */
  embeddedDb: "postgres" | "pglite";
  /** A PostgreSQL of one's own (postgres://...) instead of the embedded one; several processes may share it. */
  databaseUrl: string | null;
  /** HS256 secret; when unset, a secret generated once is kept in the database (app_settings). */
  jwtSecret: string | null;
  jwtTtl: string;
  /** Public origin used in the links written to the mail outbox. */
  publicUrl: string;
  /** Seed the demo project and accounts on an empty database. */
  seedDemo: boolean;
  /**
   * Sign-ins allowed per address in the sign-in window (LOGIN_MAX_PER_ADDRESS), all emails together; null keeps
   * ten times the per-email limit. An office behind one NAT address may need more.
   */
  loginMaxPerAddress: number | null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  return {
    port: Number.isInteger(port) && port >= 0 ? port : 3000,
    dataDir: path.resolve(env.DATA_DIR ?? "./data"),
    embeddedDb: env.JALON_DB?.trim().toLowerCase() === "pglite" ? "pglite" : "postgres",
    databaseUrl: env.DATABASE_URL && env.DATABASE_URL.trim() !== "" ? env.DATABASE_URL : null,
    jwtSecret: env.JWT_SECRET && env.JWT_SECRET.length >= 16 ? env.JWT_SECRET : null,
    jwtTtl: env.JWT_TTL ?? "12h",
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${Number.isInteger(port) ? port : 3000}`).replace(/\/$/, ""),
    seedDemo: env.SEED_DEMO !== "false",
    loginMaxPerAddress: positiveInteger(env.LOGIN_MAX_PER_ADDRESS),
  };
}

function positiveInteger(value: string | undefined): number | null {
  const n = Number(value);
  return value !== undefined && value.trim() !== "" && Number.isInteger(n) && n > 0 ? n : null;
}
