// MS Project / Primavera P6 exchange (issue 21): a schedule file becomes a new project; a version leaves as MSPDI.
import type { Event, ScheduleImportAnswer } from "@jalon/shared";
import { filter } from "./client";
import { request } from "./http";
import { downloadFile } from "./referenceMore";
import type { ListResponse } from "./types";

export type { ScheduleImportAnswer };

export const interchangeApi = {
  /** POST /project/import-schedule (multipart `file`): a new project named after the file's project. */
  importSchedule: (file: File) => {
    const body = new FormData();
    body.append("file", file);
    return request<ScheduleImportAnswer>("POST", "/project/import-schedule", { body });
  },
  /** How many of the version's events are milestones (the answer counts tasks and milestones together). */
  milestoneCount: (versionId: number) =>
    request<ListResponse<Event>>("GET", "/event", {
      query: {
        filter: [filter("versionId", "$eq", versionId), filter("type", "$eq", "milestone")],
        limit: 1,
        offset: 0,
      },
    }).then((r) => r.total),
  /** GET /version/{id}/export/mspdi: the version as MS Project XML, saved under the server's file name. */
  exportMspdi: (versionId: number) => downloadFile(`/version/${versionId}/export/mspdi`, {}, "Planning.xml"),
};
