import { describe, expect, it } from "vitest";
import { i18n } from "../../i18n";
import { announcerOf } from "../session/announcer";
import { redoLast } from "./undoActions";
import { undoRedoOf } from "./undoRedo";

// Issue 22: a redo is said in the planning's live region, as an undo is.
describe("redo in words", () => {
  const t = i18n.t.bind(i18n) as (key: string, options?: Record<string, unknown>) => string;

  it("says the redo once the write is made again, and says when there is nothing to redo", async () => {
    const session = {};
    expect(await redoLast(t, session)).toBe(false);
    expect(announcerOf(session).getState().message?.text).toBe("Rien à refaire.");
    undoRedoOf(session).record(async () => true);
    undoRedoOf(session).undid();
    expect(await redoLast(t, session)).toBe(true);
    expect(announcerOf(session).getState().message?.text).toBe(
      "Refait : la dernière action défaite est faite à nouveau.",
    );
  });

  it("says nothing over a redo whose write failed (the write said its refusal)", async () => {
    const session = {};
    undoRedoOf(session).record(async () => false);
    undoRedoOf(session).undid();
    expect(await redoLast(t, session)).toBe(false);
    expect(announcerOf(session).getState().message).toBeNull();
  });
});
