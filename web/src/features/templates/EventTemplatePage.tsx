// /dashboard/event-library/{id}/{sequenceTemplateId} and /dashboard/event-pro/{id}/{sequenceTemplateId}: one task
// template of the library or of the project ("new" as the id creates one in that sequence template). The form
// follows spec 001 section 5 (templateForm.ts); its parents are the other tasks of its sequence template.
import { useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Body1, Button, Spinner, makeStyles, tokens } from "@fluentui/react-components";
import { ArrowLeft20Regular } from "@fluentui/react-icons";
import { libraryLotsApi, lotsApi } from "../../api/reference";
import { tagsApi } from "../../api/referenceMore";
import type { NamedRef } from "../../api/events";
import { PageHeader } from "../../components/PageHeader";
import { AppLink } from "../../components/AppLink";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { toast } from "../../store/toasts";
import { EventTemplateFields } from "./EventTemplateFields";
import {
  ScopedPage,
  eventTemplatePath,
  eventTemplatesPath,
  sequenceTemplatePath,
  useCanWrite,
  type ScopeProps,
} from "./scope";
import {
  NEW_EVENT_TEMPLATE,
  draftOfEventTemplate,
  eventTemplateBody,
  eventTemplateValid,
  warnTemplateError,
  type EventTemplateDraft,
} from "./templateForm";
import { eventTemplatesApi, sequenceTemplatesApi, type TemplateScope } from "./templatesApi";

const useStyles = makeStyles({
  form: { display: "flex", flexDirection: "column", rowGap: tokens.spacingVerticalL, maxWidth: "900px" },
  actions: { display: "flex", gap: tokens.spacingHorizontalS },
});

export function EventTemplateLibraryPage() {
  return <ScopedPage scope="library">{(p) => <EventTemplateEditor {...p} />}</ScopedPage>;
}

export function EventTemplateProPage() {
  return <ScopedPage scope="pro">{(p) => <EventTemplateEditor {...p} />}</ScopedPage>;
}

/** The tags a project template may carry: the selected version's (the library has none: undefined). */
export function useTemplateTags(scope: TemplateScope, projectId: number | null, versionId: number | null) {
  const tags = useAsync<NamedRef[] | undefined>(
    () =>
      scope === "pro" && projectId !== null && versionId !== null
        ? tagsApi.list(projectId, versionId).then((r) => r.data.map((tag) => ({ id: tag.id, name: tag.name })))
        : Promise.resolve(undefined),
    [scope, projectId, versionId],
  );
  useEffect(() => {
    if (tags.error) warnError(tags.error);
  }, [tags.error]);
  return scope === "pro" ? (tags.data ?? []) : undefined;
}

/** The lots a task template may name: the library's, or the selected version's. */
export function useTemplateLots(scope: TemplateScope, projectId: number | null, versionId: number | null) {
  const lots = useAsync<NamedRef[]>(
    () =>
      scope === "library"
        ? libraryLotsApi.list().then((r) => r.data)
        : projectId !== null && versionId !== null
          ? lotsApi.list(projectId, versionId).then((r) => r.data)
          : Promise.resolve([]),
    [scope, projectId, versionId],
  );
  useEffect(() => {
    if (lots.error) warnError(lots.error);
  }, [lots.error]);
  return lots.data ?? [];
}

function EventTemplateEditor({ scope, projectId, versionId }: ScopeProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const params = useParams();
  const rawId = params.eventTemplateProId ?? params.eventTemplateId ?? "new";
  const creating = rawId === "new";
  const id = creating ? null : Number(rawId);
  const sequenceId = Number(params.sequenceTemplateProId ?? params.sequenceTemplateId ?? 0) || null;

  const template = useAsync(
    () => (id === null ? Promise.resolve(null) : eventTemplatesApi.get(scope, id)),
    [scope, id],
  );
  const sequence = useAsync(
    () => (sequenceId === null ? Promise.resolve(null) : sequenceTemplatesApi.get(scope, sequenceId)),
    [scope, sequenceId],
  );
  const lots = useTemplateLots(scope, projectId, versionId);
  const tags = useTemplateTags(scope, projectId, versionId);
  const canWrite = useCanWrite(scope);
  const [original, setOriginal] = useState<EventTemplateDraft | null>(null);
  const [value, setValue] = useState<EventTemplateDraft | null>(creating ? NEW_EVENT_TEMPLATE : null);
  const [busy, setBusy] = useState(false);
  const [parentError, setParentError] = useState<string | null>(null);

  useEffect(() => {
    if (!template.data) return;
    const draft = draftOfEventTemplate(template.data);
    setOriginal(draft);
    setValue(draft);
  }, [template.data]);
  useEffect(() => {
    if (template.error) warnError(template.error);
  }, [template.error]);
  useEffect(() => {
    if (sequence.error) warnError(sequence.error);
  }, [sequence.error]);

  if (!value || (!creating && !original)) return template.loading ? <Spinner /> : null;

  const seq = sequence.data ?? null;
  const seqOfTemplate = template.data?.sequenceTemplateId ?? sequenceId;
  const candidates: NamedRef[] = (seq?.eventTemplates ?? [])
    .filter((et) => et.id !== id)
    .map((et) => ({ id: et.id, name: et.name }));
  const valid = eventTemplateValid(original, value);
  const backPath = seqOfTemplate ? sequenceTemplatePath(scope, seqOfTemplate) : eventTemplatesPath(scope);
  const title = creating
    ? t("templates.event.newTitle")
    : t("templates.event.editTitle", { name: template.data?.name ?? "" });

  const save = async () => {
    setBusy(true);
    setParentError(null);
    try {
      const body = eventTemplateBody(original, value);
      if (creating) {
        if (sequenceId === null) return;
        const created = await eventTemplatesApi.create(scope, projectId, sequenceId, body);
        toast.success(t("templates.event.created"));
        navigate(eventTemplatePath(scope, created.id, created.sequenceTemplateId), { replace: true });
      } else if (id !== null) {
        template.setData(await eventTemplatesApi.update(scope, projectId, id, body));
        toast.success(t("templates.event.updated"));
      }
    } catch (e) {
      warnTemplateError(e, setParentError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader
        title={title}
        actions={
          <Button icon={<ArrowLeft20Regular />} onClick={() => navigate(backPath)}>
            {seqOfTemplate ? t("templates.event.back") : t("templates.event.backToList")}
          </Button>
        }
      />
      <form
        className={styles.form}
        aria-label={title}
        onSubmit={(e) => {
          e.preventDefault();
          if (valid && !busy) void save();
        }}
      >
        {seq ? (
          <Body1>
            {t("templates.event.fields.sequence")} :{" "}
            <AppLink to={sequenceTemplatePath(scope, seq.id)}>{seq.name}</AppLink>
          </Body1>
        ) : null}
        <EventTemplateFields
          value={value}
          onChange={(v) => {
            setValue(v);
            if (v.parents !== value.parents) setParentError(null);
          }}
          candidates={candidates}
          typologies={seq?.typology ?? value.typology}
          lots={lots}
          tags={tags}
          parentError={parentError}
        />
        <div className={styles.actions}>
          <Button
            type="submit"
            appearance="primary"
            disabled={!canWrite || !valid || busy || (creating && sequenceId === null)}
          >
            {creating ? t("actions.create") : t("actions.save")}
          </Button>
          <Button onClick={() => navigate(backPath)} disabled={busy}>
            {t("actions.cancel")}
          </Button>
        </div>
      </form>
    </>
  );
}
