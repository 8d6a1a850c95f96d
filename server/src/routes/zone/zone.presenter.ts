import type { Ref, Zone, ZoneUnity } from "@jalon/shared";
import type { Db } from "../../db/knex.js";
import type { VersionRowColumns } from "../../models/base.js";
import { isoTime } from "../../commands/referenceLinks.js";
import { ZoneModel } from "../../models/zone.js";
import { TAGS, tagRefs } from "../../models/tag.js";

export interface ZoneDbRow extends VersionRowColumns {
  full_name: string | null;
  parent_id: number | null;
  position: number;
  typology: string | null;
  unity: string;
  level: number;
  created_at: Date | string;
  updated_at: Date | string;
}

export function zoneSelect(db: Db) {
  return db("zones as z").select("z.*");
}

/** The relations a zone's JSON shows: its parent, its tags and its sub-zones at every depth (levels 0 to 3). */
const ZONE_GRAPH = `[parent(ref), ${TAGS}, children(ref, byPosition).^]`;

/** Every descendant's id of a zone loaded with its sub-zones at every depth, in id order. */
function descendantIds(zone: ZoneModel): number[] {
  const out: number[] = [];
  const stack = [...(zone.children ?? [])];
  while (stack.length) {
    const c = stack.pop()!;
    out.push(c.id);
    stack.push(...(c.children ?? []));
  }
  return out.sort((a, b) => a - b);
}

export async function presentZones(db: Db, rows: ZoneDbRow[]): Promise<Zone[]> {
  if (rows.length === 0) return [];
  const zones = await ZoneModel.fetchGraph(rows, ZONE_GRAPH, { transaction: db });
  return zones.map((r) => {
    const kids: Ref[] = (r.children ?? []).map((c) => ({ id: c.id, name: c.name }));
    return {
      id: r.id,
      name: r.name,
      fullName: r.full_name ?? r.name,
      parentId: r.parent_id,
      parent: r.parent ? { id: r.parent.id, name: r.parent.name } : null,
      position: r.position,
      typology: r.typology,
      unity: r.unity as ZoneUnity,
      level: r.level,
      tags: tagRefs(r.tags),
      allChildIds: descendantIds(r),
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
