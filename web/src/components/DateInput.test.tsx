import { describe, expect, it, vi } from "vitest";
import { useState } from "react";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Field } from "@fluentui/react-components";
import { Providers } from "../test/render";
import { DateInput } from "./DateInput";
import { monthGrid, shiftMonth } from "./monthGrid";

function Form({ initial, onChange }: { initial: string; onChange: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <Field label="Date de début">
      <DateInput
        value={value}
        onChange={(v) => {
          setValue(v);
          onChange(v);
        }}
      />
    </Field>
  );
}

function show(initial: string) {
  const onChange = vi.fn();
  render(
    <Providers>
      <Form initial={initial} onChange={onChange} />
    </Providers>,
  );
  return { onChange, input: screen.getByRole("textbox", { name: "Date de début" }) };
}

describe("DateInput", () => {
  it("shows a yyyy-MM-dd value as dd/MM/yyyy and gives back yyyy-MM-dd for a typed day", async () => {
    const { onChange, input } = show("2026-03-09");
    expect(input).toHaveValue("09/03/2026");
    await userEvent.clear(input);
    expect(onChange).toHaveBeenLastCalledWith("");
    await userEvent.type(input, "3/2/2027");
    expect(onChange).toHaveBeenLastCalledWith("2027-02-03");
    expect(screen.queryByText("Date invalide")).toBeNull();
  });

  it("says 'Date invalide' for text that is no calendar day, and keeps the last valid day", async () => {
    const { onChange, input } = show("2026-03-09");
    await userEvent.clear(input);
    await userEvent.type(input, "31/02/2026");
    expect(await screen.findByRole("alert")).toHaveTextContent("Date invalide");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(onChange).not.toHaveBeenCalledWith("2026-02-31");
  });

  it("picks a day in the month grid, by mouse and by keyboard", async () => {
    const { onChange, input } = show("2026-03-09");
    await userEvent.click(screen.getByRole("button", { name: "Ouvrir le calendrier" }));
    expect(await screen.findByRole("grid", { name: "mars 2026" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "vendredi 13 mars 2026" }));
    expect(onChange).toHaveBeenLastCalledWith("2026-03-13");
    expect(input).toHaveValue("13/03/2026");
    await waitFor(() => expect(screen.queryByRole("grid")).toBeNull());

    input.focus();
    await userEvent.keyboard("{Alt>}{ArrowDown}{/Alt}");
    await screen.findByRole("grid", { name: "mars 2026" });
    screen.getByRole("button", { name: "vendredi 13 mars 2026" }).focus();
    await userEvent.keyboard("{ArrowDown}{ArrowRight}");
    expect(screen.getByRole("button", { name: "samedi 21 mars 2026" })).toHaveFocus();
    await userEvent.keyboard("{PageDown}");
    expect(await screen.findByRole("grid", { name: "avril 2026" })).toBeInTheDocument();
    await userEvent.keyboard("{Enter}");
    expect(onChange).toHaveBeenLastCalledWith("2026-04-21");
  });
});

describe("month grid", () => {
  it("lays a month in Monday-first weeks", () => {
    const march = monthGrid("2026-03");
    expect(march[0][0]).toBe("2026-02-23");
    expect(march.at(-1)?.at(-1)).toBe("2026-04-05");
    expect(march.every((w) => w.length === 7)).toBe(true);
  });
  it("keeps a shifted day inside its month", () => {
    expect(shiftMonth("2026-03-31", -1)).toBe("2026-02-28");
    expect(shiftMonth("2024-01-31", 1)).toBe("2024-02-29");
  });
});
