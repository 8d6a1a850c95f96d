import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  Avatar,
  Body1,
  Button,
  Caption1,
  Card,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
  Subtitle2,
  Switch,
  Textarea,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { Copy20Regular, Image20Regular, Save20Regular } from "@fluentui/react-icons";
import { COUNTING_MODES, TEXT_MAX_LENGTH } from "@jalon/shared";
import { api } from "../../api/client";
import type { Project } from "../../api/types";
import { Form } from "../../components/Form";
import { InputField } from "../../components/InputField";
import { DateInput } from "../../components/DateInput";
import { warnError } from "../../lib/errors";
import { toast } from "../../store/toasts";
import {
  emptyProjectValues,
  projectBody,
  publicPlanningUrl,
  toFormValues,
  validateProject,
  type ProjectFormValues,
} from "./projectForm";

const useStyles = makeStyles({
  layout: {
    display: "grid",
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: "minmax(0, 2fr) minmax(260px, 1fr)",
    "@media (max-width: 900px)": { gridTemplateColumns: "1fr" },
  },
  card: { padding: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalM },
  grid: {
    display: "grid",
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: "repeat(auto-fill, minmax(240px, 1fr))",
  },
  full: { gridColumn: "1 / -1" },
  side: { display: "flex", flexDirection: "column", rowGap: tokens.spacingVerticalL },
  image: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalM },
  actions: { display: "flex", justifyContent: "flex-end", gap: tokens.spacingHorizontalS },
  link: { display: "flex", gap: tokens.spacingHorizontalS, alignItems: "center" },
  linkInput: { flexGrow: 1 },
});

export function ProjectGeneralForm({
  project,
  onSaved,
}: {
  project: Project | null;
  onSaved: (project: Project) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const original = useMemo(() => (project ? toFormValues(project) : emptyProjectValues), [project]);
  const [values, setValues] = useState<ProjectFormValues>(original);
  const [saving, setSaving] = useState(false);
  const [touched, setTouched] = useState(false);
  const readOnly = project?.isArchived ?? false;

  // A fresh project from the server (after a save or a live refresh) resets the form.
  const lastOriginal = useRef(original);
  if (lastOriginal.current !== original) {
    lastOriginal.current = original;
    setValues(original);
    setTouched(false);
  }

  const errors = validateProject(values);
  const body = project ? projectBody(values, original) : projectBody(values);
  const dirty = Object.keys(project ? body : {}).length > 0 || !project;
  const canSave = !readOnly && !saving && errors.length === 0 && dirty;

  const set = <K extends keyof ProjectFormValues>(key: K, value: ProjectFormValues[K]) => {
    setTouched(true);
    setValues((v) => ({ ...v, [key]: value }));
  };

  const save = async () => {
    if (!canSave) return;
    setSaving(true);
    try {
      const saved = project
        ? await api.projects.update(project.id, body)
        : await api.projects.create({ ...body, name: values.name.trim() });
      toast.success(t(project ? "project.saved" : "project.created"), { subject: "project" });
      onSaved(saved);
    } catch (e) {
      warnError(e, "project");
    } finally {
      setSaving(false);
    }
  };

  const text = (key: "name" | "projectOwner" | "projectManager" | "opcCoordinator" | "typology", required = false) => (
    <InputField
      label={t(`project.fields.${key}`)}
      required={required}
      error={
        key === "name" && touched && errors.includes("nameRequired") ? t("project.validation.nameRequired") : undefined
      }
      value={values[key]}
      maxLength={TEXT_MAX_LENGTH}
      disabled={readOnly}
      onChange={(v) => set(key, v)}
    />
  );

  return (
    <Form className={styles.layout} onSubmit={() => void save()}>
      <Card className={styles.card}>
        {readOnly ? (
          <MessageBar intent="warning">
            <MessageBarBody>{t("project.readOnlyArchived")}</MessageBarBody>
          </MessageBar>
        ) : null}
        <div className={styles.grid}>
          <div className={styles.full}>{text("name", true)}</div>
          {text("projectOwner")}
          {text("projectManager")}
          {text("opcCoordinator")}
          {text("typology")}
          <InputField
            label={t("project.fields.floorArea")}
            error={errors.includes("floorArea") ? t("project.validation.floorArea") : undefined}
            type="number"
            min={0}
            step="any"
            value={values.floorArea}
            disabled={readOnly}
            onChange={(v) => set("floorArea", v)}
          />
          <Field label={t("project.fields.countingMode")}>
            <Select
              value={values.countingMode}
              disabled={readOnly}
              onChange={(_, d) => set("countingMode", d.value as ProjectFormValues["countingMode"])}
            >
              {COUNTING_MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {t(`project.countingModes.${mode}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t("project.fields.expectedStartDate")}>
            <DateInput
              value={values.expectedStartDate}
              disabled={readOnly}
              onChange={(v) => set("expectedStartDate", v)}
            />
          </Field>
          <Field
            label={t("project.fields.expectedEndDate")}
            validationState={errors.includes("endBeforeStart") ? "error" : "none"}
            validationMessage={errors.includes("endBeforeStart") ? t("project.validation.endBeforeStart") : undefined}
          >
            <DateInput
              value={values.expectedEndDate}
              min={values.expectedStartDate || undefined}
              disabled={readOnly}
              onChange={(v) => set("expectedEndDate", v)}
            />
          </Field>
          <Field label={t("project.fields.description")} className={styles.full}>
            <Textarea
              value={values.description}
              maxLength={TEXT_MAX_LENGTH}
              disabled={readOnly}
              resize="vertical"
              onChange={(_, d) => set("description", d.value)}
            />
          </Field>
        </div>
        <div className={styles.actions}>
          <Button
            type="submit"
            appearance="primary"
            icon={saving ? <Spinner size="tiny" /> : <Save20Regular />}
            disabled={!canSave}
          >
            {project ? t("actions.save") : t("actions.create")}
          </Button>
        </div>
      </Card>
      <div className={styles.side}>
        <ProjectImage project={project} onSaved={onSaved} />
        {project ? <PublicSharing project={project} onSaved={onSaved} /> : null}
      </div>
    </Form>
  );
}

function ProjectImage({ project, onSaved }: { project: Project | null; onSaved: (project: Project) => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    if (!project) return;
    setBusy(true);
    try {
      const saved = await api.projects.uploadPicture(project.id, file);
      toast.success(t("project.imageUploaded"), { subject: "project" });
      onSaved(saved && typeof saved === "object" && "id" in saved ? saved : await api.projects.get(project.id));
    } catch (e) {
      warnError(e, "project");
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  };

  return (
    <Card className={styles.card}>
      <Subtitle2>{t("project.fields.image")}</Subtitle2>
      <div className={styles.image}>
        <Avatar
          shape="square"
          size={72}
          name={project?.name ?? "?"}
          color="colorful"
          image={project?.imageUrl ? { src: project.imageUrl, alt: t("header.projectImage") } : undefined}
        />
        {project ? (
          <div>
            <Button
              icon={busy ? <Spinner size="tiny" /> : <Image20Regular />}
              disabled={busy || project.isArchived}
              onClick={() => input.current?.click()}
            >
              {t("project.imageChoose")}
            </Button>
            <Caption1 block>{t("project.imageHelp")}</Caption1>
            <input
              ref={input}
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
              hidden
              data-testid="project-image-input"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void upload(file);
              }}
            />
          </div>
        ) : (
          <Body1>{t("project.imageAfterCreate")}</Body1>
        )}
      </div>
    </Card>
  );
}

function PublicSharing({ project, onSaved }: { project: Project; onSaved: (project: Project) => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [busy, setBusy] = useState(false);
  const link = project.isPublic ? publicPlanningUrl(project) : null;

  const toggle = async (isPublic: boolean) => {
    setBusy(true);
    try {
      const saved = await api.projects.setPublic(project.id, isPublic);
      onSaved({ ...project, ...saved, isPublic });
      toast.success(t(isPublic ? "project.publicEnabled" : "project.publicDisabled"), { subject: "project" });
    } catch (e) {
      warnError(e, "project");
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      toast.success(t("project.linkCopied"));
    } catch (e) {
      warnError(e);
    }
  };

  return (
    <Card className={styles.card}>
      <Subtitle2>{t("project.sharing")}</Subtitle2>
      <Switch
        label={t("project.fields.isPublic")}
        checked={project.isPublic}
        disabled={busy || project.isArchived}
        onChange={(_, d) => void toggle(d.checked)}
      />
      <Caption1>{project.isPublic ? t("project.publicOn") : t("project.publicOff")}</Caption1>
      {link ? (
        <Field label={t("project.publicLink")}>
          <div className={styles.link}>
            <Input className={styles.linkInput} readOnly value={link} onFocus={(e) => e.target.select()} />
            <Button icon={<Copy20Regular />} onClick={() => void copy()} aria-label={t("project.copyLink")}>
              {t("actions.copy")}
            </Button>
          </div>
        </Field>
      ) : null}
    </Card>
  );
}
