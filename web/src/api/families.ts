// GET /family (spec 001 section 7): the order-line families, shared by every project, that a macro-task
// tracks in each of its followed zones.
import type { Family, ListResponse } from "@jalon/shared";
import { request } from "./http";

// The family entity is the contract's (shared/src/contract/family.ts).
export type { Family } from "@jalon/shared";

export const familiesApi = {
  list: () =>
    request<ListResponse<Family>>("GET", "/family", {
      query: { limit: 10_000, sort: "name,ASC" },
    }),
};
