// The browser's own store of countings made without network (IndexedDB through Dexie). A row stays here until
// the server has stored it (then it is removed) or refused it (then it is kept, with the refusal, until the user
// removes it): nothing is dropped silently. A macro-task's batch is stored as one row per counted task, so that
// every screen shows each task's counting waiting; the new field is not indexed, the schema stays version 1.
import { Dexie, type EntityTable } from "dexie";
import type { CountingCreate } from "@jalon/shared";

export type QueuedStatus = "pending" | "refused";

export interface QueuedCounting {
  /** Auto-increment: the order in which the countings were made, the order they are sent in. */
  seq?: number;
  /** The idempotency key, generated here once and sent on every attempt (the server stores a key once). */
  clientKey: string;
  body: Omit<CountingCreate, "clientKey">;
  projectId: number;
  /** Who counted: only that user's session sends it (another user signing in on the device does not). */
  userId: number | null;
  /** What the lists show while it waits: the task's name. */
  eventName: string;
  status: QueuedStatus;
  /** The catalogue code and the server's message of a refusal at sync time. */
  error: { code: string; message: string } | null;
  createdAt: string;
  attempts: number;
  /**
   * A line of a macro-task's batch (PATCH /macro-task/counting): the batch's lines are queued together, leave in
   * one call (all or nothing, each with its own key) and are sent or refused together.
   */
  batch?: { id: string; macroTaskId: number };
}

export class OfflineDb extends Dexie {
  countings!: EntityTable<QueuedCounting, "seq">;
  constructor(name = "jalon-offline") {
    super(name);
    this.version(1).stores({ countings: "++seq, &clientKey, status, projectId" });
  }
}

let db: OfflineDb | null = null;

/** The one database of this tab (tests may swap it for a fresh one). */
export function offlineDb(): OfflineDb {
  db ??= new OfflineDb();
  return db;
}

export function setOfflineDb(next: OfflineDb): void {
  db = next;
}
