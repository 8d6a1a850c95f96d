import { expect, test, type Page } from "@playwright/test";
import { DEMO_PASSWORD, planning, planningSettled, shot } from "./helpers";

// The planning with the keyboard alone (issue 22), no mouse at all: sign in, open the demo planning, Tab to the
// chart, select a task with Space, move it two working days with the arrows (each press one move), link it to a
// later task with L, undo all three with Ctrl+Z; the live region says each step in French.

const DAY = 86_400_000;
const addDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const weekday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();
/** `iso` shifted by n weekdays (Monday to Friday). */
function addWeekdays(iso: string, n: number): string {
  let d = iso;
  for (let k = 0; k < n;) {
    d = addDays(d, 1);
    if (weekday(d) !== 0 && weekday(d) !== 6) k++;
  }
  return d;
}
const french = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
/** French public holidays 2025-2028 and the trade's usual closures (August, Christmas): no move is checked across them. */
const HOLIDAYS = new Set([
  ...[2025, 2026, 2027, 2028].flatMap((y) =>
    ["01-01", "05-01", "05-08", "07-14", "08-15", "11-01", "11-11", "12-25"].map((d) => `${y}-${d}`),
  ),
  ...["2025-04-21", "2025-05-29", "2025-06-09", "2026-04-06", "2026-05-14", "2026-05-25"],
  ...["2027-03-29", "2027-05-06", "2027-05-17", "2028-04-17", "2028-05-25", "2028-06-05"],
]);
const quiet = (iso: string) => {
  for (let k = 0; k <= 6; k++) {
    const d = addDays(iso, k);
    const md = d.slice(5);
    if (HOLIDAYS.has(d) || md.startsWith("08-") || md >= "12-20" || md <= "01-05") return false;
  }
  return true;
};

const chart = (page: Page) => page.getByTestId("planning-chart");
const live = (page: Page) => page.getByTestId("planning-live");

/** Tab (or Shift+Tab) until the chart has the focus: it is one stop, whatever comes before it. */
async function tabToChart(page: Page): Promise<number> {
  const onChart = () => page.evaluate(() => document.activeElement?.getAttribute("data-testid") === "planning-chart");
  for (let k = 1; k <= 40; k++) {
    await page.keyboard.press("Shift+Tab");
    if (await onChart()) return -k;
  }
  for (let k = 1; k <= 3000; k++) {
    await page.keyboard.press("Tab");
    if (await onChart()) return k;
  }
  throw new Error("the chart is not a Tab stop");
}

async function current(page: Page): Promise<number | null> {
  return (await planning(page, (h) => h.keyboard())).current;
}

/** Signing in and opening the demo planning with the keyboard too. */
async function openWithKeyboard(page: Page) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/login");
  await page.getByLabel("Adresse e-mail").fill("manager@jalon.demo");
  await page.getByLabel("Mot de passe").fill(DEMO_PASSWORD);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\/projects/);
  const card = page.getByRole("group", { name: "Résidence Les Jardins de l'Erdre" }).first();
  await card.getByRole("button", { name: "Ouvrir" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\/planning/);
  await planningSettled(page);
}

test("keyboard only: Tab to the chart, select, move two working days, link with L, undo with Ctrl+Z", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await openWithKeyboard(page);

  // The chart: one Tab stop, an application with a French name and role description.
  await expect(chart(page)).toHaveAttribute("role", "application");
  await expect(chart(page)).toHaveAttribute("aria-roledescription", "diagramme de Gantt modifiable au clavier");
  await expect(chart(page)).toHaveAccessibleName("Diagramme de Gantt du planning");
  await expect(live(page)).toHaveAttribute("aria-live", "polite");
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await tabToChart(page);
  await expect(chart(page)).toBeFocused();
  await expect.poll(() => current(page)).not.toBeNull();
  expect((await planning(page, (h) => h.keyboard())).focused).toBe(true);
  // The current task is said with its dates, duration, lot, zone, float and progress.
  await expect(live(page)).toContainText("Début ");
  await expect(live(page)).toContainText("Durée ");
  await expect(live(page)).toContainText("Zone ");
  await expect(live(page)).toContainText(/Marge \d+ j ouvrés?/);
  await expect(live(page)).toContainText("Avancement ");
  await expect(live(page)).toContainText(/critique/);

  // A task among the first rows, then a later row it may link to: no link between them, no path back (a cycle).
  const rows = await planning(page, (h) => h.rows());
  const links = await planning(page, (h) => h.links());
  const dates = await planning(page, (h, ids) => (ids as number[]).map((x) => h.dates(x)), rows.slice(0, 260));
  // A task still to come (one already done may be counted, and a counted task keeps its dates).
  const today = await page.evaluate(() => new Date().toISOString().slice(0, 10));
  const reaches = (from: number, to: number) => {
    const seen = new Set<number>();
    const todo = [from];
    while (todo.length) {
      const x = todo.pop()!;
      if (x === to) return true;
      if (seen.has(x)) continue;
      seen.add(x);
      for (const l of links) if (l.parentId === x) todo.push(l.childId);
    }
    return false;
  };
  let pick: { a: number; b: number } | null = null;
  for (let i = 0; i < 250 && i < rows.length && !pick; i++) {
    const d = dates[i];
    if (!d || d[0] < today || d[1] <= d[0] || !quiet(d[0]) || !quiet(d[1])) continue;
    if (weekday(d[0]) === 0 || weekday(d[0]) === 6) continue;
    for (let j = i + 1; j < Math.min(i + 8, rows.length); j++)
      if (!reaches(rows[j], rows[i]) && !links.some((l) => l.parentId === rows[i] && l.childId === rows[j])) {
        pick = { a: i, b: j };
        break;
      }
  }
  expect(pick, "a task and a later task to link it to").not.toBeNull();
  const a = rows[pick!.a];
  const b = rows[pick!.b];
  const [start, end] = dates[pick!.a]!;

  // Home, then Down to the task: the current task follows, drawn and on screen.
  await page.keyboard.press("Home");
  await expect.poll(() => current(page)).toBe(rows[0]);
  for (let k = 0; k < pick!.a; k++) await page.keyboard.press("ArrowDown");
  await expect.poll(() => current(page)).toBe(a);
  await expect.poll(() => planning(page, (h, x) => h.onScreen(x as number), a)).toBe(true);

  // Space selects it, the same selection as the mouse's.
  await page.keyboard.press("Space");
  await expect.poll(() => planning(page, (h) => h.tools().selection)).toEqual([a]);
  await expect(live(page)).toContainText("sélectionnée ; 1 tâche sélectionnée");
  await shot(page, "planning-keyboard-focus");

  // Right twice: two moves of one working day each; the dates end two working days later, the duration kept.
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  const moved: [string, string] = [addWeekdays(start, 2), addWeekdays(end, 2)];
  await expect.poll(() => planning(page, (h, x) => h.dates(x as number), a), { timeout: 30_000 }).toEqual(moved);
  await expect(live(page)).toHaveText(
    new RegExp(
      `déplacée au ${french(moved[0])}, (aucune autre tâche ne suit|\\d+ tâches? suit|\\d+ tâches suivent)(, fin projetée \\d\\d/\\d\\d/\\d{4})?\\s*$`,
    ),
    { timeout: 30_000 },
  );

  // L, then Down to the other task and Enter: a finish-to-start link (type 0, no delay).
  await page.keyboard.press("l");
  await expect.poll(() => planning(page, (h) => h.keyboard().mode)).toBe("linking");
  await expect(live(page)).toContainText("Lien depuis ");
  for (let k = pick!.a; k < pick!.b; k++) await page.keyboard.press("ArrowDown");
  await expect.poll(() => current(page)).toBe(b);
  await expect(live(page)).toContainText("Cible du lien : ");
  await shot(page, "planning-keyboard-linking");
  await page.keyboard.press("Enter");
  await expect(live(page)).toContainText("Lien créé de ", { timeout: 30_000 });
  await expect(live(page)).toContainText("fin à début");
  await planningSettled(page);
  await expect
    .poll(() => planning(page, (h) => h.links()), { timeout: 30_000 })
    .toContainEqual({ parentId: a, childId: b, type: 0, delay: 0 });
  expect((await planning(page, (h) => h.keyboard())).mode).toBe("navigating");
  await expect(chart(page)).toBeFocused();

  // Ctrl+Z three times: the link goes, then each move, one step a press.
  await page.keyboard.press("Control+z");
  await expect(live(page)).toContainText("Défait.", { timeout: 30_000 });
  await expect
    .poll(async () => (await planning(page, (h) => h.links())).some((l) => l.parentId === a && l.childId === b), {
      timeout: 30_000,
    })
    .toBe(false);
  await expect(chart(page)).toBeFocused();
  await page.keyboard.press("Control+z");
  await expect
    .poll(() => planning(page, (h, x) => h.dates(x as number), a), { timeout: 30_000 })
    .toEqual([addWeekdays(start, 1), addWeekdays(end, 1)]);
  await page.keyboard.press("Control+z");
  await expect.poll(() => planning(page, (h, x) => h.dates(x as number), a), { timeout: 30_000 }).toEqual([start, end]);
  await expect(live(page)).toContainText("Défait.");
  await planningSettled(page);
  await shot(page, "planning-keyboard-undone");
});

test("keyboard only: the duration with Alt+Shift+Right, Delete asks first, Shift+F10 opens the task's menu", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await openWithKeyboard(page);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await tabToChart(page);
  await expect.poll(() => current(page)).not.toBeNull();
  // Down to a task (a milestone has no duration) with no holiday after its end.
  let id = (await current(page))!;
  for (let k = 0; k < 200; k++) {
    const d = await planning(page, (h, x) => h.dates(x as number), id);
    if (d && d[1] > d[0] && quiet(d[1])) break;
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => current(page)).not.toBe(id);
    id = (await current(page))!;
  }
  const [start, end] = (await planning(page, (h, x) => h.dates(x as number), id))!;
  expect(end > start, "a task on several days").toBe(true);

  // Alt+Shift+Right: one working day longer (the resize's write), the start kept; Ctrl+Z shortens it again.
  await page.keyboard.press("Alt+Shift+ArrowRight");
  await expect
    .poll(() => planning(page, (h, x) => h.dates(x as number), id), { timeout: 30_000 })
    .toEqual([start, addWeekdays(end, 1)]);
  await expect(live(page)).toContainText(/: durée \d+ j ouvrés/);
  await planningSettled(page);
  await expect(chart(page)).toBeFocused();
  await page.keyboard.press("Control+z");
  await expect
    .poll(() => planning(page, (h, x) => h.dates(x as number), id), { timeout: 30_000 })
    .toEqual([start, end]);

  // Delete without a selection says so; with one it asks first, and Escape keeps the task, the focus back on the chart.
  await expect(chart(page)).toBeFocused();
  // Space selects the task alone, Ctrl+Space takes it out: nothing selected.
  await page.keyboard.press("Space");
  await page.keyboard.press("Control+Space");
  await expect.poll(() => planning(page, (h) => h.tools().selection)).toEqual([]);
  await expect(live(page)).toContainText("retirée de la sélection ; aucune tâche sélectionnée");
  await page.keyboard.press("Delete");
  await expect(live(page)).toContainText("Aucune tâche sélectionnée");
  await page.keyboard.press("Space");
  await page.keyboard.press("Delete");
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(/Supprimer « .+ » \?/);
  await shot(page, "planning-keyboard-delete");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(live(page)).toContainText("Suppression annulée.");
  expect(await planning(page, (h) => h.ids())).toContain(id);
  await expect(chart(page)).toBeFocused();

  // Shift+F10: the task's context menu, the mouse's right click; Escape closes it and the chart has the focus again.
  await page.keyboard.press("Shift+F10");
  const menu = page.getByTestId("planning-context-menu");
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Dupliquer" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(chart(page)).toBeFocused();

  // L then Escape: no link, navigating again.
  await page.keyboard.press("l");
  await expect.poll(() => planning(page, (h) => h.keyboard().mode)).toBe("linking");
  await page.keyboard.press("Escape");
  await expect.poll(() => planning(page, (h) => h.keyboard().mode)).toBe("navigating");
  await expect(live(page)).toContainText("Lien annulé.");
});
