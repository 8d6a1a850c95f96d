// The participants tab of a participant: the others who work in one of its lots, each opening its own page.
import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Caption1, makeStyles, tokens } from "@fluentui/react-components";
import { participantsApi, type Participant } from "../../api/reference";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { participantIdentityColumns } from "./participantColumns";

const useStyles = makeStyles({
  root: {
    display: "flex",
    flexDirection: "column",
    rowGap: tokens.spacingVerticalS,
    marginTop: tokens.spacingVerticalL,
  },
});

export function SameLotParticipants({
  projectId,
  versionId,
  participant,
}: {
  projectId: number;
  versionId: number;
  participant: Participant;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const lotIds = new Set(participant.participantsGroupPro.map((l) => l.id));
  const list = useAsync(() => participantsApi.list(projectId, versionId).then((r) => r.data), [projectId, versionId]);
  useEffect(() => {
    if (list.error) warnError(list.error);
  }, [list.error]);
  const rows = (list.data ?? []).filter(
    (p) => p.id !== participant.id && p.participantsGroupPro.some((l) => lotIds.has(l.id)),
  );

  const columns: DataTableColumn<Participant>[] = [
    ...participantIdentityColumns(t),
    {
      id: "lots",
      header: t("participants.columns.sharedLots"),
      sortable: false,
      render: (p) =>
        p.participantsGroupPro
          .filter((l) => lotIds.has(l.id))
          .map((l) => l.name)
          .join(", "),
    },
    { id: "total", header: t("participants.columns.total"), width: 90 },
  ];

  return (
    <div className={styles.root}>
      <Caption1>{t("participants.sameLots")}</Caption1>
      <DataTable
        columns={columns}
        rows={rows}
        getRowId={(p) => p.id}
        ariaLabel={t("participants.sameLotsTitle", { name: participant.name })}
        csvExport={{ fileName: t("participants.sameLotsTitle", { name: participant.name }) }}
        loading={list.loading}
        emptyText={lotIds.size === 0 ? t("participants.noLot") : t("participants.sameLotsEmpty")}
        onRowClick={(p) => navigate(`/dashboard/participants/${p.id}/informations`)}
      />
    </div>
  );
}
