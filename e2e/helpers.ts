import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "jalon-demo";

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe").fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(/\/dashboard\/projects/);
}

export async function openDemoPlanning(page: Page): Promise<void> {
  await page.getByRole("list").getByRole("group").first().click().catch(async () => {
    await page.locator("li").first().click();
  });
  await expect(page).toHaveURL(/\/dashboard\/planning/);
  await planningSettled(page);
}

/** Waits until the planning hook exists and its viewport matches the scroll position (geometry is current). */
export async function planningSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const h = (window as unknown as { __jalonPlanning?: { settled: () => boolean } }).__jalonPlanning;
    return h !== undefined && h.settled();
  }, null, { timeout: 30_000 });
}

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `artifacts/e2e/screens/${name}.png`, fullPage: false });
}

type Hook = {
  bar: (id: number) => { x: number; y: number; width: number; height: number } | null;
  dates: (id: number) => [string, string] | null;
  scrollTo: (id: number) => void;
  settled: () => boolean;
  dayWidth: number;
  ids: () => number[];
  links: () => { parentId: number; childId: number; type: number; delay: number }[];
};

export function planning<T>(page: Page, fn: (h: Hook, arg: unknown) => T, arg?: unknown): Promise<T> {
  return page.evaluate(
    ([src, a]) => {
      const h = (window as unknown as { __jalonPlanning: Hook }).__jalonPlanning;
      return new Function("h", "arg", `return (${src})(h, arg)`)(h, a) as T;
    },
    [fn.toString(), arg] as const,
  );
}
