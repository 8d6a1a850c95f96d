import { parseDay } from "@jalon/engine";
import { describe, expect, it } from "vitest";
import { i18n } from "../../i18n";
import { followersOf, movedSpeech, selectionSpeech, taskSpeech } from "./speech";

const t = i18n.t.bind(i18n) as (key: string, o?: Record<string, unknown>) => string;

describe("what the planning says", () => {
  it("says a task as the tooltip's lines in one sentence, with whether it is critical and selected", () => {
    const tip = {
      title: "Cloisons R+1",
      lines: [
        { label: "Début", value: "12/03/2027" },
        { label: "Fin", value: "16/03/2027" },
        { label: "Durée", value: "3 j ouvrés" },
      ],
    };
    expect(taskSpeech(t, tip, { critical: true, selected: true, milestone: false })).toBe(
      "Cloisons R+1, Début 12/03/2027, Fin 16/03/2027, Durée 3 j ouvrés, tâche critique, sélectionnée",
    );
    expect(
      taskSpeech(t, { title: "Réception", lines: [] }, { critical: false, selected: false, milestone: true }),
    ).toBe("Réception, jalon, non critique");
    // The float still unknown: nothing said of the critical path.
    expect(taskSpeech(t, tip, { critical: null, selected: false, milestone: false })).not.toMatch(/critique/);
  });

  it("says a move with the successors that followed and the projected end", () => {
    const o = { anchorName: "Cloisons R+1", anchorStart: parseDay("2027-03-12"), count: 1, k: 2 };
    expect(movedSpeech(t, { ...o, followers: 14, projectEnd: parseDay("2027-06-30") })).toBe(
      "Cloisons R+1 déplacée au 12/03/2027, 14 tâches suivent, fin projetée 30/06/2027",
    );
    expect(movedSpeech(t, { ...o, followers: 1, projectEnd: null })).toBe(
      "Cloisons R+1 déplacée au 12/03/2027, 1 tâche suit",
    );
    expect(movedSpeech(t, { ...o, count: 3, k: -5, followers: 0, projectEnd: null })).toBe(
      "3 tâches déplacées de -5 j ouvrés, Cloisons R+1 au 12/03/2027, aucune autre tâche ne suit",
    );
    expect(followersOf([1, 2, 3, 4], [2])).toBe(3);
  });

  it("says a selection's change with the count", () => {
    expect(selectionSpeech(t, { name: "Cloisons R+1", added: true, count: 1 })).toBe(
      "Cloisons R+1 sélectionnée ; 1 tâche sélectionnée",
    );
    expect(selectionSpeech(t, { name: "Cloisons R+1", added: false, count: 0 })).toBe(
      "Cloisons R+1 retirée de la sélection ; aucune tâche sélectionnée",
    );
  });
});
