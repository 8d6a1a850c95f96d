import { ApiError } from "../../api/http";
import { i18n } from "../../i18n";
import { useProject } from "../../store/project";
import { useRefresh } from "../../store/refresh";
import { toast } from "../../store/toasts";
import { announce } from "../session/announcer";
import { undoLabelText } from "./undoLabels";
import { undoApi, undoRedoOf } from "./undoRedo";

type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * Undoes the version's last step (Ctrl+Z, the undo button): the header's count and the planning follow, and the
 * toast says what was undone ("Défait : Déplacement de 12 tâches"). `session`: the planning whose last write
 * becomes redoable. True when done.
 */
export async function undoLast(t: T, projectId: number, versionId: number, session?: object): Promise<boolean> {
  try {
    const result = await undoApi.apply(projectId, versionId);
    if (session) undoRedoOf(session).undid();
    const left = Math.max(0, Number(result?.remaining ?? 0));
    const latest = useProject.getState().project;
    if (latest && latest.id === projectId) useProject.getState().setProject({ ...latest, undoRemaining: left });
    useRefresh.getState().bump("planning");
    useRefresh.getState().bump("data");
    const label = undoLabelText(t, result.action ?? "", result.label);
    toast.success(t("undoHistory.undoneToast", { label }), { subject: "undo" });
    // Said in the planning's live region too, beside what the keyboard did (issue 22).
    if (session) announce(session, t("planningKeyboard.undone", { label }));
    return true;
  } catch (e) {
    const impossible = e instanceof ApiError && (e.code === "undo_nothing" || e.status === 409 || e.status === 404);
    // A refusal with its own reason (undo_import_in_use) says why; other refusals are 'Annulation impossible'.
    const reason = e instanceof ApiError && e.code.startsWith("undo_") ? `errors.${e.code}` : null;
    const text = t(reason && i18n.exists(reason) ? reason : impossible ? "errors.undo_nothing" : "errors.undo_failed");
    toast.error(text, { subject: "undo" });
    if (session) announce(session, text);
    return false;
  }
}

/** Makes the last undone write of the planning again (Ctrl+Y): its own messages say how it went. */
export async function redoLast(t: T, session: object): Promise<boolean> {
  const stack = undoRedoOf(session);
  if (!stack.canRedo) {
    toast.info(t("undoHistory.nothingToRedo"), { subject: "undo" });
    announce(session, t("undoHistory.nothingToRedo"));
    return false;
  }
  const done = await stack.redo();
  // Said in the planning's live region as the undo is (issue 22); a failed write has said its refusal.
  if (done) announce(session, t("planningKeyboard.redone"));
  return done;
}
