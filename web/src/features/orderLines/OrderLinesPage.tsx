// /dashboard/order-lines (spec 001 sections 2, 3, 7): the version's order lines, searched by label and filtered
// by type, macro-task, lot and family, sorted and paged on the server (25/50/100/250), exported as .xlsx,
// created in a dialog (then opened to add its tasks per zone), deleted in bulk behind a confirmation; below, the
// import from the .xlsx template and its history.
import { useEffect, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Button, Field, Select } from "@fluentui/react-components";
import { Add20Regular } from "@fluentui/react-icons";
import { ORDER_LINE_TYPES } from "@jalon/shared";
import { orderLinesApi, type OrderLine, type OrderLineFilters } from "../../api/orderLines";
import { AppLink } from "../../components/AppLink";
import { ConfirmDelete } from "../../components/ConfirmDelete";
import { CreateDialog } from "../../components/CreateDialog";
import { DataTable, useTableQuery, type DataTableColumn } from "../../components/DataTable";
import { PageHeader } from "../../components/PageHeader";
import { RefSelect } from "../../components/RefSelect";
import { SearchField } from "../../components/SearchField";
import { WithVersion } from "../../components/WithVersion";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { useDebounced } from "../../lib/useDebounced";
import { useDraftDialog } from "../../lib/useDraftDialog";
import { useSelectionDelete } from "../../lib/useSelectionDelete";
import { useRefreshCounter } from "../../store/refresh";
import { toast } from "../../store/toasts";
import { FilterBar } from "../../components/FilterBar";
import { formatAmount, formatQuantity, formatUnitPrice } from "./format";
import { OrderLineFields } from "./OrderLineFields";
import { OrderLineImportPanel } from "./OrderLineImportPanel";
import { EMPTY_ORDER_LINE, createBody, validateOrderLine, type OrderLineDraft } from "./orderLineForm";
import { useOrderLineReferences } from "./useOrderLineReferences";

export default function OrderLinesPage() {
  return (
    <WithVersion>{(projectId, versionId) => <OrderLines projectId={projectId} versionId={versionId} />}</WithVersion>
  );
}

export const orderLinePath = (id: number) => `/dashboard/order-line/${id}`;

function OrderLines({ projectId, versionId }: { projectId: number; versionId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useRefreshCounter("data");
  const references = useOrderLineReferences(projectId, versionId);
  const [search, setSearch] = useState("");
  const label = useDebounced(search.trim(), 300);
  const [type, setType] = useState<string>("");
  const [macroTaskId, setMacroTaskId] = useState<number | null>(null);
  const [participantGroupProId, setLotId] = useState<number | null>(null);
  const [familyId, setFamilyId] = useState<number | null>(null);
  const filters: OrderLineFilters = { label, type, macroTaskId, participantGroupProId, familyId };
  const { query, setQuery, params } = useTableQuery({ field: "label", direction: "ASC" });
  // A new filter starts again from the first page.
  useEffect(() => setQuery((q) => ({ ...q, page: 0 })), [label, type, macroTaskId, participantGroupProId, familyId]);

  const list = useAsync(
    () => orderLinesApi.list(projectId, versionId, filters, params),
    [
      projectId,
      versionId,
      label,
      type,
      macroTaskId,
      participantGroupProId,
      familyId,
      params.limit,
      params.offset,
      params.sort,
      refresh,
    ],
  );
  useEffect(() => {
    if (list.error) warnError(list.error);
  }, [list.error]);

  const creation = useDraftDialog(async (draft: OrderLineDraft) => {
    const line = await orderLinesApi.create(projectId, versionId, createBody(draft));
    toast.success(t("orderLines.created"));
    navigate(orderLinePath(line.id));
  });
  const [tried, setTried] = useState(false);

  const deletion = useSelectionDelete(async (ids) => {
    await orderLinesApi.bulkDelete(ids);
    toast.success(t("orderLines.deleted", { count: ids.length }));
    list.reload();
  });

  const columns: DataTableColumn<OrderLine>[] = [
    {
      id: "label",
      header: t("orderLines.columns.label"),
      width: 260,
      render: (l) => <AppLink to={orderLinePath(l.id)}>{l.label}</AppLink>,
    },
    { id: "type", header: t("orderLines.columns.type"), render: (l) => t(`orderLines.types.${l.type}`) },
    { id: "unit", header: t("orderLines.columns.unit"), render: (l) => l.unit ?? "" },
    { id: "family", header: t("orderLines.columns.family"), render: (l) => l.family?.name ?? "" },
    { id: "macroTask", header: t("orderLines.columns.macroTask"), render: (l) => l.macroTask?.name ?? "" },
    {
      id: "participantGroupPro",
      header: t("orderLines.columns.lot"),
      render: (l) => l.participantGroupPro?.name ?? "",
    },
    {
      id: "price",
      header: t("orderLines.columns.price"),
      align: "end",
      render: (l) => formatUnitPrice(l.price, l.currency),
    },
    {
      id: "quantity",
      header: t("orderLines.columns.quantity"),
      align: "end",
      render: (l) => formatQuantity(l.quantity),
    },
    {
      id: "amount",
      header: t("orderLines.columns.amount"),
      align: "end",
      render: (l) => formatAmount(l.amount, l.currency),
    },
    { id: "currency", header: t("orderLines.columns.currency"), hidden: true },
    {
      id: "tasksCount",
      header: t("orderLines.columns.tasks"),
      align: "end",
      sortable: false,
      render: (l) => String(l.tasksCount),
    },
  ];

  const filtered = Boolean(label || type || macroTaskId || participantGroupProId || familyId);
  const draftErrors = creation.draft ? validateOrderLine(creation.draft) : [];

  return (
    <>
      <PageHeader
        title={t("orderLines.title")}
        actions={
          <Button
            appearance="primary"
            icon={<Add20Regular />}
            onClick={() => {
              setTried(false);
              creation.open(EMPTY_ORDER_LINE);
            }}
          >
            {t("orderLines.create")}
          </Button>
        }
      />
      <FilterBar>
        <SearchField label={t("orderLines.search")} value={search} onChange={setSearch} />
        <Field label={t("orderLines.filters.type")}>
          <Select value={type} onChange={(_, d) => setType(d.value)}>
            <option value="">{t("orderLines.filters.allTypes")}</option>
            {ORDER_LINE_TYPES.map((ty) => (
              <option key={ty} value={ty}>
                {t(`orderLines.types.${ty}`)}
              </option>
            ))}
          </Select>
        </Field>
        <RefSelect
          label={t("orderLines.filters.macroTask")}
          value={macroTaskId}
          options={references.macroTasks}
          noneLabel={t("orderLines.filters.allMacroTasks")}
          onChange={setMacroTaskId}
        />
        <RefSelect
          label={t("orderLines.filters.lot")}
          value={participantGroupProId}
          options={references.lots}
          noneLabel={t("orderLines.filters.allLots")}
          onChange={setLotId}
        />
        <RefSelect
          label={t("orderLines.filters.family")}
          value={familyId}
          options={references.families}
          noneLabel={t("orderLines.filters.allFamilies")}
          onChange={setFamilyId}
        />
      </FilterBar>
      <DataTable
        columns={columns}
        rows={list.data?.data ?? []}
        getRowId={(l) => l.id}
        rowName={(l) => l.label}
        ariaLabel={t("orderLines.listLabel")}
        loading={list.loading}
        emptyText={filtered ? t("orderLines.emptySearch") : t("orderLines.empty")}
        serverSide
        total={list.data?.total ?? 0}
        query={query}
        onQueryChange={setQuery}
        {...deletion.tableProps}
        onDeleteSelected={deletion.askFor}
        exportFile={{
          label: t("orderLines.export"),
          run: () => orderLinesApi.export(projectId, versionId, filters),
        }}
      />
      <OrderLineImportPanel projectId={projectId} versionId={versionId} onChanged={list.reload} />
      <ConfirmDelete flow={deletion} title={t("orderLines.deleteTitle")}>
        {t("orderLines.deleteBody", { count: deletion.pending.length })}
      </ConfirmDelete>
      <CreateDialog
        flow={{
          ...creation,
          submit: async () => {
            setTried(true);
            if (creation.draft && validateOrderLine(creation.draft).length === 0) await creation.submit();
          },
        }}
        title={t("orderLines.createTitle")}
      >
        {(draft, setDraft) => (
          <OrderLineFields
            value={draft}
            onChange={setDraft}
            references={references}
            errors={tried ? draftErrors : []}
          />
        )}
      </CreateDialog>
    </>
  );
}
