// /dashboard/specialities: the version's specialities (name, lot, tags); new and edit on
// /dashboard/specialities/{recordId}; bulk delete (refused while tasks use one).
import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Button } from "@fluentui/react-components";
import { Add20Regular } from "@fluentui/react-icons";
import { specialitiesApi, type Speciality } from "../../api/reference";
import { PageHeader } from "../../components/PageHeader";
import { ConfirmDelete } from "../../components/ConfirmDelete";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { useSelectionDelete } from "../../lib/useSelectionDelete";
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

  const deletion = useSelectionDelete(async (ids) => {
    await specialitiesApi.bulkDelete(ids);
    list.setData((ss) => (ss ?? []).filter((s) => !ids.includes(s.id)));
    toast.success(t("specialities.deleted"));
  });

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
        {...deletion.tableProps}
        onDeleteSelected={deletion.askFor}
        onRowClick={(s) => navigate(`/dashboard/specialities/${s.id}`)}
      />
      <ConfirmDelete flow={deletion} title={t("specialities.deleteTitle")}>
        {t("specialities.deleteBody", { count: deletion.pending.length })}
      </ConfirmDelete>
    </>
  );
}
