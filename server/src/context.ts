import type { Knex } from "knex";
import type { Role } from "@jalon/shared";
import type { RealtimePayload } from "@jalon/shared/realtime";
import type { Config } from "./config.js";
import type { Db } from "./db/knex.js";
import type { TokenService } from "./auth/tokens.js";
import type { Logger } from "./lib/log.js";
import type { AccessChange } from "./realtime/eviction.js";

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
  rateLimits: Record<RateLimitName, { max: number; windowMs: number }>;
}

export type RateLimitName = "login" | "forgotPassword";

/** The signed-in user, loaded from the database on every request. */
export interface AuthUser {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  type: Role;
}

export type Tx = Knex.Transaction;
