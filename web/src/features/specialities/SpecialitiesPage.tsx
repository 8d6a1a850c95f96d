// /dashboard/specialities: the version's specialities (name, lot, tags); new and edit on
// /dashboard/specialities/{recordId}; bulk delete (refused while tasks use one).
import { useEffect, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Body1, Button } from "@fluentui/react-components";
import { Add20Regular } from "@fluentui/react-icons";
import { specialitiesApi, type Speciality } from "../../api/reference";
import { PageHeader } from "../../components/PageHeader";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { DataTable, type DataTableColumn, type RowId } from "../../components/DataTable";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { useRefreshCounter } from "../../store/refresh";
import { toast } from "../../store/toasts";
import { Swatch } from "../../components/Color";
import { WithVersion } from "../../components/WithVersion";

export default function SpecialitiesPage() {
  return (
    <WithVersion>
      {(projectId, versionId) => <SpecialitiesList projectId={projectId} versionId={versionId} />}
    </WithVersion>
  );
}

function SpecialitiesList({ projectId, versionId }: { projectId: number; versionId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useRefreshCounter("data");
  const list = useAsync(
    () => specialitiesApi.list(projectId, versionId).then((r) => r.data),
    [projectId, versionId, refresh],
  );
  const [selected, setSelected] = useState<Set<RowId>>(new Set());
  const [toDelete, setToDelete] = useState<number[] | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (list.error) warnError(list.error);
  }, [list.error]);

  const columns: DataTableColumn<Speciality>[] = [
    { id: "name", header: t("specialities.columns.name") },
    {
      id: "lot",
      header: t("specialities.columns.lot"),
      sortValue: (s) => s.participantGroupPro?.name,
      render: (s) =>
        s.participantGroupPro ? (
          <>
            <Swatch color={s.participantGroupPro.color} />
            {s.participantGroupPro.name}
          </>
        ) : (
          t("specialities.noLot")
        ),
    },
    {
      id: "tags",
      header: t("specialities.columns.tags"),
      sortable: false,
      render: (s) => s.tags.map((tag) => tag.name).join(", "),
    },
  ];

  const remove = async () => {
    if (!toDelete) return;
    setBusy(true);
    try {
      await specialitiesApi.bulkDelete(toDelete);
      list.setData((ss) => (ss ?? []).filter((s) => !toDelete.includes(s.id)));
      setSelected(new Set());
      toast.success(t("specialities.deleted"));
    } catch (e) {
      warnError(e);
    } finally {
      setBusy(false);
      setToDelete(null);
    }
  };

  return (
    <>
      <PageHeader
        title={t("specialities.title")}
        actions={
          <Button appearance="primary" icon={<Add20Regular />} onClick={() => navigate("/dashboard/specialities/new")}>
            {t("specialities.create")}
          </Button>
        }
      />
      <DataTable
        columns={columns}
        rows={list.data ?? []}
        getRowId={(s) => s.id}
        ariaLabel={t("specialities.title")}
        csvExport={{ fileName: t("specialities.title") }}
        loading={list.loading}
        emptyText={t("specialities.empty")}
        selectable
        selectedIds={selected}
        onSelectionChange={setSelected}
        onDeleteSelected={(ids) => setToDelete(ids.map(Number))}
        onRowClick={(s) => navigate(`/dashboard/specialities/${s.id}`)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t("specialities.deleteTitle")}
        confirmLabel={t("actions.delete")}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setToDelete(null)}
      >
        <Body1>{t("specialities.deleteBody", { count: toDelete?.length ?? 0 })}</Body1>
      </ConfirmDialog>
    </>
  );
}
