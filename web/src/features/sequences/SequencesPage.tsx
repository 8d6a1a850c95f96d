// /dashboard/sequences: the sequences of the viewed version, sorted by name (GET /sequence, limit 10000),
// with their zone and their dates rolled up from their events.
import { useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Badge, Button } from "@fluentui/react-components";
import { Add20Regular, Delete20Regular } from "@fluentui/react-icons";
import { sequencesApi, type SequenceItem } from "../../api/events";
import { PageHeader } from "../../components/PageHeader";
import { NoProjectRedirect } from "../../components/NoProjectRedirect";
import { AppLink } from "../../components/AppLink";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { SearchField } from "../../components/SearchField";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { useSelectionDelete } from "../../lib/useSelectionDelete";
import { useProject } from "../../store/project";
import { useRefreshCounter } from "../../store/refresh";
import { toast } from "../../store/toasts";
import { ColorDot } from "../../components/Color";
import { formatDay } from "../../lib/dates";
import { useReferences } from "../../lib/useReferences";
import type { TrainSequence } from "./recurring/train";

/** The instantiation config the list joins, for a train (null for a sequence made by hand or a train's instance). */
function configOf(s: SequenceItem): TrainSequence["instantiationConfig"] {
  return s.parentSequenceId === null ? ((s as TrainSequence).instantiationConfig ?? null) : null;
}

/** A train's instance (a subsequence per zone): its parent holds the same config. */
function isInstance(s: SequenceItem): boolean {
  return s.parentSequenceId !== null && s.instantiationConfigId !== null;
}

export default function SequencesPage() {
  const projectId = useProject((s) => s.projectId);
  const versionId = useProject((s) => s.versionId);
  if (projectId === null || versionId === null) return <NoProjectRedirect />;
  return <SequencesList projectId={projectId} versionId={versionId} />;
}

function SequencesList({ projectId, versionId }: { projectId: number; versionId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useRefreshCounter("data");
  const [search, setSearch] = useState("");
  const list = useAsync(() => sequencesApi.list(versionId), [versionId, refresh]);
  const { selected, setSelected, confirming, deleting, ask, cancel, confirm } = useSelectionDelete(async (ids) => {
    await sequencesApi.bulkDelete(ids, projectId, versionId);
    toast.success(t("sequences.deleted"), { subject: "sequence" });
    list.reload();
  }, "sequence");
  const { zones } = useReferences(versionId);
  const zoneName = (s: { zoneId: number | null; zone?: { name: string } | null }) =>
    s.zone?.name ?? zones.find((z) => z.id === s.zoneId)?.name ?? "";
  useEffect(() => {
    if (list.error) warnError(list.error, "sequence");
  }, [list.error]);

  const shown = useMemo(() => {
    const q = search.trim().toLocaleLowerCase("fr");
    return (list.data?.data ?? []).filter((s) => !q || s.name.toLocaleLowerCase("fr").includes(q));
  }, [list.data, search]);

  const columns: DataTableColumn<SequenceItem>[] = [
    {
      id: "name",
      header: t("sequences.columns.name"),
      render: (s) => <AppLink to={`/dashboard/sequence/${s.id}`}>{s.name}</AppLink>,
    },
    { id: "zone", header: t("sequences.columns.zone"), render: zoneName, sortValue: zoneName },
    { id: "startDate", header: t("sequences.columns.startDate"), render: (s) => formatDay(s.startDate) },
    { id: "endDate", header: t("sequences.columns.endDate"), render: (s) => formatDay(s.endDate) },
    { id: "color", header: t("sequences.columns.color"), render: (s) => <ColorDot color={s.color} /> },
    {
      id: "type",
      header: t("recurring.columns.type"),
      render: (s) =>
        configOf(s) ? t(`instantiation.types.${configOf(s)!.type}`) : isInstance(s) ? t("recurring.instance") : "",
      sortValue: (s) => configOf(s)?.type ?? (isInstance(s) ? "instance" : ""),
    },
    {
      id: "takt",
      header: t("recurring.columns.takt"),
      align: "end",
      render: (s) => (configOf(s)?.type === "recurring" ? configOf(s)!.takt : ""),
      sortValue: (s) => configOf(s)?.takt ?? -1,
    },
    {
      id: "synchronizableStatus",
      header: t("recurring.columns.sync"),
      render: (s) =>
        s.synchronizableStatus && configOf(s) ? (
          <Badge appearance="tint" color={s.synchronizableStatus === "ok" ? "success" : "warning"}>
            {t(`recurring.sync.${s.synchronizableStatus}`)}
          </Badge>
        ) : (
          ""
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t("sequences.title")}
        actions={
          <>
            {selected.size > 0 ? (
              <Button icon={<Delete20Regular />} onClick={ask}>
                {t("sequences.deleteSelected", { count: selected.size })}
              </Button>
            ) : null}
            <Button appearance="primary" icon={<Add20Regular />} onClick={() => navigate("/dashboard/sequence/new")}>
              {t("sequences.new")}
            </Button>
          </>
        }
      />
      <DataTable
        columns={columns}
        rows={shown}
        getRowId={(s) => s.id}
        ariaLabel={t("sequences.listLabel")}
        csvExport={{ fileName: t("sequences.listLabel") }}
        loading={list.loading}
        emptyText={search.trim() ? t("sequences.emptySearch") : t("sequences.empty")}
        selectable
        selectedIds={selected}
        onSelectionChange={(ids) => setSelected(new Set([...ids].map(Number)))}
        toolbar={<SearchField label={t("sequences.search")} value={search} onChange={setSearch} />}
      />
      <ConfirmDialog
        open={confirming}
        title={t("sequences.deleteTitle")}
        confirmLabel={t("actions.delete")}
        busy={deleting}
        onConfirm={() => void confirm()}
        onCancel={cancel}
      >
        {t("sequences.deleteText")}
      </ConfirmDialog>
    </>
  );
}
