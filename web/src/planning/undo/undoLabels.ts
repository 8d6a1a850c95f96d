import type { UndoLabel } from "@jalon/shared";

type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * The words of an undo step (issue 20): its label's names and values ("Durée de « Cloisons R+1 » : 5 → 8 jours",
 * "Déplacement de 12 tâches"), or, for a step written before labels existed, its action's name. Never ids.
 */
export function undoLabelText(t: T, action: string, label: UndoLabel | null | undefined): string {
  const k = "undoHistory.label";
  if (label) {
    switch (label.k) {
      case "move":
        return label.name !== undefined && label.count === 1
          ? t(`${k}.move`, { count: 1, name: label.name })
          : t(`${k}.moveCount`, { count: label.count });
      case "duration":
        return t(`${k}.duration`, { count: label.to, name: label.name, from: label.from, to: label.to });
      case "rename":
        return t(`${k}.rename`, { name: label.name, to: label.to });
      case "lot":
        return t(`${k}.lot`, { name: label.name });
      case "start":
        return t(`${k}.start`, { name: label.name });
      case "links":
        if (label.removed === 0) return t(`${k}.linkAdded`, { count: label.added });
        if (label.added === 0) return t(`${k}.linkRemoved`, { count: label.removed });
        return t(`${k}.linkChanged`, { name: label.name });
      case "update":
        return t(`${k}.update`, { name: label.name });
      case "create":
        return t(`${k}.create`, { name: label.name });
      case "delete":
        return label.name !== undefined && label.count === 1
          ? t(`${k}.delete`, { count: 1, name: label.name })
          : t(`${k}.deleteCount`, { count: label.count });
      default:
        break;
    }
  }
  return t(`undoHistory.action.${action}`, { defaultValue: t("undoHistory.action.other") });
}
