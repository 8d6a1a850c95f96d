import { expect, test, type Page } from "@playwright/test";
import { openDemoPlanning, planning, planningSettled, shot, signIn, taskBarInChart } from "./helpers";

// The chart's own gestures (tools/pointerMachine.ts): the hand (a drag on the background, the middle button, Space
// held) scrolls like Bryntum's or MS Project's; Shift or Ctrl + drag on the background draws a rubber band.

const days = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);

/** A task's bar inside the chart, away from its edges. */
const barOnScreen = (page: Page) => taskBarInChart(page, { minWidth: 8 });

/** The demo planning in the month view, as its manager (the machine is shared: the flows wait rather than fail). */
async function openMonthView(page: Page) {
  await signIn(page, "manager@jalon.demo");
  await openDemoPlanning(page);
  await page.getByTestId("view-month").click();
  await planningSettled(page);
}

async function emptyPoint(page: Page) {
  const p = await planning(page, (h) => h.emptyPoint());
  expect(p, "a point on the chart's background").not.toBeNull();
  return p!;
}

test("the hand: a drag on the chart's background, the middle button or Space + drag scroll the chart", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await openMonthView(page);
  const dayWidth = await planning(page, (h) => h.dayWidth);
  const left0 = await planning(page, (h) => h.leftDay());
  const p = await emptyPoint(page);

  // A drag on the background: the chart follows the pointer (content moves left, later days come in).
  await page.mouse.move(p.x, p.y);
  await page.mouse.down();
  await page.mouse.move(p.x - 100, p.y, { steps: 4 });
  expect(await planning(page, (h) => h.tools().mode)).toBe("panning");
  await page.mouse.move(p.x - 300, p.y, { steps: 6 });
  await page.mouse.up();
  await planningSettled(page);
  const left1 = await planning(page, (h) => h.leftDay());
  expect(Math.abs(days(left0, left1) - 300 / dayWidth)).toBeLessThanOrEqual(2);
  expect(await planning(page, (h) => h.tools().mode)).toBe("idle");

  // The middle button pans from a bar, which neither moves nor gets selected.
  const { id, bar } = await barOnScreen(page);
  // Bringing a bar into view may have scrolled the chart: the pan is measured from here.
  const left1b = await planning(page, (h) => h.leftDay());
  const dates = await planning(page, (h, x) => h.dates(x as number), id);
  const selection = await planning(page, (h) => h.tools().selection);
  await page.mouse.move(bar.x + bar.width / 2, bar.y + bar.height / 2);
  await page.mouse.down({ button: "middle" });
  await page.mouse.move(bar.x + bar.width / 2 + 200, bar.y + bar.height / 2, { steps: 6 });
  await page.mouse.up({ button: "middle" });
  await planningSettled(page);
  const left2 = await planning(page, (h) => h.leftDay());
  expect(Math.abs(days(left2, left1b) - 200 / dayWidth)).toBeLessThanOrEqual(2);
  expect(await planning(page, (h, x) => h.dates(x as number), id)).toEqual(dates);
  expect(await planning(page, (h) => h.tools().selection)).toEqual(selection);

  // Space held: a press on a bar pans instead of dragging it.
  const again = await barOnScreen(page);
  const left2b = await planning(page, (h) => h.leftDay());
  const before = await planning(page, (h, x) => h.dates(x as number), again.id);
  await page.mouse.move(again.bar.x + again.bar.width / 2, again.bar.y + again.bar.height / 2);
  await page.keyboard.down("Space");
  await page.mouse.down();
  await page.mouse.move(again.bar.x + again.bar.width / 2 - 150, again.bar.y + again.bar.height / 2, { steps: 6 });
  expect(await planning(page, (h) => h.tools().mode)).toBe("panning");
  await page.mouse.up();
  await page.keyboard.up("Space");
  await planningSettled(page);
  const left3 = await planning(page, (h) => h.leftDay());
  expect(Math.abs(days(left2b, left3) - 150 / dayWidth)).toBeLessThanOrEqual(2);
  expect(await planning(page, (h, x) => h.dates(x as number), again.id)).toEqual(before);
});

test("the rubber band: Shift + drag selects the bars it touches, Ctrl + drag adds; Escape cancels a drag", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await openMonthView(page);
  const { id, bar } = await barOnScreen(page);
  const p = await emptyPoint(page);
  const target = { x: bar.x + bar.width / 2, y: bar.y + bar.height / 2 };
  await page.keyboard.down("Shift");
  await page.mouse.move(p.x, p.y);
  await page.mouse.down();
  await page.mouse.move(target.x, target.y, { steps: 8 });
  expect(await planning(page, (h) => h.tools().mode)).toBe("selecting-box");
  await shot(page, "planning-rubber-band");
  await page.mouse.up();
  await page.keyboard.up("Shift");
  const boxed = await planning(page, (h) => h.tools().selection);
  expect(boxed).toContain(id);
  // Every selected bar is one the band touched: inside its rectangle's rows and days.
  const rect = {
    left: Math.min(p.x, target.x),
    right: Math.max(p.x, target.x),
    top: Math.min(p.y, target.y),
    bottom: Math.max(p.y, target.y),
  };
  for (const x of boxed) {
    const b = (await planning(page, (h, i) => h.bar(i as number), x))!;
    // One pixel of slack: the page's pointer coordinates are rounded.
    const touches = b.x <= rect.right + 1 && b.x + b.width >= rect.left - 1;
    expect(touches && b.y <= rect.bottom + 1 && b.y + b.height >= rect.top - 1).toBe(true);
  }
  // The grid shows the selection too.
  await expect(page.locator('[data-testid="grid-row"][aria-selected="true"]')).toHaveCount(boxed.length);

  // Ctrl + drag from the background over another place adds to the selection.
  const q = await emptyPoint(page);
  await page.keyboard.down("Control");
  await page.mouse.move(q.x, q.y);
  await page.mouse.down();
  await page.mouse.move(q.x - 400, q.y - 300, { steps: 8 });
  await page.mouse.up();
  await page.keyboard.up("Control");
  const added = await planning(page, (h) => h.tools().selection);
  for (const x of boxed) expect(added).toContain(x);

  // Escape during a drag: the preview goes and the release moves nothing.
  const before = await planning(page, (h, x) => h.dates(x as number), id);
  const dayWidth = await planning(page, (h) => h.dayWidth);
  await page.mouse.move(target.x, target.y);
  await page.mouse.down();
  await page.mouse.move(target.x + dayWidth * 6, target.y, { steps: 8 });
  expect(await planning(page, (h) => h.tools().mode)).toBe("dragging");
  await page.keyboard.press("Escape");
  expect(await planning(page, (h) => h.tools().mode)).toBe("idle");
  await page.mouse.up();
  await expect.poll(() => planning(page, (h, x) => h.dates(x as number), id)).toEqual(before);
  await page.waitForTimeout(500);
  expect(await planning(page, (h, x) => h.dates(x as number), id)).toEqual(before);
});
