import { AppError, type ErrorCode } from "@jalon/shared";
import type { Db } from "../db/knex.js";

/**
 * Helpers of the zone, lot, participant and speciality writes: references sent by id must live in the same
 * version (a lot of version 2 cannot point at a tag of version 1), and many-to-many lists are replaced as a
 * whole, as the forms send them.
 */

/** Refuses ids that are not rows of `table` in `versionId` (errors.validation naming the field and the ids). */
export async function assertInVersion(
  db: Db,
  table: string,
  ids: readonly number[],
  versionId: number,
  field: string,
  code: ErrorCode = "errors.validation",
): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const found = await db(table).whereIn("id", unique).where({ version_id: versionId }).pluck("id");
  const missing = unique.filter((id) => !found.includes(id));
  if (missing.length > 0) {
    throw new AppError(code, {
      message: code === "errors.validation" ? `Référence inconnue dans cette version (${field}).` : undefined,
      details: { field, ids: missing },
    });
  }
}

/** Replaces the right-hand ids linked to one row in a version-scoped join table. */
export async function replaceLinks(
  db: Db,
  table: string,
  leftColumn: string,
  leftId: number,
  rightColumn: string,
  rightIds: readonly number[],
  versionId: number,
): Promise<void> {
  await db(table)
    .where({ [leftColumn]: leftId })
    .delete();
  const unique = [...new Set(rightIds)];
  if (unique.length > 0)
    await db(table).insert(unique.map((r) => ({ version_id: versionId, [leftColumn]: leftId, [rightColumn]: r })));
}

/**
 * The ids among `ids` that rows of `table` use in `column`. `ownerTable` (the table of `ids`) narrows the search
 * to the rows of the owners' versions, through the version's key, for a column with no index of its own (the
 * events' zone and lot, migration 010).
 */
export async function referencedIds(
  db: Db,
  table: string,
  column: string,
  ids: readonly number[],
  ownerTable?: string,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const query = db(table).whereIn(column, ids as number[]);
  if (ownerTable)
    query.whereIn(
      "version_id",
      db(ownerTable)
        .whereIn("id", ids as number[])
        .distinct("version_id"),
    );
  const rows = await query.distinct(column);
  return rows.map((r) => r[column] as number);
}

export const isoTime = (v: unknown): string | null =>
  v instanceof Date ? v.toISOString() : v === null || v === undefined ? null : String(v);
