import type { Knex } from "knex";
import { AppError, MANAGER_MANAGED } from "@jalon/shared";
import type { AuthUser } from "../context.js";
import type { ImportedUser } from "../imports/userImport.js";

/**
 * Imports users into a project (PUT /project/{id}/start-student-project): the accounts that do not exist yet
 * are created without a password (same e-mail in any case: linked as it is), then every user not yet a member
 * joins the project. A manager may only bring in external and guest accounts; a file whose users all belong
 * to the project already is refused with users_already_assigned. Nothing is written unless all of it is.
 */
export async function importProjectUsers(
  trx: Knex.Transaction,
  actor: AuthUser,
  projectId: number,
  rows: ImportedUser[],
): Promise<{ count: number; created: number }> {
  if (actor.type !== "admin") {
    const refused = rows.find((r) => !MANAGER_MANAGED.includes(r.type));
    if (refused) {
      throw new AppError("errors.forbidden", {
        message: `Ligne ${refused.row} : seul un administrateur peut créer ce type de compte.`,
        details: { row: refused.row, email: refused.email },
      });
    }
  }
  const emails = rows.map((r) => r.email);
  const existing = await trx("users")
    .whereRaw(`lower(email) in (${emails.map(() => "?").join(",")})`, emails)
    .select("id", trx.raw("lower(email) as email"));
  const idByEmail = new Map<string, number>(existing.map((u: { id: number; email: string }) => [u.email, u.id]));
  const toCreate = rows.filter((r) => !idByEmail.has(r.email));
  if (toCreate.length > 0) {
    const created = await trx("users")
      .insert(
        toCreate.map((r) => ({
          email: r.email,
          firstname: r.firstname,
          lastname: r.lastname,
          type: r.type,
          password_hash: null,
        })),
      )
      .returning(["id", "email"]);
    for (const u of created as { id: number; email: string }[]) idByEmail.set(u.email, u.id);
  }
  const ids = emails.map((e) => idByEmail.get(e) as number);
  const members = await trx("project_users").where({ project_id: projectId }).whereIn("user_id", ids).pluck("user_id");
  const memberSet = new Set<number>(members);
  const toLink = ids.filter((id) => !memberSet.has(id));
  if (toLink.length === 0) throw new AppError("users_already_assigned");
  await trx("project_users").insert(toLink.map((userId) => ({ project_id: projectId, user_id: userId })));
  return { count: toLink.length, created: toCreate.length };
}
