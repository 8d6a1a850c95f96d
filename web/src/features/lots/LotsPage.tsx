// /dashboard/participants: the lots of the version (name, specialities, participants, tasks), created on
// /dashboard/participant-group/new, opened on their tabs, and (view=participants) every participant; deleted in bulk ('Lots supprimés.'; a lot in use is
// refused with the ImplementationError message), imported from the library and exported as .xlsx.
import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Button, Caption1, Checkbox, Tab, TabList, makeStyles, tokens } from "@fluentui/react-components";
import { Add20Regular, LibraryRegular } from "@fluentui/react-icons";
import { ApiError } from "../../api/http";
import { libraryLotsApi, lotsApi, type LibraryLot, type Lot } from "../../api/reference";
import { PageHeader } from "../../components/PageHeader";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ConfirmDelete } from "../../components/ConfirmDelete";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { warnError } from "../../lib/errors";
import { useBusy } from "../../lib/useBusy";
import { useAsync } from "../../lib/useAsync";
import { useSelectionDelete } from "../../lib/useSelectionDelete";
import { useRefreshCounter } from "../../store/refresh";
import { toast } from "../../store/toasts";
import { ParticipantsTab } from "../participants/ParticipantsTab";
import { swatchNameColumn } from "../../components/Color";
import { WithVersion } from "../../components/WithVersion";

const useStyles = makeStyles({
  library: {
    display: "flex",
    flexDirection: "column",
    rowGap: tokens.spacingVerticalXS,
    maxHeight: "50vh",
    overflowY: "auto",
  },
});

export default function LotsPage() {
  return (
    <WithVersion>{(projectId, versionId) => <LotsList projectId={projectId} versionId={versionId} />}</WithVersion>
  );
}

/** The failure text of a lot deletion (spec 001 section 8). */
export function lotDeleteFailure(e: unknown, t: (k: string) => string): string {
  return e instanceof ApiError && e.code === "ImplementationError" ? t("lots.referenced") : t("lots.deleteFailed");
}

function LotsList({ projectId, versionId }: { projectId: number; versionId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const refresh = useRefreshCounter("data");
  const list = useAsync(() => lotsApi.list(projectId, versionId).then((r) => r.data), [projectId, versionId, refresh]);
  const [library, setLibrary] = useState<LibraryLot[] | null>(null);
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const { busy, run } = useBusy();
  // The view is in the address so that "back" from a participant's page lands on the participants again.
  const [search, setSearch] = useSearchParams();
  const view: "lots" | "participants" = search.get("view") === "participants" ? "participants" : "lots";
  const setView = (v: "lots" | "participants") => setSearch(v === "participants" ? { view: v } : {}, { replace: true });

  useEffect(() => {
    if (list.error) warnError(list.error);
  }, [list.error]);

  const columns: DataTableColumn<Lot>[] = [
    swatchNameColumn(t("lots.columns.name")),
    {
      id: "specialities",
      header: t("lots.columns.specialities"),
      sortable: false,
      render: (l) => l.specialities.map((s) => s.name).join(", "),
    },
    {
      id: "participants",
      header: t("lots.columns.participants"),
      sortable: false,
      render: (l) => l.participants.map((p) => p.name).join(", "),
    },
    { id: "total", header: t("lots.columns.total"), width: 90 },
  ];

  const deletion = useSelectionDelete(
    async (ids) => {
      await lotsApi.bulkDelete(ids);
      list.setData((ls) => (ls ?? []).filter((l) => !ids.includes(l.id)));
      toast.success(t("lots.deleted"));
    },
    (e) => toast.warning(lotDeleteFailure(e, t)),
  );

  const openLibrary = async () => {
    try {
      setPicked(new Set());
      setLibrary((await libraryLotsApi.list()).data);
    } catch (e) {
      warnError(e);
    }
  };

  const importPicked = async () => {
    await run(async () => {
      const res = await lotsApi.importFromLibrary(projectId, versionId, [...picked]);
      toast.success(t("lots.imported", { count: res.total }));
      setLibrary(null);
      list.reload();
    });
  };

  return (
    <>
      <PageHeader
        title={t("lots.title")}
        actions={
          <>
            <Button
              appearance="primary"
              icon={<Add20Regular />}
              onClick={() => navigate("/dashboard/participant-group/new")}
            >
              {t("lots.create")}
            </Button>
            <Button icon={<LibraryRegular />} onClick={() => void openLibrary()}>
              {t("lots.fromLibrary")}
            </Button>
          </>
        }
      />
      <TabList selectedValue={view} onTabSelect={(_, d) => setView(d.value as "lots" | "participants")}>
        <Tab value="lots">{t("lots.viewLots")}</Tab>
        <Tab value="participants">{t("lots.viewParticipants")}</Tab>
      </TabList>
      {view === "participants" ? <ParticipantsTab projectId={projectId} versionId={versionId} lot={null} /> : null}
      {view === "lots" ? (
        <DataTable
          columns={columns}
          rows={list.data ?? []}
          getRowId={(l) => l.id}
          ariaLabel={t("lots.title")}
          exportFile={{ label: t("lots.export"), run: () => lotsApi.export(projectId, versionId) }}
          loading={list.loading}
          emptyText={t("lots.empty")}
          {...deletion.tableProps}
          onDeleteSelected={deletion.askFor}
          onRowClick={(l) => navigate(`/dashboard/participant-group/${l.id}/informations`)}
        />
      ) : null}
      <ConfirmDelete flow={deletion} title={t("lots.deleteTitle")}>
        {t("lots.deleteBody", { count: deletion.pending.length })}
      </ConfirmDelete>
      <ConfirmDialog
        open={library !== null}
        title={t("lots.fromLibraryTitle")}
        confirmLabel={t("lots.fromLibrary")}
        busy={busy}
        confirmDisabled={picked.size === 0}
        onConfirm={() => void importPicked()}
        onCancel={() => setLibrary(null)}
      >
        <Caption1 block>{t("lots.fromLibraryHint")}</Caption1>
        <div className={styles.library}>
          {(library ?? []).map((l) => (
            <Checkbox
              key={l.id}
              label={l.name}
              checked={picked.has(l.id)}
              onChange={(_, d) =>
                setPicked((s) => {
                  const next = new Set(s);
                  if (d.checked) next.add(l.id);
                  else next.delete(l.id);
                  return next;
                })
              }
            />
          ))}
        </div>
      </ConfirmDialog>
    </>
  );
}
