// The event picker (spec 000 section 9: 20 at a time): a dialog with a name search over the version's tasks
// and milestones, on the shared DataTable paged by 20 on the server, sorted by name unless a column asks
// otherwise. Each row's name is a button ("Choisir …"): Tab reaches it, Enter or Space chooses. Events that may
// not be chosen (the event itself, those already linked) keep a disabled button and say so.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  SearchBox,
  makeStyles,
} from "@fluentui/react-components";
import { EVENT_PICKER_LIMIT, TEXT_MAX_LENGTH } from "@jalon/shared";
import { eventsApi, type EventItem } from "../api/events";
import { DataTable, initialTableQuery, type DataTableColumn, type TableQuery } from "./DataTable";
import { useAsync } from "../lib/useAsync";
import { warnError } from "../lib/errors";
import { formatDay } from "../lib/dates";
import { useDebounced } from "../lib/useDebounced";
import { useRestoreFocus } from "./useRestoreFocus";

const useStyles = makeStyles({
  surface: { maxWidth: "720px", width: "100%" },
  search: { width: "100%", maxWidth: "none" },
  choose: { justifyContent: "flex-start", textAlign: "left", minWidth: 0 },
});

const PAGE_SIZES = [EVENT_PICKER_LIMIT];

export interface EventPickerProps {
  open: boolean;
  title: string;
  versionId: number;
  /** Ids that cannot be chosen (the event itself, events already linked). */
  disabledIds: ReadonlySet<number>;
  onPick: (event: EventItem) => void;
  onClose: () => void;
}

/** "dd/MM/yyyy – dd/MM/yyyy", or the single day of a milestone. */
export function eventDates(event: {
  type?: string | null;
  startDate?: string | null;
  endDate?: string | null;
}): string {
  return [formatDay(event.startDate), event.type === "milestone" ? "" : formatDay(event.endDate)]
    .filter(Boolean)
    .join(" – ");
}

export function EventPicker({ open, title, versionId, disabledIds, onPick, onClose }: EventPickerProps) {
  const { t } = useTranslation();
  useRestoreFocus(open);
  const styles = useStyles();
  const [search, setSearch] = useState("");
  const debounced = useDebounced(search, 250);
  // The search and its page change together, so a new search asks once, from its first page.
  const [asked, setAsked] = useState({ q: "", query: initialTableQuery(undefined, EVENT_PICKER_LIMIT) });

  useEffect(
    () => setAsked((prev) => (prev.q === debounced ? prev : { q: debounced, query: { ...prev.query, page: 0 } })),
    [debounced],
  );
  useEffect(() => {
    if (open) {
      setSearch("");
      setAsked({ q: "", query: initialTableQuery(undefined, EVENT_PICKER_LIMIT) });
    }
  }, [open]);
  const setQuery = (query: TableQuery) => setAsked((prev) => ({ ...prev, query }));

  const { q, query } = asked;
  const page = useAsync(
    () =>
      open
        ? eventsApi.picker(versionId, q, query.page * query.pageSize, {
            field: query.sort.field,
            order: query.sort.direction,
          })
        : Promise.resolve({ data: [], count: 0, total: 0 }),
    [open, versionId, asked],
  );
  useEffect(() => {
    if (page.error) warnError(page.error, "event");
  }, [page.error]);

  const columns: DataTableColumn<EventItem>[] = [
    {
      id: "name",
      header: t("event.links.name"),
      render: (event) => (
        <Button
          className={styles.choose}
          appearance="subtle"
          disabled={disabledIds.has(event.id)}
          aria-label={t("event.picker.choose", { name: event.name })}
          onClick={() => onPick(event)}
        >
          {event.name}
        </Button>
      ),
      exportValue: (event) => event.name,
    },
    {
      id: "type",
      header: t("event.picker.type"),
      render: (event) =>
        event.type === "milestone" ? (
          <Badge appearance="outline">{t("event.types.milestone")}</Badge>
        ) : (
          t("event.types.task")
        ),
    },
    { id: "startDate", header: t("event.links.dates"), render: eventDates },
    {
      id: "linked",
      header: t("event.picker.state"),
      sortable: false,
      render: (event) => (disabledIds.has(event.id) ? t("event.picker.alreadyLinked") : ""),
    },
  ];

  return (
    <Dialog open={open} onOpenChange={(_, d) => (!d.open ? onClose() : undefined)}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            <DataTable
              columns={columns}
              rows={page.data?.data ?? []}
              getRowId={(event) => event.id}
              ariaLabel={title}
              size="small"
              loading={page.loading}
              emptyText={t("event.picker.empty")}
              serverSide
              total={page.data?.total ?? 0}
              query={query}
              onQueryChange={setQuery}
              pageSizes={PAGE_SIZES}
              csvExport={{ fileName: title }}
              toolbar={
                <SearchBox
                  className={styles.search}
                  placeholder={t("event.picker.search")}
                  aria-label={t("event.picker.search")}
                  value={search}
                  maxLength={TEXT_MAX_LENGTH}
                  onChange={(_, d) => setSearch(d.value)}
                />
              }
            />
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose}>
              {t("actions.close")}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
