import { expect, test, type Page } from "@playwright/test";
import { openDemoPlanning, planning, planningSettled, shot, signIn } from "./helpers";

// Live correctness seen in the planning (issue 14): the user who moves a task sees one toast for it, and every
// open header (the mover's and another user's) follows the move and its undo without a reload: the undo count
// and 'Fin projetée'.

const undoButton = (page: Page) => page.getByRole("button", { name: "Défaire la dernière action" });
const toasts = (page: Page, text: string | RegExp) => page.locator("[data-toast-intent]").filter({ hasText: text });

/** Drags a bar by its middle `days` days later, in two runs of moves as a hand does. */
async function dragBar(page: Page, bar: { x: number; y: number; width: number; height: number }, days: number) {
  const dayWidth = await planning(page, (h) => h.dayWidth);
  const [x, y] = [bar.x + bar.width / 2, bar.y + bar.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dayWidth * 3, y, { steps: 6 });
  await page.mouse.move(x + dayWidth * days, y, { steps: 10 });
  await page.mouse.up();
}

async function projectedEnd(page: Page): Promise<string> {
  return (await page.getByText(/^Fin projetée : /).innerText()).trim();
}

/** What the server says the header should show (the selected project). */
async function serverHeader(page: Page): Promise<{ end: string; undo: number }> {
  return page.evaluate(async () => {
    const token = localStorage.getItem("jalon.token");
    const { projectId } = JSON.parse(localStorage.getItem("jalon.project") ?? "{}") as { projectId: number };
    const p = (await (
      await fetch(`/api/project/${projectId}`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { projectedEndDate: string; undoRemaining: number };
    const [y, m, d] = p.projectedEndDate.split("-");
    return { end: `Fin projetée : ${d}/${m}/${y}`, undo: p.undoRemaining };
  });
}

test("a move and its undo: one toast each for the mover, every header follows live", async ({ browser }) => {
  test.setTimeout(120_000);
  const moverCtx = await browser.newContext();
  const page = await moverCtx.newPage();
  await signIn(page, "manager@jalon.demo");
  await openDemoPlanning(page);
  const watcherCtx = await browser.newContext();
  const other = await watcherCtx.newPage();
  await signIn(other, "admin@jalon.demo");
  await openDemoPlanning(other);

  const start = await serverHeader(page);
  for (const p of [page, other]) {
    await expect(p.getByText(start.end)).toBeVisible();
    await expect(undoButton(p)).toHaveText(start.undo > 0 ? String(start.undo) : "");
  }

  // The whole project on screen, then its last task: moving it two weeks later moves the projected end.
  const range = page.getByText(/^Du \d{2}\/\d{2}\/\d{4} au \d{2}\/\d{2}\/\d{4}$/);
  const defaultRange = await range.innerText();
  await page.getByRole("button", { name: "Tout le projet" }).click();
  // The range changes, then its months load (when the default range already held the whole project, it stays).
  await expect(range)
    .not.toHaveText(defaultRange, { timeout: 5_000 })
    .catch(() => undefined);
  await planningSettled(page);
  const last = await planning(page, (h) => {
    let best: { id: number; end: string } | null = null;
    for (const id of h.ids()) {
      const d = h.dates(id);
      if (d && h.bar(id) && (!best || d[1] > best.end)) best = { id, end: d[1] };
    }
    return best;
  });
  expect(last).not.toBeNull();
  await planning(page, (h, id) => h.scrollTo(id as number), last!.id);
  await planningSettled(page);
  const bar = (await planning(page, (h, id) => h.bar(id as number), last!.id))!;
  await dragBar(page, bar, 14);
  await shot(page, "live-mover-after-move");

  await expect(toasts(page, "1 tâche déplacée.")).toHaveCount(1);
  await expect.poll(async () => (await serverHeader(page)).undo).toBe(start.undo + 1);
  const moved = await serverHeader(page);
  expect(moved.end).not.toBe(start.end);
  for (const p of [page, other]) {
    await expect(undoButton(p)).toHaveText(String(moved.undo));
    await expect(p.getByText(moved.end)).toBeVisible();
  }
  // The mover's own broadcast gave no second toast.
  await page.waitForTimeout(1500);
  await expect(page.locator("[data-toast-intent]")).toHaveCount(1);
  await expect(toasts(other, /.+/)).toHaveCount(0);
  await shot(other, "live-header-other-user-after-move");

  // The undo, from the mover's header: one toast, both headers back.
  await undoButton(page).click();
  await page.getByRole("dialog").getByRole("button", { name: "Défaire l'action" }).click();
  await expect(toasts(page, /Action défaite/)).toHaveCount(1);
  for (const p of [page, other]) {
    await expect(undoButton(p)).toHaveText(start.undo > 0 ? String(start.undo) : "");
    await expect(p.getByText(start.end)).toBeVisible();
  }
  expect(await projectedEnd(other)).toBe(start.end);
  await page.waitForTimeout(1500);
  await expect(toasts(page, "Modification enregistrée.")).toHaveCount(0);
  await shot(page, "live-header-mover-after-undo");
  await moverCtx.close();
  await watcherCtx.close();
});

test("a move of several tasks leaves one toast: its confirmation in the place of its progress (issue 20)", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, "manager@jalon.demo");
  await openDemoPlanning(page);
  const start = await serverHeader(page);
  // Two tasks on screen, the second added to the selection with Ctrl, then the first dragged a week later.
  const ids = await planning(page, (h) =>
    h
      .ids()
      .filter((id) => {
        const d = h.dates(id);
        return h.onScreen(id) && h.bar(id) !== null && d !== null && d[1] > d[0];
      })
      .slice(0, 2),
  );
  expect(ids).toHaveLength(2);
  const [a, b] = [
    (await planning(page, (h, x) => h.bar(x as number), ids[0]))!,
    (await planning(page, (h, x) => h.bar(x as number), ids[1]))!,
  ];
  await page.mouse.click(a.x + a.width / 2, a.y + a.height / 2);
  await page.keyboard.down("Control");
  await page.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
  await page.keyboard.up("Control");
  await expect.poll(() => planning(page, (h) => h.tools().selection.length)).toBe(2);
  await dragBar(page, a, 7);
  await expect(toasts(page, "2 tâches déplacées.")).toHaveCount(1);
  // The server's progress (100 % for a moved selection) and the committed move came too: still one toast.
  await page.waitForTimeout(1500);
  await expect(page.locator("[data-toast-intent]")).toHaveCount(1);
  await expect(toasts(page, /Déplacement des tâches/)).toHaveCount(0);
  await shot(page, "live-bulk-move-one-toast");
  // The demo as it was: the move undone.
  await expect.poll(async () => (await serverHeader(page)).undo).toBe(start.undo + 1);
  await undoButton(page).click();
  await page.getByRole("dialog").getByRole("button", { name: "Défaire l'action" }).click();
  await expect.poll(async () => (await serverHeader(page)).undo).toBe(start.undo);
});
