/** Shapes every resource's contract shares: the short references an entity carries to its relations. */
import { z } from "zod";
import { idList, projectRef } from "../schemas.js";

/** A related row as the API shows it inside another: its id and name. */
export interface Ref {
  id: number;
  name: string;
}

/** The scope every version-owned entity carries: its project, its version, and its id shared by all versions. */
export interface VersionOwned {
  projectId: number;
  versionId: number;
  trackingId: number;
}

/** A tag as listed on a tagged row (zones, lots, specialities, participants, events). */
export interface TagRef {
  id: number;
  name: string;
  color: string | null;
}

/** The JSON a client sends for a request schema (before the server's parsing and defaults). */
export type RequestOf<S extends z.ZodType> = z.input<S>;

/** A create or update body without the scope the client adds itself (projectId, versionId). */
export type FieldsOf<S extends z.ZodType> = Omit<z.input<S>, "projectId" | "versionId">;

/**
 * `T` itself when each of its fields is a field of the contract body `C`, of a type `C` accepts; otherwise a
 * type error. The web declares the exact (required) fields a screen writes this way.
 */
export type ContractFields<C, T extends { [K in keyof T]: K extends keyof C ? C[K] : never }> = T;

/** Any request schema of the contract (the web's client names a body by its schema: `send<typeof xBody, Answer>`). */
export type RequestSchema = z.ZodType;

/** DELETE {path}/bulk-delete {ids, projectId?} of the reference resources (zones, lots, participants, specialities). */
export const bulkDeleteBody = z.object({ ids: idList, projectId: projectRef.optional() }).strict();

/** The answer of a bulk delete: the ids that went (a zone takes its sub-zones with it). */
export interface DeletedIds {
  ids: number[];
}

/** The answer of a bulk delete that counts what went. */
export interface DeletedCount {
  ids: number[];
  count: number;
}

/** The answer of a write that says what was done in one catalogue key ("user.reset_email_sent"). */
export interface MessageAnswer {
  message: string;
}

/** One bar of GET {path}/histogram of lots and participants: the row and how many tasks it has, most first. */
export interface HistogramBar {
  id: number;
  name: string;
  color: string;
  total: number;
}

/** The answer of a write of several rows (countings, workforce lines): the rows as written. */
export interface WrittenRows<T> {
  data: T[];
  count: number;
}
