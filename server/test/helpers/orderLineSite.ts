import type { TestApp } from "./app.js";
import {
  buildEvent,
  buildLot,
  buildProject,
  buildZone,
  unique,
  type BuiltProject,
  type BuiltUser,
} from "./factories.js";

/** A project for the order-line tests: two families, a lot, a macro-task with two tasks in two zones, a speciality. */
export interface OrderLineSite {
  p: BuiltProject;
  families: { id: number; name: string }[];
  lot: { id: number; name: string };
  macroTask: { id: number; name: string };
  zones: { id: number; name: string; fullName: string }[];
  speciality: number;
  tasks: number[];
}

export async function orderLineSite(t: TestApp, owner: BuiltUser, members: BuiltUser[] = []): Promise<OrderLineSite> {
  const p = await buildProject(t, owner, { members });
  const tag = unique("f");
  const families = (await t
    .db("families")
    .insert([`Cloisons ${tag}`, `Plomberie ${tag}`].map((name) => ({ name })))
    .returning(["id", "name"])) as { id: number; name: string }[];
  const lot = await buildLot(t.db, p, { name: "Plâtrerie" });
  const [macroTask] = (await t
    .db("macro_tasks")
    .insert({ project_id: p.id, version_id: p.versionId, name: "Cloisons" })
    .returning(["id", "name"])) as { id: number; name: string }[];
  const z1 = await buildZone(t.db, p, { name: "R+1", full_name: "Bâtiment A / R+1", position: 0 });
  const z2 = await buildZone(t.db, p, { name: "R+2", full_name: "Bâtiment A / R+2", position: 1 });
  const [speciality] = await t
    .db("specialities")
    .insert({ project_id: p.id, version_id: p.versionId, name: "Plaquiste", participant_group_pro_id: lot.id })
    .returning("id");
  const e1 = await buildEvent(t.db, p, {
    name: "Cloisons R+1",
    zone_id: z1.id,
    macro_task_id: macroTask.id,
    start_date: "2026-03-02",
    end_date: "2026-03-06",
    number_of_days: 5,
  });
  const e2 = await buildEvent(t.db, p, {
    name: "Cloisons R+2",
    zone_id: z2.id,
    macro_task_id: macroTask.id,
    start_date: "2026-03-09",
    end_date: "2026-03-13",
    number_of_days: 5,
  });
  return {
    p,
    families,
    lot: { id: lot.id, name: lot.name },
    macroTask,
    zones: [
      { id: z1.id, name: "R+1", fullName: "Bâtiment A / R+1" },
      { id: z2.id, name: "R+2", fullName: "Bâtiment A / R+2" },
    ],
    speciality: speciality.id,
    tasks: [e1.id, e2.id],
  };
}
