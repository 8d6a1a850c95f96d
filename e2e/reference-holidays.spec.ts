import ExcelJS from "exceljs";
import { expect, test } from "@playwright/test";
import { openDemoPlanning, planning, planningSettled, shot, signIn } from "./helpers";

// Holidays feed the engine's calendar: a holiday added on a day a task runs moves the task at once, for every
// viewer of the planning, and the planning shades the new day.
test("add a holiday on a day a task runs: the task moves on the planning; undo puts both back", async ({ browser }) => {
  // Two signed-in browsers, two planning loads each: longer than one flow on a busy machine.
  test.setTimeout(180_000);
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await signIn(page, "manager@jalon.demo");
  await openDemoPlanning(page);

  // A task of several days that follows a parent (its dates derive from links, so it cannot be a locked root).
  const target = await planning(page, (h) => {
    const children = new Set(h.links().map((l) => l.childId));
    for (const id of h.ids()) {
      const d = h.dates(id);
      const day = d ? new Date(`${d[0]}T12:00:00Z`).getUTCDay() : 0;
      if (d && children.has(id) && d[1] > d[0] && day >= 1 && day <= 5) return { id, dates: d };
    }
    return null;
  });
  expect(target).not.toBeNull();
  const { id, dates } = target!;

  // A second user keeps the planning open and sees the task move live.
  const otherCtx = await browser.newContext();
  const other = await otherCtx.newPage();
  await signIn(other, "externe@jalon.demo");
  await openDemoPlanning(other);
  await planning(other, (h, x) => h.scrollTo(x as number), id);
  await planningSettled(other);
  await expect.poll(() => planning(other, (h, x) => h.dates(x as number), id)).toEqual(dates);

  await page.goto("/dashboard/holidays");
  await expect(page.getByRole("table", { name: "Liste des jours fériés" })).toBeVisible();
  await shot(page, "holidays-list");
  await page.getByRole("button", { name: "Nouveau jour férié" }).click();
  await expect(page).toHaveURL(/\/dashboard\/holiday\/new\/holiday$/);
  await page.getByRole("textbox", { name: /Nom/ }).fill("Journée d'intempéries");
  await page.getByLabel(/^Date/).fill(dates[0].split("-").reverse().join("/"));
  await shot(page, "holiday-form");
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page).toHaveURL(/\/dashboard\/holidays$/);
  const row = page
    .getByRole("table", { name: "Liste des jours fériés" })
    .getByRole("row", { name: /Journée d'intempéries/ });
  await expect(row).toBeVisible();
  const [y, m, d] = dates[0].split("-");
  await expect(row).toContainText(`${d}/${m}/${y}`);
  await shot(page, "holidays-list-after-create");

  // The other viewer got the dates delta: the task now ends a working day later.
  await expect.poll(() => planning(other, (h, x) => h.dates(x as number), id), { timeout: 15_000 }).not.toEqual(dates);
  const live = await planning(other, (h, x) => h.dates(x as number), id);
  expect(live![1] > dates[1]).toBe(true);

  // The initiator's planning, reloaded, shows the new dates too.
  await page.goto("/dashboard/planning");
  await planningSettled(page);
  await planning(page, (h, x) => h.scrollTo(x as number), id);
  await planningSettled(page);
  await expect.poll(() => planning(page, (h, x) => h.dates(x as number), id)).toEqual(live);
  await shot(page, "planning-after-holiday");
  await shot(other, "planning-after-holiday-other-user");

  // One undo puts back both the holiday and the dates, for everyone.
  await page.goto("/dashboard/holidays");
  await expect(row).toBeVisible();
  await page.getByRole("button", { name: "Défaire la dernière action" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Défaire l'action" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // By text: role queries skip the page while a closing dialog still hides it from assistive technologies.
  await expect(page.getByText("Journée d'intempéries")).toHaveCount(0);
  await expect.poll(() => planning(other, (h, x) => h.dates(x as number), id), { timeout: 15_000 }).toEqual(dates);
  await shot(page, "holidays-list-after-undo");
  await page.reload();
  await expect(page.getByText("Armistice 1918").first()).toBeVisible();
  await expect(page.getByText("Journée d'intempéries")).toHaveCount(0);
  await ctx.close();
  await otherCtx.close();
});

test("export the holidays and vacations: the .xlsx opens with French headers and real dates", async ({ page }) => {
  await signIn(page, "manager@jalon.demo");
  await openDemoPlanning(page);
  await page.goto("/dashboard/holidays");
  await expect(page.getByText("Jour de l'an").first()).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Exporter (.xlsx)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  const ws = wb.worksheets[0];
  expect(ws.getRow(1).values).toEqual([undefined, "Nom", "Type", "Date de début", "Date de fin", "Lots"]);
  const rows: { name: string; type: string; start: string }[] = [];
  ws.eachRow((row, n) => {
    if (n === 1) return;
    const start = row.getCell(3).value;
    rows.push({
      name: String(row.getCell(1).value),
      type: String(row.getCell(2).value),
      start: start instanceof Date ? start.toISOString().slice(0, 10) : String(start),
    });
  });
  // The demo's calendar follows the day it was seeded: a New Year's Day of some year, as a real date.
  expect(rows.some((r) => r.name === "Jour de l'an" && r.type === "Jour férié" && /^\d{4}-01-01$/.test(r.start))).toBe(
    true,
  );
  expect(rows.some((r) => r.type === "Congés")).toBe(true);
  await shot(page, "holidays-export");
});
