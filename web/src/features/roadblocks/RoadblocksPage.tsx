// /dashboard/roadblocks (spec 001 sections 2-4): the blocking points of the viewed version, open first by name,
// filtered by state, zone, lot and name; a row opens its form, a row's button lifts (or reopens) it, the selection
// can be deleted at once. Other users' changes arrive live (reference:update).
import { useEffect, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Button, Field, Select, Text, makeStyles, tokens } from "@fluentui/react-components";
import { Add20Regular, Checkmark20Regular } from "@fluentui/react-icons";
import { lotsApi, zonesApi } from "../../api/reference";
import { roadblocksApi, type Roadblock } from "../../api/roadblocks";
import { ConfirmDelete } from "../../components/ConfirmDelete";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { PageHeader } from "../../components/PageHeader";
import { RefSelect } from "../../components/RefSelect";
import { SearchField } from "../../components/SearchField";
import { WithVersion } from "../../components/WithVersion";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { useBusy } from "../../lib/useBusy";
import { useSelectionDelete } from "../../lib/useSelectionDelete";
import { useRefreshCounter } from "../../store/refresh";
import { toast } from "../../store/toasts";
import { FilterBar } from "../../components/FilterBar";
import { roadblockColumns } from "./roadblockColumns";

const useStyles = makeStyles({
  intro: { display: "block", marginBottom: tokens.spacingVerticalM },
});

type StateFilter = "all" | "open" | "validated";

export default function RoadblocksPage() {
  return (
    <WithVersion>{(projectId, versionId) => <Roadblocks projectId={projectId} versionId={versionId} />}</WithVersion>
  );
}

function Roadblocks({ projectId, versionId }: { projectId: number; versionId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const subject = t("roadblocks.subject");
  const refresh = useRefreshCounter("data");
  const [state, setState] = useState<StateFilter>("all");
  const [zoneId, setZoneId] = useState<number | null>(null);
  const [lotId, setLotId] = useState<number | null>(null);
  const [name, setName] = useState("");
  const list = useAsync(
    () =>
      roadblocksApi.list(projectId, versionId, {
        validate: state === "all" ? null : state === "validated",
        zoneId,
        participantGroupProId: lotId,
        name,
      }),
    [projectId, versionId, state, zoneId, lotId, name, refresh],
  );
  const zones = useAsync(() => zonesApi.list(projectId, versionId), [projectId, versionId, refresh]);
  const lots = useAsync(() => lotsApi.list(projectId, versionId), [projectId, versionId, refresh]);
  useEffect(() => {
    const e = list.error ?? zones.error ?? lots.error;
    if (e) warnError(e, subject);
  }, [list.error, zones.error, lots.error, subject]);
  const { busy, run } = useBusy(subject);
  const rows = list.data?.data ?? [];
  const open = rows.filter((r) => !r.validate).length;

  const setValidated = (r: Roadblock, validate: boolean) =>
    run(async () => {
      await roadblocksApi.update(r.id, { validate });
      toast.success(t(validate ? "roadblocks.validated" : "roadblocks.reopened", { name: r.name }), { subject });
      list.reload();
    });

  const deletion = useSelectionDelete(async (ids) => {
    const answer = await roadblocksApi.bulkDelete(ids);
    toast.success(t("roadblocks.deleted", { count: answer.count }), { subject });
    list.reload();
  }, subject);

  const columns: DataTableColumn<Roadblock>[] = [
    ...roadblockColumns(t, { withEvent: true }),
    {
      id: "actions",
      header: t("roadblocks.columns.actions"),
      sortable: false,
      exportValue: false,
      render: (r: Roadblock) => (
        <Button
          size="small"
          icon={r.validate ? undefined : <Checkmark20Regular />}
          aria-label={t(r.validate ? "roadblocks.reopenNamed" : "roadblocks.validateNamed", { name: r.name })}
          disabled={busy}
          onClick={(e) => {
            e.stopPropagation();
            void setValidated(r, !r.validate);
          }}
        >
          {t(r.validate ? "roadblocks.reopen" : "roadblocks.validate")}
        </Button>
      ),
    },
  ];
  const filtered = state !== "all" || zoneId !== null || lotId !== null || name.trim() !== "";

  return (
    <>
      <PageHeader
        title={t("roadblocks.title")}
        actions={
          <Button appearance="primary" icon={<Add20Regular />} onClick={() => navigate("/dashboard/roadblock/new")}>
            {t("roadblocks.new")}
          </Button>
        }
      />
      <Text className={styles.intro}>{t("roadblocks.intro")}</Text>
      <FilterBar>
        <Field label={t("roadblocks.filters.state")}>
          <Select value={state} onChange={(_, d) => setState(d.value as StateFilter)}>
            <option value="all">{t("roadblocks.filters.all")}</option>
            <option value="open">{t("roadblocks.filters.open")}</option>
            <option value="validated">{t("roadblocks.filters.validated")}</option>
          </Select>
        </Field>
        <RefSelect
          label={t("roadblocks.filters.zone")}
          value={zoneId}
          options={(zones.data?.data ?? []).map((z) => ({ id: z.id, name: z.fullName || z.name }))}
          noneLabel={t("roadblocks.filters.anyZone")}
          onChange={setZoneId}
        />
        <RefSelect
          label={t("roadblocks.filters.lot")}
          value={lotId}
          options={lots.data?.data ?? []}
          noneLabel={t("roadblocks.filters.anyLot")}
          onChange={setLotId}
        />
        <SearchField label={t("roadblocks.filters.name")} value={name} onChange={setName} />
      </FilterBar>
      <Text as="p" role="status">
        {t("roadblocks.summary", { open, total: rows.length })}
      </Text>
      <DataTable
        columns={columns}
        rows={rows}
        getRowId={(r) => r.id}
        ariaLabel={t("roadblocks.tableLabel")}
        loading={list.loading}
        emptyText={t(filtered ? "roadblocks.emptyFiltered" : "roadblocks.empty")}
        onRowClick={(r) => navigate(`/dashboard/roadblock/${r.id}`)}
        csvExport={{ fileName: t("roadblocks.title") }}
        {...deletion.tableProps}
        onDeleteSelected={deletion.askFor}
      />
      <ConfirmDelete flow={deletion} title={t("roadblocks.deleteTitle")}>
        {t("roadblocks.deleteText", { count: deletion.pending.length })}
      </ConfirmDelete>
    </>
  );
}
