import { randomBytes } from "node:crypto";
import type { Role } from "@jalon/shared";
import { hashPassword } from "../../src/auth/passwords.js";
import { createProject } from "../../src/commands/createProject.js";
import type { AuthUser } from "../../src/context.js";
import type { Db } from "../../src/db/knex.js";
import { startTestApp, type TestApp } from "./app.js";

/** Factories: `buildX(t, overrides)` inserts a row with unique data and returns it (users with a token). */

export const DEFAULT_PASSWORD = "mot-de-passe-1";
let hashed: Promise<string> | null = null;
const defaultHash = () => (hashed ??= hashPassword(DEFAULT_PASSWORD));

export const unique = (prefix = "x") => `${prefix}-${randomBytes(5).toString("hex")}`;

export interface BuiltUser extends AuthUser {
  token: string;
  password: string;
}

export async function buildUser(
  t: TestApp,
  overrides: Partial<{ type: Role; email: string; firstname: string; lastname: string; password: string }> = {},
): Promise<BuiltUser> {
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const [row] = await t
    .db("users")
    .insert({
      email: overrides.email ?? `${unique(overrides.type ?? "user")}@test.jalon`,
      firstname: overrides.firstname ?? "Prénom",
      lastname: overrides.lastname ?? "Nom",
      type: overrides.type ?? "manager",
      password_hash: overrides.password ? await hashPassword(password) : await defaultHash(),
    })
    .returning(["id", "email", "firstname", "lastname", "type"]);
  return { ...row, token: t.deps.tokens.sign(row.id), password };
}

export interface BuiltProject {
  id: number;
  versionId: number;
}

export async function buildProject(
  t: TestApp,
  owner: AuthUser,
  overrides: Partial<{ name: string; members: AuthUser[]; isArchived: boolean; isPublic: boolean }> = {},
): Promise<BuiltProject> {
  const id = await t.db.transaction((trx) =>
    createProject(trx, owner, {
      name: overrides.name ?? unique("Projet"),
      floorArea: 0,
      countingMode: "percentage",
      isPublic: overrides.isPublic ?? false,
      versionName: "Version 1",
    }),
  );
  for (const m of overrides.members ?? []) {
    await t
      .db("project_users")
      .insert({ project_id: id, user_id: m.id })
      .onConflict(["project_id", "user_id"])
      .ignore();
  }
  if (overrides.isArchived) await t.db("projects").where({ id }).update({ is_archived: true });
  const p = await t.db("projects").where({ id }).first("current_version_id");
  return { id, versionId: p.current_version_id };
}

export async function buildEvent(
  db: Db,
  p: BuiltProject,
  overrides: Record<string, unknown> = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<Record<string, any>> {
  const type = (overrides.type as string) ?? "task";
  const [row] = await db("events")
    .insert({
      project_id: p.id,
      version_id: p.versionId,
      name: unique("Tâche"),
      type,
      number_of_days: type === "milestone" ? 0 : 1,
      start_date: "2026-03-02",
      end_date: "2026-03-02",
      ...overrides,
    })
    .returning("*");
  return row;
}

export async function buildLink(
  db: Db,
  p: BuiltProject,
  parentId: number,
  childId: number,
  overrides: Record<string, unknown> = {},
) {
  const [row] = await db("event_links")
    .insert({
      project_id: p.id,
      version_id: p.versionId,
      parent_id: parentId,
      child_id: childId,
      type: "end-begin",
      delay: 0,
      ...overrides,
    })
    .returning("*");
  return row;
}

export async function buildZone(db: Db, p: BuiltProject, overrides: Record<string, unknown> = {}) {
  const [row] = await db("zones")
    .insert({ project_id: p.id, version_id: p.versionId, name: unique("Zone"), ...overrides })
    .returning("*");
  return row;
}

export async function buildLot(db: Db, p: BuiltProject, overrides: Record<string, unknown> = {}) {
  const [row] = await db("participant_group_pros")
    .insert({ project_id: p.id, version_id: p.versionId, name: unique("Lot"), ...overrides })
    .returning("*");
  return row;
}

/** A sequence of the project's version (its stored dates are given, as a sequence write stores its roll-up). */
export async function buildSequence(db: Db, p: BuiltProject, overrides: Record<string, unknown> = {}) {
  const [row] = await db("sequences")
    .insert({ project_id: p.id, version_id: p.versionId, name: unique("Séquence"), ...overrides })
    .returning("*");
  return row;
}

export async function buildMacroTask(db: Db, p: BuiltProject, overrides: Record<string, unknown> = {}) {
  const [row] = await db("macro_tasks")
    .insert({ project_id: p.id, version_id: p.versionId, name: unique("Macro-tâche"), ...overrides })
    .returning("*");
  return row;
}

/** Counts rows of a table (to check that a refused request wrote nothing). */
export async function countRows(db: Db, table: string, where: Record<string, unknown> = {}): Promise<number> {
  const [r] = await db(table).where(where).count({ count: "*" });
  return Number(r.count);
}

/**
 * The app of a test file with the users most HTTP tests need, created in this order: a manager, an external
 * user, a manager of no project (the outsider of the permission cases), then an admin and a guest (the other
 * roles of the permission cases; none of them belongs to a project until a test adds them).
 */
export async function startWithUsers(): Promise<{
  t: TestApp;
  manager: BuiltUser;
  external: BuiltUser;
  outsider: BuiltUser;
  admin: BuiltUser;
  guest: BuiltUser;
}> {
  const t = await startTestApp();
  const manager = await buildUser(t, { type: "manager" });
  const external = await buildUser(t, { type: "external" });
  const outsider = await buildUser(t, { type: "manager" });
  const admin = await buildUser(t, { type: "admin" });
  const guest = await buildUser(t, { type: "guest" });
  return { t, manager, external, outsider, admin, guest };
}
