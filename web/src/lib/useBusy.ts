import { useState } from "react";
import { warnError } from "./errors";

/**
 * One action at a time on a screen (save, link, import...): `busy` while `run(action)` runs, to turn its
 * buttons off; a refusal is a warning toast of `subject` (errors.{code}). `run` resolves to whether the action
 * succeeded.
 */
export function useBusy(subject?: string) {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>): Promise<boolean> => {
    setBusy(true);
    try {
      await action();
      return true;
    } catch (e) {
      warnError(e, subject);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
