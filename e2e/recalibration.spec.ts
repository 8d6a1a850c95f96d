import { expect, test, type APIRequestContext } from "@playwright/test";
import { DEMO_PASSWORD, planningSettled, shot, signIn } from "./helpers";

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
