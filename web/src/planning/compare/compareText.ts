import type { TFunction } from "i18next";
import { formatDay } from "@jalon/engine";
import type { GanttGhost } from "@jalon/shared/gantt";
import { signed, type Baseline, type ComparedVersion } from "./compareModel";

/** The tooltip of a compared task: one line per compared version. */
export function compareTooltip(
  t: TFunction,
  versions: readonly ComparedVersion[],
  bars: readonly (Baseline | null)[],
): string {
  return versions
    .map((v, k) => {
      const b = bars[k];
      return b
        ? t("compare.delta", { version: v.name, start: signed(b.startDelta), end: signed(b.endDelta) })
        : t("compare.absent", { version: v.name });
    })
    .join("\n");
}

/** The grid's text of an event that only compared versions have: which versions, and its dates there. */
export function ghostText(
  t: TFunction,
  versions: readonly ComparedVersion[],
  ghost: GanttGhost,
): { label: string; title: string } {
  const present = versions.filter((_, k) => ghost.baselines[k]);
  const label = t("compare.onlyThere", { versions: present.map((v) => v.name).join(", ") });
  const lines = versions.flatMap((v, k) => {
    const b = ghost.baselines[k];
    return b
      ? [t("compare.onlyThereDates", { version: v.name, start: frenchDay(b.startDay), end: frenchDay(b.endDay) })]
      : [];
  });
  return { label, title: [ghost.name, t("compare.onlyThereTitle"), ...lines].join("\n") };
}

/** dd/MM/yyyy of a day number. */
export function frenchDay(day: number): string {
  const iso = formatDay(day);
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}
