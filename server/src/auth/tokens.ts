import { createHash, createSecretKey, randomBytes } from "node:crypto";
import jwt from "jsonwebtoken";
import type { Db } from "../db/knex.js";

export interface TokenClaims {
  userId: number;
}

export interface TokenService {
  sign: (userId: number) => string;
  verify: (token: string) => TokenClaims | null;
}

/** The JWT secret: JWT_SECRET, or one generated once and kept in the database so every process agrees. */
export async function resolveJwtSecret(db: Db, configured: string | null): Promise<string> {
  if (configured) return configured;
  const generated = randomBytes(48).toString("base64url");
  await db("app_settings").insert({ key: "jwt_secret", value: generated }).onConflict("key").ignore();
  const row = await db("app_settings").where({ key: "jwt_secret" }).first();
  return String(row.value);
}

export function createTokenService(secret: string, ttl: string): TokenService {
  // A KeyObject made once: given a string, jsonwebtoken tries (and fails) to read it as a public key on
  // every verify, which cost about a millisecond per authenticated request (bench/server, GET /planning/data).
  const key = createSecretKey(Buffer.from(secret, "utf8"));
  return {
    sign: (userId) =>
      jwt.sign({}, key, {
        algorithm: "HS256",
        subject: String(userId),
        expiresIn: ttl as jwt.SignOptions["expiresIn"],
      }),
    verify: (token) => {
      try {
        const payload = jwt.verify(token, key, { algorithms: ["HS256"] });
        if (typeof payload === "string" || typeof payload.sub !== "string") return null;
        const userId = Number(payload.sub);
        // users.id is an int4: a larger subject names no one (and would make the lookup fail, not answer 401).
        return Number.isSafeInteger(userId) && userId > 0 && userId <= 2_147_483_647 ? { userId } : null;
      } catch {
        return null;
      }
    },
  };
}

/** Single-use tokens (password reset, share links): the random value is given once, only its hash is stored. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}
