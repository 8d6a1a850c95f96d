// Create or edit one participant (company or contact): name, company, colour (#FFFFFF by default), project
// manager, lots and the specialities of those lots. Valid with a name and a change; E_INVALID_NEW_RECORD from
// the server shows errors.empty_field, speciality_participant_or_group_dont_match its catalogue text.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Checkbox, Field, Input, Label, makeStyles, tokens } from "@fluentui/react-components";
import { TEXT_MAX_LENGTH } from "@jalon/shared";
import { ApiError } from "../../api/http";
import { participantsApi, type Lot, type Participant, type Zone } from "../../api/reference";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { i18n } from "../../i18n";
import { warnError } from "../../lib/errors";
import { toast } from "../../store/toasts";
import { ColorField } from "../zones/referenceUi";
import { emptyParticipant, participantChanges, participantDraft, participantFormValid, type ParticipantDraft } from "./participantForm";

const useStyles = makeStyles({
  grid: { display: "grid", gridTemplateColumns: "1fr 1fr", gap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalS },
  wide: { gridColumn: "1 / span 2" },
  checks: { display: "flex", flexWrap: "wrap", columnGap: tokens.spacingHorizontalM },
  scroll: { display: "flex", flexDirection: "column", maxHeight: "160px", overflowY: "auto" },
});

export interface ParticipantDialogProps {
  open: boolean;
  projectId: number;
  versionId: number;
  participant: Participant | null;
  defaultLotId: number | null;
  lots: Lot[];
  zones: Zone[];
  onSaved: (p: Participant) => void;
  onClose: () => void;
}

/** Spec 001 section 8: the server's E_INVALID_NEW_RECORD is shown as errors.empty_field. */
export function participantSaveFailure(e: unknown): void {
  if (e instanceof ApiError && e.code === "E_INVALID_NEW_RECORD") toast.warning(i18n.t("errors.empty_field"));
  else warnError(e);
}

export function ParticipantDialog({ open, projectId, versionId, participant, defaultLotId, lots, zones, onSaved, onClose }: ParticipantDialogProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const original = participant ? participantDraft(participant) : null;
  const [draft, setDraft] = useState<ParticipantDraft>(original ?? emptyParticipant(defaultLotId));
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) setDraft(participant ? participantDraft(participant) : emptyParticipant(defaultLotId));
  }, [open, participant, defaultLotId]);

  const text = (key: "name" | "companyName" | "projectManagerFirstName" | "projectManagerLastName" | "projectManagerEmail" | "projectManagerPhoneNumber", required = false) => (
    <Field label={t(`participants.fields.${key}`)} required={required}>
      <Input value={draft[key] ?? ""} maxLength={key === "projectManagerPhoneNumber" ? 50 : TEXT_MAX_LENGTH} onChange={(_, d) => setDraft({ ...draft, [key]: d.value })} />
    </Field>
  );
  const toggle = (key: "participantsGroupPro" | "specialityIds" | "zoneIds", id: number, on: boolean) =>
    setDraft((d) => ({ ...d, [key]: on ? [...d[key], id] : d[key].filter((x) => x !== id) }));
  const chosenLots = lots.filter((l) => draft.participantsGroupPro.includes(l.id));

  const save = async () => {
    setBusy(true);
    try {
      const body = participantChanges(original, draft);
      const saved = participant ? await participantsApi.update(participant.id, body) : await participantsApi.create(projectId, versionId, body);
      toast.success(t(participant ? "participants.updated" : "participants.created"));
      onSaved(saved);
    } catch (e) {
      participantSaveFailure(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      open={open}
      title={participant ? participant.name : t("participants.newTitle")}
      confirmLabel={t("actions.save")}
      busy={busy}
      confirmDisabled={!participantFormValid(original, draft)}
      onConfirm={() => void save()}
      onCancel={onClose}
    >
      <div className={styles.grid}>
        {text("name", true)}
        {text("companyName")}
        {text("projectManagerFirstName")}
        {text("projectManagerLastName")}
        {text("projectManagerEmail")}
        {text("projectManagerPhoneNumber")}
        <div className={styles.wide}>
          <ColorField label={t("participants.fields.color")} value={draft.color} onChange={(color) => setDraft({ ...draft, color })} />
        </div>
        {/* Not a Field: Fluent gives every checkbox inside a Field the field's label as its name. */}
        <div className={styles.wide} role="group" aria-label={t("participants.fields.lots")}>
          <Label>{t("participants.fields.lots")}</Label>
          <div className={styles.checks}>
            {lots.map((l) => (
              <Checkbox key={l.id} label={l.name} checked={draft.participantsGroupPro.includes(l.id)} onChange={(_, d) => toggle("participantsGroupPro", l.id, Boolean(d.checked))} />
            ))}
          </div>
        </div>
        {/* Not a Field: Fluent gives every checkbox inside a Field the field's label as its name. */}
        <div className={styles.wide} role="group" aria-label={t("participants.fields.specialities")}>
          <Label>{t("participants.fields.specialities")}</Label>
          <div className={styles.checks}>
            {chosenLots.flatMap((l) => l.specialities).map((s) => (
              <Checkbox key={s.id} label={s.name} checked={draft.specialityIds.includes(s.id)} onChange={(_, d) => toggle("specialityIds", s.id, Boolean(d.checked))} />
            ))}
          </div>
        </div>
        <div className={styles.wide} role="group" aria-label={t("participants.fields.zones")}>
          <Label>{t("participants.fields.zones")}</Label>
          <div className={styles.scroll}>
            {zones.map((z) => (
              <Checkbox
                key={z.id}
                label={z.fullName}
                style={{ paddingLeft: `${z.level * 16}px` }}
                checked={draft.zoneIds.includes(z.id)}
                onChange={(_, d) => toggle("zoneIds", z.id, Boolean(d.checked))}
              />
            ))}
          </div>
        </div>
      </div>
    </ConfirmDialog>
  );
}
