// Rules of the task template and sequence template forms (spec 001 sections 5 and 8): the trigram is shown and
// sent upper case; numberOfDays and numberOfPeople are sent only when numeric; delays are parsed as integers and
// default to 0 on creation; an update sends only the changed fields; the server's parent refusal ("Those parents
// can't be used for this eventTemplate.") is errors.parent_task_assignation.
import { ApiError } from "../../api/http";
import { i18n } from "../../i18n";
import { errorMessage } from "../../lib/errors";
import { toast } from "../../store/toasts";
import type {
  EventTemplateBody,
  EventTemplateItem,
  LinkType,
  ParentLinkBody,
  SequenceTemplateBody,
  SequenceTemplateItem,
} from "./templatesApi";

export const TRIGRAM_MAX_LENGTH = 10;
export const LINK_TYPES: readonly LinkType[] = ["end-begin", "begin-begin", "end-end", "begin-end"];

/** A parent row of the form: the parent task template, the link type and the delay as typed. */
export interface ParentRow {
  id: number;
  name: string;
  type: LinkType;
  delay: string;
}

export interface EventTemplateDraft {
  name: string;
  trigram: string;
  numberOfDays: string;
  numberOfPeople: string;
  typology: string[];
  comments: string;
  lotId: number | null;
  prerequisitesDelay: string;
  finishesDelay: string;
  parents: ParentRow[];
  /** Project copies: tags of the version (ids). */
  tagIds: number[];
}

export const NEW_EVENT_TEMPLATE: EventTemplateDraft = {
  name: "",
  trigram: "",
  numberOfDays: "1",
  numberOfPeople: "1",
  typology: [],
  comments: "",
  lotId: null,
  prerequisitesDelay: "0",
  finishesDelay: "0",
  parents: [],
  tagIds: [],
};

/** The trigram as shown and sent: upper case, at most 10 characters. */
export const upperTrigram = (s: string) => s.toUpperCase().slice(0, TRIGRAM_MAX_LENGTH);

const INTEGER = /^\s*\d+\s*$/;
const DECIMAL = /^\s*\d+([.,]\d+)?\s*$/;
const SIGNED_INTEGER = /^\s*-?\d+/;

/** A whole number of days, or undefined when the text is not one (then the field is not sent). */
export function daysOf(s: string): number | undefined {
  return INTEGER.test(s) ? Number(s.trim()) : undefined;
}

/** A number of people (decimals with a point or a comma), or undefined when the text is not numeric. */
export function peopleOf(s: string): number | undefined {
  return DECIMAL.test(s) ? Number(s.trim().replace(",", ".")) : undefined;
}

/** A delay parsed as an integer (parseInt: "3 j" is 3), or undefined when the text does not start with one. */
export function delayOf(s: string): number | undefined {
  return SIGNED_INTEGER.test(s) ? Number.parseInt(s.trim(), 10) : undefined;
}

export function draftOfEventTemplate(et: EventTemplateItem): EventTemplateDraft {
  return {
    name: et.name,
    trigram: upperTrigram(et.trigram ?? ""),
    numberOfDays: String(et.numberOfDays),
    numberOfPeople: String(et.numberOfPeople),
    typology: [...et.typology],
    comments: et.comments ?? "",
    lotId: et.lotId,
    prerequisitesDelay: String(et.prerequisitesDelay),
    finishesDelay: String(et.finishesDelay),
    parents: et.parents.map((p) => ({ id: p.id, name: p.name, type: p.type, delay: String(p.delay) })),
    tagIds: et.tags.map((tag) => tag.id),
  };
}

function parentsBody(rows: ParentRow[]): ParentLinkBody[] {
  return rows.map((r) => ({ id: r.id, type: r.type, delay: delayOf(r.delay) ?? 0 }));
}

const sameList = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i]);

const sameParents = (a: ParentLinkBody[], b: ParentLinkBody[]) =>
  a.length === b.length && a.every((p, i) => p.id === b[i].id && p.type === b[i].type && p.delay === b[i].delay);

/**
 * The body of a task template save. Creation (`original` null): every field the form holds, numbers only when
 * numeric, delays as integers defaulting to 0. Update: only the fields that differ from `original`.
 */
export function eventTemplateBody(original: EventTemplateDraft | null, value: EventTemplateDraft): EventTemplateBody {
  const out: EventTemplateBody = {};
  const name = value.name.trim();
  const trigram = upperTrigram(value.trigram.trim());
  const comments = value.comments.trim();
  const days = daysOf(value.numberOfDays);
  const people = peopleOf(value.numberOfPeople);
  const parents = parentsBody(value.parents);
  if (!original) {
    out.name = name;
    if (trigram) out.trigram = trigram;
    if (days !== undefined) out.numberOfDays = days;
    if (people !== undefined) out.numberOfPeople = people;
    if (value.typology.length) out.typology = [...value.typology];
    if (comments) out.comments = comments;
    if (value.lotId !== null) out.lotId = value.lotId;
    out.prerequisitesDelay = delayOf(value.prerequisitesDelay) ?? 0;
    out.finishesDelay = delayOf(value.finishesDelay) ?? 0;
    if (parents.length) out.parentsET = parents;
    if (value.tagIds.length) out.tagIds = [...value.tagIds];
    return out;
  }
  if (name !== original.name.trim()) out.name = name;
  if (trigram !== upperTrigram(original.trigram.trim())) out.trigram = trigram === "" ? null : trigram;
  if (days !== undefined && days !== daysOf(original.numberOfDays)) out.numberOfDays = days;
  if (people !== undefined && people !== peopleOf(original.numberOfPeople)) out.numberOfPeople = people;
  if (!sameList(value.typology, original.typology)) out.typology = [...value.typology];
  if (comments !== original.comments.trim()) out.comments = comments === "" ? null : comments;
  if (value.lotId !== original.lotId) out.lotId = value.lotId;
  const pre = delayOf(value.prerequisitesDelay);
  if (pre !== undefined && pre !== delayOf(original.prerequisitesDelay)) out.prerequisitesDelay = pre;
  const fin = delayOf(value.finishesDelay);
  if (fin !== undefined && fin !== delayOf(original.finishesDelay)) out.finishesDelay = fin;
  if (!sameParents(parents, parentsBody(original.parents))) out.parentsET = parents;
  if (!sameList(value.tagIds, original.tagIds)) out.tagIds = [...value.tagIds];
  return out;
}

/** A creation needs a name; an update needs a name and a change. */
export function eventTemplateValid(original: EventTemplateDraft | null, value: EventTemplateDraft): boolean {
  if (value.name.trim() === "") return false;
  return original === null || Object.keys(eventTemplateBody(original, value)).length > 0;
}

/** The server's English parent refusal (spec 001 section 5). */
export const PARENT_REFUSAL = "Those parents can't be used for this eventTemplate.";

/**
 * The text of a template write failure: the parent refusal (by code, or by the server's English sentence) is
 * errors.parent_task_assignation; every other failure is its catalogue text (errors.default when unknown).
 */
export function templateErrorMessage(error: unknown): string {
  if (
    error instanceof ApiError &&
    (error.code === "parent_task_assignation" || error.message.trim() === PARENT_REFUSAL)
  )
    return i18n.t("errors.parent_task_assignation");
  return errorMessage(error);
}

/** Shows a template write failure as a warning; a parent refusal is also given to `onParentRefusal`. */
export function warnTemplateError(error: unknown, onParentRefusal?: (message: string) => void): void {
  const message = templateErrorMessage(error);
  if (message === i18n.t("errors.parent_task_assignation")) onParentRefusal?.(message);
  toast.warning(message);
}

// Sequence templates

export interface SequenceTemplateDraft {
  name: string;
  category: string;
  color: string;
  typology: string[];
  firstEventTemplateId: number | null;
  lastEventTemplateId: number | null;
  tagIds: number[];
}

export function draftOfSequenceTemplate(st: SequenceTemplateItem): SequenceTemplateDraft {
  return {
    name: st.name,
    category: st.category ?? "",
    color: st.color ?? "",
    typology: [...st.typology],
    firstEventTemplateId: st.firstEventTemplateId,
    lastEventTemplateId: st.lastEventTemplateId,
    tagIds: st.tags.map((tag) => tag.id),
  };
}

/** The changed fields of a sequence template (strings trimmed, colour upper case, blanks sent as null). */
export function sequenceTemplateBody(
  original: SequenceTemplateDraft,
  value: SequenceTemplateDraft,
): SequenceTemplateBody {
  const out: SequenceTemplateBody = {};
  const name = value.name.trim();
  const category = value.category.trim();
  const color = value.color.trim().toUpperCase();
  if (name !== original.name.trim()) out.name = name;
  if (category !== original.category.trim()) out.category = category === "" ? null : category;
  if (color !== original.color.trim().toUpperCase()) out.color = color === "" ? null : color;
  if (!sameList(value.typology, original.typology)) out.typology = [...value.typology];
  if (value.firstEventTemplateId !== original.firstEventTemplateId)
    out.firstEventTemplateId = value.firstEventTemplateId;
  if (value.lastEventTemplateId !== original.lastEventTemplateId) out.lastEventTemplateId = value.lastEventTemplateId;
  if (!sameList(value.tagIds, original.tagIds)) out.tagIds = [...value.tagIds];
  return out;
}

/** first_and_last_eventTemplates_are_the_same, checked before asking the server (which refuses it too). */
export function sameFirstAndLast(value: SequenceTemplateDraft): boolean {
  return value.firstEventTemplateId !== null && value.firstEventTemplateId === value.lastEventTemplateId;
}

export function sequenceTemplateValid(original: SequenceTemplateDraft, value: SequenceTemplateDraft): boolean {
  return (
    value.name.trim() !== "" &&
    !sameFirstAndLast(value) &&
    Object.keys(sequenceTemplateBody(original, value)).length > 0
  );
}
