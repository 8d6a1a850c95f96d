// The list of tags or phases of the viewed version: name, colour, type, category; search, create, open,
// bulk delete, .xlsx export, and the way to the categories.
import { useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Button } from "@fluentui/react-components";
import { Add20Regular, TagMultiple20Regular } from "@fluentui/react-icons";
import type { ClassItem } from "../../api/referenceMore";
import { PageHeader } from "../../components/PageHeader";
import { WithVersion } from "../../components/WithVersion";
import { ConfirmDelete } from "../../components/ConfirmDelete";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { SearchField } from "../../components/SearchField";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { useSelectionDelete } from "../../lib/useSelectionDelete";
import { useRefreshCounter } from "../../store/refresh";
import { toast } from "../../store/toasts";
import { ColorDot } from "../../components/Color";
import type { ClassificationConfig, ClassificationScreenProps } from "./classification";

export function ClassificationListPage({ config }: { config: ClassificationConfig }) {
  return (
    <WithVersion>
      {(projectId, versionId) => <ItemList config={config} projectId={projectId} versionId={versionId} />}
    </WithVersion>
  );
}

function ItemList({ config, projectId, versionId }: ClassificationScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { ns, api, basePath } = config;
  const refresh = useRefreshCounter("data");
  const list = useAsync(() => api.list(projectId, versionId), [projectId, versionId, refresh]);
  const [search, setSearch] = useState("");
  useEffect(() => {
    if (list.error) warnError(list.error);
  }, [list.error]);

  const rows = useMemo(() => {
    const q = search.trim().toLocaleLowerCase("fr");
    return (list.data?.data ?? []).filter((i) => !q || i.name.toLocaleLowerCase("fr").includes(q));
  }, [list.data, search]);

  const columns: DataTableColumn<ClassItem>[] = [
    { id: "name", header: t(`${ns}.columns.name`) },
    {
      id: "color",
      header: t(`${ns}.columns.color`),
      render: (i) =>
        i.color ? (
          <>
            <ColorDot color={i.color} /> {i.color}
          </>
        ) : (
          ""
        ),
      width: 140,
    },
    { id: "type", header: t(`${ns}.columns.type`), render: (i) => i.type ?? "" },
    {
      id: "category",
      header: t(`${ns}.columns.category`),
      render: (i) => i.category?.name ?? "",
      sortValue: (i) => i.category?.name ?? null,
    },
  ];

  const deletion = useSelectionDelete(async (ids) => {
    await api.bulkDelete(ids);
    toast.success(t(`${ns}.deleted`));
    list.reload();
  });

  return (
    <>
      <PageHeader
        title={t(`${ns}.title`)}
        actions={
          <>
            <Button icon={<TagMultiple20Regular />} onClick={() => navigate(`${basePath}/categories`)}>
              {t(`${ns}.categoriesLink`)}
            </Button>
            <Button appearance="primary" icon={<Add20Regular />} onClick={() => navigate(`${basePath}/new`)}>
              {t(`${ns}.new`)}
            </Button>
          </>
        }
      />
      <DataTable
        columns={columns}
        rows={rows}
        getRowId={(i) => i.id}
        ariaLabel={t(`${ns}.listLabel`)}
        exportFile={{ label: t(`${ns}.export`), run: () => api.export(projectId, versionId) }}
        loading={list.loading}
        emptyText={t(`${ns}.empty`)}
        onRowClick={(i) => navigate(`${basePath}/${i.id}`)}
        {...deletion.tableProps}
        onDeleteSelected={deletion.askFor}
        toolbar={<SearchField label={t(`${ns}.search`)} value={search} onChange={setSearch} />}
      />
      <ConfirmDelete flow={deletion} title={t(`${ns}.deleteTitle`)}>
        {t(`${ns}.deleteText`, { count: deletion.pending.length })}
      </ConfirmDelete>
    </>
  );
}
