// /dashboard/events-library (the global task templates, admin) and /dashboard/events-pro (the project's copies):
// searched by name, filtered by sequence template, sorted and paged on the server (10 rows first, spec 001
// section 9, then 25/50/100/250); exported and imported as .xlsx (importManyXLSX); the project's list imports
// library templates; the selection is deleted in bulk, a template in use being refused with the catalogue's text.
import { useEffect, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Body1, Button, Select } from "@fluentui/react-components";
import { Add20Regular, LibraryRegular } from "@fluentui/react-icons";
import { PageHeader } from "../../components/PageHeader";
import { AppLink } from "../../components/AppLink";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { ImportButton } from "../../components/FileButtons";
import { SearchField } from "../../components/SearchField";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { useRefreshCounter } from "../../store/refresh";
import { toast } from "../../store/toasts";
import { LibraryImportDialog } from "./LibraryImportDialog";
import { useTemplateList } from "./useTemplateList";
import { ScopedPage, eventTemplatePath, sequenceTemplatePath } from "./scope";
import {
  eventTemplatesApi,
  fileToBase64,
  importedCount,
  sequenceTemplatesApi,
  type EventTemplateItem,
  type TemplateScope,
} from "./templatesApi";

export function EventTemplatesLibraryPage() {
  return <ScopedPage scope="library">{(p) => <EventTemplatesList {...p} />}</ScopedPage>;
}

export function EventTemplatesProPage() {
  return <ScopedPage scope="pro">{(p) => <EventTemplatesList {...p} />}</ScopedPage>;
}

function EventTemplatesList({ scope, projectId }: { scope: TemplateScope; projectId: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useRefreshCounter("data");
  const [sequenceId, setSequenceId] = useState<number | null>(null);
  const [importing, setImporting] = useState(false);
  const { search, setSearch, searchLabel, name, list, deletion, tableProps } = useTemplateList({
    kind: "events",
    load: (q) => eventTemplatesApi.list(scope, projectId, { ...q, sequenceTemplateId: sequenceId }),
    remove: (ids) => eventTemplatesApi.bulkDelete(scope, projectId, ids),
    deps: [scope, projectId, sequenceId],
  });
  const { selected, confirming, deleting, cancel, confirm } = deletion;
  const sequences = useAsync(() => sequenceTemplatesApi.options(scope, projectId), [scope, projectId, refresh]);
  useEffect(() => {
    if (sequences.error) warnError(sequences.error);
  }, [sequences.error]);

  const title = t(scope === "library" ? "templates.events.titleLibrary" : "templates.events.titlePro");
  const rows = list.data?.data ?? [];

  const columns: DataTableColumn<EventTemplateItem>[] = [
    {
      id: "name",
      header: t("templates.events.columns.name"),
      render: (et) => <AppLink to={eventTemplatePath(scope, et.id, et.sequenceTemplateId)}>{et.name}</AppLink>,
    },
    { id: "trigram", header: t("templates.events.columns.trigram"), render: (et) => (et.trigram ?? "").toUpperCase() },
    {
      id: "sequenceTemplateId",
      header: t("templates.events.columns.sequence"),
      render: (et) =>
        et.sequenceTemplateId !== null ? (
          <AppLink to={sequenceTemplatePath(scope, et.sequenceTemplateId)}>{et.sequenceTemplateName ?? ""}</AppLink>
        ) : (
          ""
        ),
    },
    { id: "numberOfDays", header: t("templates.events.columns.numberOfDays"), align: "end", width: 90 },
    { id: "numberOfPeople", header: t("templates.events.columns.numberOfPeople"), align: "end", width: 110 },
    { id: "lot", header: t("templates.events.columns.lot"), sortable: false, render: (et) => et.lotName ?? "" },
    {
      id: "typology",
      header: t("templates.events.columns.typology"),
      sortable: false,
      render: (et) => et.typology.join(", "),
    },
    {
      id: "parents",
      header: t("templates.events.columns.parents"),
      sortable: false,
      render: (et) => et.parents.map((p) => p.name).join(", "),
    },
    ...(scope === "pro"
      ? ([
          {
            id: "tags",
            header: t("templates.events.columns.tags"),
            sortable: false,
            render: (et) => et.tags.map((tag) => tag.name).join(", "),
          },
          {
            id: "instances",
            header: t("templates.events.columns.instances"),
            sortable: false,
            align: "end",
            render: (et) => String(et.instances ?? 0),
          },
        ] satisfies DataTableColumn<EventTemplateItem>[])
      : []),
  ];

  const importFile = async (file: File) => {
    const res = await eventTemplatesApi.importXlsx(scope, projectId, await fileToBase64(file));
    toast.success(t("templates.events.imported", { count: importedCount(res, 0) }));
    list.reload();
    sequences.reload();
  };

  return (
    <>
      <PageHeader
        title={title}
        actions={
          <>
            {sequenceId !== null ? (
              <Button
                appearance="primary"
                icon={<Add20Regular />}
                onClick={() => navigate(eventTemplatePath(scope, "new", sequenceId))}
              >
                {t("templates.events.create")}
              </Button>
            ) : null}
            <ImportButton label={t("templates.events.importXlsx")} onFile={importFile} />
            {scope === "pro" ? (
              <Button icon={<LibraryRegular />} onClick={() => setImporting(true)}>
                {t("templates.events.fromLibrary")}
              </Button>
            ) : null}
          </>
        }
      />
      <DataTable
        columns={columns}
        rows={rows}
        getRowId={(et) => et.id}
        ariaLabel={t(scope === "library" ? "templates.events.listLabelLibrary" : "templates.events.listLabelPro")}
        emptyText={name ? t("templates.events.emptySearch") : t("templates.events.empty")}
        {...tableProps}
        exportFile={{
          label: t("templates.events.export"),
          run: () => eventTemplatesApi.export(scope, projectId, { name, sequenceTemplateId: sequenceId }),
        }}
        toolbar={
          <>
            <SearchField label={searchLabel} value={search} onChange={setSearch} />
            <Select
              aria-label={t("templates.events.sequenceFilter")}
              value={sequenceId === null ? "" : String(sequenceId)}
              onChange={(_, d) => setSequenceId(d.value === "" ? null : Number(d.value))}
            >
              <option value="">{t("templates.events.allSequences")}</option>
              {(sequences.data ?? []).map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </Select>
          </>
        }
      />
      <ConfirmDialog
        open={confirming}
        title={t("templates.events.deleteTitle")}
        confirmLabel={t("actions.delete")}
        busy={deleting}
        onConfirm={() => void confirm()}
        onCancel={cancel}
      >
        <Body1>{t("templates.events.deleteBody", { count: selected.size })}</Body1>
      </ConfirmDialog>
      {scope === "pro" && projectId !== null ? (
        <LibraryImportDialog
          open={importing}
          texts={{
            title: t("templates.events.fromLibraryTitle"),
            hint: t("templates.events.fromLibraryHint"),
            empty: t("templates.events.fromLibraryEmpty"),
          }}
          onClose={() => setImporting(false)}
          load={() => eventTemplatesApi.libraryOptions()}
          run={async (ids) => {
            const res = await eventTemplatesApi.importFromLibrary(projectId, ids);
            toast.success(t("templates.events.imported", { count: importedCount(res, ids.length) }));
            list.reload();
            sequences.reload();
          }}
        />
      ) : null}
    </>
  );
}
