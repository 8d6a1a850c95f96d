/**
 * The participant contract: request schemas (the server validates with them, the web types its calls from them)
 * and the list's filter fields.
 */
import { z } from "zod";
import { LIST_LIMIT, TEXT_MAX_LENGTH } from "../constants.js";
import { defineListResource } from "../filters.js";
import { colour, id, plainString, projectRef } from "../schemas.js";
import type { ErrorCode } from "../errors.js";
import type { Ref, TagRef, VersionOwned } from "./common.js";

const ids = z.array(id).max(10_000);
const optionalText = (max = TEXT_MAX_LENGTH) =>
  z.union([plainString().trim().max(max), z.null()]).transform((s) => (s === null || s === "" ? null : s));
const optionalEmail = z
  .union([plainString().trim().toLowerCase().max(TEXT_MAX_LENGTH), z.null()])
  .transform((s) => (s === null || s === "" ? null : s))
  .refine((s) => s === null || z.email().safeParse(s).success, { message: "Adresse e-mail invalide." });

/**
 * A participant's name: missing or blank answers E_INVALID_NEW_RECORD (spec 001 section 8: the web shows
 * errors.empty_field), checked by the command rather than here so the code is the spec's.
 */
const fields = {
  name: plainString().trim().max(TEXT_MAX_LENGTH),
  companyName: optionalText(),
  color: colour,
  projectManagerEmail: optionalEmail,
  projectManagerFirstName: optionalText(),
  projectManagerLastName: optionalText(),
  projectManagerPhoneNumber: optionalText(50),
  participantsGroupPro: ids,
  participantGroupProIds: ids,
  specialityIds: ids,
  specialities: ids,
  zoneIds: ids,
  zones: ids,
  tagIds: ids,
  tags: ids,
};

export const participantCreateBody = z
  .object({ projectId: projectRef, versionId: projectRef.optional(), ...fields })
  .partial({
    name: true,
    companyName: true,
    color: true,
    projectManagerEmail: true,
    projectManagerFirstName: true,
    projectManagerLastName: true,
    projectManagerPhoneNumber: true,
    participantsGroupPro: true,
    participantGroupProIds: true,
    specialityIds: true,
    specialities: true,
    zoneIds: true,
    zones: true,
    tagIds: true,
    tags: true,
  })
  .strict();

export const participantUpdateBody = z
  .object({ projectId: projectRef.optional(), versionId: projectRef.optional(), ...fields })
  .partial()
  .strict();

/** GET /participant: filter triples; 10,000 rows and name ASC by default. */
export const participantListResource = defineListResource({
  fields: {
    id: "number",
    projectId: "number",
    versionId: "number",
    trackingId: "number",
    name: "string",
    companyName: "string",
    color: "string",
    projectManagerEmail: "string",
    projectManagerFirstName: "string",
    projectManagerLastName: "string",
    projectManagerPhoneNumber: "string",
    participantGroupProId: "number",
    createdAt: "datetime",
    updatedAt: "datetime",
  },
  sortable: [
    "id",
    "name",
    "companyName",
    "projectManagerEmail",
    "projectManagerFirstName",
    "projectManagerLastName",
    "createdAt",
    "updatedAt",
  ],
  joins: ["participantsGroupPro", "specialities", "zones", "tags"],
  defaultSort: [{ field: "name", order: "ASC" }],
  defaultLimit: LIST_LIMIT,
});

/** The JSON of a participant (spec 001 section 3). `total` counts its tasks and milestones. */
export interface Participant extends VersionOwned {
  id: number;
  name: string;
  color: string;
  companyName: string | null;
  projectManagerEmail: string | null;
  projectManagerFirstName: string | null;
  projectManagerLastName: string | null;
  projectManagerPhoneNumber: string | null;
  tags: TagRef[];
  zones: Ref[];
  specialities: (Ref & { participantGroupProId: number | null })[];
  participantsGroupPro: (Ref & { color: string })[];
  total: number;
  createdAt: string | null;
  updatedAt: string | null;
}

/** Error keys a participant call answers with (besides the generic ones). */
export const PARTICIPANT_ERRORS = [
  "errors.not_found",
  "speciality_participant_or_group_dont_match",
  "E_INVALID_NEW_RECORD",
  "ImplementationError",
] as const satisfies readonly ErrorCode[];

/** Participant writes send reference:update with this resource name: viewers refetch their lists. */
export const PARTICIPANT_REALTIME = { event: "reference:update", resource: "participant" } as const;
