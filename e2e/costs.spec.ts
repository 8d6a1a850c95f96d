import { expect, test, type Page } from "@playwright/test";
import { openDemoPlanning, shot, signIn } from "./helpers";

// Cost monitoring on the demo (issue 19): each screen opens with its title and its table; an order line put on a
// task under way, then a counting of that task on the signed version, moves the realized amounts of the finance
// screen.

interface Task {
  id: number;
  trackingId: number;
  type: string;
  startDate: string | null;
  endDate: string | null;
  zoneId: number | null;
  lastCounting: { percentage: number } | null;
}

/** Calls the API with the signed-in user's token, from the page. */
function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = localStorage.getItem("jalon.token");
      const res = await fetch(`/api${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json().catch(() => null)) as T };
    },
    { method, path, body },
  );
}

const selection = (page: Page) =>
  page.evaluate(
    () => JSON.parse(localStorage.getItem("jalon.project") ?? "{}") as { projectId: number; versionId: number },
  );

const tasksOf = async (page: Page, versionId: number) =>
  (
    await api<{ data: Task[] }>(
      page,
      "GET",
      `/event?filter=versionId||$eq||${versionId}&filter=type||$eq||task&limit=99999`,
    )
  ).body.data;

test("the cost screens open on the demo, and a counting moves the finance figures", async ({ page }) => {
  test.setTimeout(300_000);
  await signIn(page, "manager@jalon.demo");
  await openDemoPlanning(page);
  const { projectId, versionId } = await selection(page);

  const supply = await api<{ count: number }>(
    page,
    "GET",
    `/costs/supply?projectId=${projectId}&versionId=${versionId}`,
  );
  expect(supply.status).toBe(200);
  test.info().annotations.push({ type: "demo supply lines", description: String(supply.body.count) });

  // A task under way today in the signed version, and its copy in the version on screen.
  const project = (await api<{ signedVersionId: number }>(page, "GET", `/project/${projectId}`)).body;
  const today = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Paris" }).format(new Date());
  const signed = await tasksOf(page, project.signedVersionId);
  const current = await tasksOf(page, versionId);
  // Started and not finished (its last counting below 100 %): a counting of 100 % adds to the realized amounts.
  const underWay = signed.filter(
    (e) => e.startDate !== null && e.startDate.slice(0, 10) <= today && (e.lastCounting?.percentage ?? 0) < 100,
  );
  const pair = underWay
    .map((s) => ({ s, c: current.find((c) => c.trackingId === s.trackingId) }))
    .find((p) => p.c !== undefined);
  expect(
    pair,
    `a task under way in both versions (signed ${project.signedVersionId}: ${signed.length} tasks, ${underWay.length} under way; current ${versionId}: ${current.length}; first ${JSON.stringify(signed[0])})`,
  ).toBeTruthy();
  const line = await api<{ id: number }>(page, "POST", "/order-line", {
    projectId,
    versionId,
    label: "Contrôle e2e – enduits",
    type: "labor",
    unit: "m²",
    price: 25,
    orderLineTasks: [{ eventId: pair!.c!.id, zoneId: pair!.c!.zoneId, quantity: 400 }],
  });
  expect(line.status).toBe(201);

  await page.goto("/dashboard/financial-monitoring");
  await expect(page.getByRole("heading", { name: "Suivi financier" })).toBeVisible();
  const table = page.getByRole("table", { name: "Montants prévus et réalisés par semaine" });
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  await expect(page.getByRole("figure", { name: "Montants cumulés par semaine" }).locator("svg").first()).toBeVisible();
  const realized = page.getByText(/^Total réalisé : /);
  const before = await realized.innerText();
  await shot(page, "costs-financial-monitoring");

  const counting = await api(page, "POST", "/counting", {
    eventId: pair!.s.id,
    percentage: 100,
    countingDate: today,
  });
  expect(counting.status).toBeLessThan(300);
  await page.reload();
  await expect(realized).not.toHaveText(before);
  await shot(page, "costs-financial-after-counting");
  const weekly = page.getByRole("figure", { name: "Montants par semaine" });
  await weekly.scrollIntoViewIfNeeded();
  await expect(weekly.locator("svg").first()).toBeVisible();
  await shot(page, "costs-financial-weekly");

  await page.goto("/dashboard/financial-result");
  await expect(page.getByRole("heading", { name: "Suivi financier" })).toBeVisible();

  await page.goto("/dashboard/productivity");
  await expect(page.getByRole("heading", { name: "Productivité" })).toBeVisible();
  const productivity = page.getByRole("table", { name: "Productivité par macro-tâche et zone" });
  await expect(productivity.getByRole("row").nth(1)).toBeVisible();
  await expect(productivity.getByText(/Sans écart|Moins productif|Plus productif/).first()).toBeVisible();
  await shot(page, "costs-productivity");
  await page.getByLabel("Calcul").selectOption("price");
  await expect(productivity.getByText(/h\/k€/).first()).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Exporter par prix" }).click();
  expect((await download).suggestedFilename()).toMatch(/^Productivite_prix.*\.xlsx$/);

  await page.goto("/dashboard/supply-monitoring");
  await expect(page.getByRole("heading", { name: "Suivi des approvisionnements" })).toBeVisible();
  await expect(page.getByText(/commande\(s\) en retard sur \d+ ligne\(s\)/)).toBeVisible();
  await shot(page, "costs-supply-monitoring");

  await page.goto("/dashboard/remaining-work");
  await expect(page.getByRole("heading", { name: "Reste à faire", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Terminé" })).toBeVisible();
  await expect(page.getByText("Contrôle e2e – enduits").first()).toBeVisible();
  await shot(page, "costs-remaining-work");
});
