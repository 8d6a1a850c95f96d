import { expect, type Page } from "@playwright/test";
import type { PlanningTestApi } from "../web/src/planning/session/testApiTypes";

export const DEMO_PASSWORD = "jalon-demo";

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe").fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(/\/dashboard\/projects/);
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
