// The two halves of the participant form, one per tab: its identity (name, company, colour, project manager)
// and its links (lots, the specialities of those lots, zones). Both edit the same draft of the page.
import { useTranslation } from "react-i18next";
import { Checkbox, Field, Input, Label, makeStyles, tokens } from "@fluentui/react-components";
import { TEXT_MAX_LENGTH } from "@jalon/shared";
import type { Lot, Zone } from "../../api/reference";
import { ColorInput } from "../../components/Color";
import type { ParticipantDraft } from "./participantForm";

const useStyles = makeStyles({
  grid: {
    display: "grid",
    gridTemplateColumns: "1fr 1fr",
    gap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalS,
    maxWidth: "720px",
  },
  wide: { gridColumn: "1 / span 2" },
  checks: { display: "flex", flexWrap: "wrap", columnGap: tokens.spacingHorizontalM },
  scroll: { display: "flex", flexDirection: "column", maxHeight: "240px", overflowY: "auto" },
});

type TextKey =
  | "name"
  | "companyName"
  | "projectManagerFirstName"
  | "projectManagerLastName"
  | "projectManagerEmail"
  | "projectManagerPhoneNumber";
type ListKey = "participantsGroupPro" | "specialityIds" | "zoneIds";

interface FieldsProps {
  draft: ParticipantDraft;
  setDraft: (update: (d: ParticipantDraft) => ParticipantDraft) => void;
}

export function ParticipantInformationFields({ draft, setDraft }: FieldsProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const text = (key: TextKey, required = false) => (
    <Field label={t(`participants.fields.${key}`)} required={required}>
      <Input
        value={draft[key] ?? ""}
        maxLength={key === "projectManagerPhoneNumber" ? 50 : TEXT_MAX_LENGTH}
        onChange={(_, d) => setDraft((x) => ({ ...x, [key]: d.value }))}
      />
    </Field>
  );
  return (
    <div className={styles.grid}>
      {text("name", true)}
      {text("companyName")}
      {text("projectManagerFirstName")}
      {text("projectManagerLastName")}
      {text("projectManagerEmail")}
      {text("projectManagerPhoneNumber")}
      <div className={styles.wide}>
        <ColorInput
          label={t("participants.fields.color")}
          value={draft.color}
          onChange={(color) => setDraft((x) => ({ ...x, color }))}
        />
      </div>
    </div>
  );
}

export function ParticipantLinkFields({ draft, setDraft, lots, zones }: FieldsProps & { lots: Lot[]; zones: Zone[] }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const toggle = (key: ListKey, id: number, on: boolean) =>
    setDraft((d) => ({ ...d, [key]: on ? [...d[key], id] : d[key].filter((x) => x !== id) }));
  const chosenLots = lots.filter((l) => draft.participantsGroupPro.includes(l.id));
  return (
    <div className={styles.grid}>
      {/* Not a Field: Fluent gives every checkbox inside a Field the field's label as its name. */}
      <div className={styles.wide} role="group" aria-label={t("participants.fields.lots")}>
        <Label>{t("participants.fields.lots")}</Label>
        <div className={styles.checks}>
          {lots.map((l) => (
            <Checkbox
              key={l.id}
              label={l.name}
              checked={draft.participantsGroupPro.includes(l.id)}
              onChange={(_, d) => toggle("participantsGroupPro", l.id, Boolean(d.checked))}
            />
          ))}
        </div>
      </div>
      {/* Only the specialities of the chosen lots: the server refuses any other (speciality_participant_or_group_dont_match). */}
      <div className={styles.wide} role="group" aria-label={t("participants.fields.specialities")}>
        <Label>{t("participants.fields.specialities")}</Label>
        <div className={styles.checks}>
          {chosenLots
            .flatMap((l) => l.specialities)
            .map((s) => (
              <Checkbox
                key={s.id}
                label={s.name}
                checked={draft.specialityIds.includes(s.id)}
                onChange={(_, d) => toggle("specialityIds", s.id, Boolean(d.checked))}
              />
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
  );
}
