import { z } from "zod";
import { DISTINCT_EVENTS_LIMIT, id, isoInstant, LIST_LIMIT, plainString, projectRef, text } from "@jalon/shared";
import { eventListResource } from "./event.schema.js";

const limit = (fallback: number, max = LIST_LIMIT) =>
  plainString()
    .trim()
    .regex(/^\d+$/, "errors.invalid_pagination")
    .transform(Number)
    .pipe(z.number().int().min(0).max(max))
    .default(fallback);
const offset = plainString()
  .trim()
  .regex(/^\d+$/, "errors.invalid_pagination")
  .transform(Number)
  .pipe(z.number().int().min(0))
  .default(0);

export const eventIdParams = z.object({ id });
export const projectIdParams = z.object({ projectId: projectRef });

/** GET /event/distinct: the version's distinct event names (name contains, type), 10 by default. */
export const eventDistinctQuery = z.object({
  projectId: projectRef.optional(),
  versionId: projectRef.optional(),
  name: text().optional(),
  type: z.enum(["task", "milestone"]).optional(),
  limit: limit(DISTINCT_EVENTS_LIMIT),
  offset,
});

/** GET /event/{id}/history?limit=10000. */
export const eventHistoryQuery = z.object({ limit: limit(LIST_LIMIT), offset });

/** GET /event/tracked-milestones: tracked milestones only, or every visible milestone with its flag (all=true). */
export const trackedMilestonesQuery = z.object({
  projectId: projectRef.optional(),
  versionId: projectRef.optional(),
  all: z
    .enum(["true", "false"])
    .transform((s) => s === "true")
    .optional(),
});

/** Exports read the list's filter triples; without a limit they take every matching row (up to 100,000). */
export const EXPORT_MAX_ROWS = 100_000;
export const eventExportResource = { ...eventListResource, defaultLimit: EXPORT_MAX_ROWS, maxLimit: EXPORT_MAX_ROWS };
export const milestoneExportResource = {
  ...eventExportResource,
  defaultSort: [{ field: "name", order: "ASC" as const }],
};

/** Comma-separated ids or a repeated key (zoneIds=1,2 or zoneIds=1&zoneIds=2). */
const idListParam = z
  .preprocess(
    (v) =>
      typeof v === "string" || Array.isArray(v)
        ? (Array.isArray(v) ? v : [v])
            .flatMap((s) => String(s).split(","))
            .map((s) => s.trim())
            .filter((s) => s !== "")
        : v,
    z.array(id).max(10_000),
  )
  .optional();

/** GET /project/task-list-csv (spec 000 section 7). Days may be sent as instants: their Paris day is used. */
export const taskListCsvQuery = z.object({
  versionId: projectRef,
  zoneIds: idListParam,
  participantIds: idListParam,
  startDate: isoInstant.optional(),
  endDate: isoInstant.optional(),
});

export const eventHistoryCsvQuery = z.object({ versionId: projectRef.optional() });
