// Typed API client: every path the web calls, in one place (spec 000 section 7, spec 001 section 7).
import { request } from "./http";
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
      request<LoginResponse>("POST", "/auth/login", { body: { email, password }, anonymous: true }),
    me: () => request<User>("GET", "/auth/me"),
    forgotPassword: (email: string) =>
      request<unknown>("POST", "/auth/forgot-password", { body: { email }, anonymous: true }),
    resetPassword: (password: string, token: string) =>
      request<unknown>("POST", "/auth/reset-password", { body: { password, token }, anonymous: true }),
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
    update: (id: number, body: Partial<Pick<User, "firstname" | "lastname" | "email">> & { password?: string }) =>
      request<User>("PATCH", `/user/${id}`, { body }),
    create: (body: Pick<User, "firstname" | "lastname" | "email" | "type">) => request<User>("POST", "/user", { body }),
    remove: (id: number) => request<unknown>("DELETE", `/user/${id}`),
  },
  projects: {
    list: () =>
      request<ListResponse<Project> | Project[]>("GET", "/project", {
        query: { join: "signedVersion", limit: 10000 },
      }).then(asList),
    get: (id: number | string) => request<Project>("GET", `/project/${id}`),
    create: (body: ProjectInput) => request<Project>("POST", "/project", { body }),
    update: (id: number, body: ProjectInput) => request<Project>("PATCH", `/project/${id}`, { body }),
    archive: (id: number) => request<Project>("PATCH", `/project/${id}`, { body: { isArchived: true } }),
    sign: (id: number, signedVersionId: number) =>
      request<Project>("PATCH", `/project/${id}`, { body: { id, signedVersionId } }),
    setPublic: (id: number, isPublic: boolean) => request<Project>("PATCH", `/project/${id}`, { body: { isPublic } }),
    clone: (id: number, versionIds: number[], name?: string) =>
      request<unknown>("PUT", `/project/${id}/clone`, { body: { versionIds, name } }),
    /** Freeze the current version: it is archived and a new version named `name` becomes current. */
    close: (id: number, name: string) => request<unknown>("PATCH", `/project/${id}/close`, { body: { name } }),
    assignUser: (projectId: number, userId: number) =>
      request<unknown>("PATCH", "/project/assign-user", { body: { projectId, userId } }),
    removeUser: (projectId: number, userId: number) =>
      request<unknown>("PATCH", "/project/remove-user", { body: { projectId, userId } }),
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
      return request<{ count: number; created: number }>("PUT", `/project/${projectId}/start-student-project`, {
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
    create: (projectId: number, name: string) => request<Version>("POST", "/version", { body: { name, projectId } }),
    setInConstruction: (id: number, inConstruction: boolean) =>
      request<Version>("PATCH", `/version/${id}`, { body: { inConstruction } }),
    setReferent: (id: number, isReferentVersion: boolean) =>
      request<Version>("PATCH", `/version/${id}`, { body: { isReferentVersion } }),
  },
  undo: {
    apply: (projectId: number, versionId: number) =>
      request<{ remaining: number }>("POST", "/undo/apply", { body: { projectId, versionId } }),
  },
};

/** Lists answer {data, count, total}; a bare array is accepted too. */
function asList<T>(res: ListResponse<T> | T[]): ListResponse<T> {
  if (Array.isArray(res)) return { data: res, count: res.length, total: res.length };
  return res;
}

export type Api = typeof api;
