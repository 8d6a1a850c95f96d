import type { UndoLabel } from "@jalon/shared";

/**
 * The label of an event update's undo step (issue 20): one kind of change (a duration, a name, a lot, a start, the
 * links) gets its own words with its values; several kinds at once (the task modal's save) are "Modification".
 */
export function updateLabel(o: {
  name: string;
  /** The history fields written (EVENT_COLUMNS keys and "type"). */
  fields: readonly string[];
  duration: { from: number; to: number } | null;
  newName: string | null;
  startSent: boolean;
  links: { added: number; removed: number };
}): UndoLabel {
  const kinds = new Set<string>();
  for (const f of o.fields) kinds.add(f === "name" ? "rename" : f === "participantGroupProId" ? "lot" : `field:${f}`);
  if (o.duration && o.duration.from !== o.duration.to) kinds.add("duration");
  if (o.startSent) kinds.add("start");
  if (o.links.added + o.links.removed > 0) kinds.add("links");
  const name = o.name;
  if (kinds.size !== 1) return { k: "update", name };
  const [kind] = kinds;
  if (kind === "duration" && o.duration) return { k: "duration", name, from: o.duration.from, to: o.duration.to };
  if (kind === "rename" && o.newName !== null) return { k: "rename", name, to: o.newName };
  if (kind === "lot") return { k: "lot", name };
  if (kind === "start") return { k: "start", name };
  if (kind === "links") return { k: "links", name, added: o.links.added, removed: o.links.removed };
  return { k: "update", name };
}

/** A move's label: the task's name when it is one, the count otherwise. */
export function moveLabel(names: readonly string[], count: number): UndoLabel {
  return count === 1 && names.length === 1 ? { k: "move", count, name: names[0] } : { k: "move", count };
}
