// Entity shapes come from the shared contract (shared/src/entities.ts); the web adds request bodies.
import type { Project } from "@jalon/shared";

export type { User, Version, Project, LoginResponse, UserType, CountingMode } from "@jalon/shared";
export type { RealtimePayload } from "@jalon/shared/realtime";

export interface ListResponse<T> {
  data: T[];
  count: number;
  total: number;
}

/** Body of a project creation or update: the editable fields. */
export type ProjectInput = Partial<
  Pick<
    Project,
    | "name"
    | "floorArea"
    | "projectOwner"
    | "projectManager"
    | "opcCoordinator"
    | "typology"
    | "description"
    | "expectedStartDate"
    | "expectedEndDate"
    | "isPublic"
    | "isArchived"
    | "countingMode"
    | "signedVersionId"
  >
>;
