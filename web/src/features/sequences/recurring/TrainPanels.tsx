// The panels of a train (a sequence instantiated from a template), shared by the sequence page and the task
// modal's tabs: its instances per zone, its synchronisation with the template, its recurring settings (takt,
// delay, reference) and its zones, both written with PATCH /event/recurring/{instantiationConfigId}.
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  Badge,
  Button,
  Caption1,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Spinner,
  Subtitle2,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { ArrowSync20Regular } from "@fluentui/react-icons";
import { eventsApi, type EventItem } from "../../../api/events";
import { zonesApi } from "../../../api/reference";
import { DataTable, type DataTableColumn } from "../../../components/DataTable";
import { formatDay } from "../../../lib/dates";
import { warnError } from "../../../lib/errors";
import { useAsync } from "../../../lib/useAsync";
import { setSyncStatus, useLiveSyncStatus } from "../../../store/syncStatus";
import { toast } from "../../../store/toasts";
import { confirmAfterProgress } from "../../../realtime/handleEvent";
import {
  instantiationApi,
  type InstantiationConfig,
  type RecurringUpdateBody,
  type SequenceTemplate,
  type SyncResult,
} from "../instantiationApi";
import { zoneChoices, zoneOptions, type ZoneOption } from "../instantiate/instantiateForm";
import { MilestoneReferenceField, ZoneOrder } from "../instantiate/ZoneOrder";
import {
  instancesOf,
  recurringBody,
  recurringValuesOf,
  validateRecurring,
  type InstanceRow,
  type RecurringError,
  type RecurringValues,
  type TrainSequence,
} from "./train";
import { DateInput } from "../../../components/DateInput";

const useStyles = makeStyles({
  section: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalS,
    marginTop: tokens.spacingVerticalL,
  },
  grid: {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fill, minmax(220px, 1fr))",
    gap: tokens.spacingHorizontalL,
    alignItems: "end",
  },
  row: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalM, flexWrap: "wrap" },
  actions: { display: "flex", justifyContent: "flex-end", gap: tokens.spacingHorizontalS },
});

/** The version's zones with their typology (for names and the zone choices). */
export function useZones(projectId: number, versionId: number): ZoneOption[] {
  const list = useAsync(() => zonesApi.list(projectId, versionId), [projectId, versionId]);
  return useMemo(() => zoneOptions(list.data?.data ?? []), [list.data]);
}

/** The template the train was instantiated from (name, typologies, sync status). */
export function useTemplate(id: number | null | undefined, refresh = 0): SequenceTemplate | null {
  const one = useAsync(() => (id ? instantiationApi.template(id) : Promise.resolve(null)), [id, refresh]);
  return one.data ?? null;
}

function zoneNameOf(zones: readonly ZoneOption[]) {
  return (id: number | null | undefined) => {
    const z = zones.find((x) => x.id === id);
    return z ? z.fullName || z.name : id ? `#${id}` : "";
  };
}

export function InstancesTable({
  sequence,
  events,
  zones,
}: {
  sequence: TrainSequence;
  events: readonly EventItem[];
  zones: readonly ZoneOption[];
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const zoneName = zoneNameOf(zones);
  const rows = instancesOf(sequence, events);
  const columns: DataTableColumn<InstanceRow>[] = [
    { id: "index", header: t("recurring.columns.order"), align: "end", width: 70 },
    {
      id: "zone",
      header: t("recurring.columns.zone"),
      render: (r) => zoneName(r.zoneId),
      sortValue: (r) => zoneName(r.zoneId),
    },
    { id: "tasks", header: t("recurring.columns.tasks"), align: "end" },
    { id: "startDate", header: t("recurring.columns.start"), render: (r) => formatDay(r.startDate) },
    { id: "endDate", header: t("recurring.columns.end"), render: (r) => formatDay(r.endDate) },
  ];
  return (
    <section className={styles.section} aria-labelledby="train-instances">
      <Subtitle2 as="h2" id="train-instances">
        {t("recurring.instances")}
      </Subtitle2>
      <DataTable
        columns={columns}
        rows={rows}
        getRowId={(r) => r.zoneId}
        ariaLabel={t("recurring.instancesLabel")}
        emptyText={t("recurring.noInstances")}
        defaultSort={{ field: "index", direction: "ASC" }}
        rowName={(r) => zoneName(r.zoneId)}
        size="small"
      />
    </section>
  );
}

/** The template's sync status and the "Synchroniser" action with its result (ok, or partial with reasons). */
export function SyncPanel({
  templateId,
  projectId,
  versionId,
  status,
  onSynced,
}: {
  templateId: number;
  projectId: number;
  versionId: number;
  status: "ok" | "partial" | null | undefined;
  onSynced: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<SyncResult | null>(null);
  // The live events over the fetched status: anyone's sync start (partial, committed before the sync runs), its
  // end (ok, or partial with reasons) and this user's failed sync (the error twin: partial).
  const live = useLiveSyncStatus(templateId);
  const shown = live ?? result?.status ?? status ?? null;
  const run = async () => {
    setRunning(true);
    setResult(null);
    try {
      const r = await instantiationApi.synchronize(templateId, projectId, versionId);
      setResult(r);
      setSyncStatus([templateId], r.status);
      // In the place of the sync's progress toast: one toast per action (issue 20).
      if (r.status === "ok") confirmAfterProgress("success", t("recurring.sync.doneOk"), "sequence");
      else confirmAfterProgress("warning", t("recurring.sync.donePartial", { count: r.reasons.length }), "sequence");
      onSynced();
    } catch (e) {
      // A sync that failed once started stays "partial": its error twin says so (a refusal before the start,
      // rights or a frozen version, wrote nothing and sends nothing).
      warnError(e, "sequence");
    } finally {
      setRunning(false);
    }
  };
  return (
    <section className={styles.section} aria-labelledby="train-sync">
      <Subtitle2 as="h2" id="train-sync">
        {t("recurring.sync.label")}
      </Subtitle2>
      <div className={styles.row}>
        <Badge
          appearance="tint"
          color={shown === "ok" ? "success" : shown === "partial" ? "warning" : "informative"}
          data-testid="sync-status"
        >
          {t(`recurring.sync.${shown ?? "unknown"}`)}
        </Badge>
        <Button
          icon={running ? <Spinner size="tiny" /> : <ArrowSync20Regular />}
          disabled={running}
          onClick={() => void run()}
        >
          {t("recurring.sync.action")}
        </Button>
        <span role="status">{running ? t("recurring.sync.running") : ""}</span>
      </div>
      {result ? (
        <MessageBar intent={result.status === "ok" ? "success" : "warning"}>
          <MessageBarBody>
            {result.status === "ok"
              ? t("recurring.sync.doneOk")
              : t("recurring.sync.donePartial", { count: result.reasons.length })}
            {result.reasons.length > 0 ? (
              <ul aria-label={t("recurring.sync.reasons")} style={{ margin: "4px 0 0", paddingLeft: 20 }}>
                {result.reasons.map((r, k) => (
                  <li key={k}>{r.message}</li>
                ))}
              </ul>
            ) : null}
          </MessageBarBody>
        </MessageBar>
      ) : null}
    </section>
  );
}

/** PATCH /event/recurring/{id} with a changed body: "nothing changed" when empty, the success toast, busy meanwhile. */
function useRecurringWrite(configId: number, projectId: number, versionId: number) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const write = async (body: RecurringUpdateBody, done: string, onSaved: () => void): Promise<boolean> => {
    if (Object.keys(body).length === 0) {
      toast.info(t("recurring.nothingChanged"), { subject: "sequence" });
      return false;
    }
    setBusy(true);
    try {
      await instantiationApi.updateRecurring(configId, projectId, versionId, body);
      confirmAfterProgress("success", done, "sequence");
      onSaved();
      return true;
    } catch (e) {
      warnError(e, "sequence");
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, write };
}

/** Takt, delay and reference of a train: PATCH /event/recurring/{id} with the changed fields re-dates the instances. */
export function RecurringSettings({
  config,
  projectId,
  versionId,
  onSaved,
}: {
  config: InstantiationConfig;
  projectId: number;
  versionId: number;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const original = useMemo(() => recurringValuesOf(config), [config]);
  const [values, setValues] = useState<RecurringValues>(original);
  useEffect(() => setValues(original), [original]);
  const { busy, write } = useRecurringWrite(config.id, projectId, versionId);
  const [submitted, setSubmitted] = useState(false);
  const byReference = config.referenceEventId !== null && config.referenceEventId !== undefined;
  const reference = useAsync(
    () => (byReference ? eventsApi.get(config.referenceEventId!) : Promise.resolve(null)),
    [byReference, config.referenceEventId],
  );
  const errors = validateRecurring(values, byReference);
  const errorOf = (e: RecurringError) =>
    submitted && errors.includes(e) ? t(`instantiation.validation.${e}`) : undefined;
  const set = <K extends keyof RecurringValues>(key: K, value: RecurringValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const recurring = config.type === "recurring";
  const save = async () => {
    setSubmitted(true);
    if (errors.length) return;
    if (await write(recurringBody(values, original, byReference), t("recurring.saved"), onSaved)) setSubmitted(false);
  };
  return (
    <section className={styles.section} aria-labelledby="train-settings">
      <Subtitle2 as="h2" id="train-settings">
        {recurring ? t("recurring.title") : t("recurring.individualTitle")}
      </Subtitle2>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) void save();
        }}
      >
        <div className={styles.grid}>
          {recurring ? (
            <Field label={t("recurring.takt")} validationMessage={errorOf("taktInvalid")}>
              <Input type="number" min={0} step={1} value={values.takt} onChange={(_, d) => set("takt", d.value)} />
            </Field>
          ) : null}
          {byReference ? (
            <>
              <Field label={t("recurring.referenceEvent")}>
                <Input readOnly value={reference.data?.name ?? `#${config.referenceEventId}`} />
              </Field>
              <Field label={t("recurring.delay")} validationMessage={errorOf("delayInvalid")}>
                <Input type="number" step={1} value={values.delay} onChange={(_, d) => set("delay", d.value)} />
              </Field>
              <MilestoneReferenceField
                value={values.milestoneReferenceType}
                onChange={(v) => set("milestoneReferenceType", v)}
              />
            </>
          ) : (
            <Field label={t("recurring.startDate")} validationMessage={errorOf("startDateRequired")}>
              <DateInput value={values.startDate} onChange={(v) => set("startDate", v)} />
            </Field>
          )}
          <div className={styles.actions}>
            <Button
              type="submit"
              appearance="primary"
              disabled={busy}
              icon={busy ? <Spinner size="tiny" /> : undefined}
            >
              {t("recurring.save")}
            </Button>
          </div>
        </div>
      </form>
    </section>
  );
}

/** The train's zones: add, remove or reorder them (only zones of the template's typologies), then PATCH {zoneIds}. */
export function ZonesUpdate({
  config,
  template,
  zones,
  projectId,
  versionId,
  onSaved,
}: {
  config: InstantiationConfig;
  template: SequenceTemplate | null;
  zones: readonly ZoneOption[];
  projectId: number;
  versionId: number;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [zoneIds, setZoneIds] = useState<number[]>(config.zoneIds ?? []);
  useEffect(() => setZoneIds(config.zoneIds ?? []), [config.zoneIds]);
  const { busy, write } = useRecurringWrite(config.id, projectId, versionId);
  const choices = zoneChoices(zones, template);
  const same = zoneIds.length === (config.zoneIds ?? []).length && zoneIds.every((z, k) => z === config.zoneIds[k]);
  const save = () => write(same ? {} : { zoneIds }, t("recurring.zonesSaved"), onSaved);
  return (
    <section className={styles.section} aria-labelledby="train-zones">
      <Subtitle2 as="h2" id="train-zones">
        {t("recurring.zones")}
      </Subtitle2>
      <Caption1>{t("recurring.zonesHint")}</Caption1>
      <ZoneOrder
        idPrefix={`train-${config.id}`}
        choices={choices}
        zoneIds={zoneIds}
        type={config.type}
        onChange={setZoneIds}
        error={zoneIds.length === 0 ? t("instantiation.validation.zonesRequired") : undefined}
      />
      <div className={styles.actions}>
        <Button
          appearance="primary"
          disabled={busy || zoneIds.length === 0}
          icon={busy ? <Spinner size="tiny" /> : undefined}
          onClick={() => void save()}
        >
          {t("recurring.zonesSave")}
        </Button>
      </div>
    </section>
  );
}
