// /dashboard/participant-library/{participantGroupId}: one library lot (name and colour; saved when the name is
// present and something changed) and the projects that use it.
import { useEffect, useState } from "react";
import { useParams } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Body1, Spinner, Subtitle2, makeStyles, tokens } from "@fluentui/react-components";
import { libraryLotsApi } from "../../api/reference";
import { PageHeader } from "../../components/PageHeader";
import { EditForm } from "../../components/EditForm";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { toast } from "../../store/toasts";
import { LotNameColorFields } from "./LotNameColorFields";

const useStyles = makeStyles({
  projects: {
    display: "flex",
    flexDirection: "column",
    rowGap: tokens.spacingVerticalS,
    marginTop: tokens.spacingVerticalL,
  },
});

export default function LibraryLotPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const id = Number(useParams().participantGroupId);
  const lot = useAsync(() => libraryLotsApi.get(id), [id]);
  const projects = useAsync(() => libraryLotsApi.projects(id).then((r) => r.data), [id]);
  const [draft, setDraft] = useState({ name: "", color: "#FFFFFF" });

  useEffect(() => {
    if (lot.data) setDraft({ name: lot.data.name, color: lot.data.color });
  }, [lot.data]);
  useEffect(() => {
    if (lot.error) warnError(lot.error);
  }, [lot.error]);

  if (!lot.data) return lot.loading ? <Spinner /> : null;
  const changes: { name?: string; color?: string } = {};
  if (draft.name.trim() !== lot.data.name) changes.name = draft.name.trim();
  if (draft.color.toUpperCase() !== lot.data.color.toUpperCase()) changes.color = draft.color.toUpperCase();
  const valid = draft.name.trim() !== "" && Object.keys(changes).length > 0;

  return (
    <>
      <PageHeader
        title={lot.data.name}
        back={{ to: "/dashboard/participants-library", label: t("lots.library.back") }}
      />
      <EditForm
        canSave={valid}
        onSave={async () => {
          lot.setData(await libraryLotsApi.update(id, changes));
          toast.success(t("lots.library.updated"));
        }}
      >
        <LotNameColorFields draft={draft} onChange={setDraft} />
      </EditForm>
      <div className={styles.projects}>
        <Subtitle2>{t("lots.library.projects")}</Subtitle2>
        <Body1>
          {(projects.data ?? []).length === 0
            ? t("lots.library.noProjects")
            : (projects.data ?? []).map((p) => p.name).join(", ")}
        </Body1>
      </div>
    </>
  );
}
