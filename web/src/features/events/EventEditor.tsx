// The task and milestone form (spec 000 section 2 "Task or event update modal tabs"): Informations générales,
// Prédécesseurs et successeurs, Historique, Bloquer les tâches. The other tabs of the spec (order lines,
// prerequisites and finishes, recurrence, zones, blocking points, counting) arrive with their features.
// Only changed fields are sent, with the revision; a 409 reloads the event; a refused cycle names its tasks;
// a successful save returns to the list (spec 000 section 4).
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import {
  Body1,
  Button,
  Caption1,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Select,
  Switch,
  Tab,
  TabList,
  Textarea,
  makeStyles,
  tokens,
  mergeClasses,
} from "@fluentui/react-components";
import { LockClosed20Regular, LockOpen20Regular } from "@fluentui/react-icons";
import { cycleIdsOf, eventsApi, type EventItem, type PlannedEventType } from "../../api/events";
import { ApiError } from "../../api/http";
import { FullPageSpinner } from "../../components/FullPageSpinner";
import { NoProjectRedirect } from "../../components/NoProjectRedirect";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { useProject } from "../../store/project";
import { useRefreshCounter } from "../../store/refresh";
import { toast } from "../../store/toasts";
import { HistoryTab } from "./HistoryTab";
import { CountingTab } from "../countings/CountingTab";
import { QualityTab } from "../quality/QualityTab";
import { RoadblocksTab } from "../roadblocks/RoadblocksTab";
import { OrderLinesTab } from "../orderLines/OrderLinesTab";
import { EventPicker } from "../../components/EventPicker";
import { LinksTab, rowOfEvent } from "./LinksTab";
import { ColorField } from "../../components/Color";
import { FormCard, SaveCancel } from "../../components/FormCard";
import { RefSelect } from "../../components/RefSelect";
import { TagsField } from "./TagsField";
import { formatDay } from "../../lib/dates";
import { useReferences } from "../../lib/useReferences";
import {
  SequenceTabPanel,
  isSequenceTab,
  sequenceTabsFor,
  useEventSequence,
  type SequenceTab,
} from "../sequences/recurring/EventSequenceTabs";
import {
  NAME_MAX_LENGTH,
  TRIGRAM_MAX_LENGTH,
  addParent,
  changeType,
  createEventBody,
  cycleThrough,
  derivesStart,
  emptyEventValues,
  nonNumericFields,
  toEventValues,
  updateEventBody,
  validateEvent,
  type EventFormError,
  type EventFormValues,
} from "./eventForm";
import { DateInput } from "../../components/DateInput";
import { useEventReferences } from "./useEventReferences";

const useStyles = makeStyles({
  grid: {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fill, minmax(240px, 1fr))",
    gap: tokens.spacingHorizontalL,
    alignItems: "start",
  },
  wide: { gridColumn: "1 / -1" },
  reference: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
  tabs: { marginBottom: tokens.spacingVerticalS, flexWrap: "wrap" },
  computed: { color: tokens.colorNeutralForeground3 },
  lock: { display: "flex", flexDirection: "column", rowGap: tokens.spacingVerticalM, maxWidth: "720px" },
  switches: { display: "flex", gap: tokens.spacingHorizontalXL, flexWrap: "wrap" },
});

type TabValue =
  "general" | "orderLines" | "links" | "history" | "lock" | "counting" | "quality" | "roadblocks" | SequenceTab;

export interface EventEditorProps {
  kind: PlannedEventType;
  /** The route parameter: an id, or "new". */
  param: string | undefined;
  /** In a dialog (the planning): called instead of returning to the list, with whether something was saved. */
  onDone?: (saved: boolean) => void;
}

const LIST_PATH: Record<PlannedEventType, string> = { task: "/dashboard/events", milestone: "/dashboard/milestones" };

export function EventEditor({ kind, param, onDone }: EventEditorProps) {
  const projectId = useProject((s) => s.projectId);
  const versionId = useProject((s) => s.versionId);
  const isNew = param === undefined || param === "new";
  const id = isNew ? null : Number(param);
  if (projectId === null || versionId === null) return <NoProjectRedirect />;
  if (id !== null && !Number.isInteger(id)) return <NoProjectRedirect />;
  return <EventForm key={`${param}`} kind={kind} id={id} projectId={projectId} versionId={versionId} onDone={onDone} />;
}

function same(a: EventFormValues, b: EventFormValues): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function EventForm({
  kind,
  id,
  projectId,
  versionId,
  onDone,
}: {
  kind: PlannedEventType;
  id: number | null;
  projectId: number;
  versionId: number;
  onDone?: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const listPath = LIST_PATH[kind];
  const leave = (saved: boolean) => (onDone ? onDone(saved) : navigate(listPath));
  const refresh = useRefreshCounter("data");
  const { zones, lots } = useReferences(versionId);
  const { macroTasks, specialities, participants, tags } = useEventReferences(versionId);
  const [tab, setTab] = useState<TabValue>("general");
  // The sequence tabs (issue 16): reloaded after their own writes.
  const [sequenceTick, setSequenceTick] = useState(0);
  const [original, setOriginal] = useState<EventFormValues>(() => emptyEventValues(kind));
  const [values, setValues] = useState<EventFormValues>(() => emptyEventValues(kind));
  const [event, setEvent] = useState<EventItem | null>(null);
  const [busy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [cycle, setCycle] = useState<string | null>(null);
  const [pickingReference, setPickingReference] = useState(false);
  const dirty = useRef(false);
  dirty.current = !same(values, original);

  const adopt = useCallback((loadedEvent: EventItem) => {
    const v = toEventValues(loadedEvent);
    setEvent(loadedEvent);
    setOriginal(v);
    setValues(v);
  }, []);

  // Loads the event, and reloads it on live changes while the form has no unsaved edits.
  const loaded = useAsync(() => (id === null ? Promise.resolve(null) : eventsApi.get(id)), [id, refresh]);
  useEffect(() => {
    if (loaded.data && (event === null || !dirty.current)) adopt(loaded.data);
  }, [loaded.data]);
  useEffect(() => {
    const e = loaded.error;
    if (!e) return;
    warnError(e, "event");
    if (e instanceof ApiError && (e.status === 404 || e.code === "event_not_found")) {
      if (onDone) onDone(false);
      else navigate(listPath, { replace: true });
    }
  }, [loaded.error, navigate, listPath]);

  const sequenceInfo = useEventSequence(event, sequenceTick + refresh);
  const sequenceTabs = sequenceTabsFor(event, sequenceInfo.data);
  if (id !== null && !event) return loaded.error ? null : <FullPageSpinner />;

  const errors = validateEvent(values);
  const errorOf = (e: EventFormError) => (submitted && errors.includes(e) ? t(`event.validation.${e}`) : undefined);
  const nonNumeric = nonNumericFields(values);
  const milestone = values.type === "milestone";
  const derived = derivesStart(values);
  const set = <K extends keyof EventFormValues>(key: K, value: EventFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (key === "parents" || key === "children") setCycle(null);
  };

  const cycleNames = async (error: unknown): Promise<string> => {
    let ids = cycleIdsOf(error) ?? [];
    const self = id ?? 0;
    if (ids.length === 0) {
      // The refusal did not carry the ids: find the loop through this event in the version's graph.
      try {
        const graph = await eventsApi.graph(versionId);
        const children = new Map<number, number[]>();
        for (const e of graph.data) {
          if (e.id === self) continue;
          children.set(
            e.id,
            (e.childrenEvents ?? []).filter((c) => c.id !== self).map((c) => c.id),
          );
        }
        for (const p of values.parents) children.set(p.id, [...(children.get(p.id) ?? []), self]);
        children.set(
          self,
          values.children.map((c) => c.id),
        );
        ids = cycleThrough(children, self);
      } catch {
        ids = [];
      }
    }
    if (ids.length === 0) return t("event.cycleUnknown");
    const names = new Map<number, string>([[self, values.name.trim() || event?.name || ""]]);
    for (const row of [...values.parents, ...values.children]) names.set(row.id, row.name);
    const unknown = ids.filter((x) => !names.has(x));
    if (unknown.length) {
      try {
        for (const e of (await eventsApi.byIds(versionId, unknown)).data) names.set(e.id, e.name);
      } catch {
        /* names stay as ids */
      }
    }
    const list = ids.map((x) => names.get(x) ?? `#${x}`);
    return t("event.cycle", { names: [...list, list[0]].join(" → ") });
  };

  const save = async () => {
    setSubmitted(true);
    if (errors.length) {
      setTab("general");
      return;
    }
    setBusy(true);
    setCycle(null);
    try {
      if (id === null) {
        await eventsApi.create(createEventBody(values, projectId, versionId));
        toast.success(t(kind === "milestone" ? "milestone.created" : "event.created"), { subject: "event" });
        leave(true);
        return;
      }
      const body = updateEventBody(values, original, event!.revision);
      if (Object.keys(body).length === 0) {
        toast.info(t("event.nothingChanged"), { subject: "event" });
        setBusy(false);
        return;
      }
      await eventsApi.update(id, body);
      toast.success(t(kind === "milestone" ? "milestone.saved" : "event.saved"), { subject: "event" });
      leave(true);
    } catch (e) {
      setBusy(false);
      if (e instanceof ApiError && e.code === "conflict" && id !== null) {
        try {
          adopt(await eventsApi.get(id));
          toast.warning(t("event.conflictReloaded"), { subject: "event" });
        } catch (reloadError) {
          warnError(reloadError, "event");
        }
        return;
      }
      if (e instanceof ApiError && e.code === "cycle") {
        setCycle(await cycleNames(e));
        setTab("links");
        return;
      }
      warnError(e, "event");
    }
  };

  const title =
    id === null
      ? t(kind === "milestone" ? "milestone.titleNew" : "event.titleNew")
      : t(kind === "milestone" ? "milestone.titleEdit" : "event.titleEdit", { name: event?.name ?? "" });
  const reference = values.parents[0];

  const general = (
    <div className={styles.grid}>
      <Field
        className={styles.wide}
        label={t("event.fields.name")}
        required
        validationMessage={errorOf("nameRequired") ?? errorOf("nameTooLong")}
      >
        <Input value={values.name} maxLength={NAME_MAX_LENGTH} onChange={(_, d) => set("name", d.value)} />
      </Field>
      {kind === "task" ? (
        <Field label={t("event.fields.type")}>
          <Select value={values.type} onChange={(_, d) => setValues((v) => changeType(v, d.value as PlannedEventType))}>
            <option value="task">{t("event.types.task")}</option>
            <option value="milestone">{t("event.types.milestone")}</option>
          </Select>
        </Field>
      ) : null}
      <Field
        label={t(milestone ? "milestone.startDate" : "event.fields.startDate")}
        required={!derived}
        validationMessage={errorOf("startDateRequired")}
        hint={
          derived && reference
            ? t("event.startDerived", { name: reference.name })
            : event?.endDate && !milestone && !dirty.current
              ? t("event.endValue", { date: formatDay(event.endDate) })
              : undefined
        }
      >
        <DateInput value={values.startDate} disabled={derived} onChange={(v) => set("startDate", v)} />
      </Field>
      <Field
        label={t("event.reference.label")}
        hint={
          derived && event?.startDate && !dirty.current
            ? t("event.startDerivedValue", { date: formatDay(event.startDate) })
            : undefined
        }
      >
        <div className={styles.reference}>
          <Body1>{reference ? reference.name : t("event.reference.date")}</Body1>
          <Button size="small" onClick={() => setPickingReference(true)}>
            {t("event.reference.choose")}
          </Button>
        </div>
      </Field>
      {!milestone ? (
        <Field
          label={t("event.fields.numberOfDays")}
          validationState={nonNumeric.includes("numberOfDays") ? "warning" : "none"}
          validationMessage={nonNumeric.includes("numberOfDays") ? t("event.notNumeric") : undefined}
        >
          <Input inputMode="numeric" value={values.numberOfDays} onChange={(_, d) => set("numberOfDays", d.value)} />
        </Field>
      ) : null}
      {!milestone ? (
        <Field
          label={t("event.fields.numberOfPeople")}
          validationState={nonNumeric.includes("numberOfPeople") ? "warning" : "none"}
          validationMessage={nonNumeric.includes("numberOfPeople") ? t("event.notNumeric") : undefined}
        >
          <Input
            inputMode="decimal"
            value={values.numberOfPeople}
            onChange={(_, d) => set("numberOfPeople", d.value)}
          />
        </Field>
      ) : null}
      {!milestone ? (
        <Field label={t("event.fields.trigram")} validationMessage={errorOf("trigramTooLong")}>
          <Input
            value={values.trigram}
            maxLength={TRIGRAM_MAX_LENGTH}
            onChange={(_, d) => set("trigram", d.value.toUpperCase())}
          />
        </Field>
      ) : null}
      {!milestone ? (
        <RefSelect
          label={t("event.fields.lot")}
          value={values.participantGroupProId}
          options={lots}
          noneLabel={t("event.none")}
          onChange={(v) => set("participantGroupProId", v)}
        />
      ) : null}
      {!milestone ? (
        <RefSelect
          label={t("event.fields.zone")}
          value={values.zoneId}
          options={zones}
          noneLabel={t("event.noneFeminine")}
          onChange={(v) => set("zoneId", v)}
        />
      ) : null}
      {!milestone ? (
        <>
          <RefSelect
            label={t("event.fields.macroTask")}
            value={values.macroTaskId}
            options={macroTasks}
            noneLabel={t("event.noneFeminine")}
            onChange={(v) => set("macroTaskId", v)}
          />
          <RefSelect
            label={t("event.fields.speciality")}
            value={values.specialityId}
            options={specialities}
            noneLabel={t("event.none")}
            onChange={(v) => set("specialityId", v)}
          />
          <RefSelect
            label={t("event.fields.participant")}
            value={values.participantId}
            options={participants}
            noneLabel={t("event.none")}
            onChange={(v) => set("participantId", v)}
          />
          <div className={styles.wide}>
            <TagsField tags={tags} value={values.tagIds} onChange={(ids) => set("tagIds", ids)} />
          </div>
        </>
      ) : null}
      <div className={styles.wide}>
        <ColorField
          label={t("event.fields.color")}
          customLabel={t("event.customColor")}
          value={values.color}
          onChange={(v) => set("color", v)}
          allowNone={!milestone}
          noneLabel={t("event.noColor")}
        />
      </div>
      <div className={mergeClasses(styles.wide, styles.switches)}>
        {milestone ? (
          <Switch
            label={t("event.fields.isContractual")}
            checked={values.isContractual}
            onChange={(_, d) => set("isContractual", d.checked)}
          />
        ) : null}
        {/* A task is tracked too (issue 20: the general tab carries every field of the event). */}
        <Switch
          label={t(milestone ? "event.fields.isTracked" : "event.fields.isTrackedTask")}
          checked={values.isTracked}
          onChange={(_, d) => set("isTracked", d.checked)}
        />
        {milestone ? (
          <Switch
            label={t("event.fields.milestoneToHide")}
            checked={values.milestoneToHide}
            onChange={(_, d) => set("milestoneToHide", d.checked)}
          />
        ) : null}
      </div>
      <Field className={styles.wide} label={t("event.fields.description")}>
        <Textarea
          value={values.description}
          resize="vertical"
          rows={2}
          onChange={(_, d) => set("description", d.value)}
        />
      </Field>
      <Field className={styles.wide} label={t("event.fields.comments")}>
        <Textarea value={values.comments} resize="vertical" rows={3} onChange={(_, d) => set("comments", d.value)} />
      </Field>
      <EventPicker
        open={pickingReference}
        title={t("event.reference.pickerTitle")}
        versionId={versionId}
        disabledIds={new Set([...(id === null ? [] : [id]), ...values.parents.map((p) => p.id)])}
        onClose={() => setPickingReference(false)}
        onPick={(picked) => {
          setValues((v) => addParent(v, rowOfEvent(picked)));
          setCycle(null);
          setPickingReference(false);
        }}
      />
    </div>
  );

  const lock = (
    <div className={styles.lock}>
      <Caption1>{t("event.lock.explanation")}</Caption1>
      <Switch
        label={t(kind === "milestone" ? "milestone.lockLabel" : "event.lock.label")}
        checked={values.locked}
        onChange={(_, d) => set("locked", d.checked)}
      />
      <MessageBar
        intent={values.locked ? "warning" : "info"}
        icon={values.locked ? <LockClosed20Regular /> : <LockOpen20Regular />}
      >
        <MessageBarBody>{t(values.locked ? "event.lock.on" : "event.lock.off")}</MessageBarBody>
      </MessageBar>
    </div>
  );

  return (
    <FormCard
      title={title}
      closeLabel={t("event.close")}
      onClose={() => leave(false)}
      footer={
        <SaveCancel creating={id === null} busy={busy} onCancel={() => leave(false)} onSave={() => void save()} />
      }
    >
      {cycle ? (
        <MessageBar intent="error">
          <MessageBarBody>{cycle}</MessageBarBody>
        </MessageBar>
      ) : null}
      <TabList className={styles.tabs} selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as TabValue)}>
        <Tab value="general">{t("event.tabs.general")}</Tab>
        {id !== null && kind === "task" ? <Tab value="orderLines">{t("orderLines.tab.title")}</Tab> : null}
        <Tab value="links">{t("event.tabs.links")}</Tab>
        {id !== null ? <Tab value="history">{t("event.tabs.history")}</Tab> : null}
        <Tab value="lock">{t("event.tabs.lock")}</Tab>
        {id !== null && kind === "task" ? <Tab value="counting">{t("event.tabs.counting")}</Tab> : null}
        {id !== null && kind === "task" ? <Tab value="quality">{t("quality.tab.title")}</Tab> : null}
        {id !== null && kind === "task" ? <Tab value="roadblocks">{t("roadblocks.title")}</Tab> : null}
        {sequenceTabs.map((st) => (
          <Tab key={st} value={st}>
            {t(`eventTabs.${st}`)}
          </Tab>
        ))}
      </TabList>
      <div
        role="tabpanel"
        aria-label={
          tab === "roadblocks"
            ? t("roadblocks.title")
            : tab === "orderLines"
              ? t("orderLines.tab.title")
              : isSequenceTab(tab)
                ? t(`eventTabs.${tab}`)
                : t(tab === "quality" ? "quality.tab.title" : `event.tabs.${tab}`)
        }
      >
        {tab === "general" ? general : null}
        {tab === "orderLines" && event ? (
          <OrderLinesTab projectId={projectId} versionId={versionId} event={event} />
        ) : null}
        {tab === "links" ? (
          <LinksTab
            values={values}
            onChange={(v) => {
              setValues(v);
              setCycle(null);
            }}
            selfId={id}
            versionId={versionId}
          />
        ) : null}
        {tab === "history" && id !== null ? <HistoryTab eventId={id} /> : null}
        {tab === "lock" ? lock : null}
        {tab === "counting" && event ? <CountingTab projectId={projectId} event={event} /> : null}
        {tab === "quality" && event ? <QualityTab projectId={projectId} versionId={versionId} event={event} /> : null}
        {tab === "roadblocks" && event ? (
          <RoadblocksTab projectId={projectId} versionId={versionId} event={event} />
        ) : null}
        {isSequenceTab(tab) && event && sequenceInfo.data && sequenceTabs.includes(tab) ? (
          <SequenceTabPanel
            tab={tab}
            event={event}
            loaded={sequenceInfo.data}
            projectId={projectId}
            versionId={versionId}
            onChanged={() => setSequenceTick((n) => n + 1)}
          />
        ) : null}
      </div>
    </FormCard>
  );
}
