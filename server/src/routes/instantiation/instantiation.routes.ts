import type Router from "@koa/router";
import {
  AppError,
  instantiationConfigParams,
  PERMISSIONS,
  recurringUpdateBody,
  sequenceTemplateParams,
  synchronizeBody,
} from "@jalon/shared";
import type { AppDeps } from "../../context.js";
import { writableProject } from "../../access/projects.js";
import { trainOf, updateRecurring } from "../../commands/instantiation.js";
import { startSync, statusAnnouncement, synchronizeTemplate } from "../../commands/synchronizeTemplate.js";
import { writeSummaryOf } from "../../realtime/writeSummary.js";
import type { AppState } from "../../http/auth.js";
import { route } from "../../http/route.js";
import { remember } from "../../planning/versionGraph.js";

/**
 * Trains of sequence templates laid over zones (issue 16): their recurring update and the synchronisation of a
 * template's trains. POST /sequence with instantiationConfig, the instantiation itself, is in routes/sequence.
 */
export function instantiationRoutes(router: Router<AppState>, deps: AppDeps): void {
  /**
   * PATCH /event/recurring/{instantiationConfigId} {takt?, delayWithReferenceEvent?, startDate?,
   * referenceEventId?, milestoneReferenceType?, showStartMilestone?, showEndMilestone?, zoneIds?}: the train
   * laid again (overrides kept; a new takt keeps instance 1 where it is) -> {id, instantiationConfigId, events,
   * warnings}. A train that cannot be laid again answers errors.cant_update_task.
   */
  route(router, deps, {
    method: "patch",
    path: "/event/recurring/:instantiationConfigId",
    roles: PERMISSIONS.manager,
    params: instantiationConfigParams,
    body: recurringUpdateBody,
    write: true,
    handler: async ({ db, user, params, body, emits, onCommit }) => {
      const train = await trainOf(db, params.instantiationConfigId);
      await writableProject(db, user, train.project_id);
      if (body.projectId !== undefined && body.projectId !== train.project_id)
        throw new AppError("errors.version_not_in_project");
      if (body.versionId !== undefined && body.versionId !== train.version_id)
        throw new AppError("errors.version_not_in_project");
      const scope = { projectId: train.project_id, versionId: train.version_id, initiatorId: user.id };
      emits.expect("sequence:endUpdate", scope);
      const { projectId: _p, versionId: _v, ...input } = body;
      const progress = (percentage: number) =>
        emits.now({ event: "event:update_progress", ...scope, ids: [], percentage });
      const out = await updateRecurring(db, user.id, params.instantiationConfigId, input, progress);
      for (const p of out.emit) emits.add(p);
      const graph = out.graph;
      if (graph) onCommit(() => remember(graph));
      return out.answer;
    },
  });

  /**
   * POST /sequence-template-pro/{id}/synchronize {projectId?, versionId?}: the template's trains in the version
   * (the project's current one by default) laid again with the template as it is; answers once done with
   * {status: "ok"|"partial", reasons, added, removed, updated}. Not one transaction but two (spec 001 section
   * 4): the start commits "partial" (announced to the room at once), then the sync commits its status. After
   * commit the room gets sequence:bulk_update and the status, the initiator sequenceTemplate:endSync; on
   * failure the status stays "partial" and the initiator gets the error twin; progress goes as
   * event:update_progress. A refusal before the start (not found, rights, frozen version) writes nothing.
   */
  route(router, deps, {
    method: "post",
    path: "/sequence-template-pro/:id/synchronize",
    roles: PERMISSIONS.manager,
    params: sequenceTemplateParams,
    body: synchronizeBody,
    handler: async ({ user, params, body, emits, onCommit }) => {
      const { projectId, versionId } = await deps.db.transaction(async (trx) => {
        const template = await trx("sequence_template_pros").where({ id: params.id }).first("project_id");
        if (!template) throw new AppError("errors.not_found", { details: { id: params.id } });
        if (body.projectId !== undefined && body.projectId !== template.project_id)
          throw new AppError("errors.not_found", { details: { id: params.id } });
        const project = await writableProject(trx, user, template.project_id);
        const versionId = body.versionId ?? project.current_version_id;
        if (!versionId) throw new AppError("errors.version_not_found");
        await startSync(trx, template.project_id, versionId, params.id);
        return { projectId: template.project_id as number, versionId: versionId as number };
      });
      const scope = { projectId, versionId, initiatorId: user.id };
      emits.now(statusAnnouncement(projectId, user.id, params.id, "partial"));
      emits.expect("sequenceTemplate:endSync", scope, [params.id]);
      const progress = (percentage: number) =>
        emits.now({ event: "event:update_progress", ...scope, ids: [], percentage });
      const out = await deps.db.transaction(async (trx) => {
        const synced = await synchronizeTemplate(trx, user.id, projectId, versionId, params.id, progress);
        emits.summarise(writeSummaryOf(trx));
        return synced;
      });
      for (const p of out.emit) emits.add(p);
      if (out.graph) {
        const graph = out.graph;
        onCommit(() => remember(graph));
      }
      return out.answer;
    },
  });
}
