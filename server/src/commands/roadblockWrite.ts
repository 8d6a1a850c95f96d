import { AppError, ROADBLOCK_REALTIME } from "@jalon/shared";
import type { Knex } from "knex";
import type { Emits } from "../http/route.js";

/**
 * Roadblock writes (contract/roadblock.ts): one insert, one update or one delete, after checks that read the
 * references in one query. The task, lot, participant and zone must be rows of the roadblock's version, and a
 * participant named with a lot one of that lot's: a refusal writes nothing.
 */

type Trx = Knex.Transaction;

export interface RoadblockScope {
  projectId: number;
  versionId: number;
}

export interface RoadblockRefs {
  eventId?: number | null;
  participantId?: number | null;
  participantGroupProId?: number | null;
  zoneId?: number | null;
}

export interface RoadblockCreateInput extends RoadblockRefs {
  name: string;
  validate?: boolean;
}

export interface RoadblockPatch extends RoadblockRefs {
  name?: string;
  validate?: boolean;
}

const REF_TABLES = {
  eventId: "events",
  participantId: "participants",
  participantGroupProId: "participant_group_pros",
  zoneId: "zones",
} as const;
type RefField = keyof typeof REF_TABLES;
const REF_FIELDS = Object.keys(REF_TABLES) as RefField[];

/**
 * Checks the references a write names, in one query: each must be a row of the version; a participant and a lot
 * together must belong to each other. Answers the named task's lot, participant and zone (for the defaults).
 */
async function checkRefs(
  trx: Trx,
  versionId: number,
  refs: Required<RoadblockRefs>,
): Promise<{ participant_group_pro_id: number | null; participant_id: number | null; zone_id: number | null } | null> {
  const named = REF_FIELDS.filter((f) => refs[f] !== null);
  if (named.length === 0) return null;
  const selects = named.map(
    (f) =>
      `(SELECT to_jsonb(x) FROM (SELECT version_id${f === "eventId" ? ", participant_group_pro_id, participant_id, zone_id" : ""}
         FROM ${REF_TABLES[f]} WHERE id = ?) x) AS "${f}"`,
  );
  const bindings: number[] = named.map((f) => refs[f] as number);
  const pair = refs.participantId !== null && refs.participantGroupProId !== null;
  const sql = `SELECT ${selects.join(", ")}${
    pair
      ? `, EXISTS (SELECT 1 FROM participant_group_pro_participants WHERE participant_id = ? AND participant_group_pro_id = ?) AS "paired"`
      : ""
  }`;
  if (pair) bindings.push(refs.participantId as number, refs.participantGroupProId as number);
  const { rows } = (await trx.raw(sql, bindings)) as { rows: Record<string, unknown>[] };
  const row = rows[0];
  const wrong = named.filter((f) => {
    const found = row[f] as { version_id: number } | null;
    return !found || found.version_id !== versionId;
  });
  if (wrong.length > 0) throw new AppError("roadblock_reference_invalid", { details: { fields: wrong } });
  if (pair && row.paired !== true)
    throw new AppError("speciality_participant_or_group_dont_match", {
      details: { participantId: refs.participantId, participantGroupProId: refs.participantGroupProId },
    });
  return refs.eventId === null
    ? null
    : (row.eventId as {
        participant_group_pro_id: number | null;
        participant_id: number | null;
        zone_id: number | null;
      });
}

function announce(emits: Emits, scope: RoadblockScope, initiatorId: number, ids: number[]): void {
  emits.add({
    event: ROADBLOCK_REALTIME.event,
    projectId: scope.projectId,
    versionId: scope.versionId,
    initiatorId,
    ids,
    data: { resource: ROADBLOCK_REALTIME.resource },
  });
}

/** A roadblock; on a task, the lot, participant and zone left out are the task's. */
export async function createRoadblock(
  trx: Trx,
  emits: Emits,
  userId: number,
  scope: RoadblockScope,
  input: RoadblockCreateInput,
): Promise<number> {
  const given: Required<RoadblockRefs> = {
    eventId: input.eventId ?? null,
    participantId: input.participantId ?? null,
    participantGroupProId: input.participantGroupProId ?? null,
    zoneId: input.zoneId ?? null,
  };
  const task = await checkRefs(trx, scope.versionId, given);
  // Only what was left out (undefined) is taken from the task: an explicit null stays null.
  const lot =
    input.participantGroupProId === undefined ? (task?.participant_group_pro_id ?? null) : given.participantGroupProId;
  // The task's participant goes with the task's lot only.
  const participant =
    input.participantId !== undefined
      ? given.participantId
      : task && lot === task.participant_group_pro_id
        ? task.participant_id
        : null;
  const [row] = await trx("roadblocks")
    .insert({
      project_id: scope.projectId,
      version_id: scope.versionId,
      name: input.name,
      validate: input.validate ?? false,
      created_by: userId,
      event_id: given.eventId,
      participant_group_pro_id: lot,
      participant_id: participant,
      zone_id: input.zoneId === undefined ? (task?.zone_id ?? null) : given.zoneId,
    })
    .returning("id");
  const id = (row as { id: number }).id;
  announce(emits, scope, userId, [id]);
  return id;
}

/** PATCH: the fields sent; references are checked against the roadblock's current ones for the lot's pairing. */
export async function updateRoadblock(
  trx: Trx,
  emits: Emits,
  userId: number,
  row: { id: number; project_id: number; version_id: number },
  patch: RoadblockPatch,
): Promise<void> {
  const current = (await trx("roadblocks")
    .where({ id: row.id })
    .first("event_id", "participant_id", "participant_group_pro_id", "zone_id")) as Record<string, number | null>;
  const next: Required<RoadblockRefs> = {
    eventId: patch.eventId === undefined ? current.event_id : patch.eventId,
    participantId: patch.participantId === undefined ? current.participant_id : patch.participantId,
    participantGroupProId:
      patch.participantGroupProId === undefined ? current.participant_group_pro_id : patch.participantGroupProId,
    zoneId: patch.zoneId === undefined ? current.zone_id : patch.zoneId,
  };
  await checkRefs(trx, row.version_id, next);
  const changes: Record<string, unknown> = {};
  if (patch.name !== undefined) changes.name = patch.name;
  if (patch.validate !== undefined) changes.validate = patch.validate;
  if (patch.eventId !== undefined) changes.event_id = patch.eventId;
  if (patch.participantId !== undefined) changes.participant_id = patch.participantId;
  if (patch.participantGroupProId !== undefined) changes.participant_group_pro_id = patch.participantGroupProId;
  if (patch.zoneId !== undefined) changes.zone_id = patch.zoneId;
  if (Object.keys(changes).length === 0) return;
  await trx("roadblocks")
    .where({ id: row.id })
    .update({ ...changes, updated_at: trx.fn.now() });
  announce(emits, { projectId: row.project_id, versionId: row.version_id }, userId, [row.id]);
}

/** DELETE bulk-delete: the rows of one version (checked by the route). */
export async function deleteRoadblocks(
  trx: Trx,
  emits: Emits,
  userId: number,
  scope: RoadblockScope,
  ids: number[],
): Promise<number[]> {
  const deleted = (await trx("roadblocks").whereIn("id", ids).delete().returning("id")) as { id: number }[];
  const out = deleted.map((r) => r.id).sort((a, b) => a - b);
  announce(emits, scope, userId, out);
  return out;
}
