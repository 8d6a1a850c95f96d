import { describe, expect, it } from "vitest";
import { UndoRedo } from "./undoRedo";

describe("redo memory", () => {
  it("redoes what was undone, latest first; a redo is undoable again; a new action forgets the redo", async () => {
    const s = new UndoRedo();
    const runs: string[] = [];
    const write = (name: string) => {
      const run = async () => {
        runs.push(name);
        s.record(run);
        return true;
      };
      return run;
    };
    await write("durée")();
    await write("début")();
    s.undid();
    s.undid();
    expect(s.canRedo).toBe(true);
    expect(await s.redo()).toBe(true);
    expect(runs).toEqual(["durée", "début", "durée"]);
    // The redo recorded itself without forgetting the other undone write.
    expect(s.canRedo).toBe(true);
    s.undid();
    await write("nom")();
    expect(s.canRedo).toBe(false);
    expect(await s.redo()).toBe(false);
  });
});
