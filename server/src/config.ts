import path from "node:path";

/** Server settings, read once from the environment. */
export interface Config {
  port: number;
  /** PGlite's folder when no DATABASE_URL is set. */
  dataDir: string;
  /** A real PostgreSQL (postgres://...) instead of PGlite. */
  databaseUrl: string | null;
  /** HS256 secret; when unset, a secret generated once is kept in the database (app_settings). */
  jwtSecret: string | null;
  jwtTtl: string;
  /** Public origin used in the links written to the mail outbox. */
  publicUrl: string;
  /** Seed the demo project and accounts on an empty database. */
  seedDemo: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  return {
    port: Number.isInteger(port) && port >= 0 ? port : 3000,
    dataDir: path.resolve(env.DATA_DIR ?? "./data"),
    databaseUrl: env.DATABASE_URL && env.DATABASE_URL.trim() !== "" ? env.DATABASE_URL : null,
    jwtSecret: env.JWT_SECRET && env.JWT_SECRET.length >= 16 ? env.JWT_SECRET : null,
    jwtTtl: env.JWT_TTL ?? "12h",
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${Number.isInteger(port) ? port : 3000}`).replace(/\/$/, ""),
    seedDemo: env.SEED_DEMO !== "false",
  };
}
