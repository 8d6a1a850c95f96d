import type { Knex } from "knex";
import { AppError } from "@jalon/shared";

/**
 * Every planning write on a version runs under a transaction-scoped advisory lock on it, so concurrent
 * writers (bulk moves from two users) are serialised and each sees the other's result.
 */
/** The advisory lock key space of versions: version copies (commands/createVersion.ts) take the same lock. */
export const VERSION_LOCK_SPACE = 1;

export interface WritableVersion {
  id: number;
  projectId: number;
  writeCounter: number;
}

export async function lockWritableVersion(
  trx: Knex.Transaction,
  projectId: number,
  versionId: number,
): Promise<WritableVersion> {
  await trx.raw("select pg_advisory_xact_lock(?, ?)", [VERSION_LOCK_SPACE, versionId]);
  const v = await trx("versions")
    .where({ id: versionId })
    .first("id", "project_id", "is_archived", "is_being_updated", "write_counter");
  if (!v) throw new AppError("errors.version_not_found");
  if (v.project_id !== projectId) throw new AppError("errors.version_not_in_project");
  if (v.is_archived) throw new AppError("errors.version_frozen");
  if (v.is_being_updated) throw new AppError("errors.project_being_updated");
  const p = await trx("projects").where({ id: projectId }).first("is_archived", "is_being_updated");
  if (p?.is_archived) throw new AppError("errors.project_archived");
  if (p?.is_being_updated) throw new AppError("errors.project_being_updated");
  return { id: v.id, projectId, writeCounter: Number(v.write_counter) };
}

export async function bumpWriteCounter(trx: Knex.Transaction, versionId: number): Promise<number> {
  const rows = await trx("versions").where({ id: versionId }).increment("write_counter", 1).returning("write_counter");
  return Number((rows[0] as { write_counter: number }).write_counter);
}
