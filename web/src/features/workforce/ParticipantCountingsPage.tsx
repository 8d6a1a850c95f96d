// /dashboard/participant-countings (spec 001): for one day, each participant of the version with its estimated
// (theoretical) and real number of people, editable in the table; "Enregistrer" sends the changed lines with
// POST /workforce/counting (an emptied cell clears its number). The day moves with the date field or the
// previous/next buttons; the lot and tag filters narrow the participants (spec 001: GET /workforce/counting by
// lots and tags), each shown with its lots; the day's totals follow the table; the export saves the day's
// countings under the same filters.
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Field, Input, Text, makeStyles, tokens } from "@fluentui/react-components";
import { ChevronLeft20Regular, ChevronRight20Regular, Save20Regular } from "@fluentui/react-icons";
import { lotsApi, participantsApi, type Participant } from "../../api/reference";
import { tagsApi } from "../../api/referenceMore";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { WithVersion } from "../../components/WithVersion";
import { toIsoDay } from "../../lib/dates";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { useRefreshCounter } from "../../store/refresh";
import { toast } from "../../store/toasts";
import { workforceApi, type CountingLine } from "./api";
import { FilterBar } from "../../components/FilterBar";
import { IdFilter } from "../../components/IdFilter";
import { WorkforceHeader } from "./WorkforceHeader";
import { parsePeople, shiftDay } from "./people";
import { DateInput } from "../../components/DateInput";

const useStyles = makeStyles({
  number: { width: "9rem" },
  dot: {
    display: "inline-block",
    width: "10px",
    height: "10px",
    borderRadius: "50%",
    marginRight: tokens.spacingHorizontalS,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
  },
  footer: {
    display: "flex",
    alignItems: "center",
    columnGap: tokens.spacingHorizontalM,
    marginTop: tokens.spacingVerticalM,
  },
});

export default function ParticipantCountingsPage() {
  return (
    <WithVersion>{(projectId, versionId) => <Countings projectId={projectId} versionId={versionId} />}</WithVersion>
  );
}

type Field2 = "estimated" | "real";

const lotNames = (p: Participant) => (p.participantsGroupPro ?? []).map((l) => l.name).join(", ");
// People are shown with at most 2 decimals (spec 001 section 9).
const formatPeople = (n: number) => new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 2 }).format(n);
type Draft = Record<number, Partial<Record<Field2, string>>>;

function Countings({ projectId, versionId }: { projectId: number; versionId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const refresh = useRefreshCounter("data");
  const [day, setDay] = useState(() => toIsoDay(new Date()));
  const [lotId, setLotId] = useState<number | null>(null);
  const [tagId, setTagId] = useState<number | null>(null);
  const [draft, setDraft] = useState<Draft>({});
  const [saving, setSaving] = useState(false);

  const lots = useAsync(() => lotsApi.list(projectId, versionId), [projectId, versionId, refresh]);
  const tags = useAsync(() => tagsApi.list(projectId, versionId), [projectId, versionId, refresh]);
  const participants = useAsync(
    () => participantsApi.list(projectId, versionId, lotId ?? undefined),
    [projectId, versionId, lotId, refresh],
  );
  const countings = useAsync(
    () =>
      day
        ? workforceApi.countings({ projectId, versionId, startDate: day, endDate: day })
        : Promise.resolve({ data: [], count: 0, total: 0 }),
    [projectId, versionId, day, refresh],
  );
  useEffect(() => {
    const e = participants.error ?? countings.error ?? lots.error ?? tags.error;
    if (e) warnError(e, "participant");
  }, [participants.error, countings.error, lots.error, tags.error]);
  // Another day, another version: the unsaved edits belong to the previous one.
  useEffect(() => setDraft({}), [day, projectId, versionId]);

  const stored = useMemo(() => {
    const m = new Map<number, { estimated: number | null; real: number | null }>();
    for (const c of countings.data?.data ?? [])
      if (c.participantId !== null)
        m.set(c.participantId, { estimated: c.estimatedNumberOfPeople, real: c.realNumberOfPeople });
    return m;
  }, [countings.data]);

  const shown = (p: Participant, f: Field2): string => {
    const d = draft[p.id]?.[f];
    if (d !== undefined) return d;
    const v = stored.get(p.id)?.[f];
    return v === null || v === undefined ? "" : String(v);
  };
  const changed = (p: Participant, f: Field2): boolean => {
    const d = draft[p.id]?.[f];
    if (d === undefined) return false;
    const v = stored.get(p.id)?.[f] ?? null;
    const parsed = parsePeople(d);
    return parsed === undefined || parsed !== v;
  };
  const rows = useMemo(
    () =>
      (participants.data?.data ?? []).filter((p) => tagId === null || (p.tags ?? []).some((tag) => tag.id === tagId)),
    [participants.data, tagId],
  );
  // The day's totals of the participants shown, as typed (a cell being edited counts its typed number).
  const total = (f: Field2) =>
    rows.reduce((sum, p) => {
      const v = parsePeople(shown(p, f));
      return sum + (typeof v === "number" ? v : 0);
    }, 0);
  const dirty = rows.filter((p) => changed(p, "estimated") || changed(p, "real"));
  const invalid = dirty.some(
    (p) => parsePeople(shown(p, "estimated")) === undefined || parsePeople(shown(p, "real")) === undefined,
  );

  const edit = (p: Participant, f: Field2, value: string) =>
    setDraft((d) => ({ ...d, [p.id]: { ...d[p.id], [f]: value } }));

  const save = async () => {
    const lines: CountingLine[] = dirty.map((p) => ({
      participantId: p.id,
      date: day,
      ...(changed(p, "estimated") ? { estimatedNumberOfPeople: parsePeople(shown(p, "estimated")) } : {}),
      ...(changed(p, "real") ? { realNumberOfPeople: parsePeople(shown(p, "real")) } : {}),
    }));
    setSaving(true);
    try {
      const answer = await workforceApi.save(projectId, versionId, lines);
      toast.success(t("workforce.countings.saved", { count: answer.count }), { subject: "participant" });
      setDraft({});
      countings.reload();
    } catch (e) {
      warnError(e, "participant");
    } finally {
      setSaving(false);
    }
  };

  const numberCell = (p: Participant, f: Field2) => {
    const value = shown(p, f);
    const bad = parsePeople(value) === undefined;
    return (
      <Input
        className={styles.number}
        type="number"
        min={0}
        step="any"
        inputMode="decimal"
        value={value}
        aria-invalid={bad}
        aria-label={t(f === "estimated" ? "workforce.countings.estimatedOf" : "workforce.countings.realOf", {
          name: p.name,
        })}
        onChange={(_, d) => edit(p, f, d.value)}
      />
    );
  };

  const columns: DataTableColumn<Participant>[] = [
    {
      id: "name",
      header: t("workforce.countings.participant"),
      render: (p) => (
        <span>
          <span className={styles.dot} style={{ background: p.color }} aria-hidden />
          {p.name}
        </span>
      ),
    },
    {
      id: "lots",
      header: t("workforce.countings.lots"),
      sortValue: (p) => lotNames(p),
      render: (p) => lotNames(p) || "—",
      exportValue: (p) => lotNames(p),
    },
    {
      id: "estimated",
      header: t("workforce.countings.estimated"),
      render: (p) => numberCell(p, "estimated"),
      sortValue: (p) => stored.get(p.id)?.estimated ?? -1,
      exportValue: (p) => shown(p, "estimated"),
    },
    {
      id: "real",
      header: t("workforce.countings.real"),
      render: (p) => numberCell(p, "real"),
      sortValue: (p) => stored.get(p.id)?.real ?? -1,
      exportValue: (p) => shown(p, "real"),
    },
  ];

  const filters = {
    projectId,
    versionId,
    startDate: day,
    endDate: day,
    participantGroupIds: lotId ? [lotId] : undefined,
    tagIds: tagId ? [tagId] : undefined,
  };
  return (
    <>
      <WorkforceHeader screen="countings" subject="participant" run={() => workforceApi.exportCountings(filters)} />
      <FilterBar>
        <Button
          icon={<ChevronLeft20Regular />}
          aria-label={t("workforce.countings.previousDay")}
          title={t("workforce.countings.previousDay")}
          onClick={() => setDay((d) => shiftDay(d, -1))}
          disabled={!day}
        />
        <Field label={t("workforce.countings.date")}>
          <DateInput value={day} onChange={(v) => setDay(v)} />
        </Field>
        <Button
          icon={<ChevronRight20Regular />}
          aria-label={t("workforce.countings.nextDay")}
          title={t("workforce.countings.nextDay")}
          onClick={() => setDay((d) => shiftDay(d, 1))}
          disabled={!day}
        />
        <IdFilter
          label={t("workforce.countings.lot")}
          allLabel={t("workforce.countings.allLots")}
          value={lotId}
          onChange={setLotId}
          items={lots.data?.data ?? []}
        />
        <IdFilter
          label={t("workforce.countings.tag")}
          allLabel={t("workforce.countings.allTags")}
          value={tagId}
          onChange={setTagId}
          items={tags.data?.data ?? []}
        />
      </FilterBar>
      <DataTable
        columns={columns}
        rows={rows}
        getRowId={(p) => p.id}
        ariaLabel={t("workforce.countings.tableLabel")}
        loading={participants.loading || countings.loading}
        emptyText={t("workforce.countings.empty")}
      />
      <div className={styles.footer}>
        <Button
          appearance="primary"
          icon={<Save20Regular />}
          disabled={dirty.length === 0 || invalid || saving || !day}
          onClick={() => void save()}
        >
          {saving ? t("workforce.countings.saving") : t("workforce.countings.save")}
        </Button>
        <Text>
          {t("workforce.countings.totals", {
            estimated: formatPeople(total("estimated")),
            real: formatPeople(total("real")),
          })}
        </Text>
        {dirty.length > 0 && <Text>{t("workforce.countings.unsaved", { count: dirty.length })}</Text>}
        {invalid && (
          <Text role="alert" style={{ color: tokens.colorPaletteRedForeground1 }}>
            {t("workforce.countings.invalid")}
          </Text>
        )}
      </div>
    </>
  );
}
