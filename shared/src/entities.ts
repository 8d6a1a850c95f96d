/**
 * Entities as the API presents them (spec 000 section 3 and spec 001 section 3), for the resources without a
 * contract file yet (user, version, project, sequence, tag); the others are in ./contract. Dates of planning
 * rows are ISO calendar days (yyyy-MM-dd, Europe/Paris); timestamps are ISO instants. Ids are integers.
 */
import type { Role } from "./permissions.js";

export type IsoDay = string;
export type IsoInstant = string;

export const USER_TYPES = ["admin", "manager", "external", "guest"] as const;
export type UserType = Role;

export interface User {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  type: UserType;
  /** The same as type (the session's role). */
  role: Role;
  isAdmin: boolean;
  isManager: boolean;
  views: Record<string, unknown>;
  createdAt: IsoInstant;
  updatedAt: IsoInstant;
  /** Ids of the projects the user belongs to (external users' projects). */
  projects?: { id: number; name: string }[];
}

export interface LoginResponse {
  user: User;
  token: string;
  error: null;
}

export const COUNTING_MODES = ["percentage", "people"] as const;
export type CountingMode = (typeof COUNTING_MODES)[number];

export interface Version {
  id: number;
  name: string;
  projectId: number;
  isManualVersion: boolean;
  isActiveVersion: boolean;
  isReferentVersion: boolean;
  inConstruction: boolean;
  /** Frozen ("figée"): archived by a freeze, no longer modifiable. */
  isArchived: boolean;
  isBeingUpdated: boolean;
  createdAt: IsoInstant;
  updatedAt: IsoInstant;
}

export interface Project {
  id: number;
  name: string;
  floorArea: number;
  projectOwner: string | null;
  projectManager: string | null;
  opcCoordinator: string | null;
  typology: string | null;
  description: string | null;
  expectedStartDate: IsoInstant | null;
  expectedEndDate: IsoInstant | null;
  image: string | null;
  imageUrl: string | null;
  isPublic: boolean;
  /** Present for members when isPublic: the third segment of /dashboard/public-planning/{token}. */
  shareToken: string | null;
  isArchived: boolean;
  countingMode: CountingMode;
  currentVersionId: number | null;
  currentVersion: Version | null;
  signedVersionId: number | null;
  signedVersion?: Version | null;
  isBeingUpdated: boolean;
  undoRemaining: number;
  pusherChannelId: string;
  projectedStartDate: IsoDay | null;
  projectedEndDate: IsoDay | null;
  redirectToProjects: boolean;
  createdAt: IsoInstant;
  updatedAt: IsoInstant;
}

export const QUALITY_CONTROL_TYPES = ["prerequisites", "finishes"] as const;
export type QualityControlType = (typeof QUALITY_CONTROL_TYPES)[number];
export const QUALITY_CONTROL_CATEGORIES = ["reception-support", "study", "supply", "auto-control"] as const;
export const QUALITY_CONTROL_STATUSES = ["compliant", "non-complying", "partial", "unrealized"] as const;

export interface Sequence {
  id: number;
  projectId: number;
  versionId: number;
  trackingId: number;
  name: string;
  color: string | null;
  startDate: IsoDay | null;
  endDate: IsoDay | null;
  zoneId: number | null;
  parentSequenceId: number | null;
  sequenceTemplateProId: number | null;
  instantiationConfigId: number | null;
  instantiatedCount: number;
  synchronizableStatus: "ok" | "partial" | null;
  startMilestoneId: number | null;
  endMilestoneId: number | null;
  updatedAt: IsoInstant;
}

export interface Tag {
  id: number;
  name: string;
  color: string | null;
  categoryId: number | null;
  type: string | null;
}
