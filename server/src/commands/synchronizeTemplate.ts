import type { Knex } from "knex";
import {
  AppError,
  SEQUENCE_TEMPLATE_REALTIME,
  type SynchronizableStatus,
  type SyncReason,
  type SynchronizeAnswer,
} from "@jalon/shared";
import type { RealtimePayload } from "@jalon/shared/realtime";
import type { VersionGraph } from "../planning/versionGraph.js";
import { lockWritableVersion } from "../planning/writeLock.js";
import { updateRecurring } from "./instantiation.js";

/**
 * POST /sequence-template-pro/{id}/synchronize (issue 16): every train of the version laid from this template is
 * laid again with the template as it is now (the same lay as a recurring update, overrides kept): new task
 * templates are added to every instance, removed ones deleted where not started (else kept and reported),
 * fields not overridden updated, unstarted events re-dated; overridden fields and events with countings are
 * never written. Two transactions, as spec 001 section 4 says: startSync commits "partial" on the template
 * and its trains when the call starts (everyone sees it while the sync runs), then synchronizeTemplate lays
 * the trains and ends "ok", or "partial" when a task had to be kept (an override kept is not a reason). A
 * failure rolls the sync back and leaves "partial", which the error twin of sequenceTemplate:endSync carries.
 */
export interface SynchronizeOutput {
  answer: SynchronizeAnswer;
  emit: RealtimePayload[];
  graph: VersionGraph | null;
}

export async function synchronizeTemplate(
  trx: Knex.Transaction,
  userId: number,
  projectId: number,
  versionId: number,
  templateId: number,
  /** Told the percentage done across the trains (long syncs report progress like bulk moves). */
  progress?: (percentage: number) => void,
): Promise<SynchronizeOutput> {
  await lockWritableVersion(trx, projectId, versionId);
  const template = await trx("sequence_template_pros").where({ id: templateId, project_id: projectId }).first("id");
  if (!template) throw new AppError("errors.not_found", { details: { id: templateId } });
  const configs = await trainsOf(trx, versionId, templateId);
  const reasons: SyncReason[] = [];
  let added = 0;
  let removed = 0;
  let updated = 0;
  let graph: VersionGraph | null = null;
  const trains: number[] = [];
  for (let k = 0; k < configs.length; k++) {
    const share = (p: number) => progress?.(Math.min(99, Math.floor(((k + p / 100) / configs.length) * 100)));
    const out = await updateRecurring(trx, userId, configs[k].id, {}, share);
    reasons.push(...out.reasons);
    added += out.added;
    removed += out.removed;
    updated += out.updated;
    graph = out.graph;
    trains.push(out.answer.id);
    await trx("sequences")
      .where({ id: out.answer.id })
      .update({ synchronizable_status: out.reasons.length ? "partial" : "ok" });
  }
  const status = reasons.length ? "partial" : "ok";
  await trx("sequence_template_pros")
    .where({ id: templateId })
    .update({ synchronizable_status: status, updated_at: trx.fn.now() });
  const scope = { projectId, versionId, initiatorId: userId };
  const emit: RealtimePayload[] = [
    { event: "sequence:bulk_update", ...scope, ids: trains },
    statusAnnouncement(projectId, userId, templateId, status),
    { event: "sequenceTemplate:endSync", ...scope, ids: [templateId], data: { status, reasons: reasons.length } },
  ];
  return { answer: { status, reasons, added, removed, updated }, emit, graph };
}

/** The trains of the template in the version: their instantiation config and their train sequence. */
async function trainsOf(
  trx: Knex.Transaction,
  versionId: number,
  templateId: number,
): Promise<{ id: number; train_id: number }[]> {
  return (await trx("instantiation_configs as c")
    .join("sequences as s", function () {
      this.on("s.instantiation_config_id", "c.id").andOnNull("s.parent_sequence_id");
    })
    .where({ "c.sequence_template_pro_id": templateId, "c.version_id": versionId })
    .orderBy("c.id")
    .select("c.id", "s.id as train_id")) as { id: number; train_id: number }[];
}

/**
 * The start of a sync, in its own short transaction committed before the sync's: the same checks (version
 * writable, template of the project), then the template and its trains in the version marked "partial".
 */
export async function startSync(
  trx: Knex.Transaction,
  projectId: number,
  versionId: number,
  templateId: number,
): Promise<void> {
  await lockWritableVersion(trx, projectId, versionId);
  const template = await trx("sequence_template_pros").where({ id: templateId, project_id: projectId }).first("id");
  if (!template) throw new AppError("errors.not_found", { details: { id: templateId } });
  await trx("sequence_template_pros")
    .where({ id: templateId })
    .update({ synchronizable_status: "partial", updated_at: trx.fn.now() });
  const trains = await trainsOf(trx, versionId, templateId);
  if (trains.length)
    await trx("sequences")
      .whereIn(
        "id",
        trains.map((c) => c.train_id),
      )
      .update({ synchronizable_status: "partial" });
}

/**
 * Every viewer of the project learns the template's status (the start's "partial", the end's status) through
 * the project templates' announcement (SEQUENCE_TEMPLATE_REALTIME); sequenceTemplate:endSync is the initiator's.
 */
export function statusAnnouncement(
  projectId: number,
  userId: number,
  templateId: number,
  status: SynchronizableStatus,
): RealtimePayload {
  return {
    event: SEQUENCE_TEMPLATE_REALTIME.event,
    projectId,
    versionId: null,
    initiatorId: userId,
    ids: [templateId],
    data: { resource: SEQUENCE_TEMPLATE_REALTIME.resource, synchronizableStatus: status },
  };
}
