// /dashboard/participants-library: the global library of lots (manager level): name, colour, number of
// projects using each; create in a dialog, delete in bulk (a lot projects use is refused: ImplementationError).
import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Button } from "@fluentui/react-components";
import { Add20Regular } from "@fluentui/react-icons";
import { ApiError } from "../../api/http";
import { libraryLotsApi, type LibraryLot } from "../../api/reference";
import { PageHeader } from "../../components/PageHeader";
import { ConfirmDelete } from "../../components/ConfirmDelete";
import { CreateDialog } from "../../components/CreateDialog";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { useDraftDialog } from "../../lib/useDraftDialog";
import { useSelectionDelete } from "../../lib/useSelectionDelete";
import { toast } from "../../store/toasts";
import { swatchNameColumn } from "../../components/Color";
import { LotNameColorFields } from "./LotNameColorFields";

export default function LibraryLotsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useAsync(() => libraryLotsApi.list().then((r) => r.data), []);

  useEffect(() => {
    if (list.error) warnError(list.error);
  }, [list.error]);

  const columns: DataTableColumn<LibraryLot>[] = [
    swatchNameColumn(t("lots.library.columns.name")),
    { id: "color", header: t("lots.library.columns.color") },
    { id: "projects", header: t("lots.library.columns.projects"), width: 100 },
  ];

  const creation = useDraftDialog(async (draft: { name: string; color: string }) => {
    const lot = await libraryLotsApi.create({ name: draft.name.trim(), color: draft.color });
    list.setData((ls) => [...(ls ?? []), lot]);
    toast.success(t("lots.library.created"));
  });

  const deletion = useSelectionDelete(
    async (ids) => {
      await libraryLotsApi.bulkDelete(ids);
      list.setData((ls) => (ls ?? []).filter((l) => !ids.includes(l.id)));
      toast.success(t("lots.library.deleted"));
    },
    (e) =>
      toast.warning(
        e instanceof ApiError && e.code === "ImplementationError"
          ? t("lots.library.referenced")
          : t("lots.deleteFailed"),
      ),
  );

  return (
    <>
      <PageHeader
        title={t("lots.library.title")}
        actions={
          <Button
            appearance="primary"
            icon={<Add20Regular />}
            onClick={() => creation.open({ name: "", color: "#FFFFFF" })}
          >
            {t("lots.library.create")}
          </Button>
        }
      />
      <DataTable
        columns={columns}
        rows={list.data ?? []}
        getRowId={(l) => l.id}
        ariaLabel={t("lots.library.title")}
        csvExport={{ fileName: t("lots.library.title") }}
        loading={list.loading}
        emptyText={t("lots.library.empty")}
        {...deletion.tableProps}
        onDeleteSelected={deletion.askFor}
        onRowClick={(l) => navigate(`/dashboard/participant-library/${l.id}`)}
      />
      <ConfirmDelete flow={deletion} title={t("lots.deleteTitle")}>
        {t("lots.deleteBody", { count: deletion.pending.length })}
      </ConfirmDelete>
      <CreateDialog
        flow={creation}
        title={t("lots.library.createTitle")}
        incomplete={(draft) => draft.name.trim() === ""}
      >
        {(draft, setDraft) => <LotNameColorFields draft={draft} onChange={setDraft} />}
      </CreateDialog>
    </>
  );
}
