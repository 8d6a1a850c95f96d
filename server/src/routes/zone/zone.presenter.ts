import type { Ref, Zone, ZoneUnity } from "@jalon/shared";
import type { Db } from "../../db/knex.js";
import { isoTime, tagsOf } from "../../commands/referenceLinks.js";

export interface ZoneDbRow {
  id: number;
  project_id: number;
  version_id: number;
  tracking_id: number;
  name: string;
  full_name: string | null;
  parent_id: number | null;
  position: number;
  typology: string | null;
  unity: string;
  level: number;
  created_at: Date | string;
  updated_at: Date | string;
}

export type ZoneRef = Ref;

/** The JSON contract of a zone (spec 001 section 3): shared/src/contract/zone.ts. */
export type ZoneOut = Zone;

export function zoneSelect(db: Db) {
  return db("zones as z").select("z.*");
}

/** Parent and children come from the whole version's zones (at most a few thousand rows). */
export async function presentZones(db: Db, rows: ZoneDbRow[]): Promise<ZoneOut[]> {
  if (rows.length === 0) return [];
  const versionIds = [...new Set(rows.map((r) => r.version_id))];
  const all = (await db("zones")
    .whereIn("version_id", versionIds)
    .orderBy("position")
    .orderBy("id")
    .select("id", "name", "parent_id")) as { id: number; name: string; parent_id: number | null }[];
  const byId = new Map(all.map((z) => [z.id, z]));
  const children = new Map<number, ZoneRef[]>();
  for (const z of all) {
    if (z.parent_id === null) continue;
    const list = children.get(z.parent_id) ?? [];
    list.push({ id: z.id, name: z.name });
    children.set(z.parent_id, list);
  }
  const descendants = (id: number): number[] => {
    const out: number[] = [];
    const stack = [...(children.get(id) ?? [])];
    while (stack.length) {
      const c = stack.pop()!;
      out.push(c.id);
      stack.push(...(children.get(c.id) ?? []));
    }
    return out.sort((a, b) => a - b);
  };
  const tags = await tagsOf(
    db,
    "zone_tags",
    "zone_id",
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const parent = r.parent_id !== null ? byId.get(r.parent_id) : undefined;
    const kids = children.get(r.id) ?? [];
    return {
      id: r.id,
      name: r.name,
      fullName: r.full_name ?? r.name,
      parentId: r.parent_id,
      parent: parent ? { id: parent.id, name: parent.name } : null,
      position: r.position,
      typology: r.typology,
      unity: r.unity as ZoneUnity,
      level: r.level,
      tags: tags.get(r.id) ?? [],
      allChildIds: descendants(r.id),
      children: kids,
      underZones: kids,
      projectId: r.project_id,
      versionId: r.version_id,
      trackingId: r.tracking_id,
      createdAt: isoTime(r.created_at),
      updatedAt: isoTime(r.updated_at),
    };
  });
}
