// The family filter fields are its contract: shared/src/contract/family.ts. Here: their SQL columns.
export const familyColumns: Record<string, string> = { id: "f.id", name: "f.name" };
