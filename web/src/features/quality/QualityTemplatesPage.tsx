// /dashboard/quality-control-template/prerequisites and /finishes (spec 001 sections 2, 3): the project's models of
// controls, with their category, delay, deliverables (task templates, sequence templates, macro-tasks) and tags.
// Laying a sequence template into zones creates a control from each model delivered to its templates.
import { useEffect, useMemo, useState } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { useTranslation } from "react-i18next";
import {
  Button,
  Dropdown,
  Field,
  Input,
  Option,
  Tab,
  TabList,
  Text,
  Textarea,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { Add20Regular } from "@fluentui/react-icons";
import {
  QUALITY_CONTROL_TYPES,
  qualityTemplatesApi,
  type QualityControlCategory,
  type QualityControlTemplate,
  type QualityControlTemplateDeliverable,
  type QualityControlType,
} from "../../api/quality";
import { macroTasksApi, tagsApi } from "../../api/referenceMore";
import { CategoryDelayFields } from "./CategoryDelayFields";
import { ConfirmDelete } from "../../components/ConfirmDelete";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { PageHeader } from "../../components/PageHeader";
import { WithVersion } from "../../components/WithVersion";
import { warnError } from "../../lib/errors";
import { rowsOrNone, useAsync } from "../../lib/useAsync";
import { useSelectionDelete } from "../../lib/useSelectionDelete";
import { useRefreshCounter } from "../../store/refresh";
import { toast } from "../../store/toasts";
import { categoryText, delayText } from "./columns";
import { warnQualityError } from "./qualityError";

const useStyles = makeStyles({
  tabs: { marginBottom: tokens.spacingVerticalM },
  form: { display: "flex", flexDirection: "column", rowGap: tokens.spacingVerticalM, minWidth: "min(480px, 80vw)" },
});

export default function QualityTemplatesPage() {
  const { kind } = useParams();
  const type: QualityControlType = kind === "finishes" ? "finishes" : "prerequisites";
  return <WithVersion>{(p, v) => <Templates key={type} type={type} projectId={p} versionId={v} />}</WithVersion>;
}

interface Draft {
  id: number | null;
  name: string;
  category: QualityControlCategory | "";
  delay: string;
  comment: string;
  deliverables: string[];
  tagIds: number[];
}

const emptyDraft: Draft = { id: null, name: "", category: "", delay: "0", comment: "", deliverables: [], tagIds: [] };
const keyOf = (d: { kind: string; id: number }) => `${d.kind}:${d.id}`;

function draftOf(m: QualityControlTemplate): Draft {
  return {
    id: m.id,
    name: m.name,
    category: m.category ?? "",
    delay: m.delay === null ? "" : String(m.delay),
    comment: m.comment ?? "",
    deliverables: m.deliverables.map(keyOf),
    tagIds: m.tags.map((x) => x.id),
  };
}

/** "" is no delay value (null); otherwise a whole number of working days, negative allowed. */
export function parseDelay(text: string): number | null | undefined {
  const s = text.trim();
  if (s === "") return null;
  return /^-?\d+$/.test(s) ? Number(s) : undefined;
}

function Templates({ type, projectId, versionId }: { type: QualityControlType; projectId: number; versionId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const refresh = useRefreshCounter("data");
  const list = useAsync(() => qualityTemplatesApi.list(projectId, type), [projectId, type, refresh]);
  const eventTemplates = useAsync(
    () => qualityTemplatesApi.deliverableOptions(projectId, "eventTemplate").catch(() => []),
    [projectId],
  );
  const sequenceTemplates = useAsync(
    () => qualityTemplatesApi.deliverableOptions(projectId, "sequenceTemplate").catch(() => []),
    [projectId],
  );
  const macroTasks = useAsync(() => rowsOrNone(macroTasksApi.list(projectId, versionId)), [projectId, versionId]);
  const tags = useAsync(() => rowsOrNone(tagsApi.list(projectId, versionId)), [projectId, versionId]);
  useEffect(() => {
    if (list.error) warnError(list.error);
  }, [list.error]);

  const deliverableOptions = useMemo(
    () => [
      ...(eventTemplates.data ?? []).map((x) => ({ key: `eventTemplate:${x.id}`, name: x.name, group: "event" })),
      ...(sequenceTemplates.data ?? []).map((x) => ({ key: `sequenceTemplate:${x.id}`, name: x.name, group: "seq" })),
      ...(macroTasks.data ?? []).map((x) => ({ key: `macroTask:${x.id}`, name: x.name, group: "macro" })),
    ],
    [eventTemplates.data, sequenceTemplates.data, macroTasks.data],
  );
  const [draft, setDraft] = useState<Draft | null>(null);
  const [busy, setBusy] = useState(false);
  const flow = useSelectionDelete(async (ids) => {
    await qualityTemplatesApi.bulkDelete(ids);
    toast.success(t("quality.templates.deleted", { count: ids.length }));
    list.reload();
  });

  const delay = draft ? parseDelay(draft.delay) : null;
  const save = async () => {
    if (!draft || delay === undefined || draft.name.trim() === "") return;
    const deliverables = draft.deliverables.map((k) => {
      const [kind, id] = k.split(":");
      return { kind: kind as QualityControlTemplateDeliverable["kind"], id: Number(id) };
    });
    const fields = {
      name: draft.name.trim(),
      category: draft.category === "" ? null : draft.category,
      delay,
      comment: draft.comment.trim() === "" ? null : draft.comment.trim(),
      deliverables,
      tagIds: draft.tagIds,
    };
    setBusy(true);
    try {
      if (draft.id === null) await qualityTemplatesApi.create({ projectId, versionId, type, ...fields });
      else await qualityTemplatesApi.update(draft.id, { projectId, versionId, ...fields });
      toast.success(t(draft.id === null ? "quality.templates.created" : "quality.templates.updated"));
      setDraft(null);
      list.reload();
    } catch (e) {
      warnQualityError(e);
    } finally {
      setBusy(false);
    }
  };

  const columns: DataTableColumn<QualityControlTemplate>[] = [
    {
      id: "name",
      header: t("quality.templates.name"),
      width: 240,
      exportValue: (m) => m.name,
      render: (m) => (
        <Button
          appearance="transparent"
          onClick={() => setDraft(draftOf(m))}
          aria-label={t("quality.templates.edit", { name: m.name })}
        >
          {m.name}
        </Button>
      ),
    },
    {
      id: "category",
      header: t("quality.templates.category"),
      sortValue: (m) => categoryText(t, m.category),
      render: (m) => categoryText(t, m.category),
    },
    { id: "delay", header: t("quality.columns.delay"), align: "end", render: (m) => delayText(t, m.delay) },
    {
      id: "deliverables",
      header: t("quality.templates.deliverables"),
      sortable: false,
      render: (m) => m.deliverables.map((d) => d.name).join(", "),
    },
    {
      id: "tags",
      header: t("quality.templates.tags"),
      sortable: false,
      render: (m) => m.tags.map((x) => x.name).join(", "),
    },
  ];
  const names = (keys: string[]) => keys.map((k) => deliverableOptions.find((o) => o.key === k)?.name ?? k).join(", ");
  const tagNames = (ids: number[]) => ids.map((id) => tags.data?.find((x) => x.id === id)?.name ?? `#${id}`).join(", ");

  return (
    <>
      <PageHeader
        title={t("pages.qualityTemplates")}
        actions={
          <Button appearance="primary" icon={<Add20Regular />} onClick={() => setDraft(emptyDraft)}>
            {t("quality.templates.add")}
          </Button>
        }
      />
      <Text as="p">{t("quality.templates.intro")}</Text>
      <TabList
        className={styles.tabs}
        selectedValue={type}
        onTabSelect={(_, d) => navigate(`/dashboard/quality-control-template/${String(d.value)}`)}
      >
        {QUALITY_CONTROL_TYPES.map((k) => (
          <Tab key={k} value={k}>
            {t(`quality.types.${k}`)}
          </Tab>
        ))}
      </TabList>
      <DataTable
        columns={columns}
        rows={list.data?.data ?? []}
        getRowId={(m) => m.id}
        ariaLabel={t(`quality.templates.label.${type}`)}
        loading={list.loading && !list.data}
        emptyText={t("quality.templates.empty")}
        {...flow.tableProps}
        onDeleteSelected={flow.askFor}
        exportFile={{
          label: t("quality.templates.export"),
          run: () => qualityTemplatesApi.export(projectId, type, `${t(`quality.templates.label.${type}`)}.xlsx`),
        }}
      />
      <ConfirmDelete flow={flow} title={t("quality.list.deleteTitle")}>
        {t("quality.templates.deleted", { count: flow.pending.length })}
      </ConfirmDelete>
      <ConfirmDialog
        open={draft !== null}
        title={t(draft?.id ? "quality.templates.dialogEdit" : "quality.templates.dialogNew")}
        confirmLabel={t("quality.templates.save")}
        busy={busy}
        confirmDisabled={!draft || draft.name.trim() === "" || delay === undefined}
        onConfirm={() => void save()}
        onCancel={() => setDraft(null)}
      >
        {draft ? (
          <div className={styles.form}>
            <Field label={t("quality.templates.name")} required>
              <Input value={draft.name} maxLength={200} onChange={(_, d) => setDraft({ ...draft, name: d.value })} />
            </Field>
            <CategoryDelayFields
              categoryLabel={t("quality.templates.category")}
              category={draft.category}
              delay={draft.delay}
              delayInvalid={delay === undefined}
              onChange={(patch) => setDraft({ ...draft, ...patch })}
            />
            <Field label={t("quality.templates.deliverables")}>
              <Dropdown
                multiselect
                inlinePopup
                value={names(draft.deliverables)}
                selectedOptions={draft.deliverables}
                onOptionSelect={(_, d) => setDraft({ ...draft, deliverables: d.selectedOptions })}
              >
                {deliverableOptions.map((o) => (
                  <Option key={o.key} value={o.key}>
                    {o.name}
                  </Option>
                ))}
              </Dropdown>
            </Field>
            <Field label={t("quality.templates.tags")}>
              <Dropdown
                multiselect
                inlinePopup
                value={tagNames(draft.tagIds)}
                selectedOptions={draft.tagIds.map(String)}
                onOptionSelect={(_, d) => setDraft({ ...draft, tagIds: d.selectedOptions.map(Number) })}
              >
                {(tags.data ?? []).map((x) => (
                  <Option key={x.id} value={String(x.id)}>
                    {x.name}
                  </Option>
                ))}
              </Dropdown>
            </Field>
            <Field label={t("quality.form.comment")}>
              <Textarea value={draft.comment} onChange={(_, d) => setDraft({ ...draft, comment: d.value })} />
            </Field>
          </div>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
