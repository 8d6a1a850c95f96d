// /dashboard/participant-library/{participantGroupId}: one library lot (name and colour; saved when the name is
// present and something changed) and the projects that use it.
import { useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Body1, Button, Field, Input, Spinner, Subtitle2, makeStyles, tokens } from "@fluentui/react-components";
import { ArrowLeft20Regular } from "@fluentui/react-icons";
import { TEXT_MAX_LENGTH } from "@jalon/shared";
import { libraryLotsApi } from "../../api/reference";
import { PageHeader } from "../../components/PageHeader";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { toast } from "../../store/toasts";
import { ColorInput } from "../../components/Color";

const useStyles = makeStyles({
  form: { display: "flex", flexDirection: "column", rowGap: tokens.spacingVerticalM, maxWidth: "560px" },
});

export default function LibraryLotPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const id = Number(useParams().participantGroupId);
  const lot = useAsync(() => libraryLotsApi.get(id), [id]);
  const projects = useAsync(() => libraryLotsApi.projects(id).then((r) => r.data), [id]);
  const [draft, setDraft] = useState({ name: "", color: "#FFFFFF" });
  const [busy, setBusy] = useState(false);

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

  const save = async () => {
    setBusy(true);
    try {
      lot.setData(await libraryLotsApi.update(id, changes));
      toast.success(t("lots.library.updated"));
    } catch (e) {
      warnError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader
        title={lot.data.name}
        actions={
          <Button icon={<ArrowLeft20Regular />} onClick={() => navigate("/dashboard/participants-library")}>
            {t("lots.library.back")}
          </Button>
        }
      />
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          if (valid && !busy) void save();
        }}
      >
        <Field label={t("lots.fields.name")} required>
          <Input
            value={draft.name}
            maxLength={TEXT_MAX_LENGTH}
            onChange={(_, d) => setDraft({ ...draft, name: d.value })}
          />
        </Field>
        <ColorInput
          label={t("lots.fields.color")}
          value={draft.color}
          onChange={(color) => setDraft({ ...draft, color })}
        />
        <div>
          <Button type="submit" appearance="primary" disabled={!valid || busy}>
            {t("actions.save")}
          </Button>
        </div>
        <Subtitle2>{t("lots.library.projects")}</Subtitle2>
        <Body1>
          {(projects.data ?? []).length === 0
            ? t("lots.library.noProjects")
            : (projects.data ?? []).map((p) => p.name).join(", ")}
        </Body1>
      </form>
    </>
  );
}
