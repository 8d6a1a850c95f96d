import type Router from "@koa/router";
import { PERMISSIONS, planningExportBody } from "@jalon/shared";
import type { AppDeps } from "../../context.js";
import type { AppState } from "../../http/auth.js";
import { route } from "../../http/route.js";
import { readableProject } from "../../access/projects.js";
import { exportFileName, sendFile } from "../../exports/xlsx.js";
import { printPlanning } from "../../exports/pdf/planningPrint.js";

export const PDF_MIME = "application/pdf";

export function planningExportRoutes(router: Router<AppState>, deps: AppDeps): void {
  /** POST /planning/export: the planning as a multi-sheet vector PDF (reads only: no transaction needed). */
  route(router, deps, {
    method: "post",
    path: "/planning/export",
    roles: PERMISSIONS.external,
    body: planningExportBody,
    handler: async ({ db, user, body, ctx }) => {
      await readableProject(db, user, body.projectId);
      const { pdf, pages, projectName } = await printPlanning(db, body);
      ctx.set("X-Page-Count", String(pages));
      ctx.set("Access-Control-Expose-Headers", "X-Page-Count, Content-Disposition");
      sendFile(ctx, pdf, exportFileName("Planning", projectName, "pdf"), PDF_MIME);
      return undefined;
    },
  });
}
