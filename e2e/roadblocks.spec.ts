import { expect, test, type Page } from "@playwright/test";
import { openDemoPlanning, planning, planningSettled, shot, signIn } from "./helpers";

// Roadblocks (issue 18): a planner opens a task from the planning, adds a blocking point in the modal's
// "Points bloquants" tab, sees the task's marker (on its bar and in its grid row), lifts the point and sees the
// marker go; then the roadblocks list of the demo, and one roadblock's form.

const MARKER_RED = [0xc5, 0x0f, 0x1f];

/** The colour drawn on the canvas at a page point (the marker's centre). */
async function canvasColor(page: Page, x: number, y: number): Promise<number[]> {
  return page.evaluate(
    ([px, py]) => {
      const canvas = document.querySelector<HTMLCanvasElement>("[data-testid='gantt-canvas'] canvas");
      if (!canvas) return [];
      const r = canvas.getBoundingClientRect();
      const scale = canvas.width / r.width;
      const d = canvas
        .getContext("2d")!
        .getImageData(Math.round((px - r.left) * scale), Math.round((py - r.top) * scale), 1, 1).data;
      return [d[0], d[1], d[2]];
    },
    [x, y] as const,
  );
}

/** Whether the marker's red is drawn at the top right corner of the task's bar (as drawn now). */
async function markerShown(page: Page, id: number): Promise<boolean> {
  const b = await planning(page, (h, arg) => h.bar(arg as number), id);
  return b !== null && isRed(await canvasColor(page, b.x + b.width, b.y));
}

const isRed = (c: number[]) => c.length === 3 && c.every((v, i) => Math.abs(v - MARKER_RED[i]) < 24);

test("a blocking point added to a task marks it on the planning until it is lifted; the roadblocks list", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, "manager@jalon.demo");
  await openDemoPlanning(page);

  // A task without roadblocks whose whole bar (and the marker's corner) is inside the canvas once brought on screen.
  const candidates = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>("[data-testid='grid-row']"))
      .filter((r) => !r.textContent?.startsWith("◆") && !r.querySelector("[data-testid='roadblock-open']"))
      .map((r) => Number(r.dataset.eventId)),
  );
  const box = (await page.getByTestId("gantt-canvas").boundingBox())!;
  let id = 0;
  let bar: { x: number; y: number; width: number; height: number } | null = null;
  for (const candidate of candidates) {
    await planning(page, (h, arg) => h.scrollTo(arg as number), candidate);
    await planningSettled(page);
    const b = await planning(page, (h, arg) => h.bar(arg as number), candidate);
    if (b && b.width > 12 && b.x > box.x + 10 && b.x + b.width < box.x + box.width - 10 && b.y > box.y + 10) {
      id = candidate;
      bar = b;
      break;
    }
  }
  expect(bar).not.toBeNull();
  const row = page.locator(`[data-testid='grid-row'][data-event-id='${id}']`);
  expect(await markerShown(page, id)).toBe(false);

  // The task modal: its "Points bloquants" tab adds one.
  await page.mouse.dblclick(bar!.x + bar!.width / 2, bar!.y + bar!.height / 2);
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("tab", { name: "Points bloquants" }).click();
  const tab = dialog.getByRole("tabpanel", { name: "Points bloquants" });
  await expect(tab.getByText("Aucun point bloquant sur cette tâche.")).toBeVisible();
  await tab.getByRole("textbox", { name: "Nouveau point bloquant" }).fill("Trémies non réservées par le gros œuvre");
  await tab.getByRole("button", { name: "Ajouter" }).click();
  const table = tab.getByRole("table", { name: "Points bloquants de la tâche" });
  await expect(table.getByRole("row", { name: /Trémies non réservées/ })).toContainText("Ouvert");
  await expect(tab.getByRole("status")).toHaveText("1 point bloquant ouvert");
  await expect(page.locator("[data-toast-intent='success']").last()).toContainText(
    "Point bloquant : « Trémies non réservées par le gros œuvre » créé.",
  );
  await shot(page, "roadblocks-task-tab");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // The planning marks the task: a red dot on its bar, named in its grid row.
  await expect(row.getByRole("img", { name: "Points bloquants ouverts" })).toBeVisible();
  await planningSettled(page);
  await expect.poll(() => markerShown(page, id)).toBe(true);
  await shot(page, "roadblocks-planning-marker");

  // Lifted in the modal: the marker goes.
  bar = await planning(page, (h, arg) => h.bar(arg as number), id);
  await page.mouse.dblclick(bar!.x + bar!.width / 2, bar!.y + bar!.height / 2);
  await dialog.getByRole("tab", { name: "Points bloquants" }).click();
  await tab.getByRole("button", { name: "Lever le point bloquant Trémies non réservées par le gros œuvre" }).click();
  await expect(table.getByRole("row", { name: /Trémies non réservées/ })).toContainText("Levé");
  await expect(tab.getByRole("status")).toHaveText("0 point bloquant ouvert");
  await shot(page, "roadblocks-task-tab-lifted");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(row.getByRole("img", { name: "Points bloquants ouverts" })).toHaveCount(0);
  await planningSettled(page);
  await expect.poll(() => markerShown(page, id)).toBe(false);
  await shot(page, "roadblocks-planning-no-marker");

  // The list: the demo's roadblocks and the one lifted above.
  await page.goto("/dashboard/roadblocks");
  await expect(page.getByRole("heading", { name: "Points bloquants" })).toBeVisible();
  const list = page.getByRole("table", { name: "Liste des points bloquants" });
  await expect(list.getByRole("row", { name: /Trémies non réservées/ })).toContainText("Levé");
  await expect(list.getByRole("row", { name: /Plans de réservation non diffusés/ })).toContainText("Ouvert");
  await expect(page.getByRole("status").filter({ hasText: "ouverts sur" })).toHaveText("7 ouverts sur 11");
  await shot(page, "roadblocks-list");
  await page.getByLabel("État").selectOption("open");
  await expect(list.getByRole("row", { name: /Trémies non réservées/ })).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "ouverts sur" })).toHaveText("7 ouverts sur 7");

  // One roadblock's form: lifted from there, the toast names it.
  const cells = list.getByRole("row", { name: /Plans de réservation non diffusés/ }).getByRole("cell");
  const [taskName, lotName, zoneName] = await Promise.all([3, 4, 6].map((i) => cells.nth(i).innerText()));
  await list.getByText("Plans de réservation non diffusés").click();
  await expect(page).toHaveURL(/\/dashboard\/roadblock\/\d+$/);
  const form = page.getByRole("region", { name: "Point bloquant : Plans de réservation non diffusés" });
  await expect(form.getByRole("textbox", { name: /Intitulé/ })).toHaveValue("Plans de réservation non diffusés");
  // Its task, lot, participant and zone, by name once their lists are loaded.
  await expect(form.getByLabel("Tâche bloquée").locator("option:checked")).toHaveText(taskName.trim());
  await expect(form.getByLabel("Lot").locator("option:checked")).toHaveText(lotName.trim());
  await expect(form.getByLabel("Zone").locator("option:checked")).toHaveText(zoneName.trim());
  await shot(page, "roadblocks-form");
  await form.getByRole("switch").click();
  await form.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page).toHaveURL(/\/dashboard\/roadblocks$/);
  await expect(page.locator("[data-toast-intent='success']").last()).toContainText(
    "Point bloquant : « Plans de réservation non diffusés » enregistré.",
  );
});
