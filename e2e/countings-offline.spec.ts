import { expect, test, type Page } from "@playwright/test";
import { openDemoPlanning, shot, signIn } from "./helpers";

// Counting on site without network (issue 17): the countings screen is open, the network goes away, a task is
// counted and waits "en attente de synchronisation"; the app shell and the screen's data still open from the
// service worker; the network returns and the counting is sent once, then listed.

/** The dashboard's real progress (GET /project/{id}/dashboard, as the dashboard screen loads it). */
async function dashboardProgress(page: Page): Promise<number> {
  const answer = page.waitForResponse(
    (r) => /\/api\/project\/\d+\/dashboard/.test(r.url()) && r.request().method() === "GET" && r.ok(),
  );
  await page.goto("/dashboard/overview");
  const body = (await (await answer).json()) as { progress: number };
  await expect(page.getByText("Avancement réel").first()).toBeVisible();
  return body.progress;
}

/** The first task of the table already started today (a counting before the start is refused). */
async function startedTask(page: Page): Promise<{ name: string; last: number }> {
  const table = page.getByRole("table", { name: "Tâches de la période" });
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  const today = await page.evaluate(() => new Date().toLocaleDateString("fr-FR", { timeZone: "Europe/Paris" }));
  const iso = (d: string) => d.split("/").reverse().join("-");
  const rows = await table.getByRole("row").all();
  for (const row of rows.slice(1)) {
    const cells = await row.getByRole("cell").allInnerTexts();
    const dates = cells.find((c) => /\d{2}\/\d{2}\/\d{4} – /.test(c));
    if (!dates) continue;
    const start = dates.split(" – ")[0].trim();
    const last = cells.map((c) => /^(\d+(?:,\d+)?) %/.exec(c.trim())).find((m) => m !== null);
    if (iso(start) <= iso(today))
      return {
        name: (await row.getByRole("link").first().innerText()).trim(),
        last: last ? Number(last[1].replace(",", ".")) : 0,
      };
  }
  throw new Error("no started task in the demo's week");
}

test("a counting made offline waits, survives a reload, and is sent once when the network returns", async ({
  page,
  context,
}) => {
  await signIn(page, "manager@jalon.demo");
  await openDemoPlanning(page);
  const before = await dashboardProgress(page);
  await page.goto("/dashboard/countings");
  const { name, last } = await startedTask(page);
  // A value far from the task's last counting, so that the project's progress moves.
  const value = last >= 50 ? 7 : 93;
  // The service worker has taken the page (it precaches the shell and keeps the API reads).
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30_000 });
  // A reload with the worker in charge stores the screen's reads in its cache.
  await page.reload();
  await expect(page.getByRole("link", { name: `Ouvrir le comptage de ${name}` })).toBeVisible();

  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith("/api/counting")) posts.push(r.postData() ?? "");
  });

  await context.setOffline(true);
  await page.getByRole("textbox", { name: `Avancement (%) de ${name}` }).fill(String(value));
  await page.getByRole("textbox", { name: `Avancement (%) de ${name}` }).press("Enter");
  const pending = page.getByTestId("countings-pending");
  await expect(pending.getByText("1 comptage en attente de synchronisation")).toBeVisible();
  await expect(
    pending.getByText(new RegExp(`${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} : ${value} %`)),
  ).toBeVisible();
  await shot(page, "countings-offline-pending");

  // Offline, the page reloads from the service worker: the shell, the list and the waiting counting are back.
  await page.reload();
  await expect(page.getByRole("link", { name: `Ouvrir le comptage de ${name}` })).toBeVisible();
  await expect(
    page.getByTestId("countings-pending").getByText("1 comptage en attente de synchronisation"),
  ).toBeVisible();
  await shot(page, "countings-offline-reloaded");

  await context.setOffline(false);
  await expect(page.getByTestId("countings-pending")).toHaveCount(0, { timeout: 20_000 });
  const history = page.getByRole("table", { name: "Comptages de la période" });
  const row = history
    .getByRole("row")
    .filter({ hasText: name })
    .filter({ hasText: new RegExp(`(^|\\D)${value} %`) });
  await expect(row).toHaveCount(1);
  const tasks = page.getByRole("table", { name: "Tâches de la période" });
  await expect(
    tasks
      .getByRole("row")
      .filter({ hasText: name })
      .getByText(new RegExp(`^${value} % \\(`)),
  ).toBeVisible();
  await shot(page, "countings-online-sent");
  // The period's sequences and macro-tasks, summed from their sub-events (spec 001 section 4).
  const groups = page.getByRole("table", { name: "Tâches avec sous-tâches" });
  await expect(groups.getByRole("row").nth(1)).toContainText(/Séquence|Macro-tâche/);
  await groups.evaluate((el) => el.scrollIntoView({ block: "center" }));
  await shot(page, "countings-groups");
  // Sent once (a retry would carry the same key; here the only attempt is the one after the network returned).
  const sent = posts.map((p) => JSON.parse(p) as { percentage: number; clientKey: string });
  expect(sent.filter((p) => p.percentage === value)).toHaveLength(1);
  expect(sent[0].clientKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  // The dashboard counts it: the project's real progress moved.
  const after = await dashboardProgress(page);
  expect(after).not.toBe(before);
  await shot(page, "countings-dashboard-after");
});
