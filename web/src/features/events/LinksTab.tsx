// Prédécesseurs et successeurs: the parents and children of the event, each with its link type and delay in
// working days, added through the event picker, each side on the shared DataTable (sorting, columns, export).
// The lists sent replace the event's lists on the server.
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Badge, Button, Caption1, Input, Select, Subtitle2, makeStyles, tokens } from "@fluentui/react-components";
import { Add20Regular, Delete20Regular } from "@fluentui/react-icons";
import type { EventItem, LinkType } from "../../api/events";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { EventPicker, eventDates } from "../../components/EventPicker";
import { LINK_TYPES, addChild, addParent, type EventFormValues, type LinkRow } from "./eventForm";

const useStyles = makeStyles({
  section: {
    display: "flex",
    flexDirection: "column",
    rowGap: tokens.spacingVerticalS,
    marginBottom: tokens.spacingVerticalXL,
  },
  head: { display: "flex", justifyContent: "space-between", alignItems: "center", gap: tokens.spacingHorizontalM },
  delay: { width: "90px" },
  help: { color: tokens.colorNeutralForeground3, marginBottom: tokens.spacingVerticalM, display: "block" },
});

type Side = "parents" | "children";

export function rowOfEvent(event: EventItem): LinkRow {
  return {
    id: event.id,
    name: event.name,
    eventType: event.type,
    type: "end-begin",
    delay: "0",
    startDate: event.startDate,
    endDate: event.endDate,
  };
}

export function LinksTab({
  values,
  onChange,
  selfId,
  versionId,
}: {
  values: EventFormValues;
  onChange: (v: EventFormValues) => void;
  selfId: number | null;
  versionId: number;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [picking, setPicking] = useState<Side | null>(null);

  const disabledIds = useMemo(() => {
    const ids = new Set<number>();
    if (selfId !== null) ids.add(selfId);
    const side = picking === "children" ? values.children : values.parents;
    for (const row of side) ids.add(row.id);
    return ids;
  }, [picking, selfId, values.parents, values.children]);

  const update = (side: Side, id: number, patch: Partial<LinkRow>) => {
    const rows = values[side].map((row) => (row.id === id ? { ...row, ...patch } : row));
    onChange({ ...values, [side]: rows });
  };
  const remove = (side: Side, id: number) => onChange({ ...values, [side]: values[side].filter((r) => r.id !== id) });

  const columnsOf = (side: Side): DataTableColumn<LinkRow>[] => [
    {
      id: "name",
      header: t("event.links.name"),
      render: (row) => (
        <>
          {row.name}{" "}
          {row.eventType === "milestone" ? <Badge appearance="outline">{t("event.types.milestone")}</Badge> : null}
        </>
      ),
      exportValue: (row) => row.name,
    },
    {
      id: "type",
      header: t("event.links.type"),
      render: (row) => (
        <Select
          aria-label={t("event.links.typeOf", { name: row.name })}
          value={row.type}
          onChange={(_, d) => update(side, row.id, { type: d.value as LinkType })}
        >
          {LINK_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`event.linkTypes.${type}`)}
            </option>
          ))}
        </Select>
      ),
      sortValue: (row) => t(`event.linkTypes.${row.type}`),
    },
    {
      id: "delay",
      header: t("event.links.delay"),
      render: (row) => (
        <Input
          className={styles.delay}
          inputMode="numeric"
          aria-label={t("event.links.delayOf", { name: row.name })}
          value={row.delay}
          onChange={(_, d) => update(side, row.id, { delay: d.value })}
        />
      ),
      sortValue: (row) => Number(row.delay) || 0,
      exportValue: (row) => row.delay,
    },
    {
      id: "startDate",
      header: t("event.links.dates"),
      render: (row) => (
        <Caption1>{eventDates({ type: row.eventType, startDate: row.startDate, endDate: row.endDate })}</Caption1>
      ),
    },
    {
      id: "remove",
      header: t("event.links.removeColumn"),
      sortable: false,
      width: 48,
      exportValue: false,
      render: (row) => (
        <Button
          appearance="subtle"
          icon={<Delete20Regular />}
          aria-label={t("event.links.remove", { name: row.name })}
          onClick={() => remove(side, row.id)}
        />
      ),
    },
  ];

  const section = (side: Side) => {
    const title = t(side === "parents" ? "event.links.parents" : "event.links.children");
    return (
      <section className={styles.section} aria-label={title}>
        <div className={styles.head}>
          <Subtitle2 as="h2">{title}</Subtitle2>
          <Button icon={<Add20Regular />} onClick={() => setPicking(side)}>
            {t(side === "parents" ? "event.links.addParent" : "event.links.addChild")}
          </Button>
        </div>
        <DataTable
          columns={columnsOf(side)}
          rows={values[side]}
          getRowId={(row) => row.id}
          ariaLabel={title}
          size="small"
          emptyText={t(side === "parents" ? "event.links.emptyParents" : "event.links.emptyChildren")}
          csvExport={{ fileName: values.name.trim() ? `${title} - ${values.name.trim()}` : title }}
        />
      </section>
    );
  };

  return (
    <>
      <Caption1 className={styles.help}>{t("event.links.explanation")}</Caption1>
      {section("parents")}
      {section("children")}
      <EventPicker
        open={picking !== null}
        title={t(picking === "children" ? "event.picker.titleChild" : "event.picker.titleParent")}
        versionId={versionId}
        disabledIds={disabledIds}
        onClose={() => setPicking(null)}
        onPick={(event) => {
          const row = rowOfEvent(event);
          onChange(picking === "children" ? addChild(values, row) : addParent(values, row));
          setPicking(null);
        }}
      />
    </>
  );
}
