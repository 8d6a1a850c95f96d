import type { Knex } from "knex";
import { formatInTimeZone } from "date-fns-tz";
import {
  CycleError,
  formatDay,
  InstantiationError,
  instantiateSequence as layTemplate,
  LINK_TYPE_NAMES,
  parseDay,
  type InstantiationOverride,
  type InstantiationReference,
  type InstantiationResult,
} from "@jalon/engine";
import {
  AppError,
  type InstanceEvent,
  type InstanceOverride,
  type InstantiationAnswer,
  type InstantiationType,
  type InstantiationWarning,
  type MilestoneReferenceType,
  type SyncReason,
  type PlannedEventType,
} from "@jalon/shared";
import type { RealtimePayload } from "@jalon/shared/realtime";
import { engine } from "../planning/engineErrors.js";
import { persistScheduleWrite } from "../planning/persist.js";
import { instantiateQualityControls } from "./qualityControlTemplateWrite.js";
import { readVersionGraph, versionGraph, type VersionGraph } from "../planning/versionGraph.js";
import { noteWriteSummary } from "../realtime/writeSummary.js";
import { lockWritableVersion } from "../planning/writeLock.js";

/**
 * Instantiation of a project's sequence template on zones (issue 16, spec 000 sections 3-5): the engine's
 * instantiateSequence computes the train (events, links, dates); this command reads its inputs, checks the
 * zones' typologies, and writes the result set-based in the caller's transaction: one INSERT for the events,
 * one for the links, one for the instances (subsequences of the train, one per zone, in train order).
 *
 * The same "lay" serves a first instantiation, a recurring update (PATCH /event/recurring/{id}) and a
 * synchronisation with the template: the engine lays the train again, with the overrides stored on the
 * configuration (`event_template_overrides`: zone tracking id -> task template tracking id -> the fields an edit
 * of that instance's event changed), and the rows are matched to its events by (instance zone, role, task
 * template). Matched events keep their id; new ones are inserted; events the train no longer has are deleted
 * unless started or counted (kept and reported); events with countings are never written. The train's internal
 * links are replaced by the engine's. Then the version's scheduler runs once and persists whatever dates
 * changed (so the stored dates are always the engine's over the whole version, lot calendars included).
 *
 * Nothing is written when a check fails: every check runs before the first write. The instantiation is not an
 * undo step (undo restores dates and links of events, not trains).
 */

const TIME_ZONE = "Europe/Paris";
const ROLE = { TrainStart: 0, TrainEnd: 1, InstanceStart: 2, InstanceEnd: 3, Task: 4 } as const;

/** The configuration of a train, as stored (instantiation_configs) and as the requests set it. */
export interface TrainConfig {
  type: InstantiationType;
  sequenceTemplateProId: number;
  takt: number;
  delayWithReferenceEvent: number;
  startDate: string | null;
  referenceEventId: number | null;
  milestoneReferenceType: MilestoneReferenceType | null;
  showStartMilestone: boolean;
  showEndMilestone: boolean;
}

export interface InstantiateSequenceInput {
  projectId: number;
  versionId: number;
  name: string;
  /** Zones in train order (containers are expanded to their sub-zones of the template's typologies). */
  zoneIds: number[];
  instantiationConfig: Partial<TrainConfig> & { type: InstantiationType; sequenceTemplateProId: number };
}

export interface TrainWriteResult {
  answer: InstantiationAnswer;
  reasons: SyncReason[];
  added: number;
  removed: number;
  updated: number;
  emit: RealtimePayload[];
  /** The version graph after the write, to cache once committed (null: the next read rebuilds it). */
  graph: VersionGraph | null;
}

type Overrides = Record<string, Record<string, InstanceOverride>>;

interface TemplateTask {
  id: number;
  tracking_id: number;
  participant_group_pro_tracking_id: number | null;
  name: string;
  number_of_days: number;
  typology: string[] | string | null;
}

interface Template {
  id: number;
  name: string;
  color: string | null;
  typologies: string[];
  tasks: TemplateTask[];
  links: { parent_id: number; child_id: number; type: string; delay: number }[];
}

interface ZoneRow {
  id: number;
  name: string;
  parent_id: number | null;
  position: number;
  typology: string | null;
  tracking_id: number;
}

interface ExistingEvent {
  id: number;
  instance_role: number;
  event_template_pro_id: number | null;
  zone_id: number | null;
  sequence_id: number | null;
  number_of_days: number;
  start_date: string | null;
  counted: boolean;
}

interface ExistingTrain {
  configId: number;
  trainId: number;
  name: string;
  overrides: Overrides;
  /** Instance sequence id by zone id. */
  instances: Map<number, number>;
  events: ExistingEvent[];
}

function jsonList(v: unknown): string[] {
  const parsed = typeof v === "string" ? (JSON.parse(v) as unknown) : v;
  return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === "string") : [];
}

function jsonObject<T>(v: unknown): T {
  const parsed = typeof v === "string" ? (JSON.parse(v) as unknown) : v;
  return (parsed && typeof parsed === "object" && !Array.isArray(parsed) ? parsed : {}) as T;
}

/** The project's sequence template with its task templates and their links; errors.not_found otherwise. */
export async function loadTemplate(trx: Knex.Transaction, projectId: number, id: number): Promise<Template> {
  const st = await trx("sequence_template_pros").where({ id, project_id: projectId }).first();
  if (!st)
    throw new AppError("errors.not_found", {
      message: "Modèle de séquence introuvable dans ce projet.",
      details: { field: "sequenceTemplateProId", id },
    });
  const tasks = (await trx("event_template_pros")
    .where({ sequence_template_pro_id: id })
    .orderBy("id")
    .select(
      "id",
      "tracking_id",
      "participant_group_pro_tracking_id",
      "name",
      "number_of_days",
      "typology",
    )) as TemplateTask[];
  const links = tasks.length
    ? ((await trx("event_template_pro_links")
        .whereIn(
          "child_id",
          tasks.map((t) => t.id),
        )
        .orderBy(["parent_id", "child_id"])
        .select("parent_id", "child_id", "type", "delay")) as Template["links"])
    : [];
  return { id, name: st.name, color: st.color, typologies: jsonList(st.typologies), tasks, links };
}

/**
 * The zones of the train, in order. A zone listed explicitly must carry one of the template's typologies
 * (cannot_instantiate_on_that_zone_typology), unless it is a container (no typology, with sub-zones): then its
 * sub-zones of those typologies are taken in position order, and the others are skipped and reported.
 */
export function trainZones(
  template: Template,
  zones: readonly ZoneRow[],
  zoneIds: readonly number[],
): { zones: ZoneRow[]; warnings: InstantiationWarning[] } {
  if (template.typologies.length === 0)
    throw new AppError("zone_typology_not_available", {
      details: { reason: "Le modèle de séquence n'a pas de typologie : il n'est pas instanciable." },
    });
  const allowed = new Set(template.typologies);
  if (!zones.some((z) => z.typology !== null && allowed.has(z.typology)))
    throw new AppError("zone_typology_not_available", { details: { typologies: template.typologies } });
  const byId = new Map(zones.map((z) => [z.id, z]));
  const children = new Map<number, ZoneRow[]>();
  for (const z of zones) if (z.parent_id !== null) children.set(z.parent_id, [...(children.get(z.parent_id) ?? []), z]);
  for (const list of children.values()) list.sort((a, b) => a.position - b.position || a.id - b.id);
  const unknown = zoneIds.filter((id) => !byId.has(id));
  if (unknown.length)
    throw new AppError("errors.validation", {
      message: "Zone inconnue dans cette version du projet.",
      details: { field: "zoneIds", ids: unknown },
    });
  const out: ZoneRow[] = [];
  const warnings: InstantiationWarning[] = [];
  const refused: number[] = [];
  const walk = (z: ZoneRow): number => {
    let taken = 0;
    for (const c of children.get(z.id) ?? []) {
      if (c.typology !== null && allowed.has(c.typology)) {
        out.push(c);
        taken++;
      } else if (c.typology === null && children.has(c.id)) taken += walk(c);
      else
        warnings.push({
          code: "zone_skipped_typology",
          zoneId: c.id,
          message: `Zone « ${c.name} » ignorée : sa typologie (${c.typology ?? "aucune"}) n'est pas celle du modèle.`,
        });
    }
    return taken;
  };
  for (const id of zoneIds) {
    const z = byId.get(id)!;
    if (z.typology !== null && allowed.has(z.typology)) out.push(z);
    else if (z.typology === null && children.has(z.id)) {
      if (walk(z) === 0) refused.push(id);
    } else refused.push(id);
  }
  if (refused.length)
    throw new AppError("cannot_instantiate_on_that_zone_typology", {
      details: { ids: refused, typologies: template.typologies },
    });
  const seen = new Set<number>();
  const twice = out.filter((z) => (seen.has(z.id) ? true : (seen.add(z.id), false))).map((z) => z.id);
  if (twice.length)
    throw new AppError("errors.validation", {
      message: "Une zone apparaît plusieurs fois dans le train.",
      details: { field: "zoneIds", ids: twice },
    });
  return { zones: out, warnings };
}

async function versionZones(trx: Knex.Transaction, versionId: number): Promise<ZoneRow[]> {
  return (await trx("zones")
    .where({ version_id: versionId })
    .select("id", "name", "parent_id", "position", "typology", "tracking_id")) as ZoneRow[];
}

/** Where instance 1 starts, for the engine, and the event the train's start milestone hangs from (if any). */
async function referenceOf(
  trx: Knex.Transaction,
  vg: VersionGraph,
  config: TrainConfig,
  ownEvents: ReadonlySet<number>,
): Promise<{ reference: InstantiationReference; parentId: number | null }> {
  if (config.referenceEventId === null) {
    if (config.startDate === null)
      throw new AppError("errors.startDate_invalid", {
        details: { message: "Une date de début ou un événement de référence est requis." },
      });
    return { reference: { kind: "date", day: engine(() => parseDay(config.startDate)) }, parentId: null };
  }
  const refId = config.referenceEventId;
  if (ownEvents.has(refId)) throw new AppError("errors.cycle", { details: { ids: [refId] } });
  const ref = await trx("events")
    .where({ id: refId, version_id: vg.versionId })
    .first("id", "type", "instantiation_config_id");
  const i = vg.plan.index.get(refId);
  if (!ref || i === undefined)
    throw new AppError("errors.event_not_found", { details: { field: "referenceEventId", id: refId } });
  let parentId = refId;
  const kind = config.milestoneReferenceType ?? "milestone_only";
  if (ref.type === "milestone" && kind !== "milestone_only" && ref.instantiation_config_id !== null) {
    // The earliest start (latest end) of the instances of the milestone's own train: that train's start (end).
    const train = await trx("sequences")
      .where({ instantiation_config_id: ref.instantiation_config_id })
      .whereNull("parent_sequence_id")
      .first("start_milestone_id", "end_milestone_id");
    const other = kind === "earliest" ? train?.start_milestone_id : train?.end_milestone_id;
    if (other && vg.plan.index.has(other)) {
      if (ownEvents.has(other)) throw new AppError("errors.cycle", { details: { ids: [other] } });
      parentId = other;
    }
  }
  const p = vg.plan.index.get(parentId)!;
  return {
    reference: {
      kind: "event",
      startDay: vg.schedule.startDay[p],
      endDay: vg.schedule.endDay[p],
      milestone: vg.plan.kind[p] === 1,
      delay: config.delayWithReferenceEvent,
    },
    parentId,
  };
}

/** Runs the engine, its typed errors as catalogue errors. */
function lay(args: Parameters<typeof layTemplate>[0]): InstantiationResult {
  try {
    return layTemplate(args);
  } catch (e) {
    if (e instanceof CycleError) throw new AppError("errors.cycle", { details: { ids: e.ids } });
    if (e instanceof InstantiationError) throw new AppError("errors.validation", { message: e.message });
    return engine(() => {
      throw e;
    });
  }
}

function warningsOf(result: InstantiationResult, zones: readonly ZoneRow[], tasks: readonly TemplateTask[]) {
  const zoneName = new Map(zones.map((z) => [z.id, z.name]));
  const taskName = new Map(tasks.map((t) => [t.id, t.name]));
  return result.warnings.map((w): InstantiationWarning => {
    if (w.code === "no_task_in_zone")
      return {
        code: w.code,
        zoneId: w.zoneId,
        message: `Aucune tâche du modèle ne s'applique à la zone « ${zoneName.get(w.zoneId)} ».`,
      };
    return {
      code: w.code,
      zoneId: w.zoneId,
      nextZoneId: w.nextZoneId,
      eventTemplateProId: w.taskId,
      days: w.days,
      count: w.count,
      message:
        `La tâche « ${taskName.get(w.taskId)} » dure plus que le takt : elle chevauche sa suivante ` +
        `(${w.days} j entre « ${zoneName.get(w.zoneId)} » et « ${zoneName.get(w.nextZoneId)} »` +
        `${w.count > 1 ? `, ${w.count} zones concernées` : ""}).`,
    };
  });
}

/** Draws `n` ids of a table's serial in one statement. */
async function drawIds(trx: Knex.Transaction, table: string, n: number): Promise<number[]> {
  if (n === 0) return [];
  const res = await trx.raw<{ rows: { id: number }[] }>(
    `select nextval(pg_get_serial_sequence(?, 'id'))::int as id from generate_series(1, ?::int)`,
    [table, n],
  );
  return res.rows.map((r) => Number(r.id));
}

function todayIso(): string {
  return formatInTimeZone(new Date(), TIME_ZONE, "yyyy-MM-dd");
}

function milestoneName(role: number, train: string, zone: string | undefined): string {
  switch (role) {
    case ROLE.TrainStart:
      return `Début ${train}`;
    case ROLE.TrainEnd:
      return `Fin ${train}`;
    case ROLE.InstanceStart:
      return `Début ${train} — ${zone}`;
    default:
      return `Fin ${train} — ${zone}`;
  }
}

/** Inserts the events the engine added, joined with their task template in SQL (lots... by tracking id). */
const INSERT_EVENTS = `
  insert into events (id, project_id, version_id, name, type, trigram, comments, start_date, end_date, number_of_days,
    number_of_people, color, zone_id, participant_group_pro_id, macro_task_id, speciality_id, participant_id,
    sequence_id, sequence_type, event_template_pro_id, instantiation_config_id, reference_type, is_recurring_event,
    milestone_to_hide, prerequisites_delay, finishes_delay, prerequisites_document_name, finishes_document_name,
    created_by, instance_role)
  select v.id, ?, ?, coalesce(t.name, v.name), case when v.n = 0 then 'milestone' else 'task' end, t.trigram,
    t.comments, v.s::date, v.e::date, v.n, coalesce(t.number_of_people, 1),
    case when v.n = 0 then '#FFFFFF' else null end, v.z, l.id, m.id, sp.id, pa.id,
    v.q, ?, t.id, ?, v.r, ?, v.h, coalesce(t.prerequisites_delay, 0), coalesce(t.finishes_delay, 0),
    t.prerequisites_document_name, t.finishes_document_name, ?::int, v.o
  from json_to_recordset(?::json) as v(id int, name text, n int, s text, e text, z int, q int, t int, r text, h boolean, o int)
  left join event_template_pros t on t.id = v.t
  left join participant_group_pros l on l.version_id = ? and l.tracking_id = t.participant_group_pro_tracking_id
  left join macro_tasks m on m.version_id = ? and m.tracking_id = t.macro_task_tracking_id
  left join specialities sp on sp.version_id = ? and sp.tracking_id = t.speciality_tracking_id
  left join participants pa on pa.version_id = ? and pa.tracking_id = t.participant_tracking_id`;

const INSERT_LINKS = `
  insert into event_links (project_id, version_id, parent_id, child_id, type, delay)
  select ?, ?, v.p, v.c, (array['end-begin','begin-begin','end-end','begin-end'])[v.t + 1], v.d
  from json_to_recordset(?::json) as v(p int, c int, t int, d int)`;

/** Non-overridden template fields of matched, uncounted task events; only rows that change. */
const UPDATE_FROM_TEMPLATE = `
  update events e set
    name = case when jsonb_exists(v.o, 'name') then e.name else t.name end,
    trigram = case when jsonb_exists(v.o, 'trigram') then e.trigram else t.trigram end,
    comments = case when jsonb_exists(v.o, 'comments') then e.comments else t.comments end,
    number_of_people = case when jsonb_exists(v.o, 'numberOfPeople') then e.number_of_people else t.number_of_people end,
    number_of_days = v.n,
    revision = e.revision + 1, updated_at = now()
  from json_to_recordset(?::json) as v(id int, n int, o jsonb), event_template_pros t
  where e.id = v.id and t.id = e.event_template_pro_id and (
    e.number_of_days <> v.n
    or (not jsonb_exists(v.o, 'name') and e.name is distinct from t.name)
    or (not jsonb_exists(v.o, 'trigram') and e.trigram is distinct from t.trigram)
    or (not jsonb_exists(v.o, 'comments') and e.comments is distinct from t.comments)
    or (not jsonb_exists(v.o, 'numberOfPeople') and e.number_of_people is distinct from t.number_of_people))
  returning e.id`;

/** The events of a train in train order (instances by index, then role), as the answers give them. */
async function trainEvents(trx: Knex.Transaction, configId: number): Promise<InstanceEvent[]> {
  const rows = (await trx("events as e")
    .leftJoin("sequences as s", "s.id", "e.sequence_id")
    .where("e.instantiation_config_id", configId)
    .whereNotNull("e.instance_role")
    .orderByRaw("coalesce(s.instance_index, 0), e.instance_role, e.id")
    .select("e.id", "e.name", "e.zone_id", "e.event_template_pro_id", "e.start_date", "e.end_date", "e.type")) as {
    id: number;
    name: string;
    zone_id: number | null;
    event_template_pro_id: number | null;
    start_date: string;
    end_date: string;
    type: PlannedEventType;
  }[];
  return rows.map((e) => ({
    id: e.id,
    name: e.name,
    zoneId: e.zone_id,
    eventTemplateProId: e.event_template_pro_id,
    startDate: e.start_date,
    endDate: e.end_date,
    type: e.type,
  }));
}

/**
 * Closes a first instantiation as persistScheduleWrite closes a planning write: the version's write counter
 * (the cached graph is read again next time), the project's projected dates (the version's span widened by the
 * train's) and the header summary for the realtime payloads.
 */
async function closeWrite(
  trx: Knex.Transaction,
  projectId: number,
  versionId: number,
  vg: VersionGraph,
  result: InstantiationResult,
): Promise<void> {
  const lo = vg.plan.size ? Math.min(vg.schedule.projectStartDay, result.startDay) : result.startDay;
  const hi = vg.plan.size ? Math.max(vg.schedule.projectEndDay, result.endDay) : result.endDay;
  const projectedEndDate = formatDay(hi);
  const closed = await trx.raw<{ rows: { remaining: unknown }[] }>(
    `with c as (update versions set write_counter = write_counter + 1 where id = ? returning write_counter),
     p as (update projects set projected_start_date = ?::date, projected_end_date = ?::date where id = ? and current_version_id = ?)
     select (select write_counter from c) as counter, (select count(*) from undo_steps where version_id = ?) as remaining`,
    [versionId, formatDay(lo), projectedEndDate, projectId, versionId, versionId],
  );
  noteWriteSummary(trx, { versionId, projectedEndDate, undoRemaining: Number(closed.rows[0].remaining) });
}

interface LayArgs {
  userId: number | null;
  projectId: number;
  versionId: number;
  name: string;
  config: TrainConfig;
  template: Template;
  zones: ZoneRow[];
  warnings: InstantiationWarning[];
  existing: ExistingTrain | null;
  /** Told the percentage done after each stage (long syncs). */
  progress?: (percentage: number) => void;
}

/** Lays (or lays again) a train and writes it. Every check has run before the first write. */
async function layAndWrite(trx: Knex.Transaction, vg: VersionGraph, a: LayArgs): Promise<TrainWriteResult> {
  const { template, zones, config, existing } = a;
  const overrides = existing?.overrides ?? {};
  const ownEvents = new Set(existing?.events.map((e) => e.id) ?? []);
  const { reference, parentId } = await referenceOf(trx, vg, config, ownEvents);
  const taskByTracking = new Map(template.tasks.map((t) => [String(t.tracking_id), t]));
  const engineOverrides: InstantiationOverride[] = [];
  const zoneIds = new Set(zones.map((z) => z.id));
  for (const z of zones)
    for (const [tracking, o] of Object.entries(overrides[String(z.tracking_id)] ?? {})) {
      const t = taskByTracking.get(tracking);
      if (!t) continue;
      engineOverrides.push({ zoneId: z.id, taskId: t.id, numberOfDays: o.numberOfDays, shift: o.shift });
    }
  // Counted events keep their days (they are never written).
  for (const e of existing?.events ?? [])
    if (
      e.counted &&
      e.instance_role === ROLE.Task &&
      e.zone_id !== null &&
      zoneIds.has(e.zone_id) &&
      e.event_template_pro_id
    )
      engineOverrides.push({ zoneId: e.zone_id, taskId: e.event_template_pro_id, numberOfDays: e.number_of_days });
  const result = lay({
    tasks: template.tasks.map((t) => ({ id: t.id, numberOfDays: t.number_of_days, typology: jsonList(t.typology) })),
    links: template.links.map((l) => ({
      parentId: l.parent_id,
      childId: l.child_id,
      type: l.type as (typeof LINK_TYPE_NAMES)[number],
      delay: l.delay,
    })),
    zones: zones.map((z) => ({ id: z.id, typology: z.typology })),
    calendar: vg.plan.calendars[0],
    takt: config.takt,
    reference,
    overrides: engineOverrides,
  });
  a.progress?.(20);
  const ev = result.events;
  const zoneOfInstance = (k: number) => (k < 0 ? null : zones[k].id);
  const keyOf = (role: number, zoneId: number | null, templateId: number | null) =>
    `${role}|${zoneId ?? ""}|${templateId ?? ""}`;
  const taskId = (i: number) => (ev.task[i] < 0 ? null : template.tasks[ev.task[i]].id);

  // Match the rows of the train to the engine's events.
  const rowByKey = new Map<string, ExistingEvent>();
  for (const e of existing?.events ?? [])
    rowByKey.set(
      keyOf(e.instance_role, e.instance_role <= ROLE.TrainEnd ? null : e.zone_id, e.event_template_pro_id),
      e,
    );
  const idOf = new Array<number>(ev.size);
  const fresh: number[] = [];
  const matched = new Set<number>();
  for (let i = 0; i < ev.size; i++) {
    const row = rowByKey.get(keyOf(ev.role[i], zoneOfInstance(ev.instance[i]), taskId(i)));
    if (row) {
      idOf[i] = row.id;
      matched.add(row.id);
    } else fresh.push(i);
  }
  const today = todayIso();
  const reasons: SyncReason[] = [];
  const toDelete: number[] = [];
  for (const e of existing?.events ?? []) {
    if (matched.has(e.id)) continue;
    const started = e.counted || (e.start_date !== null && e.start_date <= today);
    if (!started || e.instance_role !== ROLE.Task) {
      toDelete.push(e.id);
      continue;
    }
    reasons.push({
      code: e.counted ? "task_counted_kept" : "task_started_kept",
      message: e.counted ? "Tâche conservée : elle a des comptages." : "Tâche conservée : elle a commencé.",
      eventId: e.id,
      eventTemplateProId: e.event_template_pro_id,
      zoneId: e.zone_id,
    });
  }

  // Writes start here.
  const configRow = {
    type: config.type,
    sequence_template_pro_id: config.sequenceTemplateProId,
    reference_event_id: config.referenceEventId,
    delay_with_reference_event: config.delayWithReferenceEvent,
    milestone_reference_type: config.milestoneReferenceType,
    show_start_milestone: config.showStartMilestone,
    show_end_milestone: config.showEndMilestone,
    takt: config.takt,
    start_date: config.referenceEventId === null ? config.startDate : null,
    visual_typologies: JSON.stringify(template.typologies),
  };
  let configId: number;
  let trainId: number;
  if (existing) {
    configId = existing.configId;
    trainId = existing.trainId;
    await trx("instantiation_configs")
      .where({ id: configId })
      .update({ ...configRow, updated_at: trx.fn.now() });
  } else {
    const [c] = await trx("instantiation_configs")
      .insert({ ...configRow, project_id: a.projectId, version_id: a.versionId })
      .returning("id");
    configId = c.id as number;
    const [s] = await trx("sequences")
      .insert({
        project_id: a.projectId,
        version_id: a.versionId,
        name: a.name,
        color: template.color,
        sequence_template_pro_id: template.id,
        instantiation_config_id: configId,
        synchronizable_status: "ok",
      })
      .returning("id");
    trainId = s.id as number;
  }

  // Instances: one subsequence per zone, in train order.
  const instanceIds = new Map(existing?.instances ?? []);
  const zoneIndex = new Map(zones.map((z, k) => [z.id, k]));
  const newZones = zones.filter((z) => !instanceIds.has(z.id));
  const drawnSeq = await drawIds(trx, "sequences", newZones.length);
  newZones.forEach((z, k) => instanceIds.set(z.id, drawnSeq[k]));
  if (newZones.length)
    await trx.raw(
      `insert into sequences (id, project_id, version_id, name, color, zone_id, parent_sequence_id, sequence_template_pro_id, instantiation_config_id, instance_index, start_date, end_date)
       select v.id, ?, ?, v.name, ?, v.z, ?, ?, ?, v.k, v.s::date, v.e::date from json_to_recordset(?::json) as v(id int, name text, z int, k int, s text, e text)`,
      [
        a.projectId,
        a.versionId,
        template.color,
        trainId,
        template.id,
        configId,
        JSON.stringify(
          newZones.map((z) => {
            const k = zoneIndex.get(z.id)!;
            return {
              id: instanceIds.get(z.id),
              name: `${a.name} — ${z.name}`,
              z: z.id,
              k: k + 1,
              s: formatDay(result.instances[k].startDay),
              e: formatDay(result.instances[k].endDay),
            };
          }),
        ),
      ],
    );
  if (existing) {
    const order = zones.map((z, k) => ({ id: instanceIds.get(z.id), k: k + 1 }));
    await trx.raw(
      `update sequences s set instance_index = v.k, updated_at = now() from json_to_recordset(?::json) as v(id int, k int)
        where s.id = v.id and s.instance_index is distinct from v.k`,
      [JSON.stringify(order)],
    );
  }
  a.progress?.(35);

  // Events: deletions, then the new rows in one INSERT (ids drawn first, so links can name them).
  if (toDelete.length) await trx("events").whereIn("id", toDelete).delete();
  const drawn = await drawIds(trx, "events", fresh.length);
  fresh.forEach((i, k) => (idOf[i] = drawn[k]));
  const zoneName = new Map(zones.map((z) => [z.id, z.name]));
  const sequenceType = config.type;
  const rows = fresh.map((i) => {
    const role = ev.role[i];
    const k = ev.instance[i];
    const z = zoneOfInstance(k);
    const start = role === ROLE.TrainStart || role === ROLE.InstanceStart;
    return {
      id: idOf[i],
      name: role === ROLE.Task ? null : milestoneName(role, a.name, z === null ? undefined : zoneName.get(z)),
      n: ev.duration[i],
      s: formatDay(ev.startDay[i]),
      e: formatDay(ev.endDay[i]),
      z,
      q: k < 0 ? trainId : instanceIds.get(z!),
      t: taskId(i),
      r: role === ROLE.TrainStart && parentId === null ? "dateReference" : "taskReference",
      h: role === ROLE.Task ? false : start ? !config.showStartMilestone : !config.showEndMilestone,
      o: role,
    };
  });
  if (rows.length)
    await trx.raw(INSERT_EVENTS, [
      a.projectId,
      a.versionId,
      sequenceType,
      configId,
      sequenceType === "recurring",
      a.userId,
      JSON.stringify(rows),
      a.versionId,
      a.versionId,
      a.versionId,
      a.versionId,
    ]);
  a.progress?.(55);

  // Matched events: template fields (not overridden), days; milestones' visibility and names.
  let updated = 0;
  if (existing) {
    const overriddenOf = (zoneId: number, tplId: number) => {
      const z = zones.find((x) => x.id === zoneId);
      const t = template.tasks.find((x) => x.id === tplId);
      return (z && t && overrides[String(z.tracking_id)]?.[String(t.tracking_id)]) || {};
    };
    const counted = new Set(existing.events.filter((e) => e.counted).map((e) => e.id));
    const tasks: { id: number; n: number; o: InstanceOverride }[] = [];
    const hidden: { id: number; h: boolean }[] = [];
    for (let i = 0; i < ev.size; i++) {
      const id = idOf[i];
      if (!matched.has(id) || counted.has(id)) continue;
      if (ev.role[i] === ROLE.Task)
        tasks.push({ id, n: ev.duration[i], o: overriddenOf(zoneOfInstance(ev.instance[i])!, taskId(i)!) });
      else {
        const start = ev.role[i] === ROLE.TrainStart || ev.role[i] === ROLE.InstanceStart;
        hidden.push({ id, h: start ? !config.showStartMilestone : !config.showEndMilestone });
      }
    }
    if (tasks.length)
      updated = (await trx.raw<{ rows: unknown[] }>(UPDATE_FROM_TEMPLATE, [JSON.stringify(tasks)])).rows.length;
    if (hidden.length)
      await trx.raw(
        `update events e set milestone_to_hide = v.h, revision = e.revision + 1, updated_at = now()
           from json_to_recordset(?::json) as v(id int, h boolean) where e.id = v.id and e.milestone_to_hide <> v.h`,
        [JSON.stringify(hidden)],
      );
    // The train's start: a root on the start date, or hanging from the reference event by its link.
    await trx("events")
      .where({ id: idOf[result.trainStartEvent] })
      .update({
        start_date: formatDay(ev.startDay[result.trainStartEvent]),
        end_date: formatDay(ev.startDay[result.trainStartEvent]),
        reference_type: parentId === null ? "dateReference" : "taskReference",
      });
    // The train's internal links (and the one into its start) are replaced by the engine's.
    await trx.raw(
      `delete from event_links l using events c
        where l.version_id = ? and c.id = l.child_id and c.instantiation_config_id = ? and c.instance_role is not null
          and (c.instance_role = 0 or exists (select 1 from events p where p.id = l.parent_id and p.instantiation_config_id = c.instantiation_config_id and p.instance_role is not null))`,
      [a.versionId, configId],
    );
  }
  const links: { p: number; c: number; t: number; d: number }[] = new Array(result.links.size);
  for (let k = 0; k < result.links.size; k++)
    links[k] = {
      p: idOf[result.links.parent[k]],
      c: idOf[result.links.child[k]],
      t: result.links.type[k],
      d: result.links.delay[k],
    };
  if (parentId !== null)
    links.push({ p: parentId, c: idOf[result.trainStartEvent], t: 0, d: config.delayWithReferenceEvent });
  if (links.length) await trx.raw(INSERT_LINKS, [a.projectId, a.versionId, JSON.stringify(links)]);
  a.progress?.(70);

  // The train's milestones and count; instances of zones left out lose their index (kept only if they hold events).
  const instanceSeqIds = zones.map((z) => instanceIds.get(z.id)!);
  await trx("sequences").where({ id: trainId }).update({
    start_milestone_id: idOf[result.trainStartEvent],
    end_milestone_id: idOf[result.trainEndEvent],
    instantiated_count: zones.length,
    updated_at: trx.fn.now(),
  });
  await trx.raw(
    `update sequences s set start_milestone_id = v.s, end_milestone_id = v.e from json_to_recordset(?::json) as v(id int, s int, e int)
      where s.id = v.id and (s.start_milestone_id is distinct from v.s or s.end_milestone_id is distinct from v.e)`,
    [
      JSON.stringify(
        result.instances.map((inst, k) => ({
          id: instanceSeqIds[k],
          s: idOf[inst.startEvent],
          e: idOf[inst.endEvent],
        })),
      ),
    ],
  );
  if (existing) {
    const gone = [...existing.instances.entries()].filter(([z]) => !zoneIds.has(z)).map(([, id]) => id);
    if (gone.length) {
      await trx("sequences")
        .whereIn("id", gone)
        .whereNotExists(trx("events").whereRaw("events.sequence_id = sequences.id"))
        .delete();
      await trx("sequences").whereIn("id", gone).update({ instance_index: null });
    }
  }

  // A first instantiation on the project calendar: the engine's dates are the scheduler's (same links, same
  // rules), so the write closes like a planning write without reading the version back. Otherwise (a train
  // laid again, or tasks of lots with holidays of their own) the version's scheduler runs once and every date
  // it derives differently is written, with its history.
  const lotCalendars = vg.calendars.lots.length > 0 && template.tasks.some((t) => t.participant_group_pro_tracking_id);
  let graph: VersionGraph | null = null;
  let events: InstanceEvent[];
  if (!existing && !lotCalendars) {
    await closeWrite(trx, a.projectId, a.versionId, vg, result);
    const tplName = new Map(template.tasks.map((t) => [t.id, t.name]));
    const rowOf = new Map(rows.map((r) => [r.id, r]));
    events = [];
    for (let i = 0; i < ev.size; i++) {
      const r = rowOf.get(idOf[i])!;
      events.push({
        id: r.id,
        name: r.name ?? tplName.get(r.t!)!,
        zoneId: r.z,
        eventTemplateProId: r.t,
        startDate: r.s,
        endDate: r.e,
        type: r.n === 0 ? "milestone" : "task",
      });
    }
    a.progress?.(90);
  } else {
    const counter = Number((await trx("versions").where({ id: a.versionId }).first("write_counter")).write_counter);
    const after = await readVersionGraph(trx, a.versionId, counter);
    a.progress?.(85);
    const persisted = await persistScheduleWrite(trx, {
      action: existing ? "recurring_update" : "instantiate",
      userId: a.userId,
      projectId: a.projectId,
      versionId: a.versionId,
      before: after,
      plan: after.plan,
      schedule: after.schedule,
      touched: [],
      undoable: false,
    });
    graph = persisted.graph;
    await trx.raw(
      `with agg as (
         select s.id, min(e.start_date) as a, max(e.end_date) as b from sequences s join events e on e.sequence_id = s.id
          where s.instantiation_config_id = ? group by s.id
       ) update sequences s set start_date = agg.a, end_date = agg.b from agg where s.id = agg.id`,
      [configId],
    );
    await trx.raw(
      `update sequences s set start_date = x.a, end_date = x.b
         from (select min(start_date) as a, max(end_date) as b from sequences where instantiation_config_id = ?) x
        where s.id = ?`,
      [configId, trainId],
    );
    events = await trainEvents(trx, configId);
  }
  // The quality-control templates delivered to the template give the new tasks their controls.
  await instantiateQualityControls(
    trx,
    { projectId: a.projectId, versionId: a.versionId, userId: a.userId },
    fresh.map((i) => idOf[i]),
  );
  const answer: InstantiationAnswer = {
    id: trainId,
    instantiationConfigId: configId,
    events,
    warnings: [...a.warnings, ...warningsOf(result, zones, template.tasks)],
  };
  const scope = { projectId: a.projectId, versionId: a.versionId, initiatorId: a.userId };
  const emit: RealtimePayload[] = [
    {
      event: existing ? "sequence:endUpdate" : "sequence:create",
      ...scope,
      ids: [trainId, ...instanceSeqIds],
      data: { instantiationConfigId: configId },
    },
  ];
  return {
    answer,
    reasons,
    added: existing ? fresh.filter((i) => ev.role[i] === ROLE.Task).length : 0,
    removed: toDelete.length,
    updated,
    emit,
    graph,
  };
}

function assertOneZoneIfIndividual(config: TrainConfig, zones: readonly ZoneRow[]): void {
  if (config.type === "individual" && zones.length !== 1)
    throw new AppError("errors.validation", {
      message: "Une séquence individuelle s'instancie sur une seule zone.",
      details: { field: "zoneIds" },
    });
}

function configOf(c: InstantiateSequenceInput["instantiationConfig"]): TrainConfig {
  return {
    type: c.type,
    sequenceTemplateProId: c.sequenceTemplateProId,
    takt: c.type === "individual" ? 0 : (c.takt ?? 0),
    delayWithReferenceEvent: c.delayWithReferenceEvent ?? 0,
    startDate: c.startDate ?? null,
    referenceEventId: c.referenceEventId ?? null,
    milestoneReferenceType: c.milestoneReferenceType ?? null,
    showStartMilestone: c.showStartMilestone ?? true,
    showEndMilestone: c.showEndMilestone ?? true,
  };
}

/**
 * POST /sequence with instantiationConfig: lays the project's sequence template over the zones (individual:
 * one zone; recurring: a train) and writes the train in the caller's transaction. Also used by the demo seed.
 * Refuses, before writing anything: an unknown template (errors.not_found), zones not of the version
 * (errors.validation), a template without typology or whose typologies no zone has (zone_typology_not_available),
 * a zone of another typology listed explicitly (cannot_instantiate_on_that_zone_typology), a negative takt, a
 * cycle in the template (errors.cycle), an unknown reference event (errors.event_not_found).
 */
export async function instantiateSequence(
  trx: Knex.Transaction,
  userId: number | null,
  input: InstantiateSequenceInput,
): Promise<TrainWriteResult> {
  await lockWritableVersion(trx, input.projectId, input.versionId);
  const config = configOf(input.instantiationConfig);
  if (!Number.isInteger(config.takt) || config.takt < 0)
    throw new AppError("errors.validation", { message: "Le takt doit être un entier positif ou nul." });
  const template = await loadTemplate(trx, input.projectId, config.sequenceTemplateProId);
  const { zones, warnings } = trainZones(template, await versionZones(trx, input.versionId), input.zoneIds);
  assertOneZoneIfIndividual(config, zones);
  const vg = await versionGraph(trx, input.versionId);
  return layAndWrite(trx, vg, {
    userId,
    projectId: input.projectId,
    versionId: input.versionId,
    name: input.name,
    config,
    template,
    zones,
    warnings,
    existing: null,
  });
}

/** The configuration row of a train, its version and project. */
export async function trainOf(
  db: Knex | Knex.Transaction,
  configId: number,
): Promise<{ id: number; project_id: number; version_id: number; [k: string]: unknown }> {
  const row = await db("instantiation_configs").where({ id: configId }).first();
  if (!row) throw new AppError("errors.not_found", { details: { instantiationConfigId: configId } });
  return row;
}

async function existingTrain(
  trx: Knex.Transaction,
  configId: number,
): Promise<ExistingTrain & { config: TrainConfig }> {
  const c = await trx("instantiation_configs").where({ id: configId }).first();
  if (!c) throw new AppError("errors.not_found", { details: { instantiationConfigId: configId } });
  const train = await trx("sequences")
    .where({ instantiation_config_id: configId })
    .whereNull("parent_sequence_id")
    .first("id", "name");
  if (!train || c.sequence_template_pro_id === null) throw new AppError("errors.cant_update_task");
  const instances = (await trx("sequences")
    .where({ instantiation_config_id: configId, parent_sequence_id: train.id })
    .whereNotNull("instance_index")
    .select("id", "zone_id")) as { id: number; zone_id: number }[];
  const events = (await trx("events as e")
    .where("e.instantiation_config_id", configId)
    .whereNotNull("e.instance_role")
    .select(
      "e.id",
      "e.instance_role",
      "e.event_template_pro_id",
      "e.zone_id",
      "e.sequence_id",
      "e.number_of_days",
      "e.start_date",
      trx.raw("exists (select 1 from countings c where c.event_id = e.id) as counted"),
    )) as ExistingEvent[];
  const startDate = c.start_date === null ? null : String(c.start_date).slice(0, 10);
  return {
    configId,
    trainId: train.id,
    name: train.name,
    overrides: jsonObject<Overrides>(c.event_template_overrides),
    instances: new Map(instances.map((i) => [i.zone_id, i.id])),
    events: events.map((e) => ({ ...e, counted: e.counted === true || String(e.counted) === "true" })),
    config: {
      type: c.type,
      sequenceTemplateProId: c.sequence_template_pro_id,
      takt: c.takt,
      delayWithReferenceEvent: c.delay_with_reference_event,
      startDate,
      referenceEventId: c.reference_event_id,
      milestoneReferenceType: c.milestone_reference_type,
      showStartMilestone: c.show_start_milestone,
      showEndMilestone: c.show_end_milestone,
    },
  };
}

export interface RecurringUpdateInput {
  takt?: number;
  delayWithReferenceEvent?: number;
  startDate?: string;
  referenceEventId?: number | null;
  milestoneReferenceType?: MilestoneReferenceType | null;
  showStartMilestone?: boolean;
  showEndMilestone?: boolean;
  zoneIds?: number[];
}

/**
 * PATCH /event/recurring/{instantiationConfigId}: new takt, delay, reference or zones; the train is laid again
 * (overrides kept). A new takt alone keeps instance 1 where it is: the train's start is not moved. Refusals
 * are those of the instantiation; a train that cannot be laid again (its template or train gone) answers
 * errors.cant_update_task.
 */
export async function updateRecurring(
  trx: Knex.Transaction,
  userId: number | null,
  configId: number,
  input: RecurringUpdateInput,
  progress?: (percentage: number) => void,
): Promise<TrainWriteResult> {
  const row = await trainOf(trx, configId);
  await lockWritableVersion(trx, row.project_id, row.version_id);
  const existing = await existingTrain(trx, configId);
  const config: TrainConfig = { ...existing.config };
  if (input.takt !== undefined) config.takt = config.type === "individual" ? 0 : input.takt;
  if (input.delayWithReferenceEvent !== undefined) config.delayWithReferenceEvent = input.delayWithReferenceEvent;
  if (input.startDate !== undefined) {
    config.startDate = input.startDate;
    if (input.referenceEventId === undefined) config.referenceEventId = null;
  }
  if (input.referenceEventId !== undefined) config.referenceEventId = input.referenceEventId;
  if (input.milestoneReferenceType !== undefined) config.milestoneReferenceType = input.milestoneReferenceType;
  if (input.showStartMilestone !== undefined) config.showStartMilestone = input.showStartMilestone;
  if (input.showEndMilestone !== undefined) config.showEndMilestone = input.showEndMilestone;
  const vg = await versionGraph(trx, row.version_id);
  // Instance 1 stays where it is: the train's start, as the scheduler placed it, is the date reference.
  const trainStart = existing.events.find((e) => e.instance_role === ROLE.TrainStart);
  if (config.referenceEventId === null && input.startDate === undefined && trainStart) {
    const i = vg.plan.index.get(trainStart.id);
    if (i !== undefined) config.startDate = formatDay(vg.schedule.startDay[i]);
  }
  let template: Template;
  try {
    template = await loadTemplate(trx, row.project_id, config.sequenceTemplateProId);
  } catch {
    throw new AppError("errors.cant_update_task", { details: { reason: "template" } });
  }
  const allZones = await versionZones(trx, row.version_id);
  let zones: ZoneRow[];
  let warnings: InstantiationWarning[] = [];
  if (input.zoneIds !== undefined) {
    ({ zones, warnings } = trainZones(template, allZones, input.zoneIds));
    assertOneZoneIfIndividual(config, zones);
  } else {
    const order = (await trx("sequences")
      .whereIn("id", [...existing.instances.values()])
      .orderBy("instance_index")
      .pluck("zone_id")) as number[];
    const byId = new Map(allZones.map((z) => [z.id, z]));
    zones = order.map((id) => byId.get(id)).filter((z): z is ZoneRow => z !== undefined);
    if (zones.length === 0) throw new AppError("errors.cant_update_task", { details: { reason: "zones" } });
  }
  return layAndWrite(trx, vg, {
    userId,
    projectId: row.project_id,
    versionId: row.version_id,
    name: existing.name,
    config,
    template,
    zones,
    warnings,
    existing,
    progress,
  });
}

/** What PATCH /event/{id} needs to turn an edit of an instance's task into an override. */
export interface OverrideSnapshot {
  eventId: number;
  configId: number;
  zoneTrackingId: number;
  templateTrackingId: number;
  template: Record<string, unknown>;
  /** An incoming link of the event and its delay before the edit. */
  linkId: number | null;
  delay: number;
}

const OVERRIDABLE: [keyof InstanceOverride, string][] = [
  ["name", "name"],
  ["numberOfPeople", "number_of_people"],
  ["trigram", "trigram"],
  ["comments", "comments"],
  ["color", "color"],
];

/** Null unless the event is a task of a train's instance. Read before the edit. */
export async function overrideSnapshot(db: Knex | Knex.Transaction, eventId: number): Promise<OverrideSnapshot | null> {
  const row = await db("events as e")
    .join("sequences as s", "s.id", "e.sequence_id")
    .join("zones as z", "z.id", "s.zone_id")
    .join("event_template_pros as t", "t.id", "e.event_template_pro_id")
    .where("e.id", eventId)
    .where("e.instance_role", ROLE.Task)
    .whereNotNull("e.instantiation_config_id")
    .first(
      "e.instantiation_config_id as config_id",
      "z.tracking_id as zone_tracking_id",
      "t.tracking_id as template_tracking_id",
      "t.name",
      "t.number_of_days",
      "t.number_of_people",
      "t.trigram",
      "t.comments",
    );
  if (!row) return null;
  const link = await db("event_links").where({ child_id: eventId }).orderBy("id").first("id", "delay");
  return {
    eventId,
    configId: row.config_id,
    zoneTrackingId: row.zone_tracking_id,
    templateTrackingId: row.template_tracking_id,
    template: { ...row, color: null },
    linkId: link?.id ?? null,
    delay: link?.delay ?? 0,
  };
}

/**
 * After PATCH /event/{id} on an instance's task: stores, keyed by instance (zone) and task template, only the
 * fields that now differ from the template (numberOfDays, a move as `shift`, name...), so that the next
 * re-dating or synchronisation lays the instance with them. A field back to the template's value is dropped.
 */
export async function recordOverride(
  trx: Knex.Transaction,
  snap: OverrideSnapshot,
  body: Record<string, unknown>,
): Promise<void> {
  const ev = await trx("events").where({ id: snap.eventId }).first();
  if (!ev) return;
  const c = await trx("instantiation_configs").where({ id: snap.configId }).first("event_template_overrides");
  const all = jsonObject<Overrides>(c?.event_template_overrides);
  const zoneKey = String(snap.zoneTrackingId);
  const taskKey = String(snap.templateTrackingId);
  const o: InstanceOverride = { ...(all[zoneKey]?.[taskKey] ?? {}) };
  if (body.numberOfDays !== undefined) {
    if (ev.number_of_days === Number(snap.template.number_of_days)) delete o.numberOfDays;
    else o.numberOfDays = ev.number_of_days;
  }
  if (body.startDate !== undefined && body.parentsEvents === undefined && snap.linkId !== null) {
    const link = await trx("event_links").where({ id: snap.linkId }).first("delay");
    if (link) {
      const shift = (o.shift ?? 0) + (link.delay - snap.delay);
      if (shift === 0) delete o.shift;
      else o.shift = shift;
    }
  }
  for (const [field, column] of OVERRIDABLE) {
    if (body[field] === undefined) continue;
    const now = ev[column] ?? null;
    const tpl = snap.template[column] ?? null;
    if (String(now ?? "") === String(tpl ?? "")) delete o[field];
    else (o as Record<string, unknown>)[field] = field === "numberOfPeople" ? Number(now) : now;
  }
  const zone = { ...(all[zoneKey] ?? {}) };
  if (Object.keys(o).length) zone[taskKey] = o;
  else delete zone[taskKey];
  if (Object.keys(zone).length) all[zoneKey] = zone;
  else delete all[zoneKey];
  await trx("instantiation_configs")
    .where({ id: snap.configId })
    .update({ event_template_overrides: JSON.stringify(all), updated_at: trx.fn.now() });
}
