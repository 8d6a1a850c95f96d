// Focus return (WCAG 2.4.3): a dialog opened from state gives the focus back to what opened it.
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Button } from "@fluentui/react-components";
import { Providers } from "../test/render";
import { ConfirmDialog } from "./ConfirmDialog";

function Opener({ onConfirm }: { onConfirm?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button>Avant</Button>
      <Button onClick={() => setOpen(true)}>Supprimer la zone</Button>
      <ConfirmDialog
        open={open}
        title="Supprimer la zone ?"
        confirmLabel="Supprimer"
        onConfirm={() => {
          onConfirm?.();
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

describe("ConfirmDialog focus", () => {
  it("returns to the opening button after Escape", async () => {
    render(
      <Providers>
        <Opener />
      </Providers>,
    );
    const opener = await screen.findByRole("button", { name: "Supprimer la zone" });
    await userEvent.click(opener);
    const dialog = await screen.findByRole("dialog", { name: "Supprimer la zone ?" });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it("returns to the opening button after the confirm button", async () => {
    let confirmed = 0;
    render(
      <Providers>
        <Opener onConfirm={() => confirmed++} />
      </Providers>,
    );
    const opener = await screen.findByRole("button", { name: "Supprimer la zone" });
    opener.focus();
    await userEvent.keyboard("{Enter}");
    await userEvent.click(await screen.findByRole("button", { name: "Supprimer" }));
    expect(confirmed).toBe(1);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
