import Router from "@koa/router";
import type { AppDeps } from "../context.js";
import type { AppState } from "../http/auth.js";
import { authRoutes } from "./auth/auth.routes.js";
import { eventRoutes } from "./event/event.routes.js";
import { holidayRoutes } from "./holiday/holiday.routes.js";
import { tagRoutes } from "./tag/tag.routes.js";
import { categoryRoutes } from "./category/category.routes.js";
import { phaseRoutes } from "./phase/phase.routes.js";
import { phaseCategoryRoutes } from "./phaseCategory/phaseCategory.routes.js";
import { macroTaskRoutes } from "./macroTask/macroTask.routes.js";
import { familyRoutes } from "./family/family.routes.js";
import { orderLineImportRoutes } from "./orderLine/orderLineImport.routes.js";
import { orderLineRoutes } from "./orderLine/orderLine.routes.js";
import { orderLineTaskRoutes } from "./orderLineTask/orderLineTask.routes.js";
import { structureImportRoutes } from "./tag/structureImport.routes.js";
import { zoneRoutes } from "./zone/zone.routes.js";
import { participantGroupProRoutes } from "./participantGroupPro/participantGroupPro.routes.js";
import { participantGroupRoutes } from "./participantGroup/participantGroup.routes.js";
import { participantRoutes } from "./participant/participant.routes.js";
import { specialityRoutes } from "./speciality/speciality.routes.js";
import { eventTemplateRoutes } from "./eventTemplate/eventTemplate.routes.js";
import { sequenceTemplateRoutes } from "./sequenceTemplate/sequenceTemplate.routes.js";
import { eventWriteRoutes } from "./event/eventWrite.routes.js";
import { eventExtrasRoutes, projectCsvRoutes } from "./event/eventExtras.routes.js";
import { sequenceRoutes } from "./sequence/sequence.routes.js";
import { instantiationRoutes } from "./instantiation/instantiation.routes.js";
import { shiftHistoryRoutes } from "./history/shiftHistory.routes.js";
import { planningRoutes } from "./planning/planning.routes.js";
import { planningExportRoutes } from "./planning/planningExport.routes.js";
import { undoRoutes } from "./undo/undo.routes.js";
import { projectRoutes } from "./project/project.routes.js";
import { scheduleImportRoutes } from "./scheduleImport/scheduleImport.routes.js";
import { userImportRoutes } from "./project/userImport.routes.js";
import { userRoutes } from "./user/user.routes.js";
import { versionRoutes } from "./version/version.routes.js";
import { mspdiExportRoutes } from "./scheduleExport/mspdiExport.routes.js";
import { workforceRoutes } from "./workforce/workforce.routes.js";
import { countingRoutes } from "./counting/counting.routes.js";
import { dashboardRoutes } from "./dashboard/dashboard.routes.js";
import { costsRoutes } from "./costs/costs.routes.js";
import { roadblockRoutes } from "./roadblock/roadblock.routes.js";
import { qualityControlRoutes } from "./qualityControl/qualityControl.routes.js";
import { qualityControlTemplateRoutes } from "./qualityControlTemplate/qualityControlTemplate.routes.js";

/** Every API route under /api. Static paths are registered before parameterised ones in each group. */
export function apiRouter(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: "/api" });
  router.get("/health", (ctx) => {
    ctx.body = { ok: true };
  });
  authRoutes(router, deps);
  userRoutes(router, deps);
  // GET /project/task-list-csv before GET /project/:id.
  projectCsvRoutes(router, deps);
  // GET /project/delayed-events and /project/on-time before GET /project/:id.
  dashboardRoutes(router, deps);
  userImportRoutes(router, deps);
  scheduleImportRoutes(router, deps);
  projectRoutes(router, deps);
  versionRoutes(router, deps);
  mspdiExportRoutes(router, deps);
  // Writes first: PATCH /event/bulk-update must win over PATCH /event/:id.
  eventWriteRoutes(router, deps);
  instantiationRoutes(router, deps);
  // GET /event/distinct, /event/tracked-milestones, /event/export... before GET /event/:id.
  eventExtrasRoutes(router, deps);
  eventRoutes(router, deps);
  planningRoutes(router, deps);
  planningExportRoutes(router, deps);
  undoRoutes(router, deps);
  sequenceRoutes(router, deps);
  shiftHistoryRoutes(router, deps);
  holidayRoutes(router, deps);
  roadblockRoutes(router, deps);
  qualityControlRoutes(router, deps);
  qualityControlTemplateRoutes(router, deps);
  tagRoutes(router, deps);
  categoryRoutes(router, deps);
  phaseRoutes(router, deps);
  phaseCategoryRoutes(router, deps);
  // PATCH /macro-task/counting before PATCH /macro-task/:id.
  countingRoutes(router, deps);
  macroTaskRoutes(router, deps);
  familyRoutes(router, deps);
  // The imports and GET /order-line/export before GET /order-line/:id.
  orderLineImportRoutes(router, deps);
  orderLineRoutes(router, deps);
  orderLineTaskRoutes(router, deps);
  structureImportRoutes(router, deps);
  zoneRoutes(router, deps);
  participantGroupProRoutes(router, deps);
  participantGroupRoutes(router, deps);
  participantRoutes(router, deps);
  specialityRoutes(router, deps);
  eventTemplateRoutes(router, deps);
  sequenceTemplateRoutes(router, deps);
  // GET /workforce/counting before GET /workforce/:projectId.
  workforceRoutes(router, deps);
  costsRoutes(router, deps);
  return router;
}
