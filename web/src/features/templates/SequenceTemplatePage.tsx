// /dashboard/sequence-library/{id} and /dashboard/sequence-pro/{id}: one sequence template and its small network.
// Its name, category, colour, zone typologies (the project's for a project copy) and first and last tasks are
// saved as changed fields; its task templates are listed with their parents (link type and delay) and added in a
// dialog; the template can be duplicated.
import { useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { useTranslation } from "react-i18next";
import {
  Badge,
  Body1,
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
  Subtitle2,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Tag,
  TagGroup,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import {
  Add20Regular,
  ArrowLeft20Regular,
  ArrowSync20Regular,
  Copy20Regular,
  LibraryRegular,
} from "@fluentui/react-icons";
import { TEXT_MAX_LENGTH } from "@jalon/shared";
import { PageHeader } from "../../components/PageHeader";
import { AppLink } from "../../components/AppLink";
import { ColorField } from "../../components/Color";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { toast } from "../../store/toasts";
import { LibraryImportDialog } from "./LibraryImportDialog";
import { Checklist, EventTemplateFields, TagsFieldset, named } from "./EventTemplateFields";
import { useTemplateLots, useTemplateTags } from "./EventTemplatePage";
import {
  ScopedPage,
  eventTemplatePath,
  sequenceTemplatePath,
  sequenceTemplatesPath,
  useCanWrite,
  useReturnFocus,
  type ScopeProps,
} from "./scope";
import {
  NEW_EVENT_TEMPLATE,
  draftOfSequenceTemplate,
  eventTemplateBody,
  eventTemplateValid,
  sameFirstAndLast,
  sequenceTemplateBody,
  sequenceTemplateValid,
  templateErrorMessage,
  warnTemplateError,
  type EventTemplateDraft,
  type SequenceTemplateDraft,
} from "./templateForm";
import { eventTemplatesApi, sequenceTemplatesApi, type SequenceTemplateItem } from "./templatesApi";

const useStyles = makeStyles({
  page: { display: "flex", flexDirection: "column", rowGap: tokens.spacingVerticalXXL, maxWidth: "1100px" },
  form: { display: "flex", flexDirection: "column", rowGap: tokens.spacingVerticalM },
  grid: {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fill, minmax(260px, 1fr))",
    gap: tokens.spacingHorizontalM,
  },
  row: { display: "flex", alignItems: "flex-end", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
  head: { display: "flex", justifyContent: "space-between", alignItems: "center", gap: tokens.spacingHorizontalM },
  muted: { color: tokens.colorNeutralForeground3 },
  fieldset: { border: "none", padding: 0, margin: 0, display: "flex", flexDirection: "column", rowGap: "6px" },
});

export function SequenceTemplateLibraryPage() {
  return <ScopedPage scope="library">{(p) => <SequenceTemplateEditor {...p} />}</ScopedPage>;
}

export function SequenceTemplateProPage() {
  return <ScopedPage scope="pro">{(p) => <SequenceTemplateEditor {...p} />}</ScopedPage>;
}

function SequenceTemplateEditor(props: ScopeProps) {
  const { scope, projectId, versionId } = props;
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const template = useAsync(() => sequenceTemplatesApi.get(scope, id), [scope, id]);
  const [busy, setBusy] = useState(false);
  const canWrite = useCanWrite(scope);

  useEffect(() => {
    if (template.error) warnError(template.error);
  }, [template.error]);

  if (!template.data) return template.loading ? <Spinner /> : null;
  const st = template.data;

  const synchronize = async () => {
    if (projectId === null || versionId === null) return;
    setBusy(true);
    try {
      const res = await sequenceTemplatesApi.synchronize(st.id, projectId, versionId);
      const counts = { added: res.added, removed: res.removed, updated: res.updated };
      if (res.status === "ok") toast.success(t("templates.sequence.synced", counts));
      else
        toast.warning(
          [t("templates.sequence.syncPartial", counts), ...res.reasons.slice(0, 3).map((r) => r.message)].join(" "),
        );
    } catch (e) {
      warnError(e);
    } finally {
      setBusy(false);
      template.reload();
    }
  };

  const duplicate = async () => {
    setBusy(true);
    try {
      const copy = await sequenceTemplatesApi.duplicate(scope, st.id);
      toast.success(t("templates.sequences.duplicated"));
      navigate(sequenceTemplatePath(scope, copy.id));
    } catch (e) {
      warnError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader
        title={t("templates.sequence.editTitle", { name: st.name })}
        actions={
          <>
            {scope === "pro" ? (
              <Button icon={<ArrowSync20Regular />} disabled={busy} onClick={() => void synchronize()}>
                {t("templates.sequence.synchronize")}
              </Button>
            ) : null}
            <Button icon={<Copy20Regular />} disabled={busy || !canWrite} onClick={() => void duplicate()}>
              {t("templates.sequences.duplicate")}
            </Button>
            <Button icon={<ArrowLeft20Regular />} onClick={() => navigate(sequenceTemplatesPath(scope))}>
              {t("templates.sequence.back")}
            </Button>
          </>
        }
      />
      <div className={styles.page}>
        <SequenceTemplateForm {...props} template={st} onSaved={(saved) => template.setData(saved)} />
        <Network {...props} template={st} onChanged={template.reload} />
      </div>
    </>
  );
}

function SequenceTemplateForm({
  scope,
  projectId,
  versionId,
  template,
  onSaved,
}: ScopeProps & { template: SequenceTemplateItem; onSaved: (st: SequenceTemplateItem) => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [original, setOriginal] = useState<SequenceTemplateDraft>(() => draftOfSequenceTemplate(template));
  const [value, setValue] = useState<SequenceTemplateDraft>(original);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const canWrite = useCanWrite(scope);
  const tags = useTemplateTags(scope, projectId, versionId);
  const [newTypology, setNewTypology] = useState("");
  const projectTypologies = useAsync(
    () => (scope === "pro" && versionId !== null ? sequenceTemplatesApi.typologies(versionId) : Promise.resolve([])),
    [scope, versionId],
  );
  useEffect(() => {
    if (projectTypologies.error) warnError(projectTypologies.error);
  }, [projectTypologies.error]);
  useEffect(() => {
    const draft = draftOfSequenceTemplate(template);
    setOriginal(draft);
    setValue(draft);
  }, [template]);

  const set = (patch: Partial<SequenceTemplateDraft>) => {
    setValue({ ...value, ...patch });
    setServerError(null);
  };
  const tasks = template.eventTemplates;
  const conflict = sameFirstAndLast(value);
  const valid = sequenceTemplateValid(original, value);
  // The project's typologies, plus any the template already names (kept visible so they can be removed).
  const typologyChoices = [...new Set([...(projectTypologies.data ?? []), ...value.typology])];

  const save = async () => {
    setBusy(true);
    try {
      onSaved(await sequenceTemplatesApi.update(scope, projectId, template.id, sequenceTemplateBody(original, value)));
      toast.success(t("templates.sequence.updated"));
    } catch (e) {
      const message = templateErrorMessage(e);
      setServerError(message);
      toast.warning(message);
    } finally {
      setBusy(false);
    }
  };

  const addTypology = () => {
    const name = newTypology.trim();
    if (name && !value.typology.includes(name)) set({ typology: [...value.typology, name] });
    setNewTypology("");
  };

  return (
    <form
      className={styles.form}
      aria-labelledby="sequence-template-informations"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid && !busy) void save();
      }}
    >
      <Subtitle2 as="h2" id="sequence-template-informations">
        {t("templates.sequence.informations")}
      </Subtitle2>
      <div className={styles.grid}>
        <Field label={t("templates.sequence.fields.name")} required>
          <Input value={value.name} maxLength={TEXT_MAX_LENGTH} onChange={(_, d) => set({ name: d.value })} />
        </Field>
        <Field label={t("templates.sequence.fields.category")}>
          <Input value={value.category} maxLength={TEXT_MAX_LENGTH} onChange={(_, d) => set({ category: d.value })} />
        </Field>
        <TaskSelect
          label={t("templates.sequence.fields.firstEventTemplate")}
          value={value.firstEventTemplateId}
          tasks={tasks}
          onChange={(firstEventTemplateId) => set({ firstEventTemplateId })}
        />
        <TaskSelect
          label={t("templates.sequence.fields.lastEventTemplate")}
          value={value.lastEventTemplateId}
          tasks={tasks}
          onChange={(lastEventTemplateId) => set({ lastEventTemplateId })}
          error={conflict ? t("errors.first_and_last_eventTemplates_are_the_same") : null}
        />
        <Field label={t("templates.sequence.fields.numberOfDays")}>
          <Body1>{template.duration}</Body1>
        </Field>
        {template.synchronizableStatus ? (
          <Field label={t("templates.sequence.fields.status")}>
            <div>
              <Badge appearance="tint" color={template.synchronizableStatus === "ok" ? "success" : "warning"}>
                {t(`templates.sequences.status.${template.synchronizableStatus}`)}
              </Badge>
            </div>
          </Field>
        ) : null}
      </div>
      <ColorField
        label={t("templates.sequence.fields.color")}
        customLabel={t("templates.sequence.fields.customColor")}
        value={value.color}
        onChange={(color) => set({ color })}
      />
      <fieldset className={styles.fieldset}>
        <legend>{t("templates.sequence.fields.typology")}</legend>
        <Body1 className={styles.muted}>
          {t(
            scope === "pro"
              ? "templates.sequence.fields.typologyHintPro"
              : "templates.sequence.fields.typologyHintLibrary",
          )}
        </Body1>
        {scope === "pro" ? (
          typologyChoices.length === 0 ? (
            <Body1 className={styles.muted}>{t("templates.sequence.fields.noProjectTypology")}</Body1>
          ) : (
            <Checklist
              choices={named(typologyChoices)}
              value={value.typology}
              onChange={(typology) => set({ typology })}
            />
          )
        ) : (
          <>
            {value.typology.length > 0 ? (
              <TagGroup
                aria-label={t("templates.sequence.fields.typology")}
                onDismiss={(_, d) => set({ typology: value.typology.filter((x) => x !== d.value) })}
              >
                {value.typology.map((typology) => (
                  <Tag
                    key={typology}
                    value={typology}
                    dismissible
                    dismissIcon={{ "aria-label": t("templates.sequence.fields.removeTypology", { name: typology }) }}
                  >
                    {typology}
                  </Tag>
                ))}
              </TagGroup>
            ) : null}
            <div className={styles.row}>
              <Field label={t("templates.sequence.fields.newTypology")}>
                <Input
                  value={newTypology}
                  maxLength={TEXT_MAX_LENGTH}
                  onChange={(_, d) => setNewTypology(d.value)}
                  onKeyDown={(e) => {
                    if (e.key === "Enter") {
                      e.preventDefault();
                      addTypology();
                    }
                  }}
                />
              </Field>
              <Button icon={<Add20Regular />} disabled={newTypology.trim() === ""} onClick={addTypology}>
                {t("templates.sequence.fields.addTypology")}
              </Button>
            </div>
          </>
        )}
      </fieldset>
      {tags ? <TagsFieldset tags={tags} value={value.tagIds} onChange={(tagIds) => set({ tagIds })} /> : null}
      {serverError ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{serverError}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div>
        <Button type="submit" appearance="primary" disabled={!canWrite || !valid || busy}>
          {t("actions.save")}
        </Button>
      </div>
    </form>
  );
}

/** The first or last task of the train: one of the template's tasks, or none. */
function TaskSelect({
  label,
  value,
  tasks,
  onChange,
  error = null,
}: {
  label: string;
  value: number | null;
  tasks: { id: number; name: string }[];
  onChange: (id: number | null) => void;
  error?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Field label={label} validationState={error ? "error" : "none"} validationMessage={error ?? undefined}>
      <Select
        value={value === null ? "" : String(value)}
        onChange={(_, d) => onChange(d.value === "" ? null : Number(d.value))}
      >
        <option value="">{t("templates.sequence.fields.noEventTemplate")}</option>
        {tasks.map((et) => (
          <option key={et.id} value={et.id}>
            {et.name}
          </option>
        ))}
      </Select>
    </Field>
  );
}

function Network({
  scope,
  projectId,
  versionId,
  template,
  onChanged,
}: ScopeProps & { template: SequenceTemplateItem; onChanged: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const lots = useTemplateLots(scope, projectId, versionId);
  const tags = useTemplateTags(scope, projectId, versionId);
  const [draft, setDraft] = useState<EventTemplateDraft | null>(null);
  const [copying, setCopying] = useState(false);
  const [busy, setBusy] = useState(false);
  const [parentError, setParentError] = useState<string | null>(null);
  const tasks = template.eventTemplates;
  const canWrite = useCanWrite(scope);
  useReturnFocus(draft !== null);

  const close = () => {
    setDraft(null);
    setParentError(null);
  };

  const create = async () => {
    if (!draft) return;
    setBusy(true);
    setParentError(null);
    try {
      await eventTemplatesApi.create(scope, projectId, template.id, eventTemplateBody(null, draft));
      toast.success(t("templates.event.created"));
      close();
      onChanged();
    } catch (e) {
      warnTemplateError(e, setParentError);
    } finally {
      setBusy(false);
    }
  };

  const linkText = (p: { name: string; type: string; delay: number }) =>
    t("templates.sequence.network.parentLabel", {
      name: p.name,
      type: t(`event.linkTypes.${p.type}`),
      delay: p.delay,
    });

  return (
    <section aria-labelledby="sequence-template-network" className={styles.form}>
      <div className={styles.head}>
        <Subtitle2 as="h2" id="sequence-template-network">
          {t("templates.sequence.network.title")}
        </Subtitle2>
        <div className={styles.row}>
          <Button icon={<LibraryRegular />} disabled={!canWrite} onClick={() => setCopying(true)}>
            {t("templates.sequence.network.copy")}
          </Button>
          <Button icon={<Add20Regular />} disabled={!canWrite} onClick={() => setDraft({ ...NEW_EVENT_TEMPLATE })}>
            {t("templates.sequence.network.add")}
          </Button>
        </div>
      </div>
      {tasks.length === 0 ? (
        <Body1 className={styles.muted}>{t("templates.sequence.network.empty")}</Body1>
      ) : (
        <Table aria-labelledby="sequence-template-network">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t("templates.events.columns.name")}</TableHeaderCell>
              <TableHeaderCell>{t("templates.events.columns.trigram")}</TableHeaderCell>
              <TableHeaderCell>{t("templates.events.columns.numberOfDays")}</TableHeaderCell>
              <TableHeaderCell>{t("templates.events.columns.numberOfPeople")}</TableHeaderCell>
              <TableHeaderCell>{t("templates.events.columns.lot")}</TableHeaderCell>
              <TableHeaderCell>{t("templates.events.columns.parents")}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {tasks.map((et) => (
              <TableRow key={et.id}>
                <TableCell>
                  <AppLink to={eventTemplatePath(scope, et.id, template.id)}>{et.name}</AppLink>
                  {et.id === template.firstEventTemplateId ? (
                    <>
                      {" "}
                      <Badge appearance="outline">{t("templates.sequence.fields.firstEventTemplate")}</Badge>
                    </>
                  ) : null}
                  {et.id === template.lastEventTemplateId ? (
                    <>
                      {" "}
                      <Badge appearance="outline">{t("templates.sequence.fields.lastEventTemplate")}</Badge>
                    </>
                  ) : null}
                </TableCell>
                <TableCell>{(et.trigram ?? "").toUpperCase()}</TableCell>
                <TableCell>{et.numberOfDays}</TableCell>
                <TableCell>{et.numberOfPeople}</TableCell>
                <TableCell>{et.lotName ?? ""}</TableCell>
                <TableCell>
                  {et.parents.length === 0
                    ? t("templates.sequence.network.parentsNone")
                    : et.parents.map(linkText).join(", ")}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <LibraryImportDialog
        open={copying}
        texts={{
          title: t("templates.sequence.network.copyTitle"),
          hint: t("templates.sequence.network.copyHint"),
          empty: t("templates.events.fromLibraryEmpty"),
        }}
        onClose={() => setCopying(false)}
        load={() =>
          eventTemplatesApi
            .libraryOptions()
            .then((options) => options.filter((o) => !(scope === "library" && tasks.some((et) => et.id === o.id))))
        }
        run={async (ids) => {
          await sequenceTemplatesApi.importEvents(scope, template.id, ids);
          toast.success(t("templates.sequence.network.copied", { count: ids.length }));
          onChanged();
        }}
      />
      <ConfirmDialog
        open={draft !== null}
        title={t("templates.sequence.network.addTitle")}
        confirmLabel={t("actions.create")}
        busy={busy}
        confirmDisabled={!draft || !eventTemplateValid(null, draft)}
        onConfirm={() => void create()}
        onCancel={close}
      >
        {draft ? (
          <EventTemplateFields
            value={draft}
            onChange={(v) => {
              if (v.parents !== draft.parents) setParentError(null);
              setDraft(v);
            }}
            candidates={tasks.map((et) => ({ id: et.id, name: et.name }))}
            typologies={template.typology}
            lots={lots}
            tags={tags}
            parentError={parentError}
          />
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
