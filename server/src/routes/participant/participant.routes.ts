import type Router from "@koa/router";
import {
  participantCreateBody,
  participantListResource,
  participantUpdateBody,
  PERMISSIONS,
  type Participant,
  PARTICIPANT_REALTIME,
} from "@jalon/shared";
import type { AppDeps } from "../../context.js";
import {
  createParticipant,
  deleteParticipants,
  participantInput,
  updateParticipant,
} from "../../commands/participantWrite.js";
import { writeScope } from "../../commands/referenceScope.js";
import type { XlsxColumn } from "../../exports/xlsx.js";
import type { AppState } from "../../http/auth.js";
import { route } from "../../http/route.js";
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
import { participantSelect, presentParticipants, type ParticipantDbRow } from "./participant.presenter.js";
import { participantColumns } from "./participant.schema.js";

/**
 * Participants (spec 001 section 7 "Participants and lots"): companies and contacts of the version. Reads are
 * open to the project's external collaborators; writes, histogram and export are manager level.
 */
const participants: ReferenceResource<ParticipantDbRow, Participant> = {
  path: "/participant",
  table: "participants",
  alias: "pa",
  listResource: participantListResource,
  columns: participantColumns,
  select: participantSelect,
  present: presentParticipants,
  announce: announceReference(PARTICIPANT_REALTIME.resource),
};

const EXPORT_COLUMNS: XlsxColumn<Participant>[] = [
  { header: "Nom", width: 30, value: (p) => p.name },
  { header: "Entreprise", width: 30, value: (p) => p.companyName },
  { header: "Couleur", width: 10, value: (p) => p.color },
  { header: "Lots", width: 30, value: (p) => p.participantsGroupPro.map((l) => l.name).join(", ") || null },
  { header: "Spécialités", width: 30, value: (p) => p.specialities.map((s) => s.name).join(", ") || null },
  { header: "Zones", width: 30, value: (p) => p.zones.map((z) => z.name).join(", ") || null },
  { header: "Prénom du responsable", width: 20, value: (p) => p.projectManagerFirstName },
  { header: "Nom du responsable", width: 20, value: (p) => p.projectManagerLastName },
  { header: "E-mail du responsable", width: 30, value: (p) => p.projectManagerEmail },
  { header: "Téléphone du responsable", width: 18, value: (p) => p.projectManagerPhoneNumber },
  ...tagAndTaskColumns(),
];

export function participantRoutes(router: Router<AppState>, deps: AppDeps): void {
  countedReadRoutes(router, deps, participants, "Participants", "Participants", EXPORT_COLUMNS);
  /** DELETE /participant/bulk-delete {ids}: refused (400 ImplementationError) for participants tasks use. */
  bulkDeleteRoute(router, deps, participants, (db, _scope, ids) => deleteParticipants(db, ids));

  /** POST /participant {projectId, versionId?, name, companyName?, color?, participantsGroupPro?, project manager...}. */
  route(router, deps, {
    method: "post",
    path: "/participant",
    roles: PERMISSIONS.manager,
    body: participantCreateBody,
    write: true,
    status: 201,
    handler: async ({ db, user, body, emits }) => {
      const scope = await writeScope(db, user, body.projectId, body.versionId);
      const id = await createParticipant(db, scope, participantInput(body));
      participants.announce(emits, scope, user.id, [id]);
      return oneReference(db, participants, id);
    },
  });

  getOneRoute(router, deps, participants);
  /** PATCH /participant/{id}: changed fields only. */
  patchRoute(router, deps, participants, participantUpdateBody, (db, row, body) =>
    updateParticipant(db, row, participantInput(body)),
  );
}
