// GET /family (spec 001 section 7): the order-line families, shared by every project, that a macro-task
// tracks in each of its followed zones.
import { request } from "../../api/http";

export interface Family {
  id: number;
  name: string;
}

export const familiesApi = {
  list: () =>
    request<{ data: Family[]; count: number; total: number }>("GET", "/family", {
      query: { limit: 10_000, sort: "name,ASC" },
    }),
};
