// /dashboard/zone/{id}: one zone's name, parent, unity and typology; saves only what changed (a unity change of
// a zone with tasks is refused: cant_change_unity_zone_with_events). Shows its full name and sub-zones.
import { useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Body1, Button, Field, Spinner, makeStyles, tokens } from "@fluentui/react-components";
import { ArrowLeft20Regular } from "@fluentui/react-icons";
import { zonesApi, type Zone, type ZoneInput } from "../../api/reference";
import { PageHeader } from "../../components/PageHeader";
import { AppLink } from "../../components/AppLink";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { toast } from "../../store/toasts";
import { WithVersion } from "../../components/WithVersion";
import { ZoneFields, zoneChanges } from "./ZoneFields";

const useStyles = makeStyles({
  form: { display: "flex", flexDirection: "column", rowGap: tokens.spacingVerticalM, maxWidth: "560px" },
  actions: { display: "flex", gap: tokens.spacingHorizontalS },
});

const toInput = (z: Zone): ZoneInput => ({ name: z.name, parentId: z.parentId, unity: z.unity, typology: z.typology });

export default function ZoneEditPage() {
  return (
    <WithVersion>{(projectId, versionId) => <ZoneEditor projectId={projectId} versionId={versionId} />}</WithVersion>
  );
}

function ZoneEditor({ projectId, versionId }: { projectId: number; versionId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const zone = useAsync(() => zonesApi.get(id), [id]);
  const all = useAsync(() => zonesApi.list(projectId, versionId).then((r) => r.data), [projectId, versionId]);
  const [value, setValue] = useState<ZoneInput | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (zone.data) setValue(toInput(zone.data));
  }, [zone.data]);
  useEffect(() => {
    if (zone.error) warnError(zone.error);
  }, [zone.error]);

  if (!zone.data || !value) return zone.loading ? <Spinner /> : null;
  const changes = zoneChanges(zone.data, value);
  const valid = value.name.trim() !== "" && Object.keys(changes).length > 0;

  const save = async () => {
    setBusy(true);
    try {
      const saved = await zonesApi.update(id, changes);
      zone.setData(saved);
      toast.success(t("zones.updated"));
    } catch (e) {
      warnError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader
        title={`${t("zones.editTitle")} : ${zone.data.name}`}
        actions={
          <Button icon={<ArrowLeft20Regular />} onClick={() => navigate("/dashboard/zones")}>
            {t("zones.back")}
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
        <Field label={t("zones.fields.fullName")}>
          <Body1>{zone.data.fullName}</Body1>
        </Field>
        <Field label={t("zones.fields.level")}>
          <Body1>{t(`zones.levels.${zone.data.level}`)}</Body1>
        </Field>
        <ZoneFields value={value} onChange={setValue} zones={all.data ?? []} editing={zone.data} />
        <Field label={t("zones.fields.children")}>
          <Body1>
            {zone.data.children.length === 0
              ? "—"
              : zone.data.children.map((c, i) => (
                  <span key={c.id}>
                    {i > 0 ? ", " : ""}
                    <AppLink to={`/dashboard/zone/${c.id}`}>{c.name}</AppLink>
                  </span>
                ))}
          </Body1>
        </Field>
        <div className={styles.actions}>
          <Button type="submit" appearance="primary" disabled={!valid || busy}>
            {t("actions.save")}
          </Button>
        </div>
      </form>
    </>
  );
}
