import type Router from "@koa/router";
import {
  holidayBulkDeleteBody,
  holidayCreateBody,
  holidayListResource,
  holidayParams,
  holidayUpdateBody,
  PERMISSIONS,
  type Holiday,
  HOLIDAY_REALTIME,
} from "@jalon/shared";
import type { AppDeps } from "../../context.js";
import {
  createHoliday,
  deleteHolidays,
  updateHoliday,
  type HolidayInput,
  type HolidayWriteResult,
} from "../../commands/holidayWrite.js";
import { writableRow, writableRows, writeScope } from "../../commands/referenceScope.js";
import type { XlsxColumn } from "../../exports/xlsx.js";
import type { AppState } from "../../http/auth.js";
import { route, type Emits } from "../../http/route.js";
import { remember } from "../../planning/versionGraph.js";
import { exportRoute, getOneRoute, listRoute, oneReference, type ReferenceResource } from "../referenceRoutes.js";
import { holidaySelect, presentHolidays, type HolidayDbRow } from "./holiday.presenter.js";
import { holidayColumns } from "./holiday.schema.js";

/**
 * Holidays and vacations (spec 001 sections 3, 5, 7): every write re-plans the version in its transaction
 * (commands/holidayWrite.ts); the realtime payloads (holiday:endCreate/endUpdate/endDelete, then
 * event:bulk_update with the dates delta) go out after commit, and the version graph the write produced is
 * cached only once committed. A failed write sends its error twin to the initiator.
 */

const holidays: ReferenceResource<HolidayDbRow, Holiday> = {
  path: "/holiday",
  table: "holidays",
  alias: "h",
  listResource: holidayListResource,
  columns: holidayColumns,
  select: holidaySelect,
  present: presentHolidays,
  // Holiday writes announce themselves (holiday:end*, after their re-plan): the shared routes here only read.
  announce: () => undefined,
};

const EXPORT_COLUMNS: XlsxColumn<Holiday>[] = [
  { header: "Nom", width: 40, value: (h) => h.name },
  { header: "Type", width: 14, value: (h) => (h.type === "vacation" ? "Congés" : "Jour férié") },
  { header: "Date de début", kind: "day", value: (h) => h.startDate },
  { header: "Date de fin", kind: "day", value: (h) => h.endDate },
  { header: "Lots", width: 40, value: (h) => h.participantsGroupPro.map((l) => l.name).join(", ") || null },
];

function answer(out: HolidayWriteResult, emits: Emits, onCommit: (fn: () => void) => void) {
  for (const p of out.emit) emits.add(p);
  onCommit(() => remember(out.graph));
  // The events the change moved, so a planning open in the same client can apply them at once.
  return {
    moved: { ids: out.eventIds, startDates: out.startDates, endDates: out.endDates },
    undoRemaining: out.undoRemaining,
  };
}

export function holidayRoutes(router: Router<AppState>, deps: AppDeps): void {
  /** GET /holiday/export: the list's filter triples as an .xlsx file. */
  exportRoute(router, deps, holidays, "Jours fériés et congés", "Jours_feries_conges", EXPORT_COLUMNS);
  /** GET /holiday: filter triples (projectId, versionId, type, name contL, dates), 10,000 by name. */
  listRoute(router, deps, holidays);
  getOneRoute(router, deps, holidays);

  route(router, deps, {
    method: "post",
    path: "/holiday",
    roles: PERMISSIONS.manager,
    body: holidayCreateBody,
    write: true,
    status: 201,
    handler: async ({ db, user, body, emits, onCommit }) => {
      const scope = await writeScope(db, user, body.projectId, body.versionId);
      const base = { projectId: scope.projectId, versionId: scope.versionId, initiatorId: user.id };
      emits.expect(HOLIDAY_REALTIME.create, base);
      const { projectId: _p, versionId: _v, ...input } = body;
      const out = await createHoliday(db, user.id, scope.projectId, scope.versionId, input as HolidayInput);
      const dates = answer(out, emits, onCommit);
      return { ...(await oneReference(db, holidays, out.ids[0])), ...dates };
    },
  });

  /** DELETE /holiday/bulk-delete {ids}: one re-plan and one undo step for the whole selection. */
  route(router, deps, {
    method: "delete",
    path: "/holiday/bulk-delete",
    roles: PERMISSIONS.manager,
    body: holidayBulkDeleteBody,
    write: true,
    handler: async ({ db, user, body, emits, onCommit }) => {
      const scope = await writableRows(db, user, "holidays", body.ids);
      const base = { projectId: scope.projectId, versionId: scope.versionId, initiatorId: user.id };
      emits.expect(HOLIDAY_REALTIME.delete, base);
      const out = await deleteHolidays(db, user.id, scope.projectId, scope.versionId, body.ids);
      return { count: out.ids.length, ...answer(out, emits, onCommit) };
    },
  });

  route(router, deps, {
    method: "patch",
    path: "/holiday/:id",
    roles: PERMISSIONS.manager,
    params: holidayParams,
    body: holidayUpdateBody,
    write: true,
    handler: async ({ db, user, body, params, emits, onCommit }) => {
      const row = await writableRow(db, user, "holidays", params.id);
      const base = { projectId: row.project_id, versionId: row.version_id, initiatorId: user.id };
      emits.expect(HOLIDAY_REALTIME.update, base);
      const { projectId: _p, versionId: _v, ...patch } = body;
      const out = await updateHoliday(db, user.id, row, patch);
      const dates = answer(out, emits, onCommit);
      return { ...(await oneReference(db, holidays, params.id)), ...dates };
    },
  });
}
