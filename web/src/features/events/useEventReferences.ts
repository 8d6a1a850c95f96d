// The version's macro-tasks, specialities, participants and tags for the task form's pickers (issue 20: the general
// tab carries every field of the event). A list that fails to load leaves its picker with "Aucun" only.
import { filter } from "../../api/client";
import { request } from "../../api/http";
import type { NamedRef } from "../../api/events";
import type { ListResponse } from "../../api/types";
import { LIST_LIMIT } from "@jalon/shared";
import { useAsync } from "../../lib/useAsync";

function named(path: string, versionId: number): Promise<NamedRef[]> {
  return request<ListResponse<NamedRef> | NamedRef[]>("GET", path, {
    query: { filter: filter("versionId", "$eq", versionId), limit: LIST_LIMIT, sort: "name,ASC" },
  })
    .then((res) => (Array.isArray(res) ? res : res.data))
    .catch(() => []);
}

export function useEventReferences(versionId: number | null) {
  const all = useAsync(
    () =>
      versionId === null
        ? Promise.resolve([[], [], [], []] as NamedRef[][])
        : Promise.all([
            named("/macro-task", versionId),
            named("/speciality", versionId),
            named("/participant", versionId),
            named("/tag", versionId),
          ]),
    [versionId],
  );
  const [macroTasks = [], specialities = [], participants = [], tags = []] = all.data ?? [];
  return { macroTasks, specialities, participants, tags };
}
