import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { parseDay } from "@jalon/engine";
import type { PlanningData } from "@jalon/shared/planning";
import { Providers } from "../../app/App";
import { useToasts } from "../../store/toasts";
import { EMPTY_FILTERS, usePlanningStore } from "../planningStore";
import { PlanningToolbar } from "../PlanningToolbar";
import { buildModel, datesOf } from "../model";
import { PrintDialog } from "./PrintDialog";
import { exactGrid, previewGrid, type PrintSettings } from "./printPreview";
import { toWire } from "@jalon/shared/planning";

/** A version of n tasks in 4 zones and 3 lots, one every working day from March 2026. */
function planning(n: number): PlanningData {
  const ids = Array.from({ length: n }, (_, i) => i + 1);
  const start = ids.map((i) => parseDay("2026-03-02") + Math.floor((i - 1) / 5) * 7 + ((i - 1) % 5));
  return {
    projectId: 7,
    versionId: 70,
    writeCounter: 1,
    projectedStartDate: "2026-03-02",
    projectedEndDate: null,
    graph: {
      ids,
      kind: ids.map(() => 0),
      duration: ids.map(() => 1),
      requestedStart: start,
      locked: ids.map(() => 0),
      calendarOf: ids.map(() => 0),
      startDay: start,
      endDay: start,
      revision: ids.map(() => 1),
      linkIds: [],
      linkParentId: [],
      linkChildId: [],
      linkType: [],
      linkDelay: [],
    },
    calendars: { holidays: [], vacations: [], lots: [] },
    events: ids.map((id) => ({
      id,
      name: `Tâche ${id}`,
      type: "task",
      color: null,
      trigram: null,
      zoneId: 1 + (id % 4),
      participantGroupProId: 1 + (id % 3),
      sequenceId: null,
      macroTaskId: null,
      numberOfPeople: 0,
      progress: null,
      isTracked: false,
      milestoneToHide: false,
    })),
    zones: [1, 2, 3, 4].map((z) => ({ id: z, name: `Zone ${z}`, fullName: null, parentId: null, position: z })),
    lots: [1, 2, 3].map((l) => ({ id: l, name: `Lot ${l}`, color: "#8B4513" })),
    sequences: [],
  };
}

const settings = (patch: Partial<PrintSettings> = {}): PrintSettings => ({
  printingName: "",
  pageFormat: "A3",
  orientation: "landscape",
  monthsPerPage: 3,
  startMonth: "2026-03",
  endMonth: "2026-08",
  showLegend: true,
  ...patch,
});

describe("print preview", () => {
  const data = planning(600);
  const model = buildModel(data, datesOf(data), { grouping: "zone" });

  it("counts sheets across (months) and down (rows) like the server's tiling", () => {
    const a3 = previewGrid(model, "zone", settings())!;
    expect(a3.across).toBe(2);
    expect(a3.pages).toBe(a3.across * a3.down);
    const a4 = previewGrid(model, "zone", settings({ pageFormat: "A4" }))!;
    const a1 = previewGrid(model, "zone", settings({ pageFormat: "A1", monthsPerPage: 6 }))!;
    expect(a4.down).toBeGreaterThan(a3.down);
    expect(a1.pages).toBeLessThan(a3.pages);
    expect(previewGrid(model, "zone", settings({ monthsPerPage: 1 }))!.across).toBe(6);
    // Only the events of the printed months count: one month holds about a fifth of the rows.
    expect(previewGrid(model, "zone", settings({ endMonth: "2026-03", monthsPerPage: 1 }))!.down).toBeLessThan(a3.down);
  });

  it("refuses an end month before the start month", () => {
    expect(previewGrid(model, "zone", settings({ startMonth: "2026-08", endMonth: "2026-03" }))).toBeNull();
    expect(previewGrid(model, "zone", settings({ endMonth: "" }))).toBeNull();
  });
});

describe("print dialog", () => {
  afterEach(() => vi.unstubAllGlobals());
  const data = planning(300);
  const model = buildModel(data, datesOf(data), { grouping: "zone" });
  const open = () =>
    render(
      <Providers>
        <PrintDialog
          open
          onClose={vi.fn()}
          projectId={7}
          versionId={70}
          model={model}
          grouping="zone"
          aggregated={[2]}
          filters={{ ...EMPTY_FILTERS, zoneIds: [1, 2] }}
          startMonth="2026-03"
          endMonth="2026-06"
        />
      </Providers>,
    );

  it("previews the page grid, posts the options and downloads the PDF", async () => {
    const calls: { url: string; body: Record<string, unknown> }[] = [];
    const loads: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).startsWith("/api/planning/data")) {
          loads.push(String(input));
          return new Response(JSON.stringify(toWire(data)), {
            status: 200,
            headers: { "Content-Type": "application/json" },
          });
        }
        calls.push({ url: String(input), body: JSON.parse(String(init?.body)) });
        return new Response("%PDF-1.3 fake", {
          status: 200,
          headers: {
            "Content-Type": "application/pdf",
            "Content-Disposition":
              "attachment; filename=\"Planning_x.pdf\"; filename*=UTF-8''Planning_R%C3%A9sidence.pdf",
          },
        });
      }),
    );
    const createObjectURL = vi.fn(() => "blob:pdf");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    open();
    // Once the printed months are loaded, the preview is the server's tiling of the same rows.
    await waitFor(() => expect(screen.getByTestId("print-preview-count")).toHaveAttribute("data-exact", "true"));
    const before = screen.getByTestId("print-preview-count").textContent;
    const want = exactGrid(data, "zone", [2], settings({ startMonth: "2026-03", endMonth: "2026-06" }))!;
    expect(before).toBe(`${want.across} × ${want.down} : ${want.pages} pages`);
    expect(loads[0]).toBe(
      "/api/planning/data?projectId=7&versionId=70&startDate=2026-03&endDate=2026-06&zoneIds=1&zoneIds=2",
    );
    await userEvent.click(screen.getByRole("radio", { name: "A4" }));
    await userEvent.click(screen.getByRole("radio", { name: "Portrait" }));
    await userEvent.selectOptions(screen.getByLabelText("Mois par page"), "1");
    // One month per sheet over March to June: four sheets across.
    await waitFor(() => expect(screen.getByTestId("print-preview-count").textContent).not.toBe(before));
    expect(screen.getByTestId("print-preview-count").textContent).toMatch(/^4 × /);
    const [across, down] = screen.getByTestId("print-preview-count").textContent!.match(/\d+/g)!.map(Number);
    expect(screen.getAllByTestId("print-preview-page")).toHaveLength(Math.min(across, 16) * Math.min(down, 16));
    // The printed months are chosen by their French names; an end before the start is refused.
    expect(screen.getByLabelText("Du mois")).toHaveDisplayValue("mars 2026");
    await userEvent.selectOptions(screen.getByLabelText("Au mois"), "2026-02");
    expect(screen.getByText("Le mois de fin doit suivre le mois de début.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Imprimer" })).toBeDisabled();
    await userEvent.selectOptions(screen.getByLabelText("Au mois"), "2026-06");
    expect(screen.getByLabelText("Au mois")).toHaveDisplayValue("juin 2026");
    await userEvent.type(screen.getByLabelText("Nom de l'impression"), "Réunion n°3");
    await userEvent.click(screen.getByRole("button", { name: "Imprimer" }));
    await waitFor(() => expect(clicked).toEqual(["Planning_Résidence.pdf"]));
    expect(calls[0].url).toBe("/api/planning/export");
    expect(calls[0].body).toMatchObject({
      projectId: 7,
      versionId: 70,
      pageFormat: "A4",
      orientation: "portrait",
      monthsPerPage: 1,
      startDate: "2026-03",
      endDate: "2026-06",
      printingName: "Réunion n°3",
      showLegend: true,
      aggregation: "zone",
      aggregatedZoneIds: [2],
      filters: { zoneIds: [1, 2] },
    });
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });

  it("shows an error toast when the export fails", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: "errors.validation", message: "Impression trop grande" }), {
            status: 400,
            headers: { "Content-Type": "application/json" },
          }),
      ),
    );
    open();
    await userEvent.click(await screen.findByRole("button", { name: "Imprimer" }));
    await waitFor(() =>
      expect(
        useToasts
          .getState()
          .items.some((i) => i.intent === "error" && i.message.startsWith("L'impression du planning a échoué.")),
      ).toBe(true),
    );
  });
});

describe("print for read-only users", () => {
  it("gives external users the print mode (printing is reading), and the public planning none", async () => {
    // A wide screen: below 1400 px the print button is in the toolbar's "Plus d'options" (jsdom is 1024 px wide).
    const width = window.innerWidth;
    Object.defineProperty(window, "innerWidth", { value: 1440, configurable: true });
    onTestFinished(() => {
      Object.defineProperty(window, "innerWidth", { value: width, configurable: true });
    });
    usePlanningStore.getState().setMode("construction");
    const { unmount } = render(
      <Providers>
        <PlanningToolbar readOnly />
      </Providers>,
    );
    // No mode list for a reader, but a print button that opens the print mode.
    expect(screen.queryByRole("combobox", { name: "Mode" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Imprimer" }));
    expect(usePlanningStore.getState().mode).toBe("print");
    unmount();
    usePlanningStore.getState().setMode("construction");
    render(
      <Providers>
        <PlanningToolbar readOnly printable={false} />
      </Providers>,
    );
    expect(screen.queryByRole("button", { name: "Imprimer" })).toBeNull();
  });
});
