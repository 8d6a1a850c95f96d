import type { Knex } from "knex";
import type { Role } from "@jalon/shared";
import type { RealtimePayload } from "@jalon/shared/realtime";
import type { Config } from "./config.js";
import type { Db } from "./db/knex.js";
import type { TokenService } from "./auth/tokens.js";
import type { Logger } from "./lib/log.js";

/** What the app needs from outside: the database, settings, tokens, a way to push realtime events. */
export interface AppDeps {
  db: Db;
  config: Config;
  tokens: TokenService;
  log: Logger;
  /** Sends a committed change to the project's room (no-op without Socket.IO, e.g. in most tests). */
  emit: (payload: RealtimePayload) => void;
  /** Puts out of their project rooms the sockets whose access a committed write ended (no-op without Socket.IO). */
  accessChanged: (changes: readonly AccessChange[]) => Promise<void>;
  rateLimits: Record<RateLimitName, RateLimit>;
}

/**
 * What a committed write may have taken away from someone's right to watch a project. Routes record it
 * (Emits.accessChanged) and http/route.ts hands it to the hub (realtime/eviction.ts) once the transaction has committed, so the
 * verdict is taken on what is now in the database.
 */
export type AccessChange =
  /**
   * These users may no longer watch the project (removed from it; archived, for external users), and with
   * `publicViewers` its share link no longer opens it (made private, or archived).
   */
  | { projectId: number; userIds?: readonly number[]; publicViewers?: boolean }
  /** The user changed type or was deleted: every project room their sockets are in is checked again. */
  | { userId: number; deleted?: boolean };

export type RateLimitName = "login" | "forgotPassword";

/** `max` tries per key (an email) in `windowMs`; `perAddress` per client address, all keys together (default max × 10). */
export interface RateLimit {
  max: number;
  windowMs: number;
  perAddress?: number;
}

/** The signed-in user, loaded from the database on every request. */
export interface AuthUser {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  type: Role;
}

export type Tx = Knex.Transaction;
