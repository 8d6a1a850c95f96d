// Project edition values and the PATCH body (spec 000 section 5): start date at 00:00:00, end date at
// 23:59:59.999 (Europe/Paris), trimmed strings, only the fields that changed.
import type { CountingMode, Project, ProjectInput } from "../../api/types";
import { endOfParisDay, startOfParisDay, toIsoDay } from "../../lib/dates";

export interface ProjectFormValues {
  name: string;
  floorArea: string;
  projectOwner: string;
  projectManager: string;
  opcCoordinator: string;
  typology: string;
  description: string;
  /** yyyy-MM-dd */
  expectedStartDate: string;
  expectedEndDate: string;
  countingMode: CountingMode;
}

export const emptyProjectValues: ProjectFormValues = {
  name: "",
  floorArea: "0",
  projectOwner: "",
  projectManager: "",
  opcCoordinator: "",
  typology: "",
  description: "",
  expectedStartDate: "",
  expectedEndDate: "",
  countingMode: "percentage",
};

export function toFormValues(project: Project): ProjectFormValues {
  return {
    name: project.name ?? "",
    floorArea: String(project.floorArea ?? 0),
    projectOwner: project.projectOwner ?? "",
    projectManager: project.projectManager ?? "",
    opcCoordinator: project.opcCoordinator ?? "",
    typology: project.typology ?? "",
    description: project.description ?? "",
    expectedStartDate: toIsoDay(project.expectedStartDate),
    expectedEndDate: toIsoDay(project.expectedEndDate),
    countingMode: project.countingMode ?? "percentage",
  };
}

const TEXT_FIELDS = ["name", "projectOwner", "projectManager", "opcCoordinator", "typology", "description"] as const;

/** The body for these values: every field (creation) or only those that differ from `original` (update). */
export function projectBody(values: ProjectFormValues, original?: ProjectFormValues): ProjectInput {
  const body: ProjectInput = {};
  const changed = (key: keyof ProjectFormValues) => !original || values[key].trim() !== original[key].trim();
  for (const key of TEXT_FIELDS) {
    if (!changed(key)) continue;
    const v = values[key].trim();
    if (key === "name") body.name = v;
    else body[key] = v === "" ? null : v;
  }
  if (changed("floorArea")) {
    const n = Number(values.floorArea.replace(",", "."));
    if (Number.isFinite(n)) body.floorArea = n;
  }
  if (changed("expectedStartDate"))
    body.expectedStartDate = values.expectedStartDate ? startOfParisDay(values.expectedStartDate) : null;
  if (changed("expectedEndDate"))
    body.expectedEndDate = values.expectedEndDate ? endOfParisDay(values.expectedEndDate) : null;
  if (changed("countingMode")) body.countingMode = values.countingMode;
  return body;
}

export type ProjectFormError = "nameRequired" | "floorArea" | "endBeforeStart";

export function validateProject(values: ProjectFormValues): ProjectFormError[] {
  const errors: ProjectFormError[] = [];
  if (!values.name.trim()) errors.push("nameRequired");
  const n = Number(values.floorArea.replace(",", "."));
  if (values.floorArea.trim() === "" || !Number.isFinite(n) || n < 0) errors.push("floorArea");
  if (values.expectedStartDate && values.expectedEndDate && values.expectedEndDate < values.expectedStartDate)
    errors.push("endBeforeStart");
  return errors;
}

/** The public planning link of a project (spec 000 section 2: the share token is the third path segment). */
export function publicPlanningUrl(
  project: Pick<Project, "shareToken">,
  origin = window.location.origin,
): string | null {
  return project.shareToken ? `${origin}/dashboard/public-planning/${project.shareToken}` : null;
}
