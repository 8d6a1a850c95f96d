// The categories of tags or phases ({basePath}/categories): listed in their order, reordered by dragging a row
// (PATCH .../order, 'Ordre mis à jour.'), created, edited and deleted in a dialog.
import { useEffect, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import {
  Button,
  Caption1,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { Add20Regular, ArrowLeft20Regular, Delete20Regular } from "@fluentui/react-icons";
import { TEXT_MAX_LENGTH } from "@jalon/shared";
import type { ClassCategory } from "../../api/referenceMore";
import { PageHeader } from "../../components/PageHeader";
import { WithVersion } from "../../components/WithVersion";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { warnError } from "../../lib/errors";
import { useBusy } from "../../lib/useBusy";
import { useAsync } from "../../lib/useAsync";
import { useRefreshCounter } from "../../store/refresh";
import { toast } from "../../store/toasts";
import { RefSelect } from "../../components/RefSelect";
import { reorder, type ClassificationConfig, type ClassificationScreenProps } from "./classification";
import { useRestoreFocus } from "../../components/useRestoreFocus";

const useStyles = makeStyles({
  fields: { display: "flex", flexDirection: "column", rowGap: tokens.spacingVerticalM },
  hint: { color: tokens.colorNeutralForeground3 },
});

interface CategoryDraft {
  id: number | null;
  name: string;
  type: string;
  parentCategoryId: number | null;
}

export function ClassificationCategoriesPage({ config }: { config: ClassificationConfig }) {
  return (
    <WithVersion>
      {(projectId, versionId) => <Categories config={config} projectId={projectId} versionId={versionId} />}
    </WithVersion>
  );
}

function Categories({ config, projectId, versionId }: ClassificationScreenProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const { ns, api, basePath } = config;
  const refresh = useRefreshCounter("data");
  const list = useAsync(
    () => api.categories(projectId, versionId).then((r) => r.data),
    [projectId, versionId, refresh],
  );
  const [editing, setEditing] = useState<CategoryDraft | null>(null);
  useRestoreFocus(editing !== null);
  const { busy, run } = useBusy();
  useEffect(() => {
    if (list.error) warnError(list.error);
  }, [list.error]);
  const rows = list.data ?? [];

  const columns: DataTableColumn<ClassCategory>[] = [
    { id: "name", header: t(`${ns}.categories.columns.name`), sortable: false },
    { id: "type", header: t(`${ns}.categories.columns.type`), render: (c) => c.type ?? "", sortable: false },
    {
      id: "parent",
      header: t(`${ns}.categories.columns.parent`),
      render: (c) => c.parentCategory?.name ?? "",
      sortable: false,
    },
  ];

  const onReorder = async (dragged: number, target: number) => {
    const before = rows;
    const ids = reorder(
      rows.map((c) => c.id),
      dragged,
      target,
    );
    const byId = new Map(rows.map((c) => [c.id, c]));
    list.setData(ids.map((id, position) => ({ ...byId.get(id)!, position })));
    try {
      await api.orderCategories(ids);
      toast.success(t(`${ns}.categories.orderUpdated`));
    } catch (e) {
      list.setData(before);
      warnError(e);
    }
  };

  const save = async () => {
    if (!editing || !editing.name.trim()) return;
    const body = {
      name: editing.name.trim(),
      type: editing.type.trim() || null,
      parentCategoryId: editing.parentCategoryId,
    };
    await run(async () => {
      if (editing.id === null) await api.createCategory(projectId, versionId, body);
      else await api.updateCategory(editing.id, body);
      toast.success(t(editing.id === null ? `${ns}.categories.created` : `${ns}.categories.updated`));
      setEditing(null);
      list.reload();
    });
  };

  const remove = async () => {
    const id = editing?.id;
    if (!id) return;
    await run(async () => {
      await api.deleteCategory(id);
      toast.success(t(`${ns}.categories.deleted`));
      setEditing(null);
      list.reload();
    });
  };

  const parents = rows.filter((c) => c.id !== editing?.id);

  return (
    <>
      <PageHeader
        title={t(`${ns}.categories.title`)}
        actions={
          <>
            <Button icon={<ArrowLeft20Regular />} onClick={() => navigate(basePath)}>
              {t(`${ns}.categories.back`)}
            </Button>
            <Button
              appearance="primary"
              icon={<Add20Regular />}
              onClick={() => setEditing({ id: null, name: "", type: "", parentCategoryId: null })}
            >
              {t(`${ns}.categories.newTitle`)}
            </Button>
          </>
        }
      />
      <Caption1 as="p" className={styles.hint}>
        {t(`${ns}.categories.hint`)}
      </Caption1>
      <DataTable
        columns={columns}
        rows={rows}
        getRowId={(c) => c.id}
        ariaLabel={t(`${ns}.categories.listLabel`)}
        csvExport={{ fileName: t(`${ns}.categories.listLabel`) }}
        loading={list.loading}
        emptyText={t(`${ns}.categories.empty`)}
        defaultSort={{ field: "position", direction: "ASC" }}
        onReorder={(a, b) => void onReorder(Number(a), Number(b))}
        onRowClick={(c) =>
          setEditing({ id: c.id, name: c.name, type: c.type ?? "", parentCategoryId: c.parentCategoryId })
        }
      />
      <Dialog open={editing !== null} onOpenChange={(_, d) => (!d.open && !busy ? setEditing(null) : undefined)}>
        <DialogSurface>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            <DialogBody>
              <DialogTitle>{t(editing?.id ? `${ns}.categories.editTitle` : `${ns}.categories.newTitle`)}</DialogTitle>
              <DialogContent className={styles.fields}>
                <Field label={t(`${ns}.categories.name`)} required>
                  <Input
                    value={editing?.name ?? ""}
                    maxLength={TEXT_MAX_LENGTH}
                    onChange={(_, d) => setEditing((e) => (e ? { ...e, name: d.value } : e))}
                  />
                </Field>
                <Field label={t(`${ns}.categories.type`)}>
                  <Input
                    value={editing?.type ?? ""}
                    maxLength={40}
                    onChange={(_, d) => setEditing((e) => (e ? { ...e, type: d.value } : e))}
                  />
                </Field>
                <RefSelect
                  label={t(`${ns}.categories.parent`)}
                  value={editing?.parentCategoryId ?? null}
                  options={parents}
                  noneLabel={t(`${ns}.categories.noParent`)}
                  onChange={(v) => setEditing((e) => (e ? { ...e, parentCategoryId: v } : e))}
                />
                {editing?.id ? <Caption1>{t(`${ns}.categories.deleteText`)}</Caption1> : null}
              </DialogContent>
              <DialogActions>
                {editing?.id ? (
                  <Button icon={<Delete20Regular />} disabled={busy} onClick={() => void remove()}>
                    {t("actions.delete")}
                  </Button>
                ) : null}
                <Button disabled={busy} onClick={() => setEditing(null)}>
                  {t("actions.cancel")}
                </Button>
                <Button appearance="primary" type="submit" disabled={busy || !editing?.name.trim()}>
                  {editing?.id ? t("actions.save") : t(`${ns}.categories.add`)}
                </Button>
              </DialogActions>
            </DialogBody>
          </form>
        </DialogSurface>
      </Dialog>
    </>
  );
}
