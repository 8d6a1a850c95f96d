// /dashboard/sequences-library (the global sequence templates, admin) and /dashboard/sequences-pro (the project's
// copies): searched by name, sorted and paged on the server (10 rows first), created in a dialog {name,
// category}, duplicated, deleted in bulk (a template referenced or instantiated is refused with the catalogue's
// two messages), exported (.xlsx, project), and imported from the library into the project.
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Badge, Body1, Button, Field, Input } from "@fluentui/react-components";
import { Add20Regular, Copy20Regular, LibraryRegular } from "@fluentui/react-icons";
import { TEXT_MAX_LENGTH } from "@jalon/shared";
import { PageHeader } from "../../components/PageHeader";
import { AppLink } from "../../components/AppLink";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { ExportButton } from "../../components/FileButtons";
import { SearchField } from "../../components/SearchField";
import { ColorDot } from "../../components/Color";
import { warnError } from "../../lib/errors";
import { toast } from "../../store/toasts";
import { LibraryImportDialog } from "./LibraryImportDialog";
import { useTemplateList } from "./useTemplateList";
import { ScopedPage, sequenceTemplatePath, useReturnFocus, type ScopeProps } from "./scope";
import { importedCount, sequenceTemplatesApi, type SequenceTemplateItem } from "./templatesApi";

export function SequenceTemplatesLibraryPage() {
  return <ScopedPage scope="library">{(p) => <SequenceTemplatesList {...p} />}</ScopedPage>;
}

export function SequenceTemplatesProPage() {
  return <ScopedPage scope="pro">{(p) => <SequenceTemplatesList {...p} />}</ScopedPage>;
}

function SequenceTemplatesList({ scope, projectId, versionId }: ScopeProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<{ name: string; category: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [importing, setImporting] = useState(false);
  const { search, setSearch, searchLabel, name, list, deletion, tableProps } = useTemplateList({
    kind: "sequences",
    load: (q) => sequenceTemplatesApi.list(scope, projectId, q),
    remove: (ids) => sequenceTemplatesApi.bulkDelete(scope, projectId, ids),
    deps: [scope, projectId],
  });
  const { selected, setSelected, confirming, deleting, cancel, confirm } = deletion;
  useReturnFocus(draft !== null);
  const title = t(scope === "library" ? "templates.sequences.titleLibrary" : "templates.sequences.titlePro");

  const columns: DataTableColumn<SequenceTemplateItem>[] = [
    {
      id: "name",
      header: t("templates.sequences.columns.name"),
      render: (s) => (
        <>
          <ColorDot color={s.color} /> <AppLink to={sequenceTemplatePath(scope, s.id)}>{s.name}</AppLink>
        </>
      ),
    },
    { id: "category", header: t("templates.sequences.columns.category"), render: (s) => s.category ?? "" },
    {
      id: "typology",
      header: t("templates.sequences.columns.typology"),
      sortable: false,
      render: (s) => s.typology.join(", "),
    },
    {
      id: "tasks",
      header: t("templates.sequences.columns.tasks"),
      sortable: false,
      align: "end",
      width: 80,
      render: (s) => String(s.eventTemplates.length),
    },
    {
      id: "duration",
      header: t("templates.sequences.columns.numberOfDays"),
      align: "end",
      width: 80,
      render: (s) => String(s.duration),
    },
    ...(scope === "pro"
      ? ([
          {
            id: "synchronizableStatus",
            header: t("templates.sequences.columns.status"),
            render: (s) =>
              s.synchronizableStatus ? (
                <Badge appearance="tint" color={s.synchronizableStatus === "ok" ? "success" : "warning"}>
                  {t(`templates.sequences.status.${s.synchronizableStatus}`)}
                </Badge>
              ) : null,
          },
          {
            id: "instantiated",
            header: t("templates.sequences.columns.instantiated"),
            sortable: false,
            align: "end",
            render: (s) => String(s.instantiated ?? 0),
          },
          {
            id: "isImported",
            header: t("templates.sequences.columns.imported"),
            render: (s) => t(s.isImported ? "templates.sequences.yes" : "templates.sequences.no"),
          },
        ] satisfies DataTableColumn<SequenceTemplateItem>[])
      : []),
  ];

  const create = async () => {
    if (!draft) return;
    setBusy(true);
    try {
      const created = await sequenceTemplatesApi.create(scope, projectId, {
        name: draft.name.trim(),
        category: draft.category.trim() || null,
      });
      toast.success(t("templates.sequences.created"));
      setDraft(null);
      navigate(sequenceTemplatePath(scope, created.id));
    } catch (e) {
      warnError(e);
    } finally {
      setBusy(false);
    }
  };

  const duplicateSelected = async () => {
    setBusy(true);
    try {
      for (const id of selected) await sequenceTemplatesApi.duplicate(scope, Number(id));
      toast.success(t("templates.sequences.duplicated"));
      setSelected(new Set());
      list.reload();
    } catch (e) {
      warnError(e);
      list.reload();
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader
        title={title}
        actions={
          <>
            <Button appearance="primary" icon={<Add20Regular />} onClick={() => setDraft({ name: "", category: "" })}>
              {t("templates.sequences.create")}
            </Button>
            {scope === "pro" ? (
              <Button icon={<LibraryRegular />} onClick={() => setImporting(true)}>
                {t("templates.sequences.fromLibrary")}
              </Button>
            ) : null}
            {scope === "pro" && projectId !== null && versionId !== null ? (
              <ExportButton
                label={t("templates.sequences.exportInstantiated")}
                run={() => sequenceTemplatesApi.exportInstantiated(projectId, versionId)}
              />
            ) : null}
          </>
        }
      />
      <DataTable
        columns={columns}
        rows={list.data?.data ?? []}
        getRowId={(s) => s.id}
        ariaLabel={t(scope === "library" ? "templates.sequences.listLabelLibrary" : "templates.sequences.listLabelPro")}
        emptyText={name ? t("templates.sequences.emptySearch") : t("templates.sequences.empty")}
        {...tableProps}
        exportFile={
          scope === "pro" && projectId !== null
            ? { label: t("templates.sequences.export"), run: () => sequenceTemplatesApi.export(projectId, { name }) }
            : undefined
        }
        toolbar={
          <>
            <SearchField label={searchLabel} value={search} onChange={setSearch} />
            {selected.size > 0 ? (
              <Button icon={<Copy20Regular />} disabled={busy} onClick={() => void duplicateSelected()}>
                {t("templates.sequences.duplicateSelected")}
              </Button>
            ) : null}
          </>
        }
      />
      <ConfirmDialog
        open={confirming}
        title={t("templates.sequences.deleteTitle")}
        confirmLabel={t("actions.delete")}
        busy={deleting}
        onConfirm={() => void confirm()}
        onCancel={cancel}
      >
        <Body1>{t("templates.sequences.deleteBody", { count: selected.size })}</Body1>
      </ConfirmDialog>
      <ConfirmDialog
        open={draft !== null}
        title={t("templates.sequences.createTitle")}
        confirmLabel={t("actions.create")}
        busy={busy}
        confirmDisabled={!draft || draft.name.trim() === ""}
        onConfirm={() => void create()}
        onCancel={() => setDraft(null)}
      >
        {draft ? (
          <>
            <Field label={t("templates.sequence.fields.name")} required>
              <Input
                value={draft.name}
                maxLength={TEXT_MAX_LENGTH}
                onChange={(_, d) => setDraft({ ...draft, name: d.value })}
              />
            </Field>
            <Field label={t("templates.sequence.fields.category")}>
              <Input
                value={draft.category}
                maxLength={TEXT_MAX_LENGTH}
                onChange={(_, d) => setDraft({ ...draft, category: d.value })}
              />
            </Field>
          </>
        ) : null}
      </ConfirmDialog>
      {scope === "pro" && projectId !== null ? (
        <LibraryImportDialog
          open={importing}
          texts={{
            title: t("templates.sequences.fromLibraryTitle"),
            hint: t("templates.sequences.fromLibraryHint"),
            empty: t("templates.sequences.fromLibraryEmpty"),
          }}
          onClose={() => setImporting(false)}
          load={sequenceTemplatesApi.libraryOptions}
          run={async (ids) => {
            const res = await sequenceTemplatesApi.importFromLibrary(projectId, ids);
            toast.success(t("templates.sequences.imported", { count: importedCount(res, ids.length) }));
            list.reload();
          }}
        />
      ) : null}
    </>
  );
}
