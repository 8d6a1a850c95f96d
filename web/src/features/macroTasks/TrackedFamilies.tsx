// The tracked families of a macro-task: for each followed zone, the order-line families whose progress is
// counted there (trackedFamilies = {zoneId: familyIds}).
import { useTranslation } from "react-i18next";
import { Caption1, Checkbox, Label, Text, makeStyles, tokens } from "@fluentui/react-components";
import type { Family } from "../../api/families";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", rowGap: tokens.spacingVerticalS },
  zone: { display: "flex", flexDirection: "column", rowGap: tokens.spacingVerticalXXS },
  checks: { display: "flex", flexWrap: "wrap", columnGap: tokens.spacingHorizontalM },
  muted: { color: tokens.colorNeutralForeground3 },
});

export function TrackedFamilies({
  zones,
  families,
  value,
  onChange,
}: {
  zones: { id: number; name: string }[];
  families: Family[];
  value: Record<string, number[]>;
  onChange: (next: Record<string, number[]>) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const followed = zones.filter((z) => String(z.id) in value);
  const toggle = (zoneId: number, familyId: number, on: boolean) => {
    const key = String(zoneId);
    const ids = value[key] ?? [];
    onChange({ ...value, [key]: on ? [...ids, familyId].sort((a, b) => a - b) : ids.filter((x) => x !== familyId) });
  };
  return (
    <div className={styles.root} role="group" aria-labelledby="mt-families-label">
      <Label id="mt-families-label">{t("macroTasks.form.trackedFamilies")}</Label>
      {followed.length === 0 ? <Text className={styles.muted}>{t("macroTasks.form.noFollowedZone")}</Text> : null}
      {followed.length > 0 && families.length === 0 ? (
        <Text className={styles.muted}>{t("macroTasks.form.noFamilies")}</Text>
      ) : null}
      {families.length > 0
        ? followed.map((z) => (
            <div
              key={z.id}
              className={styles.zone}
              role="group"
              aria-label={t("macroTasks.form.familiesOf", { zone: z.name })}
            >
              <Caption1>{z.name}</Caption1>
              <div className={styles.checks}>
                {families.map((f) => (
                  <Checkbox
                    key={f.id}
                    label={f.name}
                    checked={(value[String(z.id)] ?? []).includes(f.id)}
                    onChange={(_, d) => toggle(z.id, f.id, d.checked === true)}
                  />
                ))}
              </div>
            </div>
          ))
        : null}
    </div>
  );
}
