import type { Knex } from "knex";
import { scheduleDocument, type ScheduleDocument } from "@jalon/engine";
import { hashPassword } from "../../auth/passwords.js";
import type { Logger } from "../../lib/log.js";
import type { Db } from "../knex.js";
import { DEMO_SEED_LOCK, START_LOCK_SPACE } from "../migrate.js";
import { countOf } from "../numbers.js";
import { copyVersionRows } from "../versionCopy.js";
import { fromZonedTime } from "date-fns-tz";
import { contractualEnd, DEMO_START } from "./demoCalendar.js";
import { seedDemoWorkforce } from "./demoTracking.js";
import { seedDemoCountings } from "./demoCountings.js";
import { seedDemoQualityControls } from "./demoQuality.js";
import { seedDemoRoadblocks } from "./demoRoadblocks.js";
import { seedDemoOrderLines } from "./demoOrderLines.js";
import { instantiateSequence } from "../../commands/instantiation.js";
import { copyEventTemplates, copySequenceTemplates } from "../../commands/templateCopy.js";
import { LIBRARY, proScope } from "../../commands/templateScope.js";
import { writeEventTemplate, writeSequenceTemplate } from "../../commands/templateWrite.js";
import {
  buildDemoPlan,
  DEMO_COMMON_ROOMS,
  DEMO_HOLIDAYS,
  DEMO_LOOSE_TEMPLATES,
  DEMO_LOTS,
  DEMO_TEMPLATE_LIBRARY,
  DEMO_VACATIONS,
  type DemoPlan,
  type DemoTaskTemplate,
} from "./demoPlan.js";

export const DEMO_PASSWORD = "jalon-demo";
export const DEMO_ACCOUNTS = [
  { email: "admin@jalon.demo", type: "admin", firstname: "Alice", lastname: "Martin" },
  { email: "manager@jalon.demo", type: "manager", firstname: "Marc", lastname: "Lefèvre" },
  { email: "externe@jalon.demo", type: "external", firstname: "Élodie", lastname: "Garnier" },
] as const;

export const DEMO_PROJECT_NAME = "Résidence Les Jardins de l'Erdre — 48 logements";

type Calendar = NonNullable<ScheduleDocument["calendar"]>;

/**
 * The one place where the demo's dates are computed: the engine's `scheduleDocument` on the version's
 * events, links and calendar (project holidays, vacations, holidays limited to lots).
 */
export function computeSchedule(doc: ScheduleDocument): Map<number, { startDate: string; endDate: string }> {
  const out = scheduleDocument(doc);
  return new Map(out.events.map((e) => [e.id, { startDate: e.startDate, endDate: e.endDate }]));
}

function demoCalendar(lotIds: Map<string, number>): Calendar {
  const lotHolidays: Record<string, string[]> = {};
  for (const h of DEMO_HOLIDAYS)
    for (const lot of h.lots ?? []) (lotHolidays[String(lotIds.get(lot))] ??= []).push(h.date);
  return {
    holidays: DEMO_HOLIDAYS.filter((h) => !h.lots).map((h) => h.date),
    vacations: DEMO_VACATIONS.map((v) => ({ startDate: v.startDate, endDate: v.endDate })),
    lotHolidays,
  };
}

async function insertChunked<T extends Record<string, unknown>>(
  db: Db,
  table: string,
  rows: T[],
  returning: string[],
): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < rows.length; i += 500)
    out.push(
      ...(await db(table)
        .insert(rows.slice(i, i + 500))
        .returning(returning)),
    );
  return out;
}

/** Recomputes every date of a version with the engine and writes the changed ones in one statement. */
export async function rescheduleVersion(
  db: Db,
  versionId: number,
  calendar: Calendar,
): Promise<{ changed: number; projectedEndDate: string | null }> {
  const events = await db("events")
    .where({ version_id: versionId })
    .select(
      "id",
      "type",
      "number_of_days",
      "start_date",
      "end_date",
      "participant_group_pro_id",
      "reference_type",
      "locked",
    );
  const links = await db("event_links")
    .where({ version_id: versionId })
    .select("parent_id", "child_id", "type", "delay");
  const hasParent = new Set(links.map((l) => l.child_id as number));
  const doc: ScheduleDocument = {
    calendar,
    events: events.map((e) => ({
      id: e.id,
      type: e.type,
      numberOfDays: e.number_of_days,
      lotId: e.participant_group_pro_id ?? undefined,
      locked: e.locked,
      startDate: hasParent.has(e.id) && !e.locked ? undefined : e.start_date,
    })),
    links: links.map((l) => ({ parentId: l.parent_id, childId: l.child_id, type: l.type, delay: l.delay })),
  };
  const out = scheduleDocument(doc);
  const byId = new Map(events.map((e) => [e.id as number, e]));
  const changed = out.events.filter(
    (e) => byId.get(e.id)?.start_date !== e.startDate || byId.get(e.id)?.end_date !== e.endDate,
  );
  if (changed.length > 0) {
    const values = changed.map(() => "(?::integer, ?::date, ?::date)").join(", ");
    await db.raw(
      `UPDATE events e SET start_date = v.s, end_date = v.e, revision = e.revision + 1, updated_at = now()
       FROM (VALUES ${values}) AS v(id, s, e) WHERE e.id = v.id`,
      changed.flatMap((e) => [e.id, e.startDate, e.endDate]),
    );
  }
  return { changed: changed.length, projectedEndDate: out.projectedEndDate };
}

async function rollUpSequences(db: Db, versionId: number): Promise<void> {
  await db.raw(
    `UPDATE sequences s SET start_date = x.s, end_date = x.e FROM
       (SELECT sequence_id, min(start_date) s, max(end_date) e FROM events WHERE version_id = ? AND sequence_id IS NOT NULL GROUP BY sequence_id) x
     WHERE s.id = x.sequence_id`,
    [versionId],
  );
}

/** Writes the reference data and the planning of the demo into a version; dates come from the engine. */
async function writeVersion(
  db: Db,
  projectId: number,
  versionId: number,
  plan: DemoPlan,
  libraryLots: Map<string, number>,
): Promise<{ lotIds: Map<string, number>; eventIds: Map<string, number> }> {
  const base = { project_id: projectId, version_id: versionId };
  const [phase] = await db("tag_categories")
    .insert({ ...base, name: "Phase", type: "event", position: 0 })
    .returning("id");
  const tagRows = await db("tags")
    .insert([
      { ...base, name: "Gros œuvre", color: "#8D6E63", category_id: phase.id, type: "event" },
      { ...base, name: "Second œuvre", color: "#FFB300", category_id: phase.id, type: "event" },
      { ...base, name: "Jalon contractuel", color: "#D32F2F", category_id: phase.id, type: "event" },
    ])
    .returning(["id", "name"]);
  const tagIds = new Map([
    ["go", tagRows[0].id],
    ["so", tagRows[1].id],
    ["jalon", tagRows[2].id],
  ]);

  const zoneIds = new Map<string, number>();
  for (const level of [0, 1, 2]) {
    const rows = plan.zones.filter((z) => z.level === level);
    const inserted = await insertChunked(
      db,
      "zones",
      rows.map((z) => ({
        ...base,
        name: z.name,
        unity: z.unity,
        level: z.level,
        typology: z.typology,
        parent_id: z.parent ? zoneIds.get(z.parent) : null,
        full_name: z.parent ? `${plan.zones.find((p) => p.key === z.parent)!.name} / ${z.name}` : z.name,
        position: plan.zones.indexOf(z),
      })),
      ["id"],
    );
    rows.forEach((z, i) => zoneIds.set(z.key, inserted[i].id as number));
  }

  const lotIds = new Map<string, number>();
  for (const [i, lot] of DEMO_LOTS.entries()) {
    const [row] = await db("participant_group_pros")
      .insert({
        ...base,
        name: lot.name,
        color: lot.color,
        position: i,
        participant_group_id: libraryLots.get(lot.key),
      })
      .returning("id");
    lotIds.set(lot.key, row.id);
    for (const name of lot.specialities)
      await db("specialities").insert({ ...base, name, participant_group_pro_id: row.id });
  }
  const companies = new Map<string, number>();
  for (const lot of DEMO_LOTS) {
    let pid = companies.get(lot.company);
    if (!pid) {
      const [p] = await db("participants")
        .insert({
          ...base,
          name: lot.company,
          company_name: lot.company,
          color: lot.color,
          project_manager_email: `conduite@${lot.company
            .toLowerCase()
            .normalize("NFD")
            .replace(/[^a-z]+/g, "-")
            .replace(/^-|-$/g, "")}.fr`,
          project_manager_first_name: "Conducteur",
          project_manager_last_name: "de travaux",
        })
        .returning("id");
      pid = p.id as number;
      companies.set(lot.company, pid);
    }
    await db("participant_group_pro_participants").insert({
      version_id: versionId,
      participant_group_pro_id: lotIds.get(lot.key),
      participant_id: pid,
    });
  }

  for (const lot of DEMO_LOTS) {
    await db("macro_tasks").insert({
      ...base,
      name: lot.name,
      participant_group_pro_id: lotIds.get(lot.key),
      tracked_unit: "U",
    });
  }

  for (const h of DEMO_HOLIDAYS) {
    const [row] = await db("holidays")
      .insert({ ...base, name: h.name, type: "holiday", start_date: h.date, end_date: h.date })
      .returning("id");
    for (const lot of h.lots ?? [])
      await db("holiday_lots").insert({
        version_id: versionId,
        holiday_id: row.id,
        participant_group_pro_id: lotIds.get(lot),
      });
  }
  for (const v of DEMO_VACATIONS)
    await db("holidays").insert({
      ...base,
      name: v.name,
      type: "vacation",
      start_date: v.startDate,
      end_date: v.endDate,
    });

  const seqIds = new Map<string, number>();
  const seqRows = await insertChunked(
    db,
    "sequences",
    plan.sequences.map((s) => ({ ...base, name: s.name, color: s.color, zone_id: zoneIds.get(s.zone) })),
    ["id"],
  );
  plan.sequences.forEach((s, i) => seqIds.set(s.key, seqRows[i].id as number));

  // Dates: the engine on the whole plan, with temporary ids (the position in the list).
  const index = new Map(plan.events.map((e, i) => [e.key, i + 1]));
  const macroByLot = new Map(
    (await db("macro_tasks").where({ version_id: versionId }).select("id", "participant_group_pro_id")).map((m) => [
      m.participant_group_pro_id,
      m.id,
    ]),
  );
  const dates = computeSchedule({
    calendar: demoCalendar(lotIds),
    events: plan.events.map((e) => ({
      id: index.get(e.key)!,
      type: e.type,
      numberOfDays: e.numberOfDays,
      startDate: e.startDate,
      lotId: e.lot ? lotIds.get(e.lot) : undefined,
    })),
    links: plan.links.map((l) => ({
      parentId: index.get(l.parent)!,
      childId: index.get(l.child)!,
      type: l.type,
      delay: l.delay,
    })),
  });
  const hasParent = new Set(plan.links.map((l) => l.child));
  const eventRows = await insertChunked(
    db,
    "events",
    plan.events.map((e) => {
      const d = dates.get(index.get(e.key)!)!;
      const lotId = e.lot ? lotIds.get(e.lot)! : null;
      return {
        ...base,
        name: e.name,
        type: e.type,
        number_of_days: e.numberOfDays,
        number_of_people: e.numberOfPeople ?? (e.type === "milestone" ? 0 : 1),
        start_date: d.startDate,
        end_date: d.endDate,
        trigram: e.trigram,
        zone_id: zoneIds.get(e.zone),
        participant_group_pro_id: lotId,
        macro_task_id: lotId ? macroByLot.get(lotId) : null,
        participant_id: e.lot ? companies.get(DEMO_LOTS.find((l) => l.key === e.lot)!.company) : null,
        sequence_id: e.sequence ? seqIds.get(e.sequence) : null,
        sequence_type: e.sequence ? "individual" : null,
        reference_type: hasParent.has(e.key) ? "taskReference" : "dateReference",
        color: e.type === "milestone" ? "#FFFFFF" : null,
        is_tracked: e.isTracked ?? false,
        is_contractual: e.isContractual ?? false,
      };
    }),
    ["id"],
  );
  const eventIds = new Map(plan.events.map((e, i) => [e.key, eventRows[i].id as number]));
  await insertChunked(
    db,
    "event_links",
    plan.links.map((l) => ({
      ...base,
      parent_id: eventIds.get(l.parent),
      child_id: eventIds.get(l.child),
      type: l.type,
      delay: l.delay,
    })),
    ["id"],
  );
  const eventTags = plan.events.flatMap((e) =>
    (e.tags ?? []).map((t) => ({ version_id: versionId, event_id: eventIds.get(e.key), tag_id: tagIds.get(t) })),
  );
  await insertChunked(db, "event_tags", eventTags, ["event_id"]);
  await rollUpSequences(db, versionId);
  return { lotIds, eventIds };
}

async function writeLibraryTask(
  db: Db,
  task: DemoTaskTemplate,
  sequenceId: number | null,
  libraryLots: Map<string, number>,
  taskIds: Map<string, number>,
): Promise<void> {
  const id = await writeEventTemplate(db, LIBRARY, null, {
    name: task.name,
    trigram: task.trigram,
    numberOfDays: task.days,
    numberOfPeople: task.people ?? 1,
    typology: task.typology ?? [],
    comments: task.comments ?? null,
    participantGroupId: libraryLots.get(task.lot) ?? null,
    sequenceTemplateId: sequenceId,
    parentsET: (task.parents ?? []).map(([key, type, delay]) => ({
      id: taskIds.get(key)!,
      type: type ?? "end-begin",
      delay: delay ?? 0,
    })),
  });
  taskIds.set(task.key, id);
}

/**
 * The template library (DEMO_TEMPLATE_LIBRARY), its copies in the demo project, and one recurring train of
 * "Aménagement des locaux communs" over the four common rooms (takt 3 working days, starting 5 working days
 * after the building B's "hors d'air"), laid by the instantiation command as a planner's POST /sequence would.
 */
async function seedDemoTemplates(
  trx: Knex.Transaction,
  projectId: number,
  versionId: number,
  userId: number,
  libraryLots: Map<string, number>,
  horsAir: { id: number },
): Promise<void> {
  const sequenceIds: number[] = [];
  for (const seq of DEMO_TEMPLATE_LIBRARY) {
    const id = await writeSequenceTemplate(trx, LIBRARY, null, {
      name: seq.name,
      category: seq.category,
      color: seq.color,
      typology: seq.typology,
    });
    const taskIds = new Map<string, number>();
    for (const task of seq.tasks) await writeLibraryTask(trx, task, id, libraryLots, taskIds);
    await writeSequenceTemplate(trx, LIBRARY, id, {
      firstEventTemplateId: taskIds.get(seq.first),
      lastEventTemplateId: taskIds.get(seq.last),
    });
    sequenceIds.push(id);
  }
  const looseIds = new Map<string, number>();
  for (const task of DEMO_LOOSE_TEMPLATES) await writeLibraryTask(trx, task, null, libraryLots, looseIds);

  const scope = proScope(projectId);
  const copies = await copySequenceTemplates(trx, LIBRARY, sequenceIds, scope);
  await copyEventTemplates(trx, LIBRARY, await trx("event_templates").whereIn("id", [...looseIds.values()]), {
    scope,
    sequenceOf: () => null,
  });
  const rooms = (await trx("zones")
    .where({ version_id: versionId })
    .whereIn("name", DEMO_COMMON_ROOMS)
    .orderBy("position")
    .pluck("id")) as number[];
  const train = DEMO_TEMPLATE_LIBRARY.findIndex((s) => s.name === "Aménagement des locaux communs");
  await instantiateSequence(trx, userId, {
    projectId,
    versionId,
    name: "Aménagement des locaux communs",
    zoneIds: rooms,
    instantiationConfig: {
      type: "recurring",
      sequenceTemplateProId: copies.get(sequenceIds[train])!,
      takt: 3,
      referenceEventId: horsAir.id,
      delayWithReferenceEvent: 5,
    },
  });
}

/**
 * The demo: three accounts (password `jalon-demo`) and the residential project in two versions. Version 1
 * ("Planning de référence") is signed, referent and frozen; version 2 ("Recalage gros œuvre") is current,
 * with a longer floor slab in building B and a later window delivery, re-planned by the engine.
 */
export async function seedDemo(db: Db, log?: Logger): Promise<{ projectId: number; versionIds: number[] }> {
  return db.transaction(async (trx) => {
    const hash = await hashPassword(DEMO_PASSWORD);
    const users = await trx("users")
      .insert(DEMO_ACCOUNTS.map((a) => ({ ...a, password_hash: hash })))
      .returning(["id", "type"]);
    const manager = users.find((u) => u.type === "manager")!;
    const [project] = await trx("projects")
      .insert({
        name: DEMO_PROJECT_NAME,
        floor_area: 3650,
        project_owner: "Habitat Erdre et Loire",
        project_manager: "Atelier Archipel Architectes",
        opc_coordinator: "OPC Ouest Coordination",
        typology: "Logements collectifs",
        description:
          "Construction de 48 logements collectifs en deux bâtiments (A et B) de R+0 à R+4, avec parkings extérieurs et espaces verts.",
        // The contract's dates around the plan: its start, and the end of the 15th month after it (some
        // margin for hazards, as the demo's dashboard shows).
        expected_start_date: fromZonedTime(`${DEMO_START}T00:00:00`, "Europe/Paris").toISOString(),
        expected_end_date: fromZonedTime(`${contractualEnd(DEMO_START)}T23:59:59.999`, "Europe/Paris").toISOString(),
        created_by: manager.id,
      })
      .returning("id");
    await trx("project_users").insert(users.map((u) => ({ project_id: project.id, user_id: u.id })));
    const [v1] = await trx("versions")
      .insert({
        project_id: project.id,
        name: "Planning de référence",
        is_referent_version: true,
        created_by: manager.id,
      })
      .returning("id");
    const plan = buildDemoPlan();
    const libraryLots = new Map<string, number>();
    for (const lot of DEMO_LOTS) {
      const [row] = await trx("participant_groups").insert({ name: lot.name, color: lot.color }).returning("id");
      libraryLots.set(lot.key, row.id as number);
    }
    const { lotIds, eventIds } = await writeVersion(trx, project.id, v1.id, plan, libraryLots);

    const [v2] = await trx("versions")
      .insert({
        project_id: project.id,
        name: "Recalage gros œuvre",
        is_active_version: true,
        copied_from_version_id: v1.id,
        created_by: manager.id,
      })
      .returning("id");
    await copyVersionRows(trx, {
      fromVersionId: v1.id,
      toVersionId: v2.id,
      fromProjectId: project.id,
      toProjectId: project.id,
    });
    const inV2 = async (key: string) =>
      trx("events")
        .where({
          version_id: v2.id,
          tracking_id: trx("events")
            .select("tracking_id")
            .where({ id: eventIds.get(key) }),
        })
        .first();
    const slab = await inV2("plancherBR+2");
    await trx("events").where({ id: slab.id }).update({ number_of_days: 10 });
    const windows = await inV2("mextAR+1");
    await trx("event_links")
      .where({ child_id: windows.id })
      .where({ type: "end-begin" })
      .update({ delay: trx.raw("delay + 5") });
    await trx("event_histories").insert([
      {
        project_id: project.id,
        version_id: v2.id,
        event_id: slab.id,
        event_tracking_id: slab.tracking_id,
        field_name: "numberOfDays",
        previous_value: "7",
        new_value: "10",
        user_id: manager.id,
      },
      {
        project_id: project.id,
        version_id: v2.id,
        event_id: windows.id,
        event_tracking_id: windows.tracking_id,
        field_name: "delay",
        previous_value: "5",
        new_value: "10",
        user_id: manager.id,
      },
    ]);
    // Lot-limited holidays in v2 are keyed by v2's lot ids.
    const v2Lots = new Map<string, number>();
    for (const [key, id] of lotIds) {
      const row = await trx("participant_group_pros")
        .where({ version_id: v2.id, tracking_id: trx("participant_group_pros").select("tracking_id").where({ id }) })
        .first("id");
      v2Lots.set(key, row.id);
    }
    const { projectedEndDate } = await rescheduleVersion(trx, v2.id, demoCalendar(v2Lots));
    await rollUpSequences(trx, v2.id);
    const start = await trx("events").where({ version_id: v2.id }).min({ d: "start_date" }).first();
    await trx("versions").where({ id: v1.id }).update({ is_archived: true, archived_at: trx.fn.now() });
    await trx("versions").where({ id: v2.id }).update({ write_counter: 2 });
    await trx("projects")
      .where({ id: project.id })
      .update({
        current_version_id: v2.id,
        signed_version_id: v1.id,
        projected_start_date: start?.d ?? null,
        projected_end_date: projectedEndDate,
      });
    await seedDemoTemplates(trx, project.id, v2.id, manager.id as number, libraryLots, await inV2("horsairB"));
    await seedDemoWorkforce(trx, project.id as number, v2.id as number);
    await seedDemoCountings(trx, project.id as number, manager.id as number);
    await seedDemoQualityControls(trx, project.id as number, manager.id as number);
    await seedDemoRoadblocks(trx, project.id as number, manager.id as number);
    await seedDemoOrderLines(trx, project.id as number, manager.id as number);
    const events = countOf(await trx("events").where({ version_id: v2.id }).count({ count: "*" }));
    const links = countOf(await trx("event_links").where({ version_id: v2.id }).count({ count: "*" }));
    log?.info("Projet de démonstration", { events, links, projectedEndDate });
    return { projectId: project.id as number, versionIds: [v1.id as number, v2.id as number] };
  });
}

/**
 * Seeds the demo once, on a database without any user. Processes started at once take turns (a transaction
 * lock): the first seeds, the others then see its users and seed nothing; before, both seeded and one died
 * of a duplicate e-mail.
 */
export async function seedDemoIfEmpty(db: Db, log?: Logger): Promise<boolean> {
  return db.transaction(async (trx) => {
    await trx.raw("SELECT pg_advisory_xact_lock(?, ?)", [START_LOCK_SPACE, DEMO_SEED_LOCK]);
    if (countOf(await trx("users").count({ count: "*" })) > 0) return false;
    await seedDemo(trx, log);
    return true;
  });
}
