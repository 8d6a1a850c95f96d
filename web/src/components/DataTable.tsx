/**
 * DataTable: the one table of the reference-data lists (issue 8; spec 001 section 2 "Tables").
 *
 * Props
 * - `columns`: `{id, header, render?, sortValue?, sortable? (default true), width?, hidden? (initially hidden)}`.
 *   `id` is also the sort field sent to the server; `render` defaults to `String(row[id])`.
 * - `rows`, `getRowId(row)`, `ariaLabel`, `loading?`, `emptyText?`, `onRowClick?(row)`, `rowName?(row)` (for
 *   the checkbox and drag labels; defaults to `row.name`).
 * - Paging and sort: rows per page 25, 50, 100, 250 (first 25), page 0 first, sort `defaultSort` (name
 *   ascending unless given). Client side by default: the table sorts (`sortValue`, else the raw field) and
 *   slices `rows` itself. Server side with `serverSide` + `total`: `rows` is already the page and the parent
 *   fetches on `onQueryChange({page, pageSize, sort})` (called on every change; `useTableQuery` keeps that
 *   state). A controlled `query` works in both modes.
 * - Selection for bulk delete: `selectable`, with `selectedIds` + `onSelectionChange` (or internal), and
 *   `onDeleteSelected(ids)` to show a "Supprimer la sélection" button when something is selected.
 * - Columns can be hidden from the "Colonnes" menu; the last shown column cannot be hidden.
 * - While loading, a spinner: under the header when there is no row yet, in the bar when rows are shown. An
 *   empty list says `emptyText` under the header (no placeholder row).
 * - Reordering by drag (zones): `onReorder(draggedId, targetId)`, shown as a handle on each row; only offered
 *   by the caller when the list is in its position order.
 * - `toolbar`: extra content on the left of the bar above the table (search, filters, buttons).
 * - `exportFile`: the list's server export (.xlsx) as a button beside "Colonnes"; a failure is an error toast.
 * - `csvExport`: where the server has no export for the list, "Exporter (.csv)" saves `fileName`.csv in the
 *   browser: the shown columns (not those whose `exportValue` is `false`, such as action buttons) and the rows
 *   in their shown order, every page of a client-side table, the shown page of a server-side one. A cell's
 *   text is `exportValue(row)`, else the text `render` shows, else `sortValue`, else the field (booleans as
 *   Oui/Non, named objects by name, lists joined).
 * - `pageSizes`: the rows-per-page choices (25, 50, 100, 250 unless given); a single size (the versions' 15,
 *   the event picker's 20) fixes the page and hides the select.
 * - `rowLabel(row)`: the accessible name of each row (a list read row by row, such as the versions);
 *   `rowClassName(row)`: a class for some rows (the version on screen).
 * - `size: "small"`: the compact rows of a panel or a form's tab.
 * - `selectAllLabel`: the label of the page's select-all checkbox (defaults to "Tout sélectionner").
 * - A column's `align: "end"` right-aligns its header and cells (numbers).
 */
import { useId, useMemo, useState, type CSSProperties, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  Button,
  Menu,
  MenuItemCheckbox,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Select,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  TableSelectionCell,
  Text,
  makeStyles,
  tokens,
  type MenuCheckedValueChangeData,
  mergeClasses,
} from "@fluentui/react-components";
import {
  ChevronDoubleLeft20Regular,
  ChevronDoubleRight20Regular,
  ChevronLeft20Regular,
  ChevronRight20Regular,
  ArrowDownload20Regular,
  ColumnTriple20Regular,
  Delete20Regular,
  ReOrderDotsVertical20Regular,
} from "@fluentui/react-icons";
import { ROWS_PER_PAGE_OPTIONS } from "@jalon/shared";
import { saveCsv, textOfNode, textOfValue, type CsvCell } from "../lib/csv";
import { ExportButton } from "./FileButtons";
import { visuallyHidden } from "./visuallyHidden";

export type RowId = number | string;
export type SortDirection = "ASC" | "DESC";
export interface TableSort {
  field: string;
  direction: SortDirection;
}
export interface TableQuery {
  page: number;
  pageSize: number;
  sort: TableSort;
}

export interface DataTableColumn<T> {
  id: string;
  header: string;
  render?: (row: T) => ReactNode;
  /** Value used by client-side sorting; defaults to `row[id]`. */
  sortValue?: (row: T) => string | number | boolean | null | undefined;
  sortable?: boolean;
  width?: number | string;
  hidden?: boolean;
  align?: "start" | "end";
  /** The cell's text in the .csv export; `false` leaves the column out of it (action buttons). */
  exportValue?: false | ((row: T) => CsvCell | boolean);
}

export interface DataTableProps<T> {
  columns: DataTableColumn<T>[];
  rows: readonly T[];
  getRowId: (row: T) => RowId;
  ariaLabel: string;
  rowName?: (row: T) => string;
  loading?: boolean;
  emptyText?: string;
  onRowClick?: (row: T) => void;
  serverSide?: boolean;
  total?: number;
  defaultSort?: TableSort;
  query?: TableQuery;
  onQueryChange?: (q: TableQuery) => void;
  selectable?: boolean;
  selectedIds?: ReadonlySet<RowId>;
  onSelectionChange?: (ids: Set<RowId>) => void;
  onDeleteSelected?: (ids: RowId[]) => void;
  onReorder?: (draggedId: RowId, targetId: RowId) => void;
  toolbar?: ReactNode;
  exportFile?: { run: () => Promise<void>; label?: string; subject?: string };
  csvExport?: { fileName: string; label?: string };
  selectAllLabel?: string;
  pageSizes?: readonly number[];
  rowLabel?: (row: T) => string;
  rowClassName?: (row: T) => string | undefined;
  size?: "small" | "medium";
}

export const DEFAULT_PAGE_SIZE = ROWS_PER_PAGE_OPTIONS[0];
export const DEFAULT_SORT: TableSort = { field: "name", direction: "ASC" };

export function initialTableQuery(sort: TableSort = DEFAULT_SORT, pageSize: number = DEFAULT_PAGE_SIZE): TableQuery {
  return { page: 0, pageSize, sort };
}

/** The paging/sort state of a server-side table, with the `limit`, `offset` and `sort` to send. */
export function useTableQuery(sort: TableSort = DEFAULT_SORT) {
  const [query, setQuery] = useState<TableQuery>(() => initialTableQuery(sort));
  const params = {
    limit: query.pageSize,
    offset: query.page * query.pageSize,
    sort: `${query.sort.field},${query.sort.direction}`,
  };
  return { query, setQuery, params };
}

const useStyles = makeStyles({
  wrap: { display: "flex", flexDirection: "column", rowGap: tokens.spacingVerticalS },
  bar: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalM, flexWrap: "wrap" },
  grow: { flexGrow: 1, display: "flex", alignItems: "center", gap: tokens.spacingHorizontalM, flexWrap: "wrap" },
  scroll: {
    overflowX: "auto",
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  paging: {
    display: "flex",
    alignItems: "center",
    justifyContent: "flex-end",
    gap: tokens.spacingHorizontalS,
    flexWrap: "wrap",
  },
  clickable: { cursor: "pointer" },
  dropTarget: { boxShadow: `inset 0 2px 0 ${tokens.colorBrandStroke1}` },
  handle: { cursor: "grab", display: "inline-flex", color: tokens.colorNeutralForeground3 },
  empty: { padding: tokens.spacingHorizontalL, display: "block" },
  hiddenText: visuallyHidden,
});

function compare(a: unknown, b: unknown): number {
  const blankA = a === null || a === undefined || a === "";
  const blankB = b === null || b === undefined || b === "";
  if (blankA || blankB) return blankA === blankB ? 0 : blankA ? 1 : -1; // blanks last in both directions of reading
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "boolean" && typeof b === "boolean") return Number(a) - Number(b);
  return String(a).localeCompare(String(b), "fr", { numeric: true, sensitivity: "base" });
}

function headerStyle<T>(c: DataTableColumn<T>): CSSProperties | undefined {
  if (c.width === undefined && c.align !== "end") return undefined;
  return {
    ...(c.width !== undefined ? { width: c.width } : {}),
    ...(c.align === "end" ? { textAlign: "right" } : {}),
  } as CSSProperties;
}

function fieldOf<T>(row: T, id: string): unknown {
  return (row as Record<string, unknown>)[id];
}

/** The text of a column's cell in the export (see `csvExport` above). */
export function exportCell<T>(c: DataTableColumn<T>, row: T, yes: string, no: string): string {
  if (typeof c.exportValue === "function") return textOfValue(c.exportValue(row), yes, no);
  const shown = c.render ? textOfNode(c.render(row)) : "";
  if (shown !== "") return shown;
  return textOfValue(c.sortValue ? c.sortValue(row) : fieldOf(row, c.id), yes, no);
}

export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rows, getRowId, ariaLabel, serverSide = false } = props;
  const { t } = useTranslation();
  const styles = useStyles();
  // Several tables can share a page (lots and participants): each labels its own rows-per-page select.
  const rowsPerPageId = useId();
  const pageSizes = props.pageSizes ?? ROWS_PER_PAGE_OPTIONS;
  const [innerQuery, setInnerQuery] = useState<TableQuery>(() => initialTableQuery(props.defaultSort, pageSizes[0]));
  const asked = props.query ?? innerQuery;
  const setQuery = (q: TableQuery) => {
    if (!props.query) setInnerQuery(q);
    props.onQueryChange?.(q);
  };
  const [hidden, setHidden] = useState<string[]>(() => columns.filter((c) => c.hidden).map((c) => c.id));
  const [innerSelected, setInnerSelected] = useState<Set<RowId>>(new Set());
  const selected = props.selectedIds ?? innerSelected;
  const setSelected = (ids: Set<RowId>) => {
    if (!props.selectedIds) setInnerSelected(ids);
    props.onSelectionChange?.(ids);
  };
  const [dragging, setDragging] = useState<RowId | null>(null);
  const [over, setOver] = useState<RowId | null>(null);
  const rowName = props.rowName ?? ((row: T) => String(fieldOf(row, "name") ?? getRowId(row)));

  const visible = columns.filter((c) => !hidden.includes(c.id));
  const total = serverSide ? (props.total ?? rows.length) : rows.length;
  const pages = Math.max(1, Math.ceil(total / asked.pageSize));
  // After a deletion the asked page may be past the end: show the last one instead of an empty page.
  const query = asked.page >= pages ? { ...asked, page: pages - 1 } : asked;

  const sortedRows = useMemo(() => {
    if (serverSide) return rows;
    const col = columns.find((c) => c.id === query.sort.field);
    const value = (row: T) => (col?.sortValue ? col.sortValue(row) : fieldOf(row, query.sort.field));
    const factor = query.sort.direction === "ASC" ? 1 : -1;
    return [...rows].sort((a, b) => factor * compare(value(a), value(b)));
  }, [rows, columns, query.sort, serverSide]);
  const pageRows = serverSide ? rows : sortedRows.slice(query.page * query.pageSize, (query.page + 1) * query.pageSize);

  const exportCsv = (fileName: string) => {
    const shown = visible.filter((c) => c.exportValue !== false);
    const [yes, no] = [t("table.yes"), t("table.no")];
    saveCsv(
      fileName,
      shown.map((c) => c.header),
      sortedRows.map((row) => shown.map((c) => exportCell(c, row, yes, no))),
    );
  };

  const from = total === 0 ? 0 : query.page * query.pageSize + 1;
  const to = Math.min(total, (query.page + 1) * query.pageSize);

  const pageIds = pageRows.map(getRowId);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const someOnPage = pageIds.some((id) => selected.has(id));

  const toggleSort = (field: string) => {
    const direction: SortDirection = query.sort.field === field && query.sort.direction === "ASC" ? "DESC" : "ASC";
    setQuery({ ...query, page: 0, sort: { field, direction } });
  };
  const onColumns = (_: unknown, data: MenuCheckedValueChangeData) => {
    const shown = data.checkedItems;
    if (shown.length === 0) return; // at least one column stays shown
    setHidden(columns.filter((c) => !shown.includes(c.id)).map((c) => c.id));
  };
  const toggleRow = (id: RowId) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  const togglePage = () => {
    const next = new Set(selected);
    for (const id of pageIds) {
      if (allOnPage) next.delete(id);
      else next.add(id);
    }
    setSelected(next);
  };

  return (
    <div className={styles.wrap}>
      <div className={styles.bar}>
        <div className={styles.grow}>
          {props.toolbar}
          {props.selectable && selected.size > 0 ? (
            <>
              <Text>{t("table.selected", { count: selected.size })}</Text>
              {props.onDeleteSelected ? (
                <Button icon={<Delete20Regular />} onClick={() => props.onDeleteSelected?.([...selected])}>
                  {t("table.deleteSelected")}
                </Button>
              ) : null}
            </>
          ) : null}
          {props.loading && pageRows.length > 0 ? <Spinner size="tiny" aria-label={t("table.loading")} /> : null}
        </div>
        {props.exportFile ? (
          <ExportButton
            label={props.exportFile.label ?? t("table.export")}
            subject={props.exportFile.subject}
            run={props.exportFile.run}
          />
        ) : null}
        {props.csvExport ? (
          <Button icon={<ArrowDownload20Regular />} onClick={() => exportCsv(props.csvExport?.fileName ?? ariaLabel)}>
            {props.csvExport.label ?? t("table.exportCsv")}
          </Button>
        ) : null}
        <Menu checkedValues={{ columns: visible.map((c) => c.id) }} onCheckedValueChange={onColumns}>
          <MenuTrigger disableButtonEnhancement>
            <Button appearance="subtle" icon={<ColumnTriple20Regular />} title={t("table.columnsHint")}>
              {t("table.columns")}
            </Button>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              {columns.map((c) => (
                <MenuItemCheckbox
                  key={c.id}
                  name="columns"
                  value={c.id}
                  disabled={visible.length === 1 && visible[0].id === c.id}
                >
                  {c.header}
                </MenuItemCheckbox>
              ))}
            </MenuList>
          </MenuPopover>
        </Menu>
      </div>
      <div className={styles.scroll}>
        <Table sortable aria-label={ariaLabel} size={props.size}>
          <TableHeader>
            <TableRow>
              {props.onReorder ? (
                // A named header, not sortable: hidden with aria-hidden it stayed a Tab stop nobody could hear.
                <TableHeaderCell style={{ width: 36 }} sortable={false}>
                  <span className={styles.hiddenText}>{t("table.order")}</span>
                </TableHeaderCell>
              ) : null}
              {props.selectable ? (
                <TableSelectionCell
                  checked={allOnPage ? true : someOnPage ? "mixed" : false}
                  onClick={togglePage}
                  checkboxIndicator={{ "aria-label": props.selectAllLabel ?? t("table.selectAll") }}
                />
              ) : null}
              {visible.map((c) => {
                const sortable = c.sortable !== false;
                const active = query.sort.field === c.id;
                return (
                  <TableHeaderCell
                    key={c.id}
                    sortable={sortable}
                    style={headerStyle(c)}
                    sortDirection={
                      sortable && active ? (query.sort.direction === "ASC" ? "ascending" : "descending") : undefined
                    }
                    onClick={sortable ? () => toggleSort(c.id) : undefined}
                  >
                    {c.header}
                  </TableHeaderCell>
                );
              })}
            </TableRow>
          </TableHeader>
          <TableBody>
            {pageRows.map((row) => {
              const id = getRowId(row);
              const name = rowName(row);
              return (
                <TableRow
                  key={id}
                  data-row-id={id}
                  aria-label={props.rowLabel?.(row)}
                  className={mergeClasses(
                    props.onRowClick ? styles.clickable : undefined,
                    over === id && dragging !== id ? styles.dropTarget : undefined,
                    props.rowClassName?.(row),
                  )}
                  onClick={props.onRowClick ? () => props.onRowClick?.(row) : undefined}
                  draggable={props.onReorder ? true : undefined}
                  onDragStart={
                    props.onReorder
                      ? (e) => {
                          setDragging(id);
                          e.dataTransfer.effectAllowed = "move";
                          e.dataTransfer.setData("text/plain", String(id));
                        }
                      : undefined
                  }
                  onDragOver={
                    props.onReorder
                      ? (e) => {
                          e.preventDefault();
                          if (over !== id) setOver(id);
                        }
                      : undefined
                  }
                  onDragEnd={
                    props.onReorder
                      ? () => {
                          setDragging(null);
                          setOver(null);
                        }
                      : undefined
                  }
                  onDrop={
                    props.onReorder
                      ? (e) => {
                          e.preventDefault();
                          const source = dragging;
                          setDragging(null);
                          setOver(null);
                          if (source !== null && source !== id) props.onReorder?.(source, id);
                        }
                      : undefined
                  }
                >
                  {props.onReorder ? (
                    <TableCell>
                      <span className={styles.handle} aria-label={t("table.dragHandle", { name })} role="img">
                        <ReOrderDotsVertical20Regular />
                      </span>
                    </TableCell>
                  ) : null}
                  {props.selectable ? (
                    <TableSelectionCell
                      checked={selected.has(id)}
                      onClick={(e) => {
                        e.stopPropagation();
                        toggleRow(id);
                      }}
                      checkboxIndicator={{ "aria-label": t("table.selectRow", { name }) }}
                    />
                  ) : null}
                  {visible.map((c) => (
                    <TableCell key={c.id} style={c.align === "end" ? { textAlign: "right" } : undefined}>
                      {c.render ? c.render(row) : String(fieldOf(row, c.id) ?? "")}
                    </TableCell>
                  ))}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        {/* No placeholder row: a table's rows are its data, so a reader (or a test) waiting for the first row gets one. */}
        {pageRows.length === 0 ? (
          props.loading ? (
            <Spinner className={styles.empty} size="tiny" label={t("table.loading")} />
          ) : (
            <Text className={styles.empty}>{props.emptyText ?? t("table.empty")}</Text>
          )
        ) : null}
      </div>
      <div className={styles.paging}>
        {pageSizes.length > 1 ? (
          <>
            <Text id={rowsPerPageId}>{t("table.rowsPerPage")}</Text>
            <Select
              aria-labelledby={rowsPerPageId}
              value={String(query.pageSize)}
              onChange={(_, d) => setQuery({ ...query, page: 0, pageSize: Number(d.value) })}
            >
              {pageSizes.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </Select>
          </>
        ) : null}
        <Text>{t("table.range", { from, to, total })}</Text>
        <Button
          appearance="subtle"
          icon={<ChevronDoubleLeft20Regular />}
          aria-label={t("table.firstPage")}
          disabled={query.page === 0}
          onClick={() => setQuery({ ...query, page: 0 })}
        />
        <Button
          appearance="subtle"
          icon={<ChevronLeft20Regular />}
          aria-label={t("table.previousPage")}
          disabled={query.page === 0}
          onClick={() => setQuery({ ...query, page: query.page - 1 })}
        />
        <Button
          appearance="subtle"
          icon={<ChevronRight20Regular />}
          aria-label={t("table.nextPage")}
          disabled={query.page + 1 >= pages}
          onClick={() => setQuery({ ...query, page: query.page + 1 })}
        />
        <Button
          appearance="subtle"
          icon={<ChevronDoubleRight20Regular />}
          aria-label={t("table.lastPage")}
          disabled={query.page + 1 >= pages}
          onClick={() => setQuery({ ...query, page: pages - 1 })}
        />
      </div>
    </div>
  );
}
