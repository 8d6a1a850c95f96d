import { todayInParis } from "../../planning/progress.js";
import type { Db } from "../knex.js";

/**
 * Roadblocks of the demo (issue 18): the roadblocks list, the task modal's tab, the planning's markers and the
 * dashboard's block show real data after `npm start`. On the project's current version, the tasks under way
 * at the seed's day and the next ones to start get the blocking points a site meets (plans, deliveries,
 * access, a previous trade's reserves), with the task's lot, participant and zone; the older ones are lifted,
 * the recent ones open. The same roadblocks (same tracking ids) are on the signed version's copies of those tasks,
 * since the dashboard follows the signed version. Returns the number of roadblocks written on the current version.
 */

const SUBJECTS = [
  "Plans de réservation non diffusés",
  "Livraison des matériaux reportée",
  "Accès à la zone bloqué par l'échafaudage",
  "Réserves du lot précédent non levées",
  "Grue indisponible (maintenance)",
  "Attente de validation du choix des matériaux",
  "Support non conforme : ragréage à reprendre",
  "Effectif insuffisant annoncé par l'entreprise",
  "Réseaux en attente de raccordement",
  "Échantillons non validés par l'architecte",
] as const;

export async function seedDemoRoadblocks(
  db: Db,
  projectId: number,
  userId: number,
  today: string = todayInParis(),
): Promise<number> {
  const project = await db("projects").where({ id: projectId }).first("current_version_id", "signed_version_id");
  const versionId = project?.current_version_id as number | undefined;
  if (!versionId) return 0;
  // The tasks under way at the day first, then the next to start: where a site meets its blocking points.
  const tasks = (await db("events")
    .where({ version_id: versionId, type: "task" })
    .where("end_date", ">=", today)
    .orderBy([{ column: "start_date" }, { column: "id" }])
    .limit(24)
    .select("id", "tracking_id", "start_date", "participant_group_pro_id", "participant_id", "zone_id")) as {
    id: number;
    tracking_id: number;
    start_date: string;
    participant_group_pro_id: number | null;
    participant_id: number | null;
    zone_id: number | null;
  }[];
  if (tasks.length === 0) return 0;
  const rows = tasks
    .filter((_, k) => k % 2 === 0)
    .slice(0, SUBJECTS.length)
    .map((task, k) => ({
      project_id: projectId,
      version_id: versionId,
      name: SUBJECTS[k],
      // Every third one has been lifted; the others block their task (the planning marks it).
      validate: k % 3 === 2,
      created_by: userId,
      event_id: task.id,
      participant_group_pro_id: task.participant_group_pro_id,
      participant_id: task.participant_id,
      zone_id: task.zone_id,
    }));
  const written = (await db("roadblocks").insert(rows).returning(["tracking_id", "event_id"])) as {
    tracking_id: number;
    event_id: number;
  }[];
  const signedId = project?.signed_version_id as number | null;
  if (signedId && signedId !== versionId) {
    const taskTracking = new Map(tasks.map((t) => [t.id, t.tracking_id]));
    const signedTasks = new Map(
      (
        (await db("events")
          .where({ version_id: signedId })
          .whereIn("tracking_id", [...taskTracking.values()])
          .select("id", "tracking_id", "participant_group_pro_id", "participant_id", "zone_id")) as {
          id: number;
          tracking_id: number;
          participant_group_pro_id: number | null;
          participant_id: number | null;
          zone_id: number | null;
        }[]
      ).map((e) => [e.tracking_id, e]),
    );
    const copies = rows.flatMap((row, k) => {
      const task = signedTasks.get(taskTracking.get(row.event_id)!);
      if (!task) return [];
      return [
        {
          ...row,
          version_id: signedId,
          tracking_id: written[k].tracking_id,
          event_id: task.id,
          participant_group_pro_id: task.participant_group_pro_id,
          participant_id: task.participant_id,
          zone_id: task.zone_id,
        },
      ];
    });
    if (copies.length > 0) await db("roadblocks").insert(copies);
  }
  return rows.length;
}
