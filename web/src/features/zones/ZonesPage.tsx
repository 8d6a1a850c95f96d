// /dashboard/zones: the version's zones as a tree in position order (indented by level), reordered by drag
// among siblings ('zones.ordering_saved'), created in a dialog, deleted in bulk with the warning that sub-zones
// go too (a zone used by tasks is refused by the server: zone_used_by_events), imported and exported as .xlsx.
import { useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Body1, Button, Caption1, makeStyles, tokens } from "@fluentui/react-components";
import { Add20Regular } from "@fluentui/react-icons";
import { zonesApi, type Zone, type ZoneInput } from "../../api/reference";
import { ApiError } from "../../api/http";
import { PageHeader } from "../../components/PageHeader";
import { ConfirmDelete } from "../../components/ConfirmDelete";
import { CreateDialog } from "../../components/CreateDialog";
import {
  DataTable,
  initialTableQuery,
  type DataTableColumn,
  type RowId,
  type TableQuery,
} from "../../components/DataTable";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { useDraftDialog } from "../../lib/useDraftDialog";
import { useSelectionDelete } from "../../lib/useSelectionDelete";
import { useRefreshCounter } from "../../store/refresh";
import { toast } from "../../store/toasts";
import { ImportButton } from "../../components/FileButtons";
import { WithVersion } from "../../components/WithVersion";
import { ZoneFields, zoneChanges } from "./ZoneFields";
import { reorderedPositions, treeOrder } from "../../lib/zoneTree";

const useStyles = makeStyles({
  hint: { display: "block", marginBottom: tokens.spacingVerticalS, color: tokens.colorNeutralForeground3 },
});

const EMPTY: ZoneInput = { name: "", parentId: null, unity: "macro", typology: null };

export default function ZonesPage() {
  return (
    <WithVersion>{(projectId, versionId) => <ZonesList projectId={projectId} versionId={versionId} />}</WithVersion>
  );
}

function ZonesList({ projectId, versionId }: { projectId: number; versionId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const refresh = useRefreshCounter("data");
  const list = useAsync(() => zonesApi.list(projectId, versionId).then((r) => r.data), [projectId, versionId, refresh]);
  const [query, setQuery] = useState<TableQuery>(() => initialTableQuery({ field: "position", direction: "ASC" }));

  useEffect(() => {
    if (list.error) warnError(list.error);
  }, [list.error]);

  const zones = useMemo(() => treeOrder(list.data ?? []), [list.data]);
  const rank = useMemo(() => new Map(zones.map((z, i) => [z.id, i])), [zones]);
  const byId = useMemo(() => new Map(zones.map((z) => [z.id, z])), [zones]);

  const columns: DataTableColumn<Zone>[] = [
    {
      id: "position",
      header: t("zones.columns.position"),
      width: 90,
      sortValue: (z) => rank.get(z.id),
      render: (z) => (rank.get(z.id) ?? 0) + 1,
    },
    {
      id: "name",
      header: t("zones.columns.name"),
      render: (z) => <span style={{ paddingLeft: `${z.level * 20}px` }}>{z.name}</span>,
    },
    { id: "fullName", header: t("zones.columns.fullName"), hidden: true },
    { id: "level", header: t("zones.columns.level"), render: (z) => t(`zones.levels.${z.level}`) },
    { id: "unity", header: t("zones.columns.unity"), render: (z) => t(`zones.unities.${z.unity}`) },
    { id: "typology", header: t("zones.columns.typology") },
    {
      id: "tags",
      header: t("zones.columns.tags"),
      sortable: false,
      render: (z) => z.tags.map((tag) => tag.name).join(", "),
    },
  ];

  const reorder = async (dragged: RowId, target: RowId) => {
    const positions = reorderedPositions(zones, Number(dragged), Number(target));
    if (!positions) {
      toast.warning(t("zones.orderingOtherLevel"));
      return;
    }
    const previous = list.data;
    const next = new Map(positions.map((p) => [p.id, p.position]));
    list.setData((zs) => (zs ?? []).map((z) => ({ ...z, position: next.get(z.id) ?? z.position })));
    try {
      await zonesApi.reorder(positions);
      toast.success(t("zones.ordering_saved"));
    } catch (e) {
      if (previous) list.setData(previous);
      warnError(e);
    }
  };

  const creation = useDraftDialog(async (draft: ZoneInput) => {
    const zone = await zonesApi.create(projectId, versionId, { ...zoneChanges(null, draft), name: draft.name.trim() });
    list.setData((zs) => [...(zs ?? []), zone]);
    toast.success(t("zones.created"));
  });

  const deletion = useSelectionDelete(
    async (asked) => {
      const { ids } = await zonesApi.bulkDelete(asked);
      list.setData((zs) => (zs ?? []).filter((z) => !ids.includes(z.id)));
      toast.success(t("zones.deleted"));
    },
    (e) => {
      if (e instanceof ApiError && e.code === "zone_used_by_events") {
        const ids = (e.details as { ids?: number[] } | undefined)?.ids ?? [];
        const names = ids
          .map((id) => byId.get(id)?.fullName)
          .filter(Boolean)
          .join(", ");
        toast.warning(`${t("errors.zone_used_by_events")}${names ? ` ${t("zones.usedByEvents", { names })}` : ""}`);
      } else warnError(e);
    },
  );

  const subZones = deletion.pending
    .flatMap((id) => byId.get(id)?.allChildIds ?? [])
    .filter((id) => !deletion.pending.includes(id));

  return (
    <>
      <PageHeader
        title={t("zones.title")}
        actions={
          <>
            <Button appearance="primary" icon={<Add20Regular />} onClick={() => creation.open(EMPTY)}>
              {t("zones.create")}
            </Button>
            <ImportButton
              label={t("zones.import")}
              onFile={async (file) => {
                const res = await zonesApi.import(projectId, versionId, file);
                toast.success(t("zones.imported", { count: res.total }));
                list.reload();
              }}
            />
          </>
        }
      />
      <Caption1 className={styles.hint}>{t("zones.orderingHint")}</Caption1>
      <DataTable
        columns={columns}
        rows={zones}
        getRowId={(z) => z.id}
        ariaLabel={t("zones.title")}
        exportFile={{ label: t("zones.export"), run: () => zonesApi.export(projectId, versionId) }}
        loading={list.loading}
        emptyText={t("zones.empty")}
        query={query}
        onQueryChange={setQuery}
        {...deletion.tableProps}
        onDeleteSelected={deletion.askFor}
        onRowClick={(z) => navigate(`/dashboard/zone/${z.id}`)}
        onReorder={
          query.sort.field === "position" && query.sort.direction === "ASC" ? (a, b) => void reorder(a, b) : undefined
        }
      />
      <ConfirmDelete flow={deletion} title={t("zones.deleteTitle")}>
        <Body1 block>{t("zones.deleteBody", { count: deletion.pending.length })}</Body1>
        {subZones.length > 0 ? (
          <Body1 block>
            {t("zones.deleteSubZones", { names: subZones.map((id) => byId.get(id)?.fullName).join(", ") })}
          </Body1>
        ) : null}
      </ConfirmDelete>
      <CreateDialog flow={creation} title={t("zones.createTitle")} incomplete={(draft) => draft.name.trim() === ""}>
        {(draft, setDraft) => <ZoneFields value={draft} onChange={setDraft} zones={zones} editing={null} />}
      </CreateDialog>
    </>
  );
}
