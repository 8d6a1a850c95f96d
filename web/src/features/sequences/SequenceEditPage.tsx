// /dashboard/sequence/:id (and "new"): name, colour, zone and the events of the sequence with their dates;
// the sequence's start and end are rolled up from its events. Saving writes the sequence (only changed
// fields), then moves events in or out of it (PATCH /event/{id} {sequenceId, revision}), then returns to the list.
import { useEffect, useMemo, useState } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Button, Caption1, Field, Input, Subtitle2, makeStyles, tokens } from "@fluentui/react-components";
import { Add20Regular, Delete20Regular } from "@fluentui/react-icons";
import { TEXT_MAX_LENGTH } from "@jalon/shared";
import { eventsApi, sequencesApi, type EventItem, type SequenceItem } from "../../api/events";
import { ApiError } from "../../api/http";
import { FullPageSpinner } from "../../components/FullPageSpinner";
import { NoProjectRedirect } from "../../components/NoProjectRedirect";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { useProject } from "../../store/project";
import { toast } from "../../store/toasts";
import { EventPicker } from "../../components/EventPicker";
import { ColorField } from "../../components/Color";
import { FormCard, SaveCancel } from "../../components/FormCard";
import { RefSelect } from "../../components/RefSelect";
import { formatDay } from "../../lib/dates";
import { useReferences } from "../../lib/useReferences";
import { TrainSection } from "./recurring/TrainSection";
import {
  emptySequenceValues,
  membershipChanges,
  rollUp,
  sequenceCreateBody,
  sequenceUpdateBody,
  toSequenceValues,
  validateSequence,
  type SequenceFormValues,
} from "./sequenceForm";

const useStyles = makeStyles({
  grid: {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fill, minmax(240px, 1fr))",
    gap: tokens.spacingHorizontalL,
    alignItems: "start",
  },
  wide: { gridColumn: "1 / -1" },
  head: {
    display: "flex",
    justifyContent: "space-between",
    alignItems: "center",
    gap: tokens.spacingHorizontalM,
    marginTop: tokens.spacingVerticalL,
  },
  muted: { color: tokens.colorNeutralForeground3 },
});

const LIST_PATH = "/dashboard/sequences";

export default function SequenceEditPage() {
  const { id: param } = useParams();
  const projectId = useProject((s) => s.projectId);
  const versionId = useProject((s) => s.versionId);
  const id = param === undefined || param === "new" ? null : Number(param);
  if (projectId === null || versionId === null || (id !== null && !Number.isInteger(id))) return <NoProjectRedirect />;
  return <SequenceForm key={String(param)} id={id} projectId={projectId} versionId={versionId} />;
}

function SequenceForm({ id, projectId, versionId }: { id: number | null; projectId: number; versionId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const { zones } = useReferences(versionId);
  const [original, setOriginal] = useState<SequenceFormValues>(emptySequenceValues);
  const [values, setValues] = useState<SequenceFormValues>(emptySequenceValues);
  const [originalEvents, setOriginalEvents] = useState<EventItem[]>([]);
  const [members, setMembers] = useState<EventItem[]>([]);
  const [ready, setReady] = useState(id === null);
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  const loaded = useAsync(
    () =>
      id === null ? Promise.resolve(null) : Promise.all([sequencesApi.get(id), sequencesApi.events(versionId, id)]),
    [id, versionId],
  );
  useEffect(() => {
    if (!loaded.data) return;
    const [sequence, events]: [SequenceItem, { data: EventItem[] }] = loaded.data;
    const v = toSequenceValues(sequence);
    setOriginal(v);
    setValues(v);
    setOriginalEvents(events.data);
    setMembers(events.data);
    setReady(true);
  }, [loaded.data]);
  useEffect(() => {
    const e = loaded.error;
    if (!e) return;
    warnError(e, "sequence");
    if (e instanceof ApiError && e.status === 404) navigate(LIST_PATH, { replace: true });
  }, [loaded.error, navigate]);

  const originalIds = useMemo(() => new Set(originalEvents.map((e) => e.id)), [originalEvents]);
  const memberIds = useMemo(() => new Set(members.map((e) => e.id)), [members]);
  const dates = rollUp(members);

  if (!ready) return loaded.error ? null : <FullPageSpinner />;

  const errors = validateSequence(values);
  const set = <K extends keyof SequenceFormValues>(key: K, value: SequenceFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const save = async () => {
    setSubmitted(true);
    if (errors.length) return;
    const changes = membershipChanges(members, originalIds);
    const body = id === null ? null : sequenceUpdateBody(values, original);
    if (
      id !== null &&
      body &&
      Object.keys(body).length === 0 &&
      changes.added.length === 0 &&
      changes.removedIds.length === 0
    ) {
      toast.info(t("sequence.nothingChanged"), { subject: "sequence" });
      return;
    }
    setBusy(true);
    try {
      let sequenceId = id;
      if (id === null) sequenceId = (await sequencesApi.create(sequenceCreateBody(values, projectId, versionId))).id;
      else if (body && Object.keys(body).length > 0) await sequencesApi.update(id, body);
      for (const event of changes.added)
        await eventsApi.update(event.id, { sequenceId: sequenceId!, revision: event.revision });
      for (const removedId of changes.removedIds) {
        const event = originalEvents.find((e) => e.id === removedId);
        await eventsApi.update(removedId, { sequenceId: null, ...(event ? { revision: event.revision } : {}) });
      }
      toast.success(t(id === null ? "sequence.created" : "sequence.saved"), { subject: "sequence" });
      navigate(LIST_PATH);
    } catch (e) {
      setBusy(false);
      warnError(e, "sequence");
    }
  };

  const title = id === null ? t("sequence.titleNew") : t("sequence.titleEdit", { name: original.name });
  const nameError = submitted && errors.length ? t(`sequence.validation.${errors[0]}`) : undefined;

  const memberColumns: DataTableColumn<EventItem>[] = [
    {
      id: "name",
      header: t("events.columns.name"),
      render: (e) => (
        <>
          {e.name}{" "}
          {e.type === "milestone" ? (
            <Caption1 className={styles.muted}>{`(${t("event.types.milestone")})`}</Caption1>
          ) : null}
        </>
      ),
    },
    { id: "startDate", header: t("events.columns.startDate"), render: (e) => formatDay(e.startDate) },
    { id: "endDate", header: t("events.columns.endDate"), render: (e) => formatDay(e.endDate) },
    { id: "numberOfDays", header: t("events.columns.numberOfDays"), align: "end" },
    {
      id: "remove",
      exportValue: false,
      header: t("actions.delete"),
      sortable: false,
      width: 48,
      render: (e) => (
        <Button
          appearance="subtle"
          icon={<Delete20Regular />}
          aria-label={t("sequence.removeEvent", { name: e.name })}
          onClick={() => setMembers((list) => list.filter((x) => x.id !== e.id))}
        />
      ),
    },
  ];

  return (
    <FormCard
      title={title}
      closeLabel={t("event.close")}
      onClose={() => navigate(LIST_PATH)}
      footer={
        <SaveCancel
          creating={id === null}
          busy={busy}
          onCancel={() => navigate(LIST_PATH)}
          onSave={() => void save()}
        />
      }
    >
      <div className={styles.grid}>
        <Field className={styles.wide} label={t("sequence.fields.name")} required validationMessage={nameError}>
          <Input value={values.name} maxLength={TEXT_MAX_LENGTH} onChange={(_, d) => set("name", d.value)} />
        </Field>
        <RefSelect
          label={t("sequence.fields.zone")}
          value={values.zoneId}
          options={zones}
          noneLabel={t("event.noneFeminine")}
          onChange={(v) => set("zoneId", v)}
        />
        <Field label={t("sequence.fields.startDate")} hint={t("sequence.rolledUp")}>
          <Input readOnly value={dates.startDate ? formatDay(dates.startDate) : t("sequence.noDates")} />
        </Field>
        <Field label={t("sequence.fields.endDate")}>
          <Input readOnly value={dates.endDate ? formatDay(dates.endDate) : t("sequence.noDates")} />
        </Field>
        <div className={styles.wide}>
          <ColorField
            label={t("sequence.fields.color")}
            customLabel={t("event.customColor")}
            value={values.color}
            onChange={(v) => set("color", v)}
            allowNone
            noneLabel={t("event.noneFeminine")}
          />
        </div>
      </div>
      <div className={styles.head}>
        <Subtitle2 as="h2">{t("sequence.events")}</Subtitle2>
        <Button icon={<Add20Regular />} onClick={() => setPicking(true)}>
          {t("sequence.addEvent")}
        </Button>
      </div>
      <DataTable
        columns={memberColumns}
        rows={members}
        getRowId={(e) => e.id}
        ariaLabel={t("sequence.events")}
        csvExport={{ fileName: t("sequence.events") }}
        emptyText={t("sequence.emptyEvents")}
        defaultSort={{ field: "startDate", direction: "ASC" }}
      />
      <EventPicker
        open={picking}
        title={t("sequence.pickerTitle")}
        versionId={versionId}
        disabledIds={memberIds}
        onClose={() => setPicking(false)}
        onPick={(event) => {
          setMembers((list) => [...list, event]);
          setPicking(false);
        }}
      />
      {id !== null && loaded.data?.[0].instantiationConfigId ? (
        <TrainSection sequence={loaded.data[0]} projectId={projectId} versionId={versionId} onChanged={loaded.reload} />
      ) : null}
    </FormCard>
  );
}
