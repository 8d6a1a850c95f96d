// Prédécesseurs et successeurs: the parents and children of the event, each with its link type and delay in
// working days, added through the event picker. The lists sent replace the event's lists on the server.
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  Badge,
  Body1,
  Button,
  Caption1,
  Input,
  Select,
  Subtitle2,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { Add20Regular, Delete20Regular } from "@fluentui/react-icons";
import type { EventItem, LinkType } from "../../api/events";
import { EventPicker } from "./EventPicker";
import { formatDay } from "../../lib/dates";
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
  empty: { color: tokens.colorNeutralForeground3 },
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

  const update = (side: Side, index: number, patch: Partial<LinkRow>) => {
    const rows = values[side].map((row, i) => (i === index ? { ...row, ...patch } : row));
    onChange({ ...values, [side]: rows });
  };
  const remove = (side: Side, index: number) =>
    onChange({ ...values, [side]: values[side].filter((_, i) => i !== index) });

  const section = (side: Side) => {
    const rows = values[side];
    const title = t(side === "parents" ? "event.links.parents" : "event.links.children");
    return (
      <section className={styles.section} aria-label={title}>
        <div className={styles.head}>
          <Subtitle2 as="h2">{title}</Subtitle2>
          <Button icon={<Add20Regular />} onClick={() => setPicking(side)}>
            {t(side === "parents" ? "event.links.addParent" : "event.links.addChild")}
          </Button>
        </div>
        {rows.length === 0 ? (
          <Body1 className={styles.empty}>
            {t(side === "parents" ? "event.links.emptyParents" : "event.links.emptyChildren")}
          </Body1>
        ) : (
          <Table size="small" aria-label={title}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t("event.links.name")}</TableHeaderCell>
                <TableHeaderCell>{t("event.links.type")}</TableHeaderCell>
                <TableHeaderCell>{t("event.links.delay")}</TableHeaderCell>
                <TableHeaderCell>{t("event.links.dates")}</TableHeaderCell>
                <TableHeaderCell style={{ width: 48 }} />
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row, index) => (
                <TableRow key={row.id}>
                  <TableCell>
                    {row.name}{" "}
                    {row.eventType === "milestone" ? (
                      <Badge appearance="outline">{t("event.types.milestone")}</Badge>
                    ) : null}
                  </TableCell>
                  <TableCell>
                    <Select
                      aria-label={t("event.links.typeOf", { name: row.name })}
                      value={row.type}
                      onChange={(_, d) => update(side, index, { type: d.value as LinkType })}
                    >
                      {LINK_TYPES.map((type) => (
                        <option key={type} value={type}>
                          {t(`event.linkTypes.${type}`)}
                        </option>
                      ))}
                    </Select>
                  </TableCell>
                  <TableCell>
                    <Input
                      className={styles.delay}
                      inputMode="numeric"
                      aria-label={t("event.links.delayOf", { name: row.name })}
                      value={row.delay}
                      onChange={(_, d) => update(side, index, { delay: d.value })}
                    />
                  </TableCell>
                  <TableCell>
                    <Caption1>
                      {[formatDay(row.startDate), row.eventType === "milestone" ? "" : formatDay(row.endDate)]
                        .filter(Boolean)
                        .join(" – ")}
                    </Caption1>
                  </TableCell>
                  <TableCell>
                    <Button
                      appearance="subtle"
                      icon={<Delete20Regular />}
                      aria-label={t("event.links.remove", { name: row.name })}
                      onClick={() => remove(side, index)}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
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
