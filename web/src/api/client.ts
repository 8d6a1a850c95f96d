// Typed API client: every path the web calls, in one place (spec 000 section 7, spec 001 section 7).
import type {
  forgotPasswordBody,
  loginBody,
  MessageAnswer,
  projectCloneBody,
  projectCreateBody,
  projectUpdateBody,
  ProjectCloseAnswer,
  projectCloseBody,
  ProjectUserAnswer,
  projectUserBody,
  RequestOf,
  resetPasswordBody,
  UndoApplied,
  undoBody,
  userCreateBody,
  UserImportAnswer,
  userUpdateBody,
  versionCreateBody,
  versionUpdateBody,
} from "@jalon/shared";
import { request, send } from "./http";
import type { ListResponse, LoginResponse, Project, ProjectInput, User, Version } from "./types";

export const VERSIONS_LIMIT = 500;

/** A filter triple of the list queries: field||condition||value. */
export function filter(
  field: string,
  condition: "eq" | "$eq" | "in" | "$in" | "contL" | "isnull" | "notin",
  value?: string | number | readonly (string | number)[],
): string {
  if (value === undefined) return `${field}||${condition}`;
  return `${field}||${condition}||${Array.isArray(value) ? value.join(",") : String(value)}`;
}

export const api = {
  auth: {
    login: (email: string, password: string) =>
      send<typeof loginBody, LoginResponse>("POST", "/auth/login", { email, password }, { anonymous: true }),
    me: () => request<User>("GET", "/auth/me"),
    forgotPassword: (email: string) =>
      send<typeof forgotPasswordBody, MessageAnswer>("POST", "/auth/forgot-password", { email }, { anonymous: true }),
    resetPassword: (password: string, token: string) =>
      send<typeof resetPasswordBody, MessageAnswer>(
        "POST",
        "/auth/reset-password",
        { password, token },
        { anonymous: true },
      ),
  },
  users: {
    /** GET /user (managers): by type and/or project membership; join=projects gives each user's projects. */
    list: (query: { type?: string; projectId?: number; withProjects?: boolean; limit?: number } = {}) =>
      request<ListResponse<User> | User[]>("GET", "/user", {
        query: {
          filter: [
            query.type ? filter("type", "$eq", query.type) : null,
            query.projectId ? filter("projectId", "$eq", query.projectId) : null,
          ].filter((f): f is string => f !== null),
          join: query.withProjects ? "projects" : undefined,
          limit: query.limit ?? 10000,
          sort: "lastname,ASC",
        },
      }).then(asList),
    get: (id: number | string) => request<User>("GET", `/user/${id}`),
    update: (
      id: number,
      body: Pick<RequestOf<typeof userUpdateBody>, "firstname" | "lastname" | "email" | "password">,
    ) => send<typeof userUpdateBody, User>("PATCH", `/user/${id}`, body),
    create: (body: Pick<RequestOf<typeof userCreateBody>, "firstname" | "lastname" | "email" | "type">) =>
      send<typeof userCreateBody, User>("POST", "/user", body),
    remove: (id: number) => request<{ id: number }>("DELETE", `/user/${id}`),
  },
  projects: {
    list: () =>
      request<ListResponse<Project> | Project[]>("GET", "/project", {
        query: { join: "signedVersion", limit: 10000 },
      }).then(asList),
    get: (id: number | string) => request<Project>("GET", `/project/${id}`),
    create: (body: ProjectInput & { name: string }) =>
      send<typeof projectCreateBody, Project>("POST", "/project", body),
    update: (id: number, body: ProjectInput) =>
      send<typeof projectUpdateBody, Project>("PATCH", `/project/${id}`, body),
    archive: (id: number) => send<typeof projectUpdateBody, Project>("PATCH", `/project/${id}`, { isArchived: true }),
    sign: (id: number, signedVersionId: number) =>
      send<typeof projectUpdateBody, Project>("PATCH", `/project/${id}`, { id, signedVersionId }),
    setPublic: (id: number, isPublic: boolean) =>
      send<typeof projectUpdateBody, Project>("PATCH", `/project/${id}`, { isPublic }),
    clone: (id: number, versionIds: number[], name?: string) =>
      send<typeof projectCloneBody, Project>("PUT", `/project/${id}/clone`, { versionIds, name }),
    /** Freeze the current version: it is archived and a new version named `name` becomes current. */
    close: (id: number, name: string) =>
      send<typeof projectCloseBody, ProjectCloseAnswer>("PATCH", `/project/${id}/close`, { name }),
    assignUser: (projectId: number, userId: number) =>
      send<typeof projectUserBody, ProjectUserAnswer>("PATCH", "/project/assign-user", { projectId, userId }),
    removeUser: (projectId: number, userId: number) =>
      send<typeof projectUserBody, ProjectUserAnswer>("PATCH", "/project/remove-user", { projectId, userId }),
    uploadPicture: (projectId: number, file: File) => {
      const form = new FormData();
      form.append("file", file);
      form.append("projectId", String(projectId));
      return request<Project>("POST", "/project/upload-picture", { body: form });
    },
    /** PUT /project/{id}/start-student-project {data}: imports the users of an .xlsx; count = users added. */
    importUsers: (projectId: number, file: File) => {
      const form = new FormData();
      form.append("data", file);
      return request<UserImportAnswer>("PUT", `/project/${projectId}/start-student-project`, {
        body: form,
      });
    },
  },
  versions: {
    list: (projectId: number) =>
      request<ListResponse<Version>>("GET", "/version", {
        query: { filter: filter("projectId", "$eq", projectId), sort: "id,DESC", limit: VERSIONS_LIMIT },
      }).then(asList),
    get: (id: number) => request<Version>("GET", `/version/${id}`),
    create: (projectId: number, name: string) =>
      send<typeof versionCreateBody, Version>("POST", "/version", { name, projectId }),
    setInConstruction: (id: number, inConstruction: boolean) =>
      send<typeof versionUpdateBody, Version>("PATCH", `/version/${id}`, { inConstruction }),
    setReferent: (id: number, isReferentVersion: boolean) =>
      send<typeof versionUpdateBody, Version>("PATCH", `/version/${id}`, { isReferentVersion }),
  },
  undo: {
    apply: (projectId: number, versionId: number) =>
      send<typeof undoBody, UndoApplied>("POST", "/undo/apply", { projectId, versionId }),
  },
};

/** Lists answer {data, count, total}; a bare array is accepted too. */
function asList<T>(res: ListResponse<T> | T[]): ListResponse<T> {
  if (Array.isArray(res)) return { data: res, count: res.length, total: res.length };
  return res;
}

export type Api = typeof api;
