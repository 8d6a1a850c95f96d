// The event picker (spec 000 section 9: 20 at a time): a dialog with a name search over the version's tasks
// and milestones, paged by 20, sorted by name. Events that may not be chosen are shown disabled.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  Badge,
  Body1,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  SearchBox,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { ChevronLeft20Regular, ChevronRight20Regular } from "@fluentui/react-icons";
import { EVENT_PICKER_LIMIT, TEXT_MAX_LENGTH } from "@jalon/shared";
import { eventsApi, type EventItem } from "../../api/events";
import { useAsync } from "../../lib/useAsync";
import { warnError } from "../../lib/errors";
import { formatDay } from "../../lib/dates";
import { useDebounced } from "../../lib/useDebounced";

const useStyles = makeStyles({
  surface: { maxWidth: "640px", width: "100%" },
  list: {
    listStyle: "none",
    margin: 0,
    padding: 0,
    display: "flex",
    flexDirection: "column",
    rowGap: tokens.spacingVerticalXS,
    minHeight: "200px",
    marginTop: tokens.spacingVerticalM,
  },
  item: { width: "100%", justifyContent: "space-between", textAlign: "left" },
  meta: {
    color: tokens.colorNeutralForeground3,
    display: "flex",
    gap: tokens.spacingHorizontalS,
    alignItems: "center",
  },
  paging: {
    display: "flex",
    alignItems: "center",
    justifyContent: "flex-end",
    gap: tokens.spacingHorizontalS,
    marginTop: tokens.spacingVerticalS,
  },
  empty: { color: tokens.colorNeutralForeground3, padding: tokens.spacingVerticalL },
});

export interface EventPickerProps {
  open: boolean;
  title: string;
  versionId: number;
  /** Ids that cannot be chosen (the event itself, events already linked). */
  disabledIds: ReadonlySet<number>;
  onPick: (event: EventItem) => void;
  onClose: () => void;
}

export function EventPicker({ open, title, versionId, disabledIds, onPick, onClose }: EventPickerProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [search, setSearch] = useState("");
  // The query and its offset change together, so a new search asks once, from its first page.
  const [query, setQuery] = useState({ q: "", offset: 0 });
  const debounced = useDebounced(search, 250);
  const offset = query.offset;

  useEffect(() => setQuery((prev) => (prev.q === debounced ? prev : { q: debounced, offset: 0 })), [debounced]);
  useEffect(() => {
    if (open) {
      setSearch("");
      setQuery({ q: "", offset: 0 });
    }
  }, [open]);
  const setOffset = (next: number) => setQuery((prev) => ({ ...prev, offset: next }));

  const page = useAsync(
    () =>
      open ? eventsApi.picker(versionId, query.q, query.offset) : Promise.resolve({ data: [], count: 0, total: 0 }),
    [open, versionId, query],
  );
  useEffect(() => {
    if (page.error) warnError(page.error, "event");
  }, [page.error]);

  const items = page.data?.data ?? [];
  const total = page.data?.total ?? 0;
  const from = total === 0 ? 0 : offset + 1;
  const to = Math.min(total, offset + items.length);

  return (
    <Dialog open={open} onOpenChange={(_, d) => (!d.open ? onClose() : undefined)}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            <SearchBox
              style={{ width: "100%", maxWidth: "none" }}
              placeholder={t("event.picker.search")}
              aria-label={t("event.picker.search")}
              value={search}
              maxLength={TEXT_MAX_LENGTH}
              onChange={(_, d) => setSearch(d.value)}
            />
            {page.loading && !page.data ? (
              <Spinner size="small" style={{ marginTop: 16 }} />
            ) : items.length === 0 ? (
              <Body1 as="p" className={styles.empty}>
                {t("event.picker.empty")}
              </Body1>
            ) : (
              <ul className={styles.list} aria-label={title}>
                {items.map((event) => {
                  const disabled = disabledIds.has(event.id);
                  return (
                    <li key={event.id}>
                      <Button
                        className={styles.item}
                        appearance="subtle"
                        disabled={disabled}
                        aria-label={t("event.picker.choose", { name: event.name })}
                        onClick={() => onPick(event)}
                      >
                        <Text>{event.name}</Text>
                        <span className={styles.meta}>
                          {event.type === "milestone" ? (
                            <Badge appearance="outline">{t("event.types.milestone")}</Badge>
                          ) : null}
                          <Text size={200}>
                            {[formatDay(event.startDate), event.type === "milestone" ? "" : formatDay(event.endDate)]
                              .filter(Boolean)
                              .join(" – ")}
                          </Text>
                          {disabled ? <Text size={200}>{t("event.picker.alreadyLinked")}</Text> : null}
                        </span>
                      </Button>
                    </li>
                  );
                })}
              </ul>
            )}
            <div className={styles.paging}>
              <Text>{t("event.picker.range", { from, to, total })}</Text>
              <Button
                appearance="subtle"
                icon={<ChevronLeft20Regular />}
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - EVENT_PICKER_LIMIT))}
              >
                {t("actions.previous")}
              </Button>
              <Button
                appearance="subtle"
                icon={<ChevronRight20Regular />}
                iconPosition="after"
                disabled={offset + EVENT_PICKER_LIMIT >= total}
                onClick={() => setOffset(offset + EVENT_PICKER_LIMIT)}
              >
                {t("actions.next")}
              </Button>
            </div>
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
