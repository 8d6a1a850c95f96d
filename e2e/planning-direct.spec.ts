import { expect, test, type Page } from "@playwright/test";
import { openDemoPlanning, planning, planningSettled, shot, signIn, taskBarInChart } from "./helpers";

// Direct manipulation on the planning (issue 20): the tooltip of a bar and of a drag (with the header's live end),
// the context menu's duplicate and delete (and a refusal of the catalogue), a task typed in place.

const french = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const iso = (fr: string) => `${fr.slice(6, 10)}-${fr.slice(3, 5)}-${fr.slice(0, 2)}`;

async function openMonthView(page: Page) {
  await signIn(page, "manager@jalon.demo");
  await openDemoPlanning(page);
  await page.getByTestId("view-month").click();
  await planningSettled(page);
}

/** A task's bar inside the chart with room to drag it right (at 1920 px the chart widens on that side). */
const taskOnScreen = (page: Page) => taskBarInChart(page, { room: 60 });

test("hovering a bar shows its tooltip; dragging it shows the new dates, the shift and the header's live end", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 860 });
  await openMonthView(page);
  const { id, bar } = await taskOnScreen(page);
  const [start, end] = (await planning(page, (h, x) => h.dates(x as number), id))!;
  await page.mouse.move(bar.x + bar.width / 2, bar.y + bar.height / 2);
  const tip = page.getByTestId("planning-tooltip");
  await expect(tip).toBeVisible();
  await expect(tip.getByTestId("tip-start")).toHaveText(french(start));
  await expect(tip.getByTestId("tip-end")).toHaveText(french(end));
  await expect(tip).toContainText("Marge");
  await expect(tip).toContainText("Zone");
  await expect(tip.getByTestId("tip-float")).toHaveText(/j ouvrés?$/);
  await shot(page, "planning-direct-tooltip-1280");
  await page.setViewportSize({ width: 1920, height: 1000 });
  await planningSettled(page);
  const wide = await planning(page, (h, x) => h.bar(x as number), id);
  await page.mouse.move(wide!.x + 4, wide!.y + wide!.height / 2);
  await page.mouse.move(wide!.x + wide!.width / 2, wide!.y + wide!.height / 2);
  await expect(tip.getByTestId("tip-start")).toHaveText(french(start));
  await shot(page, "planning-direct-tooltip-1920");

  // Leaving the chart hides it.
  await page.mouse.move(5, 5);
  await expect(tip).toBeHidden();

  // A drag: the tooltip follows with the previewed dates and the shift; the header's end is at least the bar's.
  const b = (await planning(page, (h, x) => h.bar(x as number), id))!;
  const dayWidth = await planning(page, (h) => h.dayWidth);
  const header = page.getByTestId("header-projected-end");
  const before = await header.textContent();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2 + dayWidth * 8, b.y + b.height / 2, { steps: 12 });
  await expect.poll(() => planning(page, (h) => h.tools().mode)).toBe("dragging");
  await expect.poll(async () => (await planning(page, (h, x) => h.dates(x as number), id))![0]).not.toBe(start);
  const moved = (await planning(page, (h, x) => h.dates(x as number), id))!;
  await expect(tip.getByTestId("tip-start")).toHaveText(french(moved[0]));
  await expect(tip.getByTestId("tip-shift")).toHaveText(/^\+\d+ j ouvrés?$/);
  await expect(header).toBeVisible();
  const live = iso((await header.textContent())!.replace(/^.*: /, "").trim());
  expect(live >= moved[1], `header end ${live} >= the dragged bar's end ${moved[1]}`).toBe(true);
  await shot(page, "planning-direct-drag-1920");
  // Escape drops the drag: the bar and the header go back.
  await page.keyboard.press("Escape");
  await page.mouse.up();
  await expect.poll(() => planning(page, (h, x) => h.dates(x as number), id)).toEqual([start, end]);
  await expect(header).toHaveText(before!);
});

test("the context menu duplicates and deletes a task, and says the catalogue's refusal in French", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 860 });
  await openMonthView(page);
  const { id, bar } = await taskOnScreen(page);
  const count = (await planning(page, (h) => h.ids())).length;
  await page.mouse.click(bar.x + bar.width / 2, bar.y + bar.height / 2, { button: "right" });
  const menu = page.getByTestId("planning-context-menu");
  await expect(menu).toBeVisible();
  for (const name of [
    "Ouvrir",
    "Ajouter un successeur",
    "Ajouter un lien prédécesseur",
    "Dupliquer",
    "Supprimer",
    "Copier les dates",
  ])
    await expect(menu.getByRole("menuitem", { name })).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: /^(Verrouiller|Déverrouiller)$/ })).toBeVisible();
  await shot(page, "planning-direct-menu-1280");
  await page.setViewportSize({ width: 1920, height: 1000 });
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await planningSettled(page);
  const wide = (await planning(page, (h, x) => h.bar(x as number), id))!;
  await page.mouse.click(wide.x + wide.width / 2, wide.y + wide.height / 2, { button: "right" });
  await expect(menu).toBeVisible();
  await shot(page, "planning-direct-menu-1920");

  // Dupliquer: a copy appears (selected), then Supprimer on it removes it.
  await menu.getByRole("menuitem", { name: "Dupliquer" }).click();
  await expect(page.getByText(/dupliquée\./).first()).toBeVisible();
  await expect.poll(async () => (await planning(page, (h) => h.ids())).length, { timeout: 30_000 }).toBe(count + 1);
  await planningSettled(page);
  const copy = await planning(page, (h) => h.tools().selection);
  expect(copy).toHaveLength(1);
  expect(copy[0]).not.toBe(id);
  await planning(page, (h, x) => h.scrollTo(x as number), copy[0]);
  await planningSettled(page);
  // From the grid, with the keyboard: Shift+F10 on the focused row.
  const row = page.locator(`[data-testid="grid-row"][data-event-id="${copy[0]}"]`);
  await row.focus();
  await page.keyboard.press("Shift+F10");
  await expect(menu).toBeVisible();
  await menu.getByRole("menuitem", { name: "Supprimer" }).click();
  // Asked first (issue 22: a delete is confirmed on every path): Annuler keeps the task, the focus back on its row.
  const confirm = page.getByRole("dialog", { name: /^Supprimer « .+ » \?$/ });
  await expect(confirm).toBeVisible();
  await expect(menu).toBeHidden();
  await shot(page, "planning-direct-delete-confirm");
  await confirm.getByRole("button", { name: "Annuler" }).click();
  await expect(confirm).toBeHidden();
  // Gone from the page, its backdrop too (it fades out: a click meanwhile would land on it).
  await expect(page.locator("[role='dialog']")).toHaveCount(0);
  await expect(row).toBeFocused();
  expect(await planning(page, (h) => h.ids())).toContain(copy[0]);
  // Right click on its bar this time, and the confirm deletes it.
  const copyBar = (await planning(page, (h, x) => h.bar(x as number), copy[0]))!;
  await page.mouse.click(copyBar.x + copyBar.width / 2, copyBar.y + copyBar.height / 2, { button: "right" });
  await expect(menu).toBeVisible();
  await menu.getByRole("menuitem", { name: "Supprimer" }).click();
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Supprimer" }).click();
  await expect(page.getByText("Tâche supprimée.").first()).toBeVisible();
  await expect.poll(async () => (await planning(page, (h) => h.ids())).length, { timeout: 30_000 }).toBe(count);

  // A task others depend on: the catalogue's refusal, and the task stays.
  await planningSettled(page);
  const parent = await planning(page, (h) => {
    const shown = new Set(h.rows());
    return h.links().find((l) => shown.has(l.parentId) && shown.has(l.childId))?.parentId ?? null;
  });
  expect(parent).not.toBeNull();
  await planning(page, (h, x) => h.scrollTo(x as number), parent);
  await planningSettled(page);
  const parentRow = page.locator(`[data-testid="grid-row"][data-event-id="${parent}"]`);
  await parentRow.click({ button: "right" });
  await expect(menu).toBeVisible();
  await menu.getByRole("menuitem", { name: "Supprimer" }).click();
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Supprimer" }).click();
  await expect(
    page.getByText("Certains éléments sont référencés par d'autres et ne peuvent pas être supprimés.").first(),
  ).toBeVisible();
  expect(await planning(page, (h) => h.ids())).toContain(parent);
  // The focus went back to the row the menu was opened from.
  await expect(parentRow).toBeFocused();
});

test("a double click on an empty day of a zone's row types a new task in place", async ({ page }) => {
  test.setTimeout(180_000);
  await openMonthView(page);
  const count = (await planning(page, (h) => h.ids())).length;
  const p = await planning(page, (h) => h.emptyRowPoint());
  expect(p, "an empty day of a row on screen").not.toBeNull();
  await page.mouse.dblclick(p!.x, p!.y);
  const input = page.getByTestId("planning-new-task");
  await expect(input).toBeFocused();
  // Escape cancels.
  await input.press("Escape");
  await expect(input).toBeHidden();
  await page.mouse.dblclick(p!.x, p!.y);
  await expect(input).toBeFocused();
  await input.fill("Ragréage e2e");
  await shot(page, "planning-direct-create");
  await input.press("Enter");
  await expect(page.getByText("Tâche « Ragréage e2e » créée.").first()).toBeVisible();
  await expect.poll(async () => (await planning(page, (h) => h.ids())).length, { timeout: 30_000 }).toBe(count + 1);
  await planningSettled(page);
  const created = (await planning(page, (h) => h.tools().selection))[0];
  const days = (await planning(page, (h, x) => h.dates(x as number), created))!;
  // One working day: it starts and ends on the same day.
  expect(days[0]).toBe(days[1]);
  await expect(page.locator(`[data-testid="grid-row"][data-event-id="${created}"]`)).toContainText("Ragréage e2e");

  // "+" at a zone group's end types the name over the group's title; Escape cancels.
  const add = page.getByTestId("grid-group-add").first();
  await expect(add).toHaveAccessibleName(/^Ajouter une tâche dans /);
  await add.click();
  await expect(input).toBeFocused();
  await expect(input).toHaveAccessibleName(/^Ajouter une tâche dans /);
  await input.press("Escape");
  await expect(input).toBeHidden();
});
