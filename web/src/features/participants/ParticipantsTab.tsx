// The participants of a lot (its participants tab) or of the whole version (lot null, on /dashboard/participants):
// companies and contacts in a DataTable, each opening its own page (/dashboard/participants/{id}/informations,
// created on /dashboard/participants/new, in the lot when listed from one), deleted in bulk (refused while tasks
// use one), exported as .xlsx; the version's list also shows the histogram of tasks per participant.
import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Button, makeStyles, tokens } from "@fluentui/react-components";
import { PersonAdd20Regular } from "@fluentui/react-icons";
import { ApiError } from "../../api/http";
import { participantsApi, type Lot, type Participant } from "../../api/reference";
import { ConfirmDelete } from "../../components/ConfirmDelete";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { useSelectionDelete } from "../../lib/useSelectionDelete";
import { useRefreshCounter } from "../../store/refresh";
import { toast } from "../../store/toasts";
import { participantIdentityColumns } from "./participantColumns";
import { Histogram } from "../../components/Histogram";

const useStyles = makeStyles({
  root: {
    marginTop: tokens.spacingVerticalL,
    display: "flex",
    flexDirection: "column",
    rowGap: tokens.spacingVerticalM,
  },
  actions: { display: "flex", gap: tokens.spacingHorizontalS },
});

export function ParticipantsTab({
  projectId,
  versionId,
  lot,
}: {
  projectId: number;
  versionId: number;
  lot: Lot | null;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const refresh = useRefreshCounter("data");
  const list = useAsync(
    () => participantsApi.list(projectId, versionId, lot?.id).then((r) => r.data),
    [projectId, versionId, lot?.id, refresh],
  );
  const navigate = useNavigate();

  useEffect(() => {
    if (list.error) warnError(list.error);
  }, [list.error]);

  const columns: DataTableColumn<Participant>[] = [
    ...participantIdentityColumns(t),
    {
      id: "lots",
      header: t("participants.columns.lots"),
      sortable: false,
      hidden: lot !== null,
      render: (p) => p.participantsGroupPro.map((l) => l.name).join(", "),
    },
    {
      id: "specialities",
      header: t("participants.columns.specialities"),
      sortable: false,
      render: (p) => p.specialities.map((s) => s.name).join(", "),
    },
    {
      id: "manager",
      header: t("participants.columns.manager"),
      sortValue: (p) => p.projectManagerLastName,
      render: (p) => [p.projectManagerFirstName, p.projectManagerLastName].filter(Boolean).join(" "),
    },
    { id: "projectManagerEmail", header: t("participants.columns.email") },
    {
      id: "zones",
      header: t("participants.fields.zones"),
      sortable: false,
      hidden: true,
      render: (p) => p.zones.map((z) => z.name).join(", "),
    },
    { id: "total", header: t("participants.columns.total"), width: 90 },
  ];

  const deletion = useSelectionDelete(
    async (ids) => {
      await participantsApi.bulkDelete(ids);
      list.setData((ps) => (ps ?? []).filter((p) => !ids.includes(p.id)));
      toast.success(t("participants.deleted"));
    },
    (e) => {
      if (e instanceof ApiError && e.code === "ImplementationError") toast.warning(t("participants.referenced"));
      else warnError(e);
    },
  );

  return (
    <div className={styles.root}>
      <div className={styles.actions}>
        <Button
          appearance="primary"
          icon={<PersonAdd20Regular />}
          onClick={() => navigate(lot ? `/dashboard/participants/new?lot=${lot.id}` : "/dashboard/participants/new")}
        >
          {t("participants.create")}
        </Button>
      </div>
      <DataTable
        columns={columns}
        rows={list.data ?? []}
        getRowId={(p) => p.id}
        ariaLabel={t("participants.title")}
        exportFile={{ label: t("participants.export"), run: () => participantsApi.export(projectId, versionId) }}
        loading={list.loading}
        emptyText={t("participants.empty")}
        {...deletion.tableProps}
        onDeleteSelected={deletion.askFor}
        onRowClick={(p) => navigate(`/dashboard/participants/${p.id}/informations`)}
      />
      {lot === null ? (
        <Histogram
          load={() => participantsApi.histogram(projectId, versionId).then((r) => r.data)}
          title={t("participants.histogram")}
          deps={[projectId, versionId, refresh]}
        />
      ) : null}
      <ConfirmDelete flow={deletion} title={t("participants.deleteTitle")}>
        {t("participants.deleteBody", { count: deletion.pending.length })}
      </ConfirmDelete>
    </div>
  );
}
