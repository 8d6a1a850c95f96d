// /dashboard/zone/{id}: one zone's name, parent, unity and typology; saves only what changed (a unity change of
// a zone with tasks is refused: cant_change_unity_zone_with_events). Shows its full name and sub-zones.
import { useEffect, useState } from "react";
import { useParams } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Body1, Field, Spinner } from "@fluentui/react-components";
import { zonesApi, type Zone, type ZoneInput } from "../../api/reference";
import { PageHeader } from "../../components/PageHeader";
import { EditForm } from "../../components/EditForm";
import { AppLink } from "../../components/AppLink";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { toast } from "../../store/toasts";
import { WithVersion } from "../../components/WithVersion";
import { ZoneFields, zoneChanges } from "./ZoneFields";

const toInput = (z: Zone): ZoneInput => ({ name: z.name, parentId: z.parentId, unity: z.unity, typology: z.typology });

export default function ZoneEditPage() {
  return (
    <WithVersion>{(projectId, versionId) => <ZoneEditor projectId={projectId} versionId={versionId} />}</WithVersion>
  );
}

function ZoneEditor({ projectId, versionId }: { projectId: number; versionId: number }) {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const zone = useAsync(() => zonesApi.get(id), [id]);
  const all = useAsync(() => zonesApi.list(projectId, versionId).then((r) => r.data), [projectId, versionId]);
  const [value, setValue] = useState<ZoneInput | null>(null);

  useEffect(() => {
    if (zone.data) setValue(toInput(zone.data));
  }, [zone.data]);
  useEffect(() => {
    if (zone.error) warnError(zone.error);
  }, [zone.error]);

  if (!zone.data || !value) return zone.loading ? <Spinner /> : null;
  const changes = zoneChanges(zone.data, value);
  const valid = value.name.trim() !== "" && Object.keys(changes).length > 0;

  return (
    <>
      <PageHeader
        title={`${t("zones.editTitle")} : ${zone.data.name}`}
        back={{ to: "/dashboard/zones", label: t("zones.back") }}
      />
      <EditForm
        canSave={valid}
        onSave={async () => {
          zone.setData(await zonesApi.update(id, changes));
          toast.success(t("zones.updated"));
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
      </EditForm>
    </>
  );
}
