import type Router from "@koa/router";
import {
  AppError,
  isManagerRole,
  parseListQuery,
  PERMISSIONS,
  pictureParams,
  PROJECT_PICTURE_MAX_BYTES,
  PROJECT_PICTURE_TYPES,
  projectCloneBody,
  projectCloseBody,
  projectCreateBody,
  projectListResource,
  projectParams,
  projectUpdateBody,
  projectUserBody,
  PROJECT_REALTIME,
} from "@jalon/shared";
import type { AppDeps } from "../../context.js";
import { readableProject, writableProject } from "../../access/projects.js";
import { cloneProject } from "../../commands/cloneProject.js";
import { createProject } from "../../commands/createProject.js";
import { createVersion } from "../../commands/createVersion.js";
import { setProjectPicture, updateProject } from "../../commands/projectWrite.js";
import type { AppState } from "../../http/auth.js";
import { route } from "../../http/route.js";
import { runList } from "../../lib/listQuery.js";
import { presentVersion, type VersionDbRow } from "../version/version.presenter.js";
import {
  loadPresentedProject,
  presentProject,
  projectSelect,
  versionsById,
  type ProjectDbRow,
} from "./project.presenter.js";
import { projectColumns, uploadPictureBody } from "./project.schema.js";

/** Magic numbers of the accepted picture types: the declared type must match the bytes. */
function sniffImage(buf: Buffer): string | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "image/png";
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return "image/jpeg";
  if (
    buf.length >= 6 &&
    (buf.subarray(0, 6).toString("latin1") === "GIF87a" || buf.subarray(0, 6).toString("latin1") === "GIF89a")
  )
    return "image/gif";
  if (
    buf.length >= 12 &&
    buf.subarray(0, 4).toString("latin1") === "RIFF" &&
    buf.subarray(8, 12).toString("latin1") === "WEBP"
  )
    return "image/webp";
  return null;
}

async function readPicture(
  file: File | string,
  declared: string | undefined,
): Promise<{ data: Buffer; mime: string; name: string | null }> {
  let data: Buffer;
  let mime = declared ?? null;
  let name: string | null = null;
  if (typeof file === "string") {
    const m = /^data:([\w/+.-]+);base64,(.*)$/s.exec(file);
    if (m) mime = m[1];
    const b64 = m ? m[2] : file;
    if (!/^[A-Za-z0-9+/=\s]+$/.test(b64)) throw new AppError("errors.invalid_image_type");
    data = Buffer.from(b64, "base64");
  } else {
    if (file.size > PROJECT_PICTURE_MAX_BYTES) throw new AppError("errors.image_too_large");
    data = Buffer.from(await file.arrayBuffer());
    mime = file.type || mime;
    name = file.name || null;
  }
  if (data.length === 0) throw new AppError("errors.missing_file");
  if (data.length > PROJECT_PICTURE_MAX_BYTES) throw new AppError("errors.image_too_large");
  const sniffed = sniffImage(data);
  if (!sniffed || !(PROJECT_PICTURE_TYPES as readonly string[]).includes(sniffed) || (mime && mime !== sniffed)) {
    throw new AppError("errors.invalid_image_type");
  }
  return { data, mime: sniffed, name };
}

export function projectRoutes(router: Router<AppState>, deps: AppDeps): void {
  /** GET /project?join=signedVersion: the projects the user belongs to (all for admins), archived ones hidden from externals. */
  route(router, deps, {
    method: "get",
    path: "/project",
    roles: PERMISSIONS.external,
    handler: async ({ db, user, ctx }) => {
      const query = parseListQuery(ctx.query, projectListResource);
      const base = projectSelect(db);
      if (user.type !== "admin")
        base.whereIn("projects.id", db("project_users").select("project_id").where({ user_id: user.id }));
      if (!isManagerRole(user.type)) base.where("projects.is_archived", false);
      const { rows, total } = await runList<ProjectDbRow>(
        db,
        base,
        query,
        projectListResource,
        projectColumns,
        "projects.id",
      );
      const versions = await versionsById(
        db,
        rows.flatMap((r) => [r.current_version_id, r.signed_version_id]),
      );
      const signedVersion = query.join.includes("signedVersion");
      const data = rows.map((r) => presentProject(r, versions, user, { signedVersion }));
      return { data, count: data.length, total };
    },
  });

  /** GET /project/picture/{key}: the picture bytes (an unguessable key, so <img> works without a token). */
  route(router, deps, {
    method: "get",
    path: "/project/picture/:key",
    roles: undefined,
    params: pictureParams,
    handler: async ({ db, params, ctx }) => {
      const row = await db("project_pictures").where({ key: params.key }).first("mime", "data");
      if (!row) throw new AppError("errors.not_found");
      ctx.set("Cache-Control", "public, max-age=31536000, immutable");
      ctx.type = row.mime;
      ctx.body = Buffer.from(row.data);
      return undefined;
    },
  });

  /** POST /project/upload-picture {file, projectId}: PNG, JPEG, WebP or GIF up to 5 MB, checked on its bytes. */
  route(router, deps, {
    method: "post",
    path: "/project/upload-picture",
    roles: PERMISSIONS.manager,
    body: uploadPictureBody,
    write: true,
    handler: async ({ db, user, body }) => {
      await writableProject(db, user, body.projectId);
      const picture = await readPicture(body.file, body.mimeType);
      await setProjectPicture(db, body.projectId, { ...picture, name: body.fileName ?? picture.name });
      return loadPresentedProject(db, user, body.projectId);
    },
  });

  /** PATCH /project/assign-user {projectId, userId}. */
  route(router, deps, {
    method: "patch",
    path: "/project/assign-user",
    roles: PERMISSIONS.manager,
    body: projectUserBody,
    write: true,
    handler: async ({ db, user, body }) => {
      await writableProject(db, user, body.projectId);
      const target = await db("users").where({ id: body.userId }).first("id");
      if (!target) throw new AppError("user_not_found");
      const already = await db("project_users")
        .where({ project_id: body.projectId, user_id: body.userId })
        .first("user_id");
      if (already) throw new AppError("users_already_assigned");
      await db("project_users").insert({ project_id: body.projectId, user_id: body.userId });
      return { projectId: body.projectId, userId: body.userId };
    },
  });

  /** PATCH /project/remove-user {projectId, userId}. */
  route(router, deps, {
    method: "patch",
    path: "/project/remove-user",
    roles: PERMISSIONS.manager,
    body: projectUserBody,
    write: true,
    handler: async ({ db, user, body, emits }) => {
      await writableProject(db, user, body.projectId, { allowArchived: true });
      const removed = await db("project_users").where({ project_id: body.projectId, user_id: body.userId }).del();
      if (removed === 0) throw new AppError("user_not_assigned");
      emits.accessChanged({ projectId: body.projectId, userIds: [body.userId] });
      return { projectId: body.projectId, userId: body.userId };
    },
  });

  /** GET /project/{id}. */
  route(router, deps, {
    method: "get",
    path: "/project/:id",
    roles: PERMISSIONS.external,
    params: projectParams,
    handler: async ({ db, user, params }) => {
      await readableProject(db, user, params.id);
      return loadPresentedProject(db, user, params.id);
    },
  });

  /** POST /project: the project, its first version and its creator as a member. */
  route(router, deps, {
    method: "post",
    path: "/project",
    roles: PERMISSIONS.manager,
    body: projectCreateBody,
    write: true,
    status: 201,
    handler: async ({ db, user, body }) => loadPresentedProject(db, user, await createProject(db, user, body)),
  });

  /**
   * PATCH /project/{id}: changed fields only. {isArchived: true} archives; {id, signedVersionId} signs (only
   * when the project has no signed version); {isPublic} toggles the share link (a long random token).
   */
  route(router, deps, {
    method: "patch",
    path: "/project/:id",
    roles: PERMISSIONS.manager,
    params: projectParams,
    body: projectUpdateBody,
    write: true,
    handler: async ({ db, user, params, body, emits }) => {
      if (body.id !== undefined && body.id !== params.id)
        throw new AppError("errors.validation", { message: "L'identifiant du corps ne correspond pas à l'adresse." });
      const onlyUnarchive =
        body.isArchived === false && Object.keys(body).every((k) => k === "isArchived" || k === "id");
      const project = await writableProject(db, user, params.id, { allowArchived: onlyUnarchive });
      const access = await updateProject(db, project, body);
      if (access) emits.accessChanged(access);
      return loadPresentedProject(db, user, project.id);
    },
  });

  /** PATCH /project/{id}/close: freeze (archives the current version, continues on a new named copy). */
  route(router, deps, {
    method: "patch",
    path: "/project/:id/close",
    roles: PERMISSIONS.manager,
    params: projectParams,
    body: projectCloseBody,
    handler: async ({ db, user, params, body, emits }) => {
      const version = await createVersion(deps, emits, user, {
        projectId: params.id,
        name: body.name,
        freeze: true,
        isManualVersion: false,
      });
      return {
        project: await loadPresentedProject(db, user, params.id),
        version: presentVersion(version as unknown as VersionDbRow),
      };
    },
  });

  /** PUT /project/{id}/clone {versionIds, name?}: project start/endClone realtime events. */
  route(router, deps, {
    method: "put",
    path: "/project/:id/clone",
    roles: PERMISSIONS.manager,
    params: projectParams,
    body: projectCloneBody,
    status: 201,
    handler: async ({ db, user, params, body, emits }) => {
      const source = await readableProject(db, user, params.id);
      const base = { projectId: params.id, versionId: source.current_version_id, initiatorId: user.id };
      // A failure sends the error twins of both (route()).
      emits.now({ event: PROJECT_REALTIME.cloneStart, ...base, ids: [] });
      emits.expect("project:endClone", base);
      const newId = await db.transaction((trx) => cloneProject(trx, user, source, body.versionIds, body.name, db));
      emits.add({ event: PROJECT_REALTIME.cloneEnd, ...base, ids: [newId], data: { projectId: newId } });
      return loadPresentedProject(db, user, newId);
    },
  });
}
