// The "Instancier un modèle" dialog's values, checks and request body (pure: tested without a screen).
import type { InstantiateBody, InstantiationType, MilestoneReferenceType, SequenceTemplate } from "../instantiationApi";

export interface ZoneOption {
  id: number;
  name: string;
  fullName?: string | null;
  typology: string | null;
  position?: number;
  parentId?: number | null;
}

/**
 * Zones of the list (GET /zone) as the dialogs show them, named by their whole path ("Bâtiment A / R+1 /
 * Parties communes"): sibling zones of two buildings share their own names.
 */
export function zoneOptions(
  zones: readonly { id: number; name: string; parentId: number | null; typology: string | null; position: number }[],
): ZoneOption[] {
  const byId = new Map(zones.map((z) => [z.id, z]));
  const path = (z: (typeof zones)[number]): string => {
    const names = [z.name];
    const seen = new Set([z.id]);
    for (let p = z.parentId === null ? undefined : byId.get(z.parentId); p && !seen.has(p.id);) {
      seen.add(p.id);
      names.unshift(p.name);
      p = p.parentId === null ? undefined : byId.get(p.parentId);
    }
    return names.join(" / ");
  };
  return zones.map((z) => ({
    id: z.id,
    name: z.name,
    fullName: path(z),
    typology: z.typology,
    position: z.position,
    parentId: z.parentId,
  }));
}

/** Why a zone cannot take the template: it has no typology, or one the template does not accept. */
export type ZoneRefusal = "noTypology" | "typology";

export interface ZoneChoice {
  zone: ZoneOption;
  refusal: ZoneRefusal | null;
  /** A zone without typology whose sub-zones of the template's typologies make the instances (as the server does). */
  container?: boolean;
}

/**
 * The zones a chosen zone stands for, as the server lays them: itself when it has one of the template's
 * typologies; for a container (no typology, with sub-zones), its sub-zones of those typologies in position
 * order, through sub-containers; none otherwise.
 */
export function trainZonesOf(
  zones: readonly ZoneOption[],
  template: Pick<SequenceTemplate, "typology"> | null,
  zoneIds: readonly number[],
): ZoneOption[] {
  const accepted = new Set(template?.typology ?? []);
  const children = new Map<number, ZoneOption[]>();
  for (const z of zones)
    if (z.parentId !== null && z.parentId !== undefined)
      children.set(z.parentId, [...(children.get(z.parentId) ?? []), z]);
  for (const list of children.values()) list.sort((a, b) => (a.position ?? 0) - (b.position ?? 0) || a.id - b.id);
  const byId = new Map(zones.map((z) => [z.id, z]));
  const out: ZoneOption[] = [];
  const walk = (z: ZoneOption) => {
    for (const c of children.get(z.id) ?? []) {
      if (c.typology !== null && accepted.has(c.typology)) out.push(c);
      else if (c.typology === null) walk(c);
    }
  };
  for (const id of zoneIds) {
    const z = byId.get(id);
    if (!z) continue;
    if (z.typology !== null && accepted.has(z.typology)) out.push(z);
    else if (z.typology === null) walk(z);
  }
  return out;
}

/** Every zone, in the given order, with the reason it is refused (typologies matched exactly, as the server does). */
export function zoneChoices(
  zones: readonly ZoneOption[],
  template: Pick<SequenceTemplate, "typology"> | null,
): ZoneChoice[] {
  const accepted = new Set(template?.typology ?? []);
  return zones.map((zone) => {
    if (zone.typology) return { zone, refusal: accepted.has(zone.typology) ? null : "typology" };
    const container = trainZonesOf(zones, template, [zone.id]).length > 0;
    return container ? { zone, refusal: null, container } : { zone, refusal: "noTypology" };
  });
}

export type ReferenceKind = "date" | "event";

export interface InstantiateValues {
  templateId: number | null;
  type: InstantiationType;
  name: string;
  /** Ordered: instance k is laid on zoneIds[k - 1]. */
  zoneIds: number[];
  takt: string;
  reference: ReferenceKind;
  /** yyyy-MM-dd */
  startDate: string;
  referenceEventId: number | null;
  delay: string;
  milestoneReferenceType: MilestoneReferenceType;
  showStartMilestone: boolean;
  showEndMilestone: boolean;
}

/** Recurring defaults of spec 000: the four milestones shown, reference delay 0, takt 0. */
export function emptyInstantiateValues(startDate: string): InstantiateValues {
  return {
    templateId: null,
    type: "recurring",
    name: "",
    zoneIds: [],
    takt: "0",
    reference: "date",
    startDate,
    referenceEventId: null,
    delay: "0",
    milestoneReferenceType: "milestone_only",
    showStartMilestone: true,
    showEndMilestone: true,
  };
}

export type InstantiateError =
  | "templateRequired"
  | "nameRequired"
  | "zonesRequired"
  | "oneZone"
  | "taktInvalid"
  | "delayInvalid"
  | "startDateRequired"
  | "referenceRequired";

const INTEGER = /^-?\d+$/;

/** The errors of the values, in the form's order. */
export function validateInstantiate(v: InstantiateValues): InstantiateError[] {
  const out: InstantiateError[] = [];
  if (v.templateId === null) out.push("templateRequired");
  if (!v.name.trim()) out.push("nameRequired");
  if (v.zoneIds.length === 0) out.push("zonesRequired");
  else if (v.type === "individual" && v.zoneIds.length > 1) out.push("oneZone");
  if (v.type === "recurring" && !(/^\d+$/.test(v.takt.trim()) && Number(v.takt) <= 10_000)) out.push("taktInvalid");
  if (v.reference === "date" && !/^\d{4}-\d{2}-\d{2}$/.test(v.startDate)) out.push("startDateRequired");
  if (v.reference === "event") {
    if (v.referenceEventId === null) out.push("referenceRequired");
    if (!INTEGER.test(v.delay.trim()) || Math.abs(Number(v.delay)) > 10_000) out.push("delayInvalid");
  }
  return out;
}

/** Takt in working days: 0 for an individual sequence (one zone) or a value that is not yet a number. */
export function taktOf(v: Pick<InstantiateValues, "type" | "takt">): number {
  const n = Number(v.takt.trim());
  return v.type === "recurring" && Number.isInteger(n) && n >= 0 ? n : 0;
}

export function delayOf(v: Pick<InstantiateValues, "reference" | "delay">): number {
  const n = Number(v.delay.trim());
  return v.reference === "event" && Number.isInteger(n) ? n : 0;
}

/** POST /sequence's body (the fixed contract); only the fields of the chosen reference are sent. */
export function instantiateBody(v: InstantiateValues, projectId: number, versionId: number): InstantiateBody {
  const milestones =
    v.type === "recurring" ? { showStartMilestone: v.showStartMilestone, showEndMilestone: v.showEndMilestone } : {};
  return {
    projectId,
    versionId,
    name: v.name.trim(),
    zoneIds: v.type === "individual" ? v.zoneIds.slice(0, 1) : [...v.zoneIds],
    instantiationConfig: {
      type: v.type,
      sequenceTemplateProId: v.templateId!,
      takt: taktOf(v),
      delayWithReferenceEvent: delayOf(v),
      ...(v.reference === "date"
        ? { startDate: v.startDate }
        : {
            referenceEventId: v.referenceEventId!,
            // milestone_only is sent as null (spec 000 section 4).
            milestoneReferenceType: v.milestoneReferenceType === "milestone_only" ? null : v.milestoneReferenceType,
          }),
      ...milestones,
    },
  };
}

/** Toggles a zone: added at the end of the order (or alone for an individual sequence), or removed. */
export function toggleZone(zoneIds: readonly number[], id: number, type: InstantiationType): number[] {
  if (zoneIds.includes(id)) return zoneIds.filter((z) => z !== id);
  return type === "individual" ? [id] : [...zoneIds, id];
}

/** Moves a zone one place up (-1) or down (+1) in the order. */
export function moveZone(zoneIds: readonly number[], id: number, by: -1 | 1): number[] {
  const i = zoneIds.indexOf(id);
  const j = i + by;
  if (i < 0 || j < 0 || j >= zoneIds.length) return [...zoneIds];
  const out = [...zoneIds];
  [out[i], out[j]] = [out[j], out[i]];
  return out;
}
