import type { TFunction } from "i18next";
import { signed, type Baseline, type ComparedVersion } from "./compareModel";

/** The tooltip of a compared task: one line per compared version. */
export function compareTooltip(t: TFunction, versions: readonly ComparedVersion[], bars: readonly (Baseline | null)[]): string {
  return versions
    .map((v, k) => {
      const b = bars[k];
      return b ? t("compare.delta", { version: v.name, start: signed(b.startDelta), end: signed(b.endDelta) }) : t("compare.absent", { version: v.name });
    })
    .join("\n");
}
