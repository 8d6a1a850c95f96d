import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { DEMO_PASSWORD, planning, planningSettled, shot, signIn } from "./helpers";

// The recalibration write (issue 17) on a project of its own: the demo's signed version is frozen, so this one is
// built through the API (a task started three weeks ago, its version signed, counted 20 % on its third day: late
// today), then re-dated from /dashboard/recalibration-tasks; the shift history lists it afterwards.

const PROJECT = `Recalage e2e ${Date.now()}`;

/** yyyy-MM-dd of a Date's UTC day. */
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The Monday three weeks before this week's Monday, and the Wednesday after it. */
function days(): { start: string; counted: string } {
  const now = new Date();
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const monday = new Date(today.getTime() - (((today.getUTCDay() + 6) % 7) + 21) * 86_400_000);
  return { start: iso(monday), counted: iso(new Date(monday.getTime() + 2 * 86_400_000)) };
}

async function api(request: APIRequestContext, token: string, method: string, path: string, data?: unknown) {
  const res = await request.fetch(`/api${path}`, {
    method,
    data,
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

test("re-dates a late counted task of a signed version and lists it in the recalibration history", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const login = await request.post("/api/auth/login", {
    data: { email: "manager@jalon.demo", password: DEMO_PASSWORD },
  });
  const { token } = (await login.json()) as { token: string };
  const project = await api(request, token, "POST", "/project", { name: PROJECT });
  const versionId = project.currentVersionId as number;
  const { start, counted } = days();
  const task = await api(request, token, "POST", "/event", {
    projectId: project.id,
    versionId,
    name: "Voiles du R+1",
    type: "task",
    startDate: start,
    numberOfDays: 10,
    numberOfPeople: 3,
  });
  await api(request, token, "PATCH", `/project/${project.id}`, { id: project.id, signedVersionId: versionId });
  await api(request, token, "POST", "/counting", { eventId: task.id, percentage: 20, countingDate: counted });

  await signIn(page, "manager@jalon.demo");
  await page.getByText(PROJECT).first().click();
  await expect(page).toHaveURL(/\/dashboard\/planning/);
  await planningSettled(page);

  await page.goto("/dashboard/recalibration-tasks");
  await expect(page.getByRole("heading", { name: "Tâches à recaler" })).toBeVisible();
  await expect(page.getByText("La version suivie est figée")).toHaveCount(0);
  const preview = page.getByRole("table", { name: "Aperçu du recalage" });
  const row = preview.getByRole("row", { name: /Voiles du R\+1/ });
  await expect(row).toBeVisible();
  await expect(row).toContainText("20 %");
  await shot(page, "recalibration-preview");

  await page.getByRole("button", { name: "Recaler 1 tâche" }).click();
  const dialog = page.getByRole("dialog", { name: "Recaler les tâches en retard" });
  await expect(dialog).toContainText("1 tâche va être redatée");
  await dialog.getByRole("button", { name: "Recaler", exact: true }).click();
  await expect(page.getByText(/1 tâche recalée\. Fin planifiée : \d{2}\/\d{2}\/\d{4}\./).first()).toBeVisible();

  // Written: the history has the task; the preview has nothing left to re-date.
  const history = page.getByRole("table", { name: "Historique des recalages" });
  await expect(history.getByRole("row", { name: /Voiles du R\+1/ })).toBeVisible();
  await expect(page.getByText("Aucune tâche comptée en retard à recaler à cette date.")).toBeVisible();
  await expect(preview.getByRole("row", { name: /Voiles du R\+1/ })).toHaveCount(0);
  await shot(page, "recalibration-done");

  // The server agrees: the task starts later than planned and one shift history row names it.
  const after = await api(request, token, "GET", `/event/${task.id}`);
  expect(after.startDate > start).toBe(true);
  const shifts = await api(
    request,
    token,
    "GET",
    `/history/shift?filter=projectId||$eq||${project.id}&filter=versionId||$eq||${versionId}`,
  );
  const rows = (Array.isArray(shifts) ? shifts : shifts.data) as { eventId?: number; event?: { id: number } }[];
  expect(rows.filter((r) => (r.eventId ?? r.event?.id) === task.id)).toHaveLength(1);
});

test("re-dates a late counted task from the planning's recalibration mode; its successor follows on screen", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const login = await request.post("/api/auth/login", {
    data: { email: "manager@jalon.demo", password: DEMO_PASSWORD },
  });
  const { token } = (await login.json()) as { token: string };
  const name = `Recalage planning e2e ${Date.now()}`;
  const project = await api(request, token, "POST", "/project", { name });
  const versionId = project.currentVersionId as number;
  const { start, counted } = days();
  const late = await api(request, token, "POST", "/event", {
    projectId: project.id,
    versionId,
    name: "Voiles du R+1",
    type: "task",
    startDate: start,
    numberOfDays: 10,
    numberOfPeople: 3,
  });
  const next = await api(request, token, "POST", "/event", {
    projectId: project.id,
    versionId,
    name: "Dalle du R+2",
    type: "task",
    numberOfDays: 5,
    numberOfPeople: 2,
    parentsEvents: [{ id: late.id }],
  });
  await api(request, token, "PATCH", `/project/${project.id}`, { id: project.id, signedVersionId: versionId });
  await api(request, token, "POST", "/counting", { eventId: late.id, percentage: 20, countingDate: counted });

  await signIn(page, "manager@jalon.demo");
  await page.getByText(name).first().click();
  await expect(page).toHaveURL(/\/dashboard\/planning/);
  await planningSettled(page);
  const datesOf = (id: number) => planning(page, (h, arg) => h.dates(arg as number), id);
  const [lateBefore, nextBefore] = [await datesOf(late.id), await datesOf(next.id)];
  expect(nextBefore).not.toBeNull();
  expect(lateBefore?.[0]).toBe(start);

  await page.getByRole("combobox", { name: "Mode" }).click();
  await page.getByRole("option", { name: "Recalage" }).click();
  const side = page.getByRole("complementary", { name: "Recalage" });
  await expect(side.getByText("1 tâche comptée en retard à cette date")).toBeVisible();
  const list = side.getByRole("list", { name: "Tâches en retard à recaler" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText("Voiles du R+1");
  await expect(list).toContainText("Compté 20 %");
  // The late task is marked on its row (and framed on its bar); its successor is not late.
  const lateRow = page.locator(`[data-testid="grid-row"][data-event-id="${late.id}"]`);
  await expect(lateRow.getByTestId("late-counting")).toBeVisible();
  await expect(
    page.locator(`[data-testid="grid-row"][data-event-id="${next.id}"]`).getByTestId("late-counting"),
  ).toHaveCount(0);
  await expect(side.getByText("Aucun recalage dans cette version.")).toBeVisible();
  await shot(page, "planning-recalibration-mode");
  // The side panel meets WCAG 2.1 AA as axe reads it (no serious or critical finding).
  const axe = await new AxeBuilder({ page })
    .include('aside[aria-label="Recalage"]')
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .exclude("i[data-tabster-dummy]")
    .analyze();
  expect(axe.violations.filter((v) => v.impact === "critical" || v.impact === "serious").map((v) => v.id)).toEqual([]);

  await side.getByRole("button", { name: "Recaler 1 tâche choisie" }).click();
  const dialog = page.getByRole("dialog", { name: "Recaler les tâches en retard" });
  await expect(dialog).toContainText("1 tâche va être redatée");
  await dialog.getByRole("button", { name: "Recaler", exact: true }).click();
  await expect(page.getByText(/1 tâche recalée\. Fin planifiée : \d{2}\/\d{2}\/\d{4}\./).first()).toBeVisible();

  // The planning shows the new dates, the successor re-planned after it; the list is empty, the history has it.
  const day = (d: [string, string] | null) => Date.parse(d?.[0] ?? "");
  await expect.poll(async () => day(await datesOf(late.id))).toBeGreaterThan(Date.parse(start));
  await expect.poll(async () => day(await datesOf(next.id))).toBeGreaterThan(day(nextBefore));
  await planningSettled(page);
  await expect(side.getByText("Aucune tâche comptée en retard à cette date.")).toBeVisible();
  await expect(lateRow.getByTestId("late-counting")).toHaveCount(0);
  const history = side.getByRole("region", { name: "Historique des recalages" });
  await expect(history.getByText("1 recalage dans cette version")).toBeVisible();
  await expect(history.getByRole("button", { name: /Voiles du R\+1/ })).toBeVisible();
  await shot(page, "planning-recalibration-done");

  // The server agrees with the screen.
  const after = await api(request, token, "GET", `/event/${late.id}`);
  expect(after.startDate).toBe((await datesOf(late.id))![0]);
  const successor = await api(request, token, "GET", `/event/${next.id}`);
  expect(successor.startDate).toBe((await datesOf(next.id))![0]);
});
