// /dashboard/sequences: the sequences of the viewed version, sorted by name (GET /sequence, limit 10000),
// with their zone and their dates rolled up from their events.
import { useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import {
  Body1,
  Button,
  MessageBar,
  MessageBarBody,
  SearchBox,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  TableSelectionCell,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { Add20Regular, Delete20Regular } from "@fluentui/react-icons";
import { TEXT_MAX_LENGTH } from "@jalon/shared";
import { sequencesApi } from "../../api/events";
import { ApiError } from "../../api/http";
import { PageHeader } from "../../components/PageHeader";
import { NoProjectRedirect } from "../../components/NoProjectRedirect";
import { AppLink } from "../../components/AppLink";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { useSelectionDelete } from "../../lib/useSelectionDelete";
import { useProject } from "../../store/project";
import { useRefreshCounter } from "../../store/refresh";
import { toast } from "../../store/toasts";
import { ColorDot } from "../../components/Color";
import { formatDay } from "../../lib/dates";
import { useReferences } from "../../lib/useReferences";

const useStyles = makeStyles({
  toolbar: { display: "flex", gap: tokens.spacingHorizontalM, alignItems: "center", flexWrap: "wrap", marginBottom: tokens.spacingVerticalM },
  search: { minWidth: "260px", flexGrow: 1, maxWidth: "420px" },
  empty: { padding: tokens.spacingVerticalXXL, textAlign: "center", color: tokens.colorNeutralForeground3 },
});

export default function SequencesPage() {
  const projectId = useProject((s) => s.projectId);
  const versionId = useProject((s) => s.versionId);
  if (projectId === null || versionId === null) return <NoProjectRedirect />;
  return <SequencesList projectId={projectId} versionId={versionId} />;
}

function SequencesList({ projectId, versionId }: { projectId: number; versionId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const refresh = useRefreshCounter("data");
  const [search, setSearch] = useState("");
  const list = useAsync(() => sequencesApi.list(versionId), [versionId, refresh]);
  const { selected, toggle, confirming, deleting, ask, cancel, confirm } = useSelectionDelete(async (ids) => {
    await sequencesApi.bulkDelete(ids, projectId, versionId);
    toast.success(t("sequences.deleted"), { subject: "sequence" });
    list.reload();
  }, "sequence");
  const { zones } = useReferences(versionId);
  const zoneName = (s: { zoneId: number | null; zone?: { name: string } | null }) => s.zone?.name ?? zones.find((z) => z.id === s.zoneId)?.name ?? "";
  const unavailable = list.error instanceof ApiError && list.error.status === 404;
  useEffect(() => {
    if (list.error && !unavailable) warnError(list.error, "sequence");
  }, [list.error, unavailable]);

  const shown = useMemo(() => {
    const q = search.trim().toLocaleLowerCase("fr");
    return (list.data?.data ?? []).filter((s) => !q || s.name.toLocaleLowerCase("fr").includes(q));
  }, [list.data, search]);

  return (
    <>
      <PageHeader
        title={t("sequences.title")}
        actions={
          <>
            {selected.size > 0 ? (
              <Button icon={<Delete20Regular />} onClick={ask}>
                {t("sequences.deleteSelected", { count: selected.size })}
              </Button>
            ) : null}
            <Button appearance="primary" icon={<Add20Regular />} onClick={() => navigate("/dashboard/sequence/new")}>
              {t("sequences.new")}
            </Button>
          </>
        }
      />
      <div className={styles.toolbar}>
        <SearchBox
          className={styles.search}
          placeholder={t("sequences.search")}
          aria-label={t("sequences.search")}
          value={search}
          maxLength={TEXT_MAX_LENGTH}
          onChange={(_, d) => setSearch(d.value)}
        />
        {list.loading ? <Spinner size="tiny" /> : null}
      </div>
      {unavailable ? (
        <MessageBar intent="info">
          <MessageBarBody>{t("sequences.unavailable")}</MessageBarBody>
        </MessageBar>
      ) : !list.loading && shown.length === 0 ? (
        <Body1 as="p" className={styles.empty}>
          {search.trim() ? t("sequences.emptySearch") : t("sequences.empty")}
        </Body1>
      ) : (
        <Table aria-label={t("sequences.listLabel")} size="small">
          <TableHeader>
            <TableRow>
              <TableSelectionCell type="checkbox" invisible />
              <TableHeaderCell>{t("sequences.columns.name")}</TableHeaderCell>
              <TableHeaderCell>{t("sequences.columns.zone")}</TableHeaderCell>
              <TableHeaderCell>{t("sequences.columns.startDate")}</TableHeaderCell>
              <TableHeaderCell>{t("sequences.columns.endDate")}</TableHeaderCell>
              <TableHeaderCell>{t("sequences.columns.color")}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.map((s) => (
              <TableRow key={s.id}>
                <TableSelectionCell
                  checked={selected.has(s.id)}
                  onClick={() => toggle(s.id)}
                  checkboxIndicator={{ "aria-label": t("sequences.selectRow", { name: s.name }) }}
                />
                <TableCell>
                  <AppLink to={`/dashboard/sequence/${s.id}`}>{s.name}</AppLink>
                </TableCell>
                <TableCell>{zoneName(s)}</TableCell>
                <TableCell>{formatDay(s.startDate)}</TableCell>
                <TableCell>{formatDay(s.endDate)}</TableCell>
                <TableCell>
                  <ColorDot color={s.color} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <ConfirmDialog
        open={confirming}
        title={t("sequences.deleteTitle")}
        confirmLabel={t("actions.delete")}
        busy={deleting}
        onConfirm={() => void confirm()}
        onCancel={cancel}
      >
        {t("sequences.deleteText")}
      </ConfirmDialog>
    </>
  );
}
