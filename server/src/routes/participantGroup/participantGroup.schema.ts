// The library lot request schemas and filter fields are its contract: shared/src/contract/participantGroup.ts.
// Here: the SQL columns of the filter fields.
export const libraryLotColumns: Record<string, string> = {
  id: "g.id",
  name: "g.name",
  color: "g.color",
  createdAt: "g.created_at",
  updatedAt: "g.updated_at",
};
