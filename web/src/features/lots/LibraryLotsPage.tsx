// /dashboard/participants-library: the global library of lots (manager level): name, colour, number of
// projects using each; create in a dialog, delete in bulk (a lot projects use is refused: ImplementationError).
import { useEffect, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Body1, Button, Field, Input } from "@fluentui/react-components";
import { Add20Regular } from "@fluentui/react-icons";
import { TEXT_MAX_LENGTH } from "@jalon/shared";
import { ApiError } from "../../api/http";
import { libraryLotsApi, type LibraryLot } from "../../api/reference";
import { PageHeader } from "../../components/PageHeader";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { DataTable, type DataTableColumn, type RowId } from "../../components/DataTable";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { toast } from "../../store/toasts";
import { ColorInput, Swatch } from "../../components/Color";

export default function LibraryLotsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useAsync(() => libraryLotsApi.list().then((r) => r.data), []);
  const [selected, setSelected] = useState<Set<RowId>>(new Set());
  const [toDelete, setToDelete] = useState<number[] | null>(null);
  const [draft, setDraft] = useState<{ name: string; color: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (list.error) warnError(list.error);
  }, [list.error]);

  const columns: DataTableColumn<LibraryLot>[] = [
    {
      id: "name",
      header: t("lots.library.columns.name"),
      render: (l) => (
        <>
          <Swatch color={l.color} />
          {l.name}
        </>
      ),
    },
    { id: "color", header: t("lots.library.columns.color") },
    { id: "projects", header: t("lots.library.columns.projects"), width: 100 },
  ];

  const create = async () => {
    if (!draft) return;
    setBusy(true);
    try {
      const lot = await libraryLotsApi.create({ name: draft.name.trim(), color: draft.color });
      list.setData((ls) => [...(ls ?? []), lot]);
      toast.success(t("lots.library.created"));
      setDraft(null);
    } catch (e) {
      warnError(e);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!toDelete) return;
    setBusy(true);
    try {
      await libraryLotsApi.bulkDelete(toDelete);
      list.setData((ls) => (ls ?? []).filter((l) => !toDelete.includes(l.id)));
      setSelected(new Set());
      toast.success(t("lots.library.deleted"));
    } catch (e) {
      toast.warning(
        e instanceof ApiError && e.code === "ImplementationError"
          ? t("lots.library.referenced")
          : t("lots.deleteFailed"),
      );
    } finally {
      setBusy(false);
      setToDelete(null);
    }
  };

  return (
    <>
      <PageHeader
        title={t("lots.library.title")}
        actions={
          <Button appearance="primary" icon={<Add20Regular />} onClick={() => setDraft({ name: "", color: "#FFFFFF" })}>
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
        selectable
        selectedIds={selected}
        onSelectionChange={setSelected}
        onDeleteSelected={(ids) => setToDelete(ids.map(Number))}
        onRowClick={(l) => navigate(`/dashboard/participant-library/${l.id}`)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t("lots.deleteTitle")}
        confirmLabel={t("actions.delete")}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setToDelete(null)}
      >
        <Body1>{t("lots.deleteBody", { count: toDelete?.length ?? 0 })}</Body1>
      </ConfirmDialog>
      <ConfirmDialog
        open={draft !== null}
        title={t("lots.library.createTitle")}
        confirmLabel={t("actions.create")}
        busy={busy}
        confirmDisabled={!draft || draft.name.trim() === ""}
        onConfirm={() => void create()}
        onCancel={() => setDraft(null)}
      >
        {draft ? (
          <>
            <Field label={t("lots.fields.name")} required>
              <Input
                value={draft.name}
                maxLength={TEXT_MAX_LENGTH}
                onChange={(_, d) => setDraft({ ...draft, name: d.value })}
              />
            </Field>
            <ColorInput
              label={t("lots.fields.color")}
              value={draft.color}
              onChange={(color) => setDraft({ ...draft, color })}
            />
          </>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
