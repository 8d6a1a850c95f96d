import { frenchDay, type TipContent } from "./tipContent";

/**
 * What the planning says to screen readers (issue 22), as French sentences from the planning's resources: a task
 * when the keyboard reaches it (the hover tooltip's lines, tipContent.ts, read as one sentence), a move with the
 * successors that followed and the projected end, a selection's change. Pure: tested in speech.test.ts.
 */
type T = (key: string, o?: Record<string, unknown>) => string;

/** "Cloisons R+1, Début 12/03/2027, Fin 16/03/2027, Durée 3 j ouvrés, Lot …, Zone …, Marge …, Avancement 40 %, tâche critique". */
export function taskSpeech(
  t: T,
  tip: TipContent,
  o: { critical: boolean | null; selected: boolean; milestone: boolean },
): string {
  const parts = [tip.title];
  if (o.milestone) parts.push(t("planningKeyboard.task.milestone"));
  for (const line of tip.lines) parts.push(`${line.label} ${line.value}`);
  if (o.critical !== null)
    parts.push(t(o.critical ? "planningKeyboard.task.critical" : "planningKeyboard.task.notCritical"));
  if (o.selected) parts.push(t("planningKeyboard.task.selected"));
  return parts.join(", ");
}

/** "Cloisons R+1 déplacée au 12/03/2027, 14 tâches suivent, fin projetée 30/06/2027". */
export function movedSpeech(
  t: T,
  o: {
    anchorName: string;
    anchorStart: number;
    count: number;
    k: number;
    followers: number;
    projectEnd: number | null;
  },
): string {
  const date = frenchDay(o.anchorStart);
  const shift = t("planningDirect.tip.workingDays", {
    count: Math.abs(o.k),
    signed: o.k > 0 ? `+${o.k}` : String(o.k),
  });
  const head =
    o.count === 1
      ? t("planningKeyboard.moved.one", { name: o.anchorName, date })
      : t("planningKeyboard.moved.many", { count: o.count, shift, name: o.anchorName, date });
  const parts = [head, t("planningKeyboard.moved.followers", { count: o.followers })];
  if (o.projectEnd !== null) parts.push(t("planningKeyboard.moved.projectedEnd", { date: frenchDay(o.projectEnd) }));
  return parts.join(", ");
}

/** "Cloisons R+1 sélectionnée ; 2 tâches sélectionnées". */
export function selectionSpeech(t: T, o: { name: string; added: boolean; count: number }): string {
  const count = t("planningKeyboard.selection.count", { count: o.count });
  return t(o.added ? "planningKeyboard.selection.added" : "planningKeyboard.selection.removed", {
    name: o.name,
    count,
  });
}

/** The events the server moved that were not asked to: the successors that followed. */
export function followersOf(changed: readonly number[], selection: readonly number[]): number {
  const asked = new Set(selection);
  return changed.filter((id) => !asked.has(id)).length;
}
