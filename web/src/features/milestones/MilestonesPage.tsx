// /dashboard/milestones: the milestones of the viewed version that are not hidden, sorted by name
// (GET /event type milestone, milestoneToHide false, joined with sequence.instantiationConfig).
import { useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import {
  Body1,
  Button,
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
import { eventsApi, milestonesApi } from "../../api/events";
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

const useStyles = makeStyles({
  toolbar: { display: "flex", gap: tokens.spacingHorizontalM, alignItems: "center", flexWrap: "wrap", marginBottom: tokens.spacingVerticalM },
  search: { minWidth: "260px", flexGrow: 1, maxWidth: "420px" },
  empty: { padding: tokens.spacingVerticalXXL, textAlign: "center", color: tokens.colorNeutralForeground3 },
});

export default function MilestonesPage() {
  const projectId = useProject((s) => s.projectId);
  const versionId = useProject((s) => s.versionId);
  if (projectId === null || versionId === null) return <NoProjectRedirect />;
  return <MilestonesList projectId={projectId} versionId={versionId} />;
}

function MilestonesList({ projectId, versionId }: { projectId: number; versionId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const refresh = useRefreshCounter("data");
  const [search, setSearch] = useState("");
  const list = useAsync(() => milestonesApi.list(versionId), [versionId, refresh]);
  const { selected, toggle, confirming, deleting, ask, cancel, confirm } = useSelectionDelete(async (ids) => {
    const res = await eventsApi.bulkDelete(ids, projectId, versionId);
    toast.success(t("milestones.deleted", { count: res?.count ?? ids.length }), { subject: "event" });
    list.reload();
  }, "event");
  useEffect(() => {
    if (list.error) warnError(list.error, "event");
  }, [list.error]);

  const shown = useMemo(() => {
    const q = search.trim().toLocaleLowerCase("fr");
    return (list.data?.data ?? []).filter((m) => !m.milestoneToHide && (!q || m.name.toLocaleLowerCase("fr").includes(q)));
  }, [list.data, search]);

  const yesNo = (v: boolean) => t(v ? "milestones.yes" : "milestones.no");

  return (
    <>
      <PageHeader
        title={t("milestones.title")}
        actions={
          <>
            {selected.size > 0 ? (
              <Button icon={<Delete20Regular />} onClick={ask}>
                {t("milestones.deleteSelected", { count: selected.size })}
              </Button>
            ) : null}
            <Button appearance="primary" icon={<Add20Regular />} onClick={() => navigate("/dashboard/milestone/new")}>
              {t("milestones.new")}
            </Button>
          </>
        }
      />
      <div className={styles.toolbar}>
        <SearchBox
          className={styles.search}
          placeholder={t("milestones.search")}
          aria-label={t("milestones.search")}
          value={search}
          maxLength={TEXT_MAX_LENGTH}
          onChange={(_, d) => setSearch(d.value)}
        />
        {list.loading ? <Spinner size="tiny" /> : null}
      </div>
      {!list.loading && shown.length === 0 ? (
        <Body1 as="p" className={styles.empty}>
          {search.trim() ? t("milestones.emptySearch") : t("milestones.empty")}
        </Body1>
      ) : (
        <Table aria-label={t("milestones.listLabel")} size="small">
          <TableHeader>
            <TableRow>
              <TableSelectionCell type="checkbox" invisible />
              <TableHeaderCell>{t("milestones.columns.name")}</TableHeaderCell>
              <TableHeaderCell>{t("milestones.columns.date")}</TableHeaderCell>
              <TableHeaderCell>{t("milestones.columns.color")}</TableHeaderCell>
              <TableHeaderCell>{t("milestones.columns.isContractual")}</TableHeaderCell>
              <TableHeaderCell>{t("milestones.columns.isTracked")}</TableHeaderCell>
              <TableHeaderCell>{t("milestones.columns.sequence")}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.map((m) => (
              <TableRow key={m.id}>
                <TableSelectionCell
                  checked={selected.has(m.id)}
                  onClick={() => toggle(m.id)}
                  checkboxIndicator={{ "aria-label": t("milestones.selectRow", { name: m.name }) }}
                />
                <TableCell>
                  <AppLink to={`/dashboard/milestone/${m.id}`}>{m.name}</AppLink>
                </TableCell>
                <TableCell>{formatDay(m.startDate)}</TableCell>
                <TableCell>
                  <ColorDot color={m.color ?? "#FFFFFF"} /> {(m.color ?? "#FFFFFF").toUpperCase()}
                </TableCell>
                <TableCell>{yesNo(m.isContractual)}</TableCell>
                <TableCell>{yesNo(m.isTracked)}</TableCell>
                <TableCell>{m.sequence?.name ?? ""}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <ConfirmDialog
        open={confirming}
        title={t("milestones.deleteTitle")}
        confirmLabel={t("actions.delete")}
        busy={deleting}
        onConfirm={() => void confirm()}
        onCancel={cancel}
      >
        {t("milestones.deleteText", { count: selected.size })}
      </ConfirmDialog>
    </>
  );
}
