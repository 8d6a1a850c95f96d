import type Router from "@koa/router";
import { z } from "zod";
import { AppError, PERMISSIONS, plainString, projectRef } from "@jalon/shared";
import type { AppDeps } from "../../context.js";
import { writableProject } from "../../access/projects.js";
import { sendFile, XLSX_MIME } from "../../exports/xlsx.js";
import type { AppState } from "../../http/auth.js";
import { route } from "../../http/route.js";
import { buildUserImportTemplate, readUserImport } from "../../imports/userImport.js";
import { importProjectUsers } from "../../commands/userImport.js";

/** Multipart {data: file} (the spec's field), or JSON {data: base64, fileName} for scripts. */
const startStudentProjectBody = z.object({
  data: z.union([z.instanceof(File), plainString().min(1).max(8_000_000)], { message: "errors.missing_file" }),
  fileName: plainString().trim().max(200).optional(),
});

const importParams = z.object({ id: projectRef });

async function fileOf(
  data: File | string,
  fileName: string | undefined,
): Promise<{ bytes: Buffer; name: string | null }> {
  if (typeof data === "string") {
    const b64 = data.replace(/^data:[\w/+.-]+;base64,/, "");
    if (!/^[A-Za-z0-9+/=\s]+$/.test(b64)) throw new AppError("errors.xlsx_required");
    return { bytes: Buffer.from(b64, "base64"), name: fileName ?? null };
  }
  return { bytes: Buffer.from(await data.arrayBuffer()), name: fileName ?? (data.name || null) };
}

export function userImportRoutes(router: Router<AppState>, deps: AppDeps): void {
  /**
   * GET /project/users-import/template: the empty .xlsx with the fixed structure. Open like a static asset:
   * it holds no data, and an <a download> link cannot carry the bearer token.
   */
  route(router, deps, {
    method: "get",
    path: "/project/users-import/template",
    roles: undefined,
    handler: async ({ ctx }) => {
      sendFile(ctx, await buildUserImportTemplate(), "Modèle import utilisateurs.xlsx", XLSX_MIME);
      return undefined;
    },
  });

  /**
   * PUT /project/{id}/start-student-project {data}: imports the users of an .xlsx into the project and
   * answers {count} (users added to the project) and {created} (accounts created). New accounts have no
   * password: they set one through "Mot de passe oublié". An existing account (same e-mail, any case) is
   * linked as it is. Nothing is written unless the whole file is valid, and a file whose users all belong
   * to the project already is refused with users_already_assigned.
   */
  route(router, deps, {
    method: "put",
    path: "/project/:id/start-student-project",
    roles: PERMISSIONS.manager,
    params: importParams,
    body: startStudentProjectBody,
    write: true,
    handler: async ({ db, user, params, body }) => {
      await writableProject(db, user, params.id);
      const { bytes, name } = await fileOf(body.data, body.fileName);
      const rows = await readUserImport(bytes, name);
      return importProjectUsers(db, user, params.id, rows);
    },
  });
}
