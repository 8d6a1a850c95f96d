import { z } from "zod";
import { isoDay, projectRef, text } from "@jalon/shared";

const month = z.string().trim().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Mois invalide (yyyy-MM)");
/** Id lists in a query string: repeated (?zoneIds=1&zoneIds=2) or comma-separated (?zoneIds=1,2). */
const idsParam = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(",")).map((s) => s.trim()).filter((s) => s !== ""))
  .pipe(z.array(z.string().regex(/^[1-9]\d{0,9}$/, "Identifiant invalide").transform(Number)).max(10_000));
const namesParam = z.union([text(), z.array(text())]).transform((v) => (Array.isArray(v) ? v : [v]).filter((s) => s !== ""));

const planningFilters = {
  startDate: month.optional(),
  endDate: month.optional(),
  zoneIds: idsParam.optional(),
  participantGroupProIds: idsParam.optional(),
  participantIds: idsParam.optional(),
  tagIds: idsParam.optional(),
  macroTaskIds: idsParam.optional(),
  sequenceIds: idsParam.optional(),
  specialityIds: idsParam.optional(),
  eventNames: namesParam.optional(),
  fromDate: isoDay.optional(),
  toDate: isoDay.optional(),
  aggregation: z.string().optional(),
};

export const planningDataQuery = z
  .object({
    projectId: projectRef,
    versionId: projectRef,
    ...planningFilters,
    compareVersionIds: idsParam.optional(),
  })
  .refine((q) => (q.compareVersionIds?.length ?? 0) <= 4, { message: "errors.compare_max_versions", path: ["compareVersionIds"] });

export const publicPlanningQuery = z.object(planningFilters);
export const publicPlanningParams = z.object({ token: z.string().trim().min(20).max(128) });
