import { expect, test, type Page } from "@playwright/test";
import { DEMO_PASSWORD, planning, planningSettled, shot, signIn } from "./helpers";

/**
 * Issue 14, "the planning shows the whole project": a project over three years, made through the API. The view
 * opens on the default months around today; the date filter shows the third year; scrolling to the right edge
 * loads more months; "Tout le projet" shows the first and the last task.
 */
const DAY = 86_400_000;
/** Today in Paris, as the planning reads it. */
const todayIso = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date());
/** The Monday on or after `iso` + `days` (tasks start on working days). */
function mondayFrom(iso: string, days: number): string {
  let t = Date.parse(`${iso}T00:00:00Z`) + days * DAY;
  while (new Date(t).getUTCDay() !== 1) t += DAY;
  return new Date(t).toISOString().slice(0, 10);
}

async function threeYearProject(page: Page) {
  const login = await page.request.post("/api/auth/login", {
    data: { email: "manager@jalon.demo", password: DEMO_PASSWORD },
  });
  const headers = { Authorization: `Bearer ${(await login.json()).token as string}` };
  const name = `Chantier sur trois ans ${Date.now()}`;
  const created = await page.request.post("/api/project", { headers, data: { name, versionName: "Version 1" } });
  expect(created.status(), await created.text()).toBe(201);
  const project = (await created.json()) as { id: number; currentVersionId: number };
  const today = todayIso();
  const task = async (taskName: string, startDate: string, numberOfDays: number) => {
    const res = await page.request.post("/api/event", {
      headers,
      data: { projectId: project.id, versionId: project.currentVersionId, name: taskName, startDate, numberOfDays },
    });
    expect(res.status(), await res.text()).toBe(201);
    return { id: (await res.json()).id as number, startDate };
  };
  return {
    name,
    /** Archived at the end: the other planning flows open the first project of the list, the demo one. */
    archive: () => page.request.patch(`/api/project/${project.id}`, { headers, data: { isArchived: true } }),
    // Year 1: next week, in the default months. Then 7 months ahead (past the default's 4) and 24 months ahead.
    first: await task("Installation de chantier", mondayFrom(today, 7), 5),
    middle: await task("Gros œuvre bâtiment B", mondayFrom(today, 7 * 30), 10),
    last: await task("Réception des travaux", mondayFrom(today, 24 * 30.5), 3),
  };
}

test("a project over three years: default months, the date filter, more months past the edge, the whole project", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const p = await threeYearProject(page);
  try {
    await rangeFlow(page, p);
  } finally {
    expect((await p.archive()).status()).toBe(200);
  }
});

async function rangeFlow(page: Page, p: Awaited<ReturnType<typeof threeYearProject>>): Promise<void> {
  await signIn(page, "manager@jalon.demo");
  await page.getByRole("group", { name: p.name }).click();
  await expect(page).toHaveURL(/\/dashboard\/planning/);
  await planningSettled(page);
  const ids = () => planning(page, (h) => h.ids());
  const range = () => planning(page, (h) => h.range());
  const onScreen = (id: number) => planning(page, (h, x) => h.onScreen(x as number), id);

  // By default: 3 months back to 4 ahead; only the first task is in it, and it is drawn on screen.
  await expect.poll(ids, { timeout: 20_000 }).toEqual([p.first.id]);
  const [from, to] = await range();
  expect(from.slice(8)).toBe("01");
  expect(from < todayIso() && to > todayIso()).toBe(true);
  expect(p.middle.startDate > to && p.last.startDate > to).toBe(true);
  expect(await onScreen(p.first.id)).toBe(true);
  const rangeText = page.getByTestId("planning-range");
  await expect(rangeText).toHaveText(
    `Du ${from.slice(8, 10)}/${from.slice(5, 7)}/${from.slice(0, 4)} au ${to.slice(8, 10)}/${to.slice(5, 7)}/${to.slice(0, 4)}`,
  );
  await shot(page, "planning-range-default");

  // The date filter sets the range: the third year's task shows, the first year's does not.
  await page.getByTestId("filters-toggle").click();
  const panel = page.getByTestId("planning-filters");
  const lastMonth = p.last.startDate.slice(0, 7);
  await panel.getByLabel("À partir du (début de journée)").fill(`01/${lastMonth.slice(5, 7)}/${lastMonth.slice(0, 4)}`);
  await panel.getByLabel("Jusqu'au (fin de journée)").fill(`28/${lastMonth.slice(5, 7)}/${lastMonth.slice(0, 4)}`);
  await expect.poll(ids, { timeout: 20_000 }).toEqual([p.last.id]);
  expect((await range())[0]).toBe(`${lastMonth}-01`);
  await planningSettled(page);
  expect(await onScreen(p.last.id)).toBe(true);
  await shot(page, "planning-range-filter");
  // An end before the start is said under the field, and the planning keeps working.
  await panel.getByLabel("Jusqu'au (fin de journée)").fill(`01/01/${Number(lastMonth.slice(0, 4)) - 1}`);
  await expect(panel.getByText("La date de fin est invalide.")).toBeVisible();
  await shot(page, "planning-range-filter-invalid");
  await panel.getByRole("button", { name: "Réinitialiser" }).click();
  await page.getByTestId("filters-toggle").click();
  await expect.poll(ids, { timeout: 20_000 }).toEqual([p.first.id]);
  await planningSettled(page);

  // Scrolling to the right edge loads the next months, the scroll staying where it is (on the same days).
  await expect(panel).toBeHidden();
  await planningSettled(page);
  const before = await range();
  const scroller = page.getByTestId("planning-scroller");
  // To the end of the scroll, then a horizontal wheel past it (the view may open there already: the default
  // months are about as wide as the canvas, and a scroll offset that does not change sends no scroll event).
  const box = (await page.getByTestId("gantt-canvas").boundingBox())!;
  const toEnd = async () => {
    const left = await scroller.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
      return el.scrollLeft;
    });
    await page.mouse.move(box.x + box.width / 2, box.y + 100);
    await page.mouse.wheel(300, 0);
    return left;
  };
  const jumped = await toEnd();
  await expect.poll(async () => (await range())[1] > before[1], { timeout: 20_000 }).toBe(true);
  await planningSettled(page);
  const afterExtend = await scroller.evaluate((el) => ({ left: el.scrollLeft, max: el.scrollWidth - el.clientWidth }));
  // Not reset: still on the days it showed (a wheel's smooth scroll may carry on a little into the new months).
  expect(afterExtend.left).toBeGreaterThanOrEqual(jumped);
  expect(afterExtend.max).toBeGreaterThan(afterExtend.left);
  await shot(page, "planning-range-extended-end");
  // Further on, the task 7 months ahead comes in.
  for (let k = 0; k < 4 && !(await ids()).includes(p.middle.id); k++) {
    const end = (await range())[1];
    await toEnd();
    await expect.poll(async () => (await range())[1] > end, { timeout: 20_000 }).toBe(true);
    await planningSettled(page);
  }
  expect(await ids()).toEqual([p.first.id, p.middle.id]);

  // And past the left edge: the months before load, and the same day stays at the left of the canvas.
  const startBefore = (await range())[0];
  await scroller.evaluate((el) => (el.scrollLeft = 0));
  await expect.poll(async () => (await range())[0] < startBefore, { timeout: 20_000 }).toBe(true);
  await planningSettled(page);
  expect(await planning(page, (h) => h.leftDay())).toBe(startBefore);
  expect(await scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await shot(page, "planning-range-extended-start");

  // "Tout le projet", from the keyboard: the range runs from the first task's month to the last one's. Two years
  // need more than the canvas of a 1440 px screen at the smallest zoom (20): the view opens on the first task and
  // the last is a scroll away.
  // Reached with the keyboard: the toolbar is one tab stop (Tab from the page lands on the filters button, its
  // last used control), and the arrow keys move through it, as a WAI-ARIA toolbar does.
  const whole = page.getByRole("button", { name: "Tout le projet" });
  await page.getByTestId("filters-toggle").focus();
  const path: string[] = [];
  for (let k = 0; k < 20 && !(await whole.evaluate((el) => el === document.activeElement)); k++) {
    await page.keyboard.press("ArrowRight");
    path.push(
      await page.evaluate(
        () =>
          `${document.activeElement?.tagName} ${document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent?.slice(0, 30)}`,
      ),
    );
  }
  await expect(whole, `focus went ${path.join(" → ")}`).toBeFocused();
  await page.keyboard.press("Enter");
  await expect.poll(ids, { timeout: 20_000 }).toEqual([p.first.id, p.middle.id, p.last.id]);
  await planningSettled(page);
  const projectRange = [
    `${p.first.startDate.slice(0, 7)}-01`,
    expect.stringMatching(new RegExp(`^${lastMonth}-\\d\\d$`)),
  ];
  expect(await range()).toEqual(projectRange);
  expect(await onScreen(p.first.id)).toBe(true);
  await shot(page, "planning-range-project-1440");
  // On a wider screen the whole project fits: the first and the last task are both on screen.
  await page.setViewportSize({ width: 1920, height: 1000 });
  await page.getByRole("button", { name: "Tout le projet" }).click();
  await planningSettled(page);
  await expect.poll(async () => [await onScreen(p.first.id), await onScreen(p.last.id)]).toEqual([true, true]);
  expect(await range()).toEqual(projectRange);
  await shot(page, "planning-range-project");

  // Back to the default months.
  await page.getByRole("button", { name: "Période par défaut" }).click();
  await expect.poll(ids, { timeout: 20_000 }).toEqual([p.first.id]);
  expect(await range()).toEqual([from, to]);
}
