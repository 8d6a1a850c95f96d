// Choosing the zones of a train and their order: every zone with a checkbox (refused ones disabled, with the
// reason), and the chosen ones in order with up, down and remove buttons (all keyboard reachable).
import { useTranslation } from "react-i18next";
import { Button, Caption1, Checkbox, Dropdown, Field, Option, makeStyles, tokens } from "@fluentui/react-components";
import { ArrowDown16Regular, ArrowUp16Regular, Dismiss16Regular } from "@fluentui/react-icons";
import type { InstantiationType, MilestoneReferenceType } from "../instantiationApi";
import { moveZone, toggleZone, type ZoneChoice } from "./instantiateForm";

const useStyles = makeStyles({
  columns: { display: "grid", gridTemplateColumns: "1fr 1fr", gap: tokens.spacingHorizontalL },
  box: {
    maxHeight: "220px",
    overflowY: "auto",
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingVerticalXS,
  },
  choice: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
  refused: { color: tokens.colorNeutralForeground3 },
  ordered: { listStyle: "decimal", margin: 0, paddingLeft: "28px" },
  item: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalXS },
  itemName: { flex: 1 },
  heading: { fontWeight: tokens.fontWeightSemibold, display: "block", marginBottom: tokens.spacingVerticalXS },
});

export interface ZoneOrderProps {
  choices: readonly ZoneChoice[];
  zoneIds: readonly number[];
  type: InstantiationType;
  onChange: (zoneIds: number[]) => void;
  /** Id prefix of this instance's labels. */
  idPrefix: string;
  error?: string;
}

export function ZoneOrder({ choices, zoneIds, type, onChange, idPrefix, error }: ZoneOrderProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const nameOf = (id: number) => {
    const z = choices.find((c) => c.zone.id === id)?.zone;
    return z ? z.fullName || z.name : `#${id}`;
  };
  return (
    <div className={styles.columns}>
      <div role="group" aria-labelledby={`${idPrefix}-zones`}>
        <span id={`${idPrefix}-zones`} className={styles.heading}>
          {t("instantiation.fields.zones")}
        </span>
        <Caption1 id={`${idPrefix}-zones-hint`}>{t("instantiation.zonesHint")}</Caption1>
        <div className={styles.box} aria-describedby={`${idPrefix}-zones-hint`}>
          {choices.map(({ zone, refusal, container }) => {
            const reasonId = `${idPrefix}-zone-${zone.id}-reason`;
            return (
              <div key={zone.id} className={styles.choice}>
                <Checkbox
                  label={zone.fullName || zone.name}
                  checked={zoneIds.includes(zone.id)}
                  disabled={refusal !== null}
                  aria-describedby={refusal || container ? reasonId : undefined}
                  onChange={() => onChange(toggleZone(zoneIds, zone.id, type))}
                />
                {refusal || container ? (
                  <Caption1 id={reasonId} className={styles.refused}>
                    {refusal
                      ? t(`instantiation.zoneRefused.${refusal}`, { typology: zone.typology ?? "" })
                      : t("instantiation.container")}
                  </Caption1>
                ) : null}
              </div>
            );
          })}
        </div>
        {error ? (
          <Caption1 role="alert" style={{ color: tokens.colorPaletteRedForeground1 }}>
            {error}
          </Caption1>
        ) : null}
      </div>
      <div>
        <span id={`${idPrefix}-order`} className={styles.heading}>
          {t("instantiation.fields.order")}
        </span>
        {zoneIds.length === 0 ? (
          <Caption1>{t("instantiation.noZoneChosen")}</Caption1>
        ) : (
          <ol className={styles.ordered} aria-labelledby={`${idPrefix}-order`} data-testid="zone-order">
            {zoneIds.map((id, k) => (
              <li key={id}>
                <span className={styles.item}>
                  <span className={styles.itemName}>{nameOf(id)}</span>
                  <Button
                    size="small"
                    appearance="subtle"
                    icon={<ArrowUp16Regular />}
                    aria-label={t("instantiation.moveUp", { name: nameOf(id) })}
                    disabled={k === 0}
                    onClick={() => onChange(moveZone(zoneIds, id, -1))}
                  />
                  <Button
                    size="small"
                    appearance="subtle"
                    icon={<ArrowDown16Regular />}
                    aria-label={t("instantiation.moveDown", { name: nameOf(id) })}
                    disabled={k === zoneIds.length - 1}
                    onClick={() => onChange(moveZone(zoneIds, id, 1))}
                  />
                  <Button
                    size="small"
                    appearance="subtle"
                    icon={<Dismiss16Regular />}
                    aria-label={t("instantiation.removeZone", { name: nameOf(id) })}
                    onClick={() => onChange(zoneIds.filter((z) => z !== id))}
                  />
                </span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}

/** How the train follows a reference milestone: its date, or the earliest start / latest end of its sequence. */
export function MilestoneReferenceField({
  value,
  onChange,
}: {
  value: MilestoneReferenceType;
  onChange: (value: MilestoneReferenceType) => void;
}) {
  const { t } = useTranslation();
  return (
    <Field label={t("instantiation.fields.milestoneReferenceType")}>
      <Dropdown
        value={t(`instantiation.milestoneReferenceTypes.${value}`)}
        selectedOptions={[value]}
        onOptionSelect={(_, d) => onChange(d.optionValue as MilestoneReferenceType)}
      >
        {(["milestone_only", "earliest", "latest"] as const).map((m) => (
          <Option key={m} value={m}>
            {t(`instantiation.milestoneReferenceTypes.${m}`)}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}
