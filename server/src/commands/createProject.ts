import type { z } from "zod";
import type { projectCreateBody } from "@jalon/shared";
import type { AuthUser } from "../context.js";
import type { Db } from "../db/knex.js";
import { randomToken } from "../auth/tokens.js";
import { SHARE_TOKEN_BYTES } from "@jalon/shared";

/** A project with its first version (current and active) and its creator as a member. One transaction. */
export async function createProject(
  trx: Db,
  user: AuthUser,
  body: z.output<typeof projectCreateBody>,
): Promise<number> {
  const [project] = await trx("projects")
    .insert({
      name: body.name,
      floor_area: body.floorArea,
      project_owner: body.projectOwner ?? null,
      project_manager: body.projectManager ?? null,
      opc_coordinator: body.opcCoordinator ?? null,
      typology: body.typology ?? null,
      description: body.description ?? null,
      expected_start_date: body.expectedStartDate ?? null,
      expected_end_date: body.expectedEndDate ?? null,
      counting_mode: body.countingMode,
      is_public: body.isPublic,
      share_token: body.isPublic ? randomToken(SHARE_TOKEN_BYTES) : null,
      created_by: user.id,
    })
    .returning("id");
  const [version] = await trx("versions")
    .insert({
      project_id: project.id,
      name: body.versionName,
      is_active_version: true,
      created_by: user.id,
    })
    .returning("id");
  await trx("projects").where({ id: project.id }).update({ current_version_id: version.id });
  await trx("project_users").insert({ project_id: project.id, user_id: user.id });
  return project.id as number;
}
