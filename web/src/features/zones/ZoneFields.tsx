// The fields of a zone (create dialog and edit page): name, parent, unity, typology.
import { useTranslation } from "react-i18next";
import { Field, Input, Select, makeStyles, tokens } from "@fluentui/react-components";
import { TEXT_MAX_LENGTH } from "@jalon/shared";
import { ZONE_UNITIES, type Zone, type ZoneInput, type ZoneUnity } from "../../api/reference";

const useStyles = makeStyles({ root: { display: "flex", flexDirection: "column", rowGap: tokens.spacingVerticalS } });

/** A nano-zone (level 3) cannot hold sub-zones, and a zone cannot go under itself or its sub-zones. */
export function parentChoices(zones: readonly Zone[], editing: Zone | null): Zone[] {
  const excluded = new Set(editing ? [editing.id, ...editing.allChildIds] : []);
  return zones.filter((z) => z.level < 3 && !excluded.has(z.id));
}

export function ZoneFields({
  value,
  onChange,
  zones,
  editing,
}: {
  value: ZoneInput;
  onChange: (v: ZoneInput) => void;
  zones: readonly Zone[];
  editing: Zone | null;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <Field label={t("zones.fields.name")} required>
        <Input
          value={value.name}
          maxLength={TEXT_MAX_LENGTH}
          onChange={(_, d) => onChange({ ...value, name: d.value })}
        />
      </Field>
      <Field label={t("zones.fields.parent")}>
        <Select
          value={value.parentId === null ? "" : String(value.parentId)}
          onChange={(_, d) => onChange({ ...value, parentId: d.value === "" ? null : Number(d.value) })}
        >
          <option value="">{t("zones.none")}</option>
          {parentChoices(zones, editing).map((z) => (
            <option key={z.id} value={z.id}>
              {z.fullName}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t("zones.fields.unity")}>
        <Select value={value.unity} onChange={(_, d) => onChange({ ...value, unity: d.value as ZoneUnity })}>
          {ZONE_UNITIES.map((u) => (
            <option key={u} value={u}>
              {t(`zones.unities.${u}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t("zones.fields.typology")}>
        <Input
          value={value.typology ?? ""}
          maxLength={TEXT_MAX_LENGTH}
          onChange={(_, d) => onChange({ ...value, typology: d.value })}
        />
      </Field>
    </div>
  );
}

/** The changed fields of a zone form, trimmed; empty when nothing changed. */
export function zoneChanges(original: Zone | null, value: ZoneInput): Partial<ZoneInput> {
  const out: Partial<ZoneInput> = {};
  const name = value.name.trim();
  const typology = (value.typology ?? "").trim() || null;
  if (!original || name !== original.name) out.name = name;
  if (!original ? value.parentId !== null : value.parentId !== original.parentId) out.parentId = value.parentId;
  if (!original || value.unity !== original.unity) out.unity = value.unity;
  if (!original ? typology !== null : typology !== original.typology) out.typology = typology;
  return out;
}
