// "Instancier un modèle" (issue 16): a project sequence template laid over ordered zones, individual or as a
// recurring train at a takt, from a start date or a reference task or milestone; a live preview of the train
// (dates computed by the engine in the planning's worker) before POST /sequence.
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  Button,
  Caption1,
  Combobox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Option,
  Radio,
  RadioGroup,
  Spinner,
  Switch,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { parseDay } from "@jalon/engine";
import { TEXT_MAX_LENGTH } from "@jalon/shared";
import type { CalendarColumns } from "@jalon/shared/planning";
import { zonesApi } from "../../../api/reference";
import { useAsync } from "../../../lib/useAsync";
import { warnError } from "../../../lib/errors";
import { confirmAfterProgress } from "../../../realtime/handleEvent";
import { instantiationApi, type TemplateTask } from "../instantiationApi";
import {
  delayOf,
  emptyInstantiateValues,
  instantiateBody,
  taktOf,
  validateInstantiate,
  zoneChoices,
  zoneOptions,
  trainZonesOf,
  type InstantiateError,
  type InstantiateValues,
  type ZoneOption,
} from "./instantiateForm";
import { trainInput, useTrainPreview, type TrainPreviewInput } from "./trainPreview";
import { TrainPreviewView } from "./TrainPreviewView";
import { MilestoneReferenceField, ZoneOrder } from "./ZoneOrder";
import { DateInput } from "../../../components/DateInput";

const useStyles = makeStyles({
  surface: { maxWidth: "1040px", width: "95vw", maxHeight: "92vh", overflowY: "auto" },
  content: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  grid: {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fill, minmax(220px, 1fr))",
    gap: tokens.spacingHorizontalL,
    alignItems: "start",
  },
  wide: { gridColumn: "1 / -1" },
  row: { display: "flex", gap: tokens.spacingHorizontalL, flexWrap: "wrap", alignItems: "end" },
});

/** The day number of a yyyy-MM-dd, or null while the field holds something else. */
function dayOf(iso: string): number | null {
  try {
    return parseDay(iso);
  } catch {
    return null;
  }
}

/** A task or milestone the train can be referenced to. */
export interface ReferenceCandidate {
  id: number;
  name: string;
  type: "task" | "milestone";
}

export interface InstantiateDialogProps {
  open: boolean;
  projectId: number;
  versionId: number;
  /** The project's calendar (the planning's), for the preview. */
  calendars: CalendarColumns | null;
  references: readonly ReferenceCandidate[];
  /** Committed [start, end] days of an event of the version, or null when unknown. */
  referenceDaysOf: (id: number) => readonly [number, number] | null;
  /** yyyy-MM-dd proposed as the start date. */
  defaultStartDate: string;
  /** Zones chosen at the start (the planning's "Instancier un modèle ici" on a zone's row). */
  defaultZoneIds?: readonly number[];
  /** Closed; `created` says the planning must be refreshed. */
  onClose: (created: boolean) => void;
}

export function InstantiateDialog(props: InstantiateDialogProps) {
  const styles = useStyles();
  return (
    <Dialog open={props.open} modalType="modal" onOpenChange={(_, d) => !d.open && props.onClose(false)}>
      <DialogSurface className={styles.surface} aria-describedby={undefined}>
        <InstantiateForm {...props} />
      </DialogSurface>
    </Dialog>
  );
}

function InstantiateForm({
  projectId,
  versionId,
  calendars,
  references,
  referenceDaysOf,
  defaultStartDate,
  defaultZoneIds,
  onClose,
}: InstantiateDialogProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [values, setValues] = useState<InstantiateValues>(() => ({
    ...emptyInstantiateValues(defaultStartDate),
    zoneIds: [...(defaultZoneIds ?? [])],
  }));
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [referenceText, setReferenceText] = useState("");
  const set = <K extends keyof InstantiateValues>(key: K, value: InstantiateValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const templates = useAsync(() => instantiationApi.templates(projectId), [projectId]);
  const zonesList = useAsync(() => zonesApi.list(projectId, versionId), [projectId, versionId]);
  const template = templates.data?.find((x) => x.id === values.templateId) ?? null;
  const tasks = useAsync(
    () =>
      values.templateId === null
        ? Promise.resolve([] as TemplateTask[])
        : instantiationApi.tasks(projectId, values.templateId),
    [projectId, values.templateId],
  );
  useEffect(() => {
    for (const e of [templates.error, zonesList.error, tasks.error]) if (e) warnError(e, "sequence");
  }, [templates.error, zonesList.error, tasks.error]);

  const zones: ZoneOption[] = useMemo(() => zoneOptions(zonesList.data?.data ?? []), [zonesList.data]);
  const choices = useMemo(() => zoneChoices(zones, template), [zones, template]);
  const zoneById = useMemo(() => new Map(zones.map((z) => [z.id, z])), [zones]);
  const taskById = useMemo(() => new Map((tasks.data ?? []).map((x) => [x.id, x])), [tasks.data]);

  // Zones the new template refuses leave the order.
  useEffect(() => {
    setValues((v) => {
      const allowed = v.zoneIds.filter((id) => choices.find((c) => c.zone.id === id)?.refusal === null);
      return allowed.length === v.zoneIds.length ? v : { ...v, zoneIds: allowed };
    });
  }, [choices]);

  const reference = useMemo((): TrainPreviewInput["reference"] | null => {
    if (values.reference === "date") {
      const day = dayOf(values.startDate);
      return day === null ? null : { kind: "date", day };
    }
    if (values.referenceEventId === null) return null;
    const days = referenceDaysOf(values.referenceEventId);
    if (!days) return null;
    const candidate = references.find((r) => r.id === values.referenceEventId);
    return {
      kind: "event",
      startDay: days[0],
      endDay: days[1],
      milestone: candidate?.type === "milestone",
      delay: delayOf(values),
      milestoneReferenceType: values.milestoneReferenceType,
    };
  }, [values, referenceDaysOf, references]);

  // Containers stand for their sub-zones of the template's typologies, as the server lays them.
  const chosenZones = useMemo(() => trainZonesOf(zones, template, values.zoneIds), [zones, template, values.zoneIds]);
  const previewInput =
    calendars && tasks.data && tasks.data.length > 0 && chosenZones.length > 0 && reference !== null
      ? trainInput(tasks.data, chosenZones, taktOf(values), reference, calendars)
      : null;
  const preview = useTrainPreview(previewInput);

  const errors = validateInstantiate(values);
  const errorOf = (e: InstantiateError) =>
    submitted && errors.includes(e) ? t(`instantiation.validation.${e}`) : undefined;
  const zoneName = (id: number) => {
    const z = zoneById.get(id);
    return z ? z.fullName || z.name : `#${id}`;
  };

  const confirm = async () => {
    setSubmitted(true);
    if (errors.length > 0) return;
    setBusy(true);
    try {
      const result = await instantiationApi.instantiate(instantiateBody(values, projectId, versionId));
      const created = result.events?.filter((e) => e.type === "task").length ?? 0;
      // In the place of the instantiation's progress toast: one toast per action (issue 20).
      if (result.warnings?.length)
        confirmAfterProgress(
          "warning",
          [
            t("instantiation.createdWarnings", { count: result.warnings.length }),
            ...result.warnings.slice(0, 3).map((w) => w.message),
          ].join(" "),
          "sequence",
        );
      else confirmAfterProgress("success", t("instantiation.created", { count: created }), "sequence");
      onClose(true);
    } catch (e) {
      setBusy(false);
      warnError(e, "sequence");
    }
  };

  const recurring = values.type === "recurring";
  const filteredReferences = references
    .filter(
      (r) =>
        !referenceText.trim() || r.name.toLocaleLowerCase("fr").includes(referenceText.trim().toLocaleLowerCase("fr")),
    )
    .slice(0, 200);

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy) void confirm();
      }}
    >
      <DialogBody>
        <DialogTitle>{t("instantiation.title")}</DialogTitle>
        <DialogContent className={styles.content}>
          {templates.data && templates.data.length === 0 ? (
            <MessageBar intent="info">
              <MessageBarBody>{t("instantiation.noTemplates")}</MessageBarBody>
            </MessageBar>
          ) : null}
          <div className={styles.grid}>
            <Field
              label={t("instantiation.fields.template")}
              required
              validationMessage={errorOf("templateRequired")}
              hint={
                template
                  ? template.typology.length
                    ? t("instantiation.templateTypologies", { list: template.typology.join(", ") })
                    : t("instantiation.templateNoTypology")
                  : undefined
              }
            >
              <Dropdown
                value={template?.name ?? ""}
                selectedOptions={values.templateId === null ? [] : [String(values.templateId)]}
                onOptionSelect={(_, d) => {
                  const id = Number(d.optionValue);
                  const chosen = templates.data?.find((x) => x.id === id);
                  setValues((v) => ({
                    ...v,
                    templateId: id,
                    name: !v.name.trim() || v.name === template?.name ? (chosen?.name ?? v.name) : v.name,
                  }));
                }}
                disabled={!templates.data}
              >
                {(templates.data ?? []).map((x) => (
                  <Option key={x.id} value={String(x.id)}>
                    {x.name}
                  </Option>
                ))}
              </Dropdown>
            </Field>
            <Field label={t("instantiation.fields.type")}>
              <RadioGroup
                layout="horizontal"
                value={values.type}
                onChange={(_, d) =>
                  setValues((v) => ({
                    ...v,
                    type: d.value as InstantiateValues["type"],
                    zoneIds: d.value === "individual" ? v.zoneIds.slice(0, 1) : v.zoneIds,
                  }))
                }
              >
                <Radio value="individual" label={t("instantiation.types.individual")} />
                <Radio value="recurring" label={t("instantiation.types.recurring")} />
              </RadioGroup>
            </Field>
            <Field label={t("instantiation.fields.name")} required validationMessage={errorOf("nameRequired")}>
              <Input value={values.name} maxLength={TEXT_MAX_LENGTH} onChange={(_, d) => set("name", d.value)} />
            </Field>
            <div className={styles.wide}>
              <ZoneOrder
                idPrefix="instantiate"
                choices={choices}
                zoneIds={values.zoneIds}
                type={values.type}
                onChange={(ids) => set("zoneIds", ids)}
                error={errorOf("zonesRequired") ?? errorOf("oneZone")}
              />
            </div>
            {recurring ? (
              <Field label={t("instantiation.fields.takt")} validationMessage={errorOf("taktInvalid")}>
                <Input type="number" min={0} step={1} value={values.takt} onChange={(_, d) => set("takt", d.value)} />
              </Field>
            ) : null}
            <Field label={t("instantiation.fields.reference")}>
              <RadioGroup
                value={values.reference}
                onChange={(_, d) => set("reference", d.value as InstantiateValues["reference"])}
              >
                <Radio value="date" label={t("instantiation.references.date")} />
                <Radio value="event" label={t("instantiation.references.event")} />
              </RadioGroup>
            </Field>
            {values.reference === "date" ? (
              <Field
                label={t("instantiation.fields.startDate")}
                required
                validationMessage={errorOf("startDateRequired")}
              >
                <DateInput value={values.startDate} onChange={(v) => set("startDate", v)} />
              </Field>
            ) : (
              <>
                <Field
                  label={t("instantiation.fields.referenceEvent")}
                  required
                  validationMessage={errorOf("referenceRequired")}
                  hint={references.length === 0 ? t("instantiation.noReference") : undefined}
                >
                  <Combobox
                    placeholder={t("instantiation.pickReference")}
                    value={referenceText}
                    selectedOptions={values.referenceEventId === null ? [] : [String(values.referenceEventId)]}
                    onChange={(e) => setReferenceText(e.target.value)}
                    onOptionSelect={(_, d) => {
                      set("referenceEventId", d.optionValue ? Number(d.optionValue) : null);
                      setReferenceText(d.optionText ?? "");
                    }}
                  >
                    {filteredReferences.map((r) => (
                      <Option key={r.id} value={String(r.id)} text={r.name}>
                        {r.type === "milestone" ? `◆ ${r.name}` : r.name}
                      </Option>
                    ))}
                  </Combobox>
                </Field>
                <Field label={t("instantiation.fields.delay")} validationMessage={errorOf("delayInvalid")}>
                  <Input type="number" step={1} value={values.delay} onChange={(_, d) => set("delay", d.value)} />
                </Field>
                <MilestoneReferenceField
                  value={values.milestoneReferenceType}
                  onChange={(v) => set("milestoneReferenceType", v)}
                />
              </>
            )}
            {recurring ? (
              <div className={styles.wide}>
                <div className={styles.row}>
                  <Switch
                    checked={values.showStartMilestone}
                    onChange={(_, d) => set("showStartMilestone", d.checked)}
                    label={t("instantiation.fields.showStartMilestone")}
                  />
                  <Switch
                    checked={values.showEndMilestone}
                    onChange={(_, d) => set("showEndMilestone", d.checked)}
                    label={t("instantiation.fields.showEndMilestone")}
                  />
                </div>
              </div>
            ) : null}
          </div>
          {tasks.loading && values.templateId !== null ? <Spinner size="tiny" /> : null}
          <TrainPreviewView
            state={preview}
            zoneOrder={chosenZones.map((z) => z.id)}
            zoneName={zoneName}
            taskName={(id) => taskById.get(id)?.name ?? `#${id}`}
            taskColor={(id) => taskById.get(id)?.color ?? template?.color}
            takt={taktOf(values)}
            emptyText={
              tasks.data && values.templateId !== null && tasks.data.length === 0
                ? t("instantiation.preview.noTasks")
                : t("instantiation.preview.empty")
            }
          />
          {submitted && errors.length > 0 ? (
            <Caption1 role="alert" style={{ color: tokens.colorPaletteRedForeground1 }}>
              {t(`instantiation.validation.${errors[0]}`)}
            </Caption1>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button appearance="secondary" onClick={() => onClose(false)} disabled={busy}>
            {t("actions.cancel")}
          </Button>
          <Button type="submit" appearance="primary" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
            {t("instantiation.confirm")}
          </Button>
        </DialogActions>
      </DialogBody>
    </form>
  );
}
