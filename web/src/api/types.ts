// Entity shapes come from the shared contract (shared/src/entities.ts); the web adds request bodies.
import type { ContractFields, Project, projectUpdateBody, RequestOf } from "@jalon/shared";

export type { User, Version, Project, LoginResponse, UserType, CountingMode, ListResponse } from "@jalon/shared";
export type { RealtimePayload } from "@jalon/shared/realtime";

/** Body of a project creation or update: the editable fields, checked against the contract (shared/src/contract/project.ts). */
export type ProjectInput = ContractFields<
  RequestOf<typeof projectUpdateBody>,
  Partial<
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
  >
>;
