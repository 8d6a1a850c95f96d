import { useTranslation } from "react-i18next";
import { Button, Select, Text, makeStyles, tokens } from "@fluentui/react-components";
import { ChevronLeft20Regular, ChevronRight20Regular } from "@fluentui/react-icons";
import { ROWS_PER_PAGE_OPTIONS } from "@jalon/shared";

const useStyles = makeStyles({
  paging: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalM, justifyContent: "flex-end", flexWrap: "wrap", marginTop: tokens.spacingVerticalM },
  pageSize: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS },
});

/** Rows per page (25, 50, 100, 250), range and previous/next. Pages are 0-based. */
export function Pagination({ total, page, pageSize, onPage, onPageSize }: { total: number; page: number; pageSize: number; onPage: (p: number) => void; onPageSize: (s: number) => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : page * pageSize + 1;
  const to = Math.min(total, (page + 1) * pageSize);
  return (
    <div className={styles.paging}>
      <div className={styles.pageSize}>
        <Text id="rows-per-page">{t("events.rowsPerPage")}</Text>
        <Select aria-labelledby="rows-per-page" value={String(pageSize)} onChange={(_, d) => onPageSize(Number(d.value))}>
          {ROWS_PER_PAGE_OPTIONS.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </Select>
      </div>
      <Text>{t("pagination.range", { from, to, total })}</Text>
      <Button appearance="subtle" icon={<ChevronLeft20Regular />} disabled={page === 0} onClick={() => onPage(page - 1)}>
        {t("actions.previous")}
      </Button>
      <Text>{t("events.page", { page: page + 1, pages })}</Text>
      <Button appearance="subtle" icon={<ChevronRight20Regular />} iconPosition="after" disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}>
        {t("actions.next")}
      </Button>
    </div>
  );
}
