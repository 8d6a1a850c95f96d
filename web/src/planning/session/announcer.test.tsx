import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { LiveRegion } from "../../components/LiveRegion";
import { announce, announcerOf, saidRecently } from "./announcer";

describe("the planning's live region", () => {
  it("is a polite status that says each message, the same words twice included", () => {
    const session = {};
    const store = announcerOf(session);
    const ui = () => <LiveRegion message={store.getState().message} label="Annonces du planning" />;
    const { rerender } = render(ui());
    const region = screen.getByRole("status", { name: "Annonces du planning" });
    expect(region).toHaveAttribute("aria-live", "polite");
    expect(region).toHaveTextContent("");
    expect(saidRecently(session)).toBe(false);

    announce(session, "Lien annulé.");
    rerender(ui());
    const first = region.textContent;
    expect(first?.trim()).toBe("Lien annulé.");
    expect(saidRecently(session)).toBe(true);
    // Said again: the text differs (an invisible space), so a screen reader says it again.
    announce(session, "Lien annulé.");
    rerender(ui());
    expect(region.textContent?.trim()).toBe("Lien annulé.");
    expect(region.textContent).not.toBe(first);
  });
});
