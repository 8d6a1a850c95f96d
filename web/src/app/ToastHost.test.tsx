import { act, render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Providers } from "./App";
import { toast } from "../store/toasts";

// The browser test of the menu's screens (e2e/lists.spec.ts) finds error and warning toasts by their intent.
describe("ToastHost", () => {
  it("marks each toast with its intent, and one id gives one toast whose text is replaced", async () => {
    const { findByText, container } = render(<Providers>{null}</Providers>);
    act(() => {
      toast.error("Il y a eu une erreur lors de l'opération.", { id: "action:t:1" });
      toast.success("Modification enregistrée.");
    });
    await findByText("Il y a eu une erreur lors de l'opération.");
    const root = container.ownerDocument;
    expect(root.querySelectorAll('[data-toast-intent="error"]')).toHaveLength(1);
    expect(root.querySelectorAll('[data-toast-intent="success"]')).toHaveLength(1);
    act(() => {
      toast.info("Création de la version en cours…", { id: "action:t:1" });
    });
    await findByText("Création de la version en cours…");
    expect(root.querySelectorAll('[data-toast-intent="error"]')).toHaveLength(0);
    expect(root.querySelectorAll('[data-toast-intent="info"]')).toHaveLength(1);
  });
});
