import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildRows, planPrint, printRange, ganttEventsOf, groupLabelsOf } from "@jalon/shared/gantt";
import { fromWire, type PlanningDataWire } from "@jalon/shared/planning";
import { startTestApp, type TestApp } from "../../../test/helpers/app.js";
import { buildUser, countRows, type BuiltUser } from "../../../test/helpers/factories.js";
import { DEMO_PASSWORD, seedDemo } from "../../db/seeds/demo.js";
import { DEMO_START } from "../../db/seeds/demoCalendar.js";

/** poppler-utils reads the PDF independently of jspdf: page count, text, and PNGs to look at. */
function hasPoppler(): boolean {
  try {
    execFileSync("pdftotext", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}
const poppler = hasPoppler();
if (!poppler && process.env.CI === "true") throw new Error("pdftotext (Debian poppler-utils) is required under CI");
const describePdf = poppler ? describe : describe.skip;
if (!poppler) console.warn("planningExport.test: skipped, pdftotext (Debian poppler-utils) is not installed");

const ARTIFACTS = resolve(import.meta.dirname, "../../../../artifacts/print");
let t: TestApp;
let token: string;
let outsider: BuiltUser;
let projectId: number;
let versionId: number;
/** The demo's counted version (its countings give its tasks a progress). */
let signedVersionId: number;
let work: string;

beforeAll(async () => {
  t = await startTestApp();
  const demo = await seedDemo(t.db);
  projectId = demo.projectId;
  versionId = demo.versionIds[1];
  signedVersionId = (await t.db("projects").where({ id: projectId }).first("signed_version_id")).signed_version_id;
  token = (await t.request("POST", "/auth/login", { body: { email: "manager@jalon.demo", password: DEMO_PASSWORD } }))
    .body.token;
  outsider = await buildUser(t, { type: "manager" });
  work = mkdtempSync(join(tmpdir(), "jalon-print-"));
  mkdirSync(ARTIFACTS, { recursive: true });
});
afterAll(async () => {
  await t?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The demo's first month and the ones after it (the demo's dates follow the day it is seeded). */
const M0 = DEMO_START.slice(0, 7);
function monthAfter(n: number): string {
  const d = new Date(`${M0}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.toISOString().slice(0, 7);
}
const M11 = monthAfter(11);
const PRINTING_NAME = "Réunion n°12 : façades, œuvre très élargie à Été";
const exportPdf = (body: Record<string, unknown>, as = token) =>
  t.request<Buffer & { code?: string }>("POST", "/planning/export", {
    token: as,
    body: { projectId, versionId, startDate: M0, endDate: M11, printingName: PRINTING_NAME, ...body },
  });

function pdfFile(name: string, pdf: Buffer): string {
  const file = join(work, `${name}.pdf`);
  writeFileSync(file, pdf);
  return file;
}
const pdfPages = (file: string) =>
  Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file], { encoding: "utf8" }))![1]);
const pdfText = (file: string, page?: number) =>
  execFileSync("pdftotext", [...(page ? ["-f", String(page), "-l", String(page)] : []), "-layout", file, "-"], {
    encoding: "utf8",
  });

/** The sheets the shared tiling gives for the same rows: what the web's preview shows. */
async function expectedPages(
  format: "A4" | "A3" | "A1",
  orientation: "landscape" | "portrait",
  monthsPerPage: number,
  legendItems: number,
) {
  const data = fromWire(
    (
      await t.request<PlanningDataWire>("GET", "/planning/data", {
        token,
        query: { projectId, versionId, startDate: M0, endDate: M11 },
      })
    ).body,
  );
  const rows = buildRows(ganttEventsOf(data), { grouping: "zone", groupLabels: groupLabelsOf(data, "zone") });
  const plan = planPrint(rows, {
    format,
    orientation,
    monthsPerPage,
    ...printRange(M0, M11),
    legendItems,
  });
  return { pages: plan.pages.length, bands: plan.bands.length, rows: rows.length, plan };
}

describePdf("POST /planning/export", () => {
  it.each([
    ["A4", "landscape", 3],
    ["A4", "portrait", 1],
    ["A3", "landscape", 6],
    ["A1", "landscape", 12],
  ] as const)(
    "prints the demo on %s %s, %i month(s) per sheet: months across, rows down",
    async (pageFormat, orientation, monthsPerPage) => {
      const res = await exportPdf({ pageFormat, orientation, monthsPerPage, showLegend: false });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="Planning_.*\.pdf"/);
      const file = pdfFile(`${pageFormat}-${orientation}-${monthsPerPage}`, res.body);
      const want = await expectedPages(pageFormat, orientation, monthsPerPage, 0);
      const across = Math.ceil(12 / monthsPerPage);
      expect(want.pages).toBe(across * want.bands);
      // Every sheet holds at most as many rows as its height allows, so there are at least this many bands.
      expect(want.bands).toBeGreaterThanOrEqual(Math.ceil((want.rows * 12) / want.plan.plot.height));
      expect(pdfPages(file)).toBe(want.pages);
      expect(Number(res.headers.get("x-page-count"))).toBe(want.pages);
      const first = pdfText(file, 1);
      expect(first).toContain(PRINTING_NAME);
      expect(first).toContain("Résidence");
      expect(first).toContain(`Page 1 / ${want.pages}`);
      // Each sheet repeats the time scale and the row names: the second column of sheets shows the same first rows.
      if (across > 1) {
        const second = pdfText(file, 2);
        const names = (s: string) =>
          s
            .split("\n")
            .map((l) => l.trim().split(/\s{2,}/)[0])
            .filter((l) => l.length > 3)
            .slice(3, 8);
        expect(names(second)).toEqual(names(first));
        expect(second).toContain("Colonne 2/");
      }
    },
  );

  it("writes real, searchable text with French accents, task names on their sheet, and the legend", async () => {
    const res = await exportPdf({ pageFormat: "A3", orientation: "landscape", monthsPerPage: 4, showLegend: true });
    expect(res.status).toBe(200);
    const file = pdfFile("legend", res.body);
    const text = pdfText(file);
    for (const s of ["é", "è", "à", "ç", "œ", "É"]) expect(PRINTING_NAME.includes(s) && text.includes(s), s).toBe(true);
    expect(text).toContain("Fin du gros œuvre bâtiment B");
    expect(text).toContain("Gros œuvre");
    expect(text).toContain("Lien Fin → Début");
    expect(text).toContain("Lien Début → Fin");
    expect(text).toContain("Version : Recalage gros œuvre");
    expect(text).toMatch(/Imprimé le \d{2}\/\d{2}\/\d{4}/);
    // The grid's start and end dates dd/MM/yyyy as everywhere (issue 20), whole in their columns: a row reads
    // "name  start  end" with both dates complete, and no date is printed with a two-digit year.
    const row = text.split("\n").find((l) => l.includes("Fin du gros œuvre bâtiment B"))!;
    expect(row).toMatch(/Fin du gros œuvre bâtiment B\s+\d{2}\/\d{2}\/\d{4}\s+\d{2}\/\d{2}\/\d{4}/);
    expect(text).not.toMatch(/(^|\s)\d{2}\/\d{2}\/\d{2}(\s|$)/m);
    // The time scale in French.
    expect(text).toMatch(/mars|avril/);
    const want = await expectedPages("A3", "landscape", 4, 17 + 4);
    expect(pdfPages(file)).toBe(want.pages);
    // Pages to look at (artifacts/print): the first sheet and the first of the second column.
    writeFileSync(join(ARTIFACTS, "demo-A3-landscape-4.pdf"), res.body);
    execFileSync("pdftoppm", ["-png", "-r", "60", "-f", "1", "-l", "2", file, join(ARTIFACTS, "demo-A3-landscape-4")]);
  });

  it("writes a counted task's percentage after its label (progress not told by the underline's grey alone)", async () => {
    const res = await exportPdf({ versionId: signedVersionId, pageFormat: "A3", orientation: "landscape" });
    expect(res.status).toBe(200);
    expect(pdfText(pdfFile("progress", res.body))).toMatch(/[A-Z]{2,3} \d{1,3} %/);
  });

  it("prints A3 by month (days on the scale) with a filter and aggregated zones, and keeps the PNGs", async () => {
    const data = fromWire(
      (
        await t.request<PlanningDataWire>("GET", "/planning/data", {
          token,
          query: { projectId, versionId, startDate: M0, endDate: monthAfter(1) },
        })
      ).body,
    );
    const zone = data.zones[0].id;
    const res = await exportPdf({
      pageFormat: "a3",
      orientation: "landscape",
      monthsPerPage: 1,
      startDate: `${M0}-15`,
      endDate: `${monthAfter(1)}-02`,
      aggregatedZoneIds: [zone],
      showLegend: true,
    });
    expect(res.status).toBe(200);
    const file = pdfFile("a3-month", res.body);
    writeFileSync(join(ARTIFACTS, "demo-A3-landscape-1.pdf"), res.body);
    expect(pdfText(file, 1)).toMatch(/LUN \d+/);
    execFileSync("pdftoppm", ["-png", "-r", "60", "-f", "1", "-l", "1", file, join(ARTIFACTS, "demo-A3-landscape-1")]);
    const filtered = await exportPdf({
      pageFormat: "A3",
      monthsPerPage: 12,
      showLegend: false,
      filters: { eventNames: ["Fin du gros œuvre bâtiment B"] },
    });
    const only = pdfText(pdfFile("filtered", filtered.body));
    expect(only).toContain("Fin du gros œuvre bâtiment B");
    expect(only).not.toContain("Fondations");
    expect(pdfPages(pdfFile("filtered2", filtered.body))).toBe(1);
    // Without a range: the project's projected months (eleven or twelve from the demo's start).
    const whole = await t.request<Buffer>("POST", "/planning/export", {
      token,
      body: { projectId, versionId, pageFormat: "A1", monthsPerPage: 6, showLegend: false },
    });
    expect(whole.status).toBe(200);
    const wholeText = pdfText(pdfFile("whole", whole.body), 1);
    expect(wholeText).toContain(
      new Intl.DateTimeFormat("fr-FR", { month: "long", year: "numeric", timeZone: "UTC" }).format(
        new Date(`${M0}-01T00:00:00Z`),
      ),
    );
    expect(wholeText).toContain("Colonne 1/2");
  });

  it("refuses bad input with catalogue codes, outsiders, and writes nothing", async () => {
    const before = await countRows(t.db, "events");
    expect((await exportPdf({ pageFormat: "A5" })).status).toBe(400);
    expect((await exportPdf({ monthsPerPage: 0 })).status).toBe(400);
    expect((await exportPdf({ monthsPerPage: "3" })).status).toBe(400);
    expect((await exportPdf({ startDate: "2027-01", endDate: "2026-01" })).body.code).toBe("errors.endDate_invalid");
    expect((await exportPdf({ monthsPerPage: 6, startDate: "1900-01", endDate: "2999-12" })).body.code).toBe(
      "errors.endDate_invalid",
    );
    expect((await exportPdf({ filters: { zoneIds: ["x"] } })).status).toBe(400);
    expect(
      (await t.request("POST", "/planning/export", { token, body: { projectId: "undefined", versionId } })).body.code,
    ).toBe("errors.no_project");
    expect((await exportPdf({}, outsider.token)).status).toBe(403);
    expect((await t.request("POST", "/planning/export", { body: { projectId, versionId } })).status).toBe(401);
    const tooBig = await exportPdf({ pageFormat: "A4", monthsPerPage: 1, startDate: "2000-01", endDate: "2040-12" });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.code).toBe("errors.validation");
    expect(await countRows(t.db, "events")).toBe(before);
  });
});
