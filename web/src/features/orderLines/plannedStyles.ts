// Planned order-line tasks are coloured differently when linked to a task or to a macro-task that has tasks
// (spec 001 section 4): one class per link, used by the line's task table and the task modal's tab, with the
// words of the status beside the colour.
import { makeStyles, tokens } from "@fluentui/react-components";
import type { OrderLineTaskLink } from "@jalon/shared";

export const usePlannedStyles = makeStyles({
  event: {
    backgroundColor: tokens.colorPaletteGreenBackground1,
    ":hover": { backgroundColor: tokens.colorPaletteLightGreenBackground1 },
  },
  macroTask: {
    backgroundColor: tokens.colorBrandBackground2,
    ":hover": { backgroundColor: tokens.colorBrandBackground2Hover },
  },
  badge: { whiteSpace: "nowrap" },
});

/** The i18n key of a task's planning status. */
export function plannedKey(link: OrderLineTaskLink | null): string {
  if (link === "event") return "orderLines.tasks.plannedByEvent";
  if (link === "macroTask") return "orderLines.tasks.plannedByMacroTask";
  return "orderLines.tasks.unplanned";
}

/** The badge colour of a task's planning status. */
export function plannedColor(link: OrderLineTaskLink | null): "success" | "informative" | "subtle" {
  return link === "event" ? "success" : link === "macroTask" ? "informative" : "subtle";
}
