// The task modal's sequence tabs (spec 000 section 2): "Tâche récurrente" (this task template in every zone of
// the train), "Séquence individuelle" (the sequence the task belongs to, with its tasks), "Séquence récurrente"
// (the train's sync, settings and instances) and "Mise à jour des zones" (the train's zones), each writing
// through the instantiation calls. EventEditor shows the tabs that apply to the event.
import { useTranslation } from "react-i18next";
import { Caption1, Subtitle2, makeStyles, tokens } from "@fluentui/react-components";
import { sequencesApi, type EventItem } from "../../../api/events";
import { AppLink } from "../../../components/AppLink";
import { DataTable, type DataTableColumn } from "../../../components/DataTable";
import { formatDay } from "../../../lib/dates";
import { useAsync } from "../../../lib/useAsync";
import { useRefresh } from "../../../store/refresh";
import { InstancesTable, RecurringSettings, SyncPanel, ZonesUpdate, useTemplate, useZones } from "./TrainPanels";
import type { TrainSequence } from "./train";

export const SEQUENCE_TABS = ["recurringTask", "individualSequence", "recurringSequence", "zonesUpdate"] as const;
export type SequenceTab = (typeof SEQUENCE_TABS)[number];

export function isSequenceTab(tab: string): tab is SequenceTab {
  return (SEQUENCE_TABS as readonly string[]).includes(tab);
}

const useStyles = makeStyles({
  head: { display: "flex", gap: tokens.spacingHorizontalM, alignItems: "baseline", flexWrap: "wrap" },
});

/** The event's sequence and, for an instance of a train, the train (its parent) with its config. */
export function useEventSequence(event: Pick<EventItem, "id" | "sequenceId"> | null, refresh = 0) {
  return useAsync(async (): Promise<{ sequence: TrainSequence; train: TrainSequence | null } | null> => {
    if (!event?.sequenceId) return null;
    const sequence = (await sequencesApi.get(event.sequenceId)) as TrainSequence;
    // An instance (a subsequence per zone) names the train's config too: the train is its parent.
    const parent = sequence.parentSequenceId
      ? ((await sequencesApi.get(sequence.parentSequenceId)) as TrainSequence)
      : null;
    const train = parent?.instantiationConfig ? parent : sequence.instantiationConfig ? sequence : null;
    return { sequence, train };
  }, [event?.id, event?.sequenceId, refresh]);
}

/** The tabs that apply: a recurring train's task gets the recurring ones, an individual sequence's its own. */
export function sequenceTabsFor(
  event: Pick<EventItem, "eventTemplateProId" | "sequenceId"> | null,
  loaded: { sequence: TrainSequence; train: TrainSequence | null } | null | undefined,
): SequenceTab[] {
  if (!event?.sequenceId || !loaded) return [];
  const config = loaded.train?.instantiationConfig;
  if (!config) return ["individualSequence"];
  if (config.type === "recurring")
    return [...(event.eventTemplateProId ? (["recurringTask"] as const) : []), "recurringSequence", "zonesUpdate"];
  return ["individualSequence", "zonesUpdate"];
}

export interface SequenceTabPanelProps {
  tab: SequenceTab;
  event: EventItem;
  loaded: { sequence: TrainSequence; train: TrainSequence | null };
  projectId: number;
  versionId: number;
  /** A write went through: the tab's data and the planning are loaded again. */
  onChanged: () => void;
}

export function SequenceTabPanel({ tab, event, loaded, projectId, versionId, onChanged }: SequenceTabPanelProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const zones = useZones(projectId, versionId);
  const train = loaded.train;
  const config = train?.instantiationConfig ?? null;
  const template = useTemplate(config?.sequenceTemplateProId ?? null);
  const changed = () => {
    useRefresh.getState().bump("planning");
    onChanged();
  };
  const zoneName = (id: number | null) => {
    const z = zones.find((x) => x.id === id);
    return z ? z.fullName || z.name : "";
  };
  const shown = train ?? loaded.sequence;
  const heading = (
    <div className={styles.head}>
      <Subtitle2 as="h2">{shown.name}</Subtitle2>
      <AppLink to={`/dashboard/sequence/${shown.id}`}>{t("recurring.openSequence")}</AppLink>
      {template ? <Caption1>{`${t("recurring.template")} : ${template.name}`}</Caption1> : null}
      {config?.type === "recurring" ? <Caption1>{`${t("recurring.takt")} : ${config.takt}`}</Caption1> : null}
    </div>
  );

  if (tab === "recurringTask") {
    const same = (train?.events ?? []).filter((e) => e.eventTemplateProId === event.eventTemplateProId);
    const order = config?.zoneIds ?? [];
    same.sort((a, b) => order.indexOf(a.zoneId ?? -1) - order.indexOf(b.zoneId ?? -1));
    const columns: DataTableColumn<EventItem>[] = [
      { id: "zone", header: t("recurring.columns.zone"), render: (e) => zoneName(e.zoneId), sortable: false },
      {
        id: "name",
        header: t("events.columns.name"),
        render: (e) => (e.id === event.id ? <strong aria-current="true">{e.name}</strong> : e.name),
        sortable: false,
      },
      { id: "startDate", header: t("recurring.columns.start"), render: (e) => formatDay(e.startDate), sortable: false },
      { id: "endDate", header: t("recurring.columns.end"), render: (e) => formatDay(e.endDate), sortable: false },
      { id: "numberOfDays", header: t("events.columns.numberOfDays"), align: "end", sortable: false },
    ];
    return (
      <>
        {heading}
        <DataTable
          columns={columns}
          rows={same}
          getRowId={(e) => e.id}
          ariaLabel={t("recurring.sameTaskLabel")}
          rowName={(e) => zoneName(e.zoneId)}
          size="small"
        />
      </>
    );
  }

  if (tab === "individualSequence") {
    const tasks = loaded.sequence.events ?? [];
    const columns: DataTableColumn<EventItem>[] = [
      {
        id: "name",
        header: t("events.columns.name"),
        render: (e) => (e.id === event.id ? <strong aria-current="true">{e.name}</strong> : e.name),
      },
      { id: "zone", header: t("recurring.columns.zone"), render: (e) => zoneName(e.zoneId) },
      { id: "startDate", header: t("recurring.columns.start"), render: (e) => formatDay(e.startDate) },
      { id: "endDate", header: t("recurring.columns.end"), render: (e) => formatDay(e.endDate) },
    ];
    return (
      <>
        {heading}
        <DataTable
          columns={columns}
          rows={tasks}
          getRowId={(e) => e.id}
          ariaLabel={t("recurring.sequenceTasks")}
          defaultSort={{ field: "startDate", direction: "ASC" }}
          rowName={(e) => e.name}
          size="small"
        />
        {config && train ? (
          <RecurringSettings config={config} projectId={projectId} versionId={versionId} onSaved={changed} />
        ) : null}
      </>
    );
  }

  if (!config || !train) return <Caption1>{t("recurring.notInstance")}</Caption1>;

  if (tab === "recurringSequence")
    return (
      <>
        {heading}
        {config.sequenceTemplateProId ? (
          <SyncPanel
            templateId={config.sequenceTemplateProId}
            projectId={projectId}
            versionId={versionId}
            status={template?.synchronizableStatus ?? train.synchronizableStatus}
            onSynced={changed}
          />
        ) : null}
        <RecurringSettings config={config} projectId={projectId} versionId={versionId} onSaved={changed} />
        <InstancesTable sequence={train} events={train.events ?? []} zones={zones} />
      </>
    );

  return (
    <>
      {heading}
      <ZonesUpdate
        config={config}
        template={template}
        zones={zones}
        projectId={projectId}
        versionId={versionId}
        onSaved={changed}
      />
    </>
  );
}
