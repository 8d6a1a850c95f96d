import type Router from "@koa/router";
import {
  lotBulkImportBody,
  lotCreateBody,
  lotListResource,
  lotUpdateBody,
  PERMISSIONS,
  type Lot,
  LOT_REALTIME,
} from "@jalon/shared";
import type { AppDeps } from "../../context.js";
import { createLot, deleteLots, importLibraryLots, updateLot } from "../../commands/lotWrite.js";
import { writeScope } from "../../commands/referenceScope.js";
import type { XlsxColumn } from "../../exports/xlsx.js";
import type { AppState } from "../../http/auth.js";
import { route } from "../../http/route.js";
import { frenchKeySql } from "../../lib/listQuery.js";
import {
  bulkDeleteRoute,
  getOneRoute,
  oneReference,
  patchRoute,
  type ReferenceResource,
  announceReference,
  countedReadRoutes,
  tagAndTaskColumns,
} from "../referenceRoutes.js";
import { lotEventCounts, lotSelect, presentLots, type LotDbRow } from "./participantGroupPro.presenter.js";
import { lotColumns } from "./participantGroupPro.schema.js";

/**
 * Project lots (spec 001 section 7 "Participants and lots"). Reads are open to the project's external
 * collaborators (the planning colours bars by lot); writes, histogram, export and library import are manager
 * level. Success texts are the web's ('Lot créé.', 'Lot mis à jour.', 'Lots supprimés.').
 */

const lots: ReferenceResource<LotDbRow, Lot> = {
  path: "/participant-group-pro",
  table: "participant_group_pros",
  alias: "l",
  listResource: lotListResource,
  columns: lotColumns,
  select: lotSelect,
  present: presentLots,
  totals: lotEventCounts,
  announce: announceReference(LOT_REALTIME.resource),
};

const EXPORT_COLUMNS: XlsxColumn<Lot>[] = [
  { header: "Nom", width: 36, value: (l) => l.name },
  { header: "Couleur", width: 10, value: (l) => l.color },
  { header: "Spécialités", width: 40, value: (l) => l.specialities.map((s) => s.name).join(", ") || null },
  { header: "Participants", width: 40, value: (l) => l.participants.map((p) => p.name).join(", ") || null },
  ...tagAndTaskColumns(),
];

const tagIdsOf = (b: { tagIds?: number[]; tags?: number[] }) => b.tagIds ?? b.tags;

export function participantGroupProRoutes(router: Router<AppState>, deps: AppDeps): void {
  countedReadRoutes(router, deps, lots, "Lots", "Lots", EXPORT_COLUMNS);

  /** POST /participant-group-pro/bulk-import {ids, projectId}: library lots copied into the project's version. */
  route(router, deps, {
    method: "post",
    path: "/participant-group-pro/bulk-import",
    roles: PERMISSIONS.manager,
    body: lotBulkImportBody,
    write: true,
    status: 201,
    handler: async ({ db, user, body, emits }) => {
      const scope = await writeScope(db, user, body.projectId, body.versionId);
      const ids = await importLibraryLots(db, scope, body.ids);
      lots.announce(emits, scope, user.id, ids);
      const data = ids.length
        ? await presentLots(
            db,
            (await lotSelect(db).whereIn("l.id", ids).orderByRaw(frenchKeySql("l.name"))) as LotDbRow[],
          )
        : [];
      return { data, count: data.length, total: data.length };
    },
  });

  /** DELETE /participant-group-pro/bulk-delete {ids}: refused (400 ImplementationError) for lots in use. */
  bulkDeleteRoute(router, deps, lots, (db, _scope, ids) => deleteLots(db, ids));

  /** POST /participant-group-pro {projectId, versionId?, name, color?, tagIds?, specialities?, participantIds?}. */
  route(router, deps, {
    method: "post",
    path: "/participant-group-pro",
    roles: PERMISSIONS.manager,
    body: lotCreateBody,
    write: true,
    status: 201,
    handler: async ({ db, user, body, emits }) => {
      const scope = await writeScope(db, user, body.projectId, body.versionId);
      const id = await createLot(db, scope, { ...body, tagIds: tagIdsOf(body) });
      lots.announce(emits, scope, user.id, [id]);
      return oneReference(db, lots, id);
    },
  });

  getOneRoute(router, deps, lots);
  /** PATCH /participant-group-pro/{id}: changed fields only. */
  patchRoute(router, deps, lots, lotUpdateBody, (db, row, body) =>
    updateLot(db, row, { ...body, tagIds: tagIdsOf(body) }),
  );
}
