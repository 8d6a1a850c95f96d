import { AppError, ZONE_REALTIME, ZONE_UNITIES, type ZoneUnity } from "@jalon/shared";
import type { Db } from "../db/knex.js";
import type { Emits } from "../http/route.js";
import { assertInVersion, referencedIds, replaceLinks } from "./referenceLinks.js";
import { emitReference } from "./lotWrite.js";

/**
 * Zone writes (spec 001 sections 3, 5, 8). Zones form a tree of at most four levels (macro-zone 0, zone 1,
 * micro-zone 2, nano-zone 3); level and fullName ("Bâtiment A / R+1 / Logement 12") are derived from the
 * parents and recomputed for the whole version after each write, so a rename or a move is reflected in every
 * descendant. Deleting a zone deletes its sub-zones (foreign key cascade), so a zone is refused when it or a
 * sub-zone is used by tasks or sequences.
 */

export const ZONE_LEVELS = 4;
export const FULL_NAME_SEPARATOR = " / ";

interface TreeRow {
  id: number;
  name: string;
  parent_id: number | null;
  level: number;
  full_name: string | null;
}

/** Recomputes level and fullName of every zone of the version; refuses cycles and a fifth level. */
export async function refreshZoneTree(db: Db, versionId: number): Promise<void> {
  const rows = (await db("zones")
    .where({ version_id: versionId })
    .select("id", "name", "parent_id", "level", "full_name")) as TreeRow[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const computed = new Map<number, { level: number; fullName: string }>();
  const resolve = (row: TreeRow, seen: Set<number>): { level: number; fullName: string } => {
    const done = computed.get(row.id);
    if (done) return done;
    if (seen.has(row.id))
      throw new AppError("errors.validation", {
        message: "Une zone ne peut pas être rangée sous elle-même ni sous une de ses sous-zones.",
        details: { id: row.id },
      });
    seen.add(row.id);
    const parent = row.parent_id !== null ? byId.get(row.parent_id) : undefined;
    const out = parent
      ? (() => {
          const p = resolve(parent, seen);
          return { level: p.level + 1, fullName: `${p.fullName}${FULL_NAME_SEPARATOR}${row.name}` };
        })()
      : { level: 0, fullName: row.name };
    if (out.level >= ZONE_LEVELS) {
      throw new AppError("errors.validation", {
        message: `« ${row.name} » serait au-delà du quatrième niveau (nano-zone) : une nano-zone ne peut pas avoir de sous-zone.`,
        details: { id: row.id },
      });
    }
    computed.set(row.id, out);
    return out;
  };
  for (const r of rows) resolve(r, new Set());
  for (const r of rows) {
    const c = computed.get(r.id)!;
    if (c.level !== r.level || c.fullName !== r.full_name)
      await db("zones")
        .where({ id: r.id })
        .update({ level: c.level, full_name: c.fullName.slice(0, 1000) });
  }
}

/** The ids and every descendant's id in the version. */
export async function withDescendants(db: Db, versionId: number, ids: readonly number[]): Promise<number[]> {
  const rows = (await db("zones").where({ version_id: versionId }).select("id", "parent_id")) as {
    id: number;
    parent_id: number | null;
  }[];
  const children = new Map<number, number[]>();
  for (const r of rows)
    if (r.parent_id !== null) children.set(r.parent_id, [...(children.get(r.parent_id) ?? []), r.id]);
  const out = new Set<number>();
  const stack = [...ids];
  while (stack.length) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return [...out];
}

async function zonesWithEvents(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const events = await referencedIds(db, "events", "zone_id", ids, "zones");
  const sequences = await referencedIds(db, "sequences", "zone_id", ids);
  return [...new Set([...events, ...sequences])].sort((a, b) => a - b);
}

async function parentLevel(db: Db, versionId: number, parentId: number | null): Promise<number> {
  if (parentId === null) return -1;
  const parent = await db("zones").where({ id: parentId, version_id: versionId }).first("level");
  if (!parent)
    throw new AppError("errors.validation", {
      message: "La zone parente n'existe pas dans cette version.",
      details: { field: "parentId" },
    });
  return parent.level as number;
}

async function nextPosition(db: Db, versionId: number): Promise<number> {
  const row = await db("zones").where({ version_id: versionId }).max({ max: "position" }).first();
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}

export interface ZoneInput {
  name: string;
  parentId?: number | null;
  typology?: string | null;
  unity?: ZoneUnity;
  tagIds?: number[];
}

export async function createZone(
  db: Db,
  scope: { projectId: number; versionId: number },
  input: ZoneInput,
): Promise<number> {
  const parentId = input.parentId ?? null;
  const level = (await parentLevel(db, scope.versionId, parentId)) + 1;
  if (level >= ZONE_LEVELS)
    throw new AppError("errors.validation", {
      message: "Une nano-zone ne peut pas avoir de sous-zone.",
      details: { field: "parentId" },
    });
  await assertInVersion(db, "tags", input.tagIds ?? [], scope.versionId, "tagIds");
  const [row] = await db("zones")
    .insert({
      project_id: scope.projectId,
      version_id: scope.versionId,
      name: input.name,
      parent_id: parentId,
      typology: input.typology ?? null,
      unity: input.unity ?? ZONE_UNITIES[level],
      level,
      position: await nextPosition(db, scope.versionId),
    })
    .returning("id");
  const id = row.id as number;
  if (input.tagIds) await replaceLinks(db, "zone_tags", "zone_id", id, "tag_id", input.tagIds, scope.versionId);
  await refreshZoneTree(db, scope.versionId);
  return id;
}

export async function updateZone(
  db: Db,
  zone: { id: number; version_id: number },
  input: Partial<ZoneInput> & { position?: number },
): Promise<void> {
  const current = await db("zones").where({ id: zone.id }).forUpdate().first("unity", "parent_id", "typology");
  const update: Record<string, unknown> = {};
  if (input.unity !== undefined && input.unity !== current.unity) {
    const used = await zonesWithEvents(db, await withDescendants(db, zone.version_id, [zone.id]));
    if (used.length > 0) throw new AppError("cant_change_unity_zone_with_events", { details: { ids: used } });
    update.unity = input.unity;
  }
  if (input.name !== undefined) update.name = input.name;
  if (input.typology !== undefined && (input.typology ?? null) !== current.typology) {
    // A zone holding instances of a sequence template keeps its typology (issue 16).
    const ids = await withDescendants(db, zone.version_id, [zone.id]);
    const held = (await db("sequences")
      .whereIn("zone_id", ids)
      .whereNotNull("instance_index")
      .distinct("zone_id")
      .pluck("zone_id")) as number[];
    if (held.length > 0) throw new AppError("cant_change_unity_zone_with_events", { details: { ids: held } });
    update.typology = input.typology;
  }
  if (input.position !== undefined) update.position = input.position;
  if (input.parentId !== undefined && input.parentId !== current.parent_id) {
    if (input.parentId === zone.id)
      throw new AppError("errors.validation", {
        message: "Une zone ne peut pas être rangée sous elle-même.",
        details: { field: "parentId" },
      });
    await parentLevel(db, zone.version_id, input.parentId);
    update.parent_id = input.parentId;
  }
  if (input.tagIds !== undefined) {
    await assertInVersion(db, "tags", input.tagIds, zone.version_id, "tagIds");
    await replaceLinks(db, "zone_tags", "zone_id", zone.id, "tag_id", input.tagIds, zone.version_id);
  }
  if (Object.keys(update).length > 0 || input.tagIds !== undefined)
    await db("zones")
      .where({ id: zone.id })
      .update({ ...update, updated_at: db.fn.now() });
  await refreshZoneTree(db, zone.version_id);
}

/** Deletes zones and their sub-zones; refused (zone_used_by_events, with the zone ids) when tasks use any. */
export async function deleteZones(db: Db, versionId: number, ids: readonly number[]): Promise<number[]> {
  const all = await withDescendants(db, versionId, ids);
  const used = await zonesWithEvents(db, all);
  if (used.length > 0) throw new AppError("zone_used_by_events", { details: { ids: used } });
  await db("zones")
    .whereIn("id", ids as number[])
    .delete();
  await refreshZoneTree(db, versionId);
  return all;
}

/** The new order of zones (drag on the web): positions and, when sent, parents. */
export async function reorderZones(
  db: Db,
  versionId: number,
  zones: { id: number; position: number; parentId?: number | null }[],
): Promise<void> {
  await assertInVersion(
    db,
    "zones",
    zones.map((z) => z.id),
    versionId,
    "zones",
  );
  const parents = zones.map((z) => z.parentId).filter((p): p is number => typeof p === "number");
  await assertInVersion(db, "zones", parents, versionId, "parentId");
  for (const z of zones) {
    const update: Record<string, unknown> = { position: z.position, updated_at: db.fn.now() };
    if (z.parentId !== undefined) update.parent_id = z.parentId;
    await db("zones").where({ id: z.id }).update(update);
  }
  await refreshZoneTree(db, versionId);
}

export function emitZones(
  emits: Emits,
  scope: { projectId: number; versionId: number },
  initiatorId: number,
  ids: number[],
): void {
  emitReference(emits, ZONE_REALTIME.resource, scope, initiatorId, ids);
}
