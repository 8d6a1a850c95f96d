// /dashboard/specialities/{recordId} ("new" to create): name and lot; saved when the name is present and
// something changed, then back to the list.
import { useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Field, Input, Select, Spinner } from "@fluentui/react-components";
import { TEXT_MAX_LENGTH } from "@jalon/shared";
import { lotsApi, specialitiesApi, type SpecialityInput } from "../../api/reference";
import { PageHeader } from "../../components/PageHeader";
import { EditForm } from "../../components/EditForm";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { toast } from "../../store/toasts";
import { WithVersion } from "../../components/WithVersion";

export default function SpecialityEditPage() {
  return (
    <WithVersion>
      {(projectId, versionId) => <SpecialityEditor projectId={projectId} versionId={versionId} />}
    </WithVersion>
  );
}

function SpecialityEditor({ projectId, versionId }: { projectId: number; versionId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { recordId } = useParams();
  const id = recordId && /^\d+$/.test(recordId) ? Number(recordId) : null;
  const speciality = useAsync(() => (id === null ? Promise.resolve(null) : specialitiesApi.get(id)), [id]);
  const lots = useAsync(() => lotsApi.list(projectId, versionId).then((r) => r.data), [projectId, versionId]);
  const [draft, setDraft] = useState<SpecialityInput>({ name: "", participantGroupProId: null });

  useEffect(() => {
    if (speciality.data)
      setDraft({ name: speciality.data.name, participantGroupProId: speciality.data.participantGroupProId });
  }, [speciality.data]);
  useEffect(() => {
    if (speciality.error) warnError(speciality.error);
  }, [speciality.error]);

  if (id !== null && !speciality.data) return speciality.loading ? <Spinner /> : null;
  const original = speciality.data;
  const changes: Partial<SpecialityInput> = {};
  if (!original || draft.name.trim() !== original.name) changes.name = draft.name.trim();
  if (original ? draft.participantGroupProId !== original.participantGroupProId : draft.participantGroupProId !== null)
    changes.participantGroupProId = draft.participantGroupProId;
  const valid = draft.name.trim() !== "" && Object.keys(changes).length > 0;

  const save = async () => {
    if (id === null) await specialitiesApi.create(projectId, versionId, { ...changes, name: draft.name.trim() });
    else await specialitiesApi.update(id, changes);
    toast.success(t(id === null ? "specialities.created" : "specialities.updated"));
    navigate("/dashboard/specialities");
  };

  return (
    <>
      <PageHeader
        title={original ? original.name : t("specialities.newTitle")}
        back={{ to: "/dashboard/specialities", label: t("specialities.back") }}
      />
      <EditForm canSave={valid} onSave={save}>
        <Field label={t("specialities.fields.name")} required>
          <Input
            value={draft.name}
            maxLength={TEXT_MAX_LENGTH}
            onChange={(_, d) => setDraft({ ...draft, name: d.value })}
          />
        </Field>
        <Field label={t("specialities.fields.lot")}>
          <Select
            value={draft.participantGroupProId === null ? "" : String(draft.participantGroupProId)}
            onChange={(_, d) => setDraft({ ...draft, participantGroupProId: d.value === "" ? null : Number(d.value) })}
          >
            <option value="">{t("specialities.noLot")}</option>
            {(lots.data ?? []).map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </Select>
        </Field>
      </EditForm>
    </>
  );
}
