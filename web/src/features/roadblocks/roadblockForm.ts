// The roadblock form's draft: what the fields hold, what a save sends (only what changed on an edit).
import type { Roadblock, RoadblockInput } from "../../api/roadblocks";

export type RoadblockDraft = RoadblockInput;

export function draftOf(r: Roadblock | null, eventId: number | null = null): RoadblockDraft {
  return {
    name: r?.name ?? "",
    validate: r?.validate ?? false,
    eventId: r ? r.eventId : eventId,
    participantGroupProId: r?.participantGroupProId ?? null,
    participantId: r?.participantId ?? null,
    zoneId: r?.zoneId ?? null,
  };
}

/** The body of a save: every field filled on a create (empty references left to the task's), the changes on an edit. */
export function roadblockBody(draft: RoadblockDraft, original: RoadblockDraft | null): Partial<RoadblockInput> {
  const name = draft.name.trim();
  if (original === null) {
    const body: Partial<RoadblockInput> = { name, validate: draft.validate, eventId: draft.eventId };
    if (draft.participantGroupProId !== null) body.participantGroupProId = draft.participantGroupProId;
    if (draft.participantId !== null) body.participantId = draft.participantId;
    if (draft.zoneId !== null) body.zoneId = draft.zoneId;
    return body;
  }
  const body: Partial<RoadblockInput> = {};
  if (name !== original.name) body.name = name;
  for (const k of ["validate", "eventId", "participantGroupProId", "participantId", "zoneId"] as const)
    if (draft[k] !== original[k]) (body as Record<string, unknown>)[k] = draft[k];
  return body;
}

export function canSave(draft: RoadblockDraft, original: RoadblockDraft | null): boolean {
  if (draft.name.trim() === "") return false;
  return original === null || Object.keys(roadblockBody(draft, original)).length > 0;
}
