import { rederiveQualityDueDates } from "../../commands/qualityControlDueDates.js";
import { todayInParis } from "../../planning/progress.js";
import type { Db } from "../knex.js";

/**
 * Quality controls of the demo (issue 18): the prerequisites and finishes screens, the quality calendar and the
 * planning's marker show real data after `npm start`. On the project's current version, every third task gets
 * a prerequisite (plans, supplies or supports, in turn) and every fifth a finish (self-check). Controls of
 * tasks already started are mostly compliant (done a few days before), some non-complying with a delay,
 * partial, or still unrealized (their tasks show the planning's marker); controls of tasks to come are
 * unrealized. Three templates, one delivered to a task template, fill the template screens. Due dates are
 * derived as the routes derive them. Returns the number of controls written.
 */

const PREREQUISITES = [
  { name: "Plans d'exécution visés", category: "study", document: "Plans EXE indice B" },
  { name: "Matériaux livrés sur site", category: "supply", document: "Bons de livraison" },
  { name: "Réception des supports", category: "reception-support", document: "PV de réception des supports" },
] as const;

export async function seedDemoQualityControls(
  db: Db,
  projectId: number,
  userId: number,
  today: string = todayInParis(),
): Promise<number> {
  const project = await db("projects").where({ id: projectId }).first("current_version_id");
  const versionId = project?.current_version_id as number | undefined;
  if (!versionId) return 0;
  const tasks = (await db("events")
    .where({ version_id: versionId, type: "task" })
    .orderBy([{ column: "start_date" }, { column: "id" }])
    .select("id", "start_date", "end_date")) as { id: number; start_date: string; end_date: string }[];
  if (tasks.length === 0) return 0;
  const tag = (await db("tags").where({ version_id: versionId }).orderBy("id").first("id")) as
    { id: number } | undefined;
  const day = (d: string, shift: number) => {
    const x = new Date(`${String(d).slice(0, 10)}T00:00:00Z`);
    x.setUTCDate(x.getUTCDate() + shift);
    return x.toISOString().slice(0, 10);
  };

  const rows: Record<string, unknown>[] = [];
  tasks.forEach((task, k) => {
    const start = String(task.start_date).slice(0, 10);
    const end = String(task.end_date).slice(0, 10);
    const started = start <= today;
    if (k % 3 === 0) {
      const p = PREREQUISITES[(k / 3) % PREREQUISITES.length];
      const profile = (k / 3) % 8;
      const status = !started
        ? "unrealized"
        : profile === 5
          ? "non-complying"
          : profile === 6
            ? "partial"
            : profile === 7
              ? "unrealized"
              : "compliant";
      rows.push({
        event_id: task.id,
        type: "prerequisites",
        name: p.name,
        category: p.category,
        document_name: p.document,
        status,
        delay: status === "non-complying" ? 3 : status === "partial" ? 1 : started || k % 2 === 0 ? 0 : null,
        completion_date: status === "compliant" ? day(start, -(1 + (k % 3))) : null,
        comment: status === "non-complying" ? "Réserves levées partiellement, à revoir avec le lot." : null,
      });
    }
    if (k % 5 === 0) {
      const done = end < today;
      rows.push({
        event_id: task.id,
        type: "finishes",
        name: "Autocontrôle de fin de tâche",
        category: "auto-control",
        document_name: "Fiche d'autocontrôle",
        status: done ? (k % 4 === 0 ? "partial" : "compliant") : "unrealized",
        delay: done && k % 4 === 0 ? 2 : 0,
        completion_date: done && k % 4 !== 0 ? day(end, 1) : null,
        comment: null,
      });
    }
  });
  // One archived control, for the archives view.
  if (rows.length > 0)
    rows.push({
      ...rows[0],
      name: "Ancien contrôle des réservations",
      status: "compliant",
      is_archived: true,
      comment: "Remplacé par la réception des supports.",
    });
  const inserted = (await db("quality_controls")
    .insert(rows.map((r) => ({ project_id: projectId, version_id: versionId, is_archived: false, ...r })))
    .returning(["id", "tracking_id", "status"])) as { id: number; tracking_id: number; status: string }[];
  const ids = inserted.map((r) => r.id);
  await rederiveQualityDueDates(db, { versionId, projectId, userId: null, ids, history: false });
  if (tag)
    await db("quality_control_tags").insert(
      ids
        .filter((_, k) => k % 4 === 0)
        .map((id) => ({ version_id: versionId, quality_control_id: id, tag_id: tag.id })),
    );
  // The status changes that led there: one history row per control that is no longer unrealized.
  const history = inserted
    .filter((r) => r.status !== "unrealized")
    .map((r) => ({
      project_id: projectId,
      version_id: versionId,
      quality_control_id: r.id,
      quality_control_tracking_id: r.tracking_id,
      field_name: "status",
      previous_value: "unrealized",
      new_value: r.status,
      user_id: userId,
    }));
  if (history.length > 0) await db("quality_control_histories").insert(history);

  // Templates of the project.
  const taskTemplate = (await db("event_template_pros").where({ project_id: projectId }).orderBy("id").first("id")) as
    { id: number } | undefined;
  const templates = (await db("quality_control_templates")
    .insert([
      { project_id: projectId, name: "Plans d'exécution visés", type: "prerequisites", category: "study", delay: 0 },
      { project_id: projectId, name: "Réception des supports", type: "prerequisites", category: "reception-support" },
      { project_id: projectId, name: "Autocontrôle de fin de tâche", type: "finishes", category: "auto-control" },
    ])
    .returning("id")) as { id: number }[];
  if (taskTemplate)
    await db("quality_control_template_deliverables").insert({
      quality_control_template_id: templates[0].id,
      event_template_pro_id: taskTemplate.id,
    });
  return ids.length;
}
