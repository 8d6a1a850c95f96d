// The state both template lists share: the search (debounced, back to the first page), the server's page of
// rows (10 first), its failure as a warning, and the ticked rows' deletion behind a confirmation (a refusal is
// the catalogue's text; the focus goes back to the search box once the selection's button is gone).
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ListResponse } from "../../api/types";
import type { RowId } from "../../components/DataTable";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { useDebounced } from "../../lib/useDebounced";
import { useSelectionDelete } from "../../lib/useSelectionDelete";
import { useRefreshCounter } from "../../store/refresh";
import { toast } from "../../store/toasts";
import { TEMPLATE_PAGE_SIZES, useReturnFocus, useTemplateQuery } from "./scope";
import type { TemplateListQuery } from "./templatesApi";

export function useTemplateList<T>({
  kind,
  load,
  remove,
  deps,
}: {
  kind: "events" | "sequences";
  /** The page asked (limit, offset, sort) and the searched name. */
  load: (q: TemplateListQuery) => Promise<ListResponse<T>>;
  remove: (ids: number[]) => Promise<unknown>;
  /** What else the list depends on (scope, project, filters): a change goes back to the first page. */
  deps: readonly unknown[];
}) {
  const { t } = useTranslation();
  const refresh = useRefreshCounter("data");
  const [search, setSearch] = useState("");
  const name = useDebounced(search.trim(), 300);
  const { query, setQuery, params } = useTemplateQuery();
  useEffect(() => setQuery((q) => ({ ...q, page: 0 })), [name, setQuery, ...deps]);

  const list = useAsync(
    () => load({ ...params, name }),
    [name, params.limit, params.offset, params.sort, refresh, ...deps],
  );
  useEffect(() => {
    if (list.error) warnError(list.error);
  }, [list.error]);

  const deletion = useSelectionDelete(async (ids) => {
    await remove(ids);
    toast.success(t(`templates.${kind}.deleted`, { count: ids.length }));
    list.reload();
  }, "");
  const searchLabel = t(`templates.${kind}.search`);
  useReturnFocus(deletion.confirming, () => document.querySelector<HTMLElement>(`input[aria-label="${searchLabel}"]`));

  /** The DataTable props both lists give alike: server pages from 10 rows, selection, delete button. */
  const tableProps = {
    loading: list.loading,
    serverSide: true,
    total: list.data?.total ?? 0,
    query,
    onQueryChange: setQuery,
    pageSizes: TEMPLATE_PAGE_SIZES,
    selectable: true,
    selectedIds: deletion.selected,
    onSelectionChange: (ids: Set<RowId>) => deletion.setSelected(new Set([...ids].map(Number))),
    onDeleteSelected: deletion.ask,
  };
  return { search, setSearch, searchLabel, name, list, deletion, tableProps };
}
