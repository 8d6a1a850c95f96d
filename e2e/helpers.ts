import { expect, type Page } from "@playwright/test";
import type { PlanningTestApi } from "../web/src/planning/session/testApiTypes";

export const DEMO_PASSWORD = "jalon-demo";

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe").fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(/\/dashboard\/projects/);
  // Each test opens the default planning whatever an earlier one left: a view change is saved after a delay, which
  // a test that ends at once never cancels. The reload reads the emptied views back.
  await clearKeptViews(page);
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard\/projects/);
}

/**
 * Empties the signed-in user's kept views (issue 20: the planning's view, critical path, table view, folded
 * groups...) on the server. With the session's own token: another sign-in would count against the server's sign-ins
 * per address.
 */
export async function clearKeptViews(page: Page): Promise<void> {
  const status = await page.evaluate(async () => {
    const token = localStorage.getItem("jalon.token");
    const res = await fetch("/api/user/views", {
      method: "PATCH",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ views: {} }),
    });
    return res.status;
  });
  expect(status, "the user's views emptied").toBe(200);
}

export async function openDemoPlanning(page: Page): Promise<void> {
  // By its name: other specs (recalibration, shell) create projects of their own that may list first.
  await page
    .getByRole("list")
    .getByRole("group")
    .filter({ hasText: "Résidence Les Jardins de l'Erdre" })
    .first()
    .click()
    .catch(async () => {
      await page.locator("li").first().click();
    });
  await expect(page).toHaveURL(/\/dashboard\/planning/);
  await planningSettled(page);
}

/** Waits until the planning's test API is there and its viewport matches the scroll position (geometry is current). */
export async function planningSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const h = (window as unknown as { __jalonPlanning?: PlanningTestApi }).__jalonPlanning;
      return h !== undefined && h.settled();
    },
    null,
    { timeout: 30_000 },
  );
}

export async function shot(page: Page, name: string): Promise<void> {
  // Finite animations (a dialog's opening fade) end first, so the picture shows the screen as a user reads it, not
  // a frame of its transition; endless ones (spinners) are not waited for, nor anything past a second.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 1000)),
    ]),
  );
  await page.screenshot({ path: `artifacts/e2e/screens/${name}.png`, fullPage: false });
}

/**
 * Runs `fn` in the page with the planning's test API (window.__jalonPlanning, documented in
 * web/src/planning/session/testApiTypes.ts): the only way the browser tests read the Gantt's canvas.
 */
export function planning<T>(page: Page, fn: (h: PlanningTestApi, arg: unknown) => T, arg?: unknown): Promise<T> {
  return page.evaluate(
    ([src, a]) => {
      const h = (window as unknown as { __jalonPlanning: PlanningTestApi }).__jalonPlanning;
      return new Function("h", "arg", `return (${src})(h, arg)`)(h, a) as T;
    },
    [fn.toString(), arg] as const,
  );
}

/**
 * Scrolls the chart to a task of several days, one at work today when there is one. The planning opens where the
 * user's kept view left it (issue 20), which an earlier spec of the run may have moved away from any bar.
 */
export async function scrollToSomeTask(page: Page): Promise<void> {
  await planning(page, (h) => {
    const today = new Date().toISOString().slice(0, 10);
    const long = h.ids().filter((x) => {
      const d = h.dates(x);
      return !!d && d[1] > d[0];
    });
    const id =
      long.find((x) => {
        const d = h.dates(x)!;
        return d[0] <= today && today <= d[1];
      }) ?? long[0];
    if (id !== undefined) h.scrollTo(id);
  });
  await planningSettled(page);
}

/** The chart's drawing area on the page: its largest canvas (the months' header is a band of its own above it). */
export async function chartBox(page: Page): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await page.evaluate(() => {
    let best: { x: number; y: number; width: number; height: number } | null = null;
    for (const c of Array.from(document.querySelectorAll("canvas"))) {
      const r = c.getBoundingClientRect();
      if (!best || r.width * r.height > best.width * best.height)
        best = { x: r.x, y: r.y, width: r.width, height: r.height };
    }
    return best;
  });
  expect(box, "the chart's canvas").not.toBeNull();
  return box!;
}

/**
 * A task's bar (several days long, at least `minWidth` wide) wholly inside the chart's drawing area, with `room`
 * pixels free on its right (for a drag); the chart is first brought to some task when none is in view. Bars outside
 * the canvas still have page coordinates (under the grid or the header), so the canvas's box is what decides.
 */
export async function taskBarInChart(
  page: Page,
  { room = 0, minWidth = 12 }: { room?: number; minWidth?: number } = {},
): Promise<{ id: number; bar: { x: number; y: number; width: number; height: number } }> {
  const find = async () => {
    const box = await chartBox(page);
    return planning(
      page,
      (h, arg) => {
        const { box, room, minWidth } = arg as {
          box: { x: number; y: number; width: number; height: number };
          room: number;
          minWidth: number;
        };
        return (
          h.ids().find((x) => {
            const b = h.bar(x);
            const d = h.dates(x);
            return (
              !!b &&
              !!d &&
              d[1] > d[0] &&
              b.width >= minWidth &&
              b.x >= box.x + 8 &&
              b.x + b.width <= box.x + box.width - 8 - room &&
              b.y >= box.y + 4 &&
              b.y + b.height <= box.y + box.height - 4
            );
          }) ?? null
        );
      },
      { box, room, minWidth },
    );
  };
  let id = await find();
  if (id === null) {
    await scrollToSomeTask(page);
    id = await find();
  }
  expect(id, "a task's bar inside the chart").not.toBeNull();
  return { id: id!, bar: (await planning(page, (h, x) => h.bar(x as number), id))! };
}
