import { describe, expect, it } from "vitest";
import { i18n } from "../../i18n";
import { undoLabelText } from "./undoLabels";

const t = i18n.t.bind(i18n) as (key: string, options?: Record<string, unknown>) => string;

describe("undo history labels", () => {
  it("says what each step did in French, with names and values, never ids", () => {
    expect(undoLabelText(t, "bulk_move", { k: "move", count: 12 })).toBe("Déplacement de 12 tâches");
    expect(undoLabelText(t, "move", { k: "move", count: 1, name: "Cloisons R+1" })).toBe(
      "Déplacement de « Cloisons R+1 »",
    );
    expect(undoLabelText(t, "update", { k: "duration", name: "Cloisons R+1", from: 5, to: 8 })).toBe(
      "Durée de « Cloisons R+1 » : 5 → 8 jours",
    );
    expect(undoLabelText(t, "update", { k: "duration", name: "Pose", from: 3, to: 1 })).toBe(
      "Durée de « Pose » : 3 → 1 jour",
    );
    expect(undoLabelText(t, "update", { k: "links", name: "Pose", added: 1, removed: 0 })).toBe("Lien ajouté");
    expect(undoLabelText(t, "update", { k: "links", name: "Pose", added: 0, removed: 2 })).toBe("2 liens supprimés");
    expect(undoLabelText(t, "update", { k: "rename", name: "Pose", to: "Pose carrelage" })).toBe(
      "« Pose » renommée « Pose carrelage »",
    );
    expect(undoLabelText(t, "update", { k: "lot", name: "Pose" })).toBe("Lot de « Pose » modifié");
    expect(undoLabelText(t, "delete", { k: "delete", count: 3 })).toBe("Suppression de 3 tâches");
    expect(undoLabelText(t, "create", { k: "create", name: "Enduits" })).toBe("Création de « Enduits »");
  });

  it("names the action of a step recorded without a label, and any other action plainly", () => {
    expect(undoLabelText(t, "recalibration", null)).toBe("Recalage");
    expect(undoLabelText(t, "holiday_create", null)).toBe("Ajout d'un jour férié");
    expect(undoLabelText(t, "structure_import", null)).toBe("Modification du planning");
    expect(undoLabelText(t, "bulk_move", null)).not.toMatch(/\d+:\d+/);
  });
});
