import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Card, Field, Input, Select, Subtitle2, makeStyles, tokens } from "@fluentui/react-components";
import { Delete20Regular, Dismiss20Regular } from "@fluentui/react-icons";
import { LINK_TYPE_NAMES } from "@jalon/engine";

const useStyles = makeStyles({
  card: {
    position: "absolute",
    zIndex: 6,
    width: "260px",
    rowGap: tokens.spacingVerticalS,
    boxShadow: tokens.shadow16,
  },
  head: { display: "flex", alignItems: "center", justifyContent: "space-between", gap: tokens.spacingHorizontalS },
  actions: { display: "flex", justifyContent: "space-between", gap: tokens.spacingHorizontalS },
});

export type LinkTypeName = (typeof LINK_TYPE_NAMES)[number];

export interface LinkEditorProps {
  parentName: string;
  childName: string;
  type: LinkTypeName;
  delay: number;
  /** Where to show the card, in the view's coordinates. */
  left: number;
  top: number;
  busy?: boolean;
  onSave: (type: LinkTypeName, delay: number) => void;
  onDelete: () => void;
  onClose: () => void;
}

/** Only whole numbers of working days, negative allowed ("-2", " 3 "). */
export function parseDelay(text: string): number | null {
  const s = text.trim();
  return /^-?\d{1,4}$/.test(s) ? Number(s) : null;
}

/** The selected link of the Gantt: its type and delay in working days, saved or deleted on the child. */
export function LinkEditor(p: LinkEditorProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [type, setType] = useState<LinkTypeName>(p.type);
  const [delay, setDelay] = useState(String(p.delay));
  const parsed = parseDelay(delay);
  const changed = parsed !== null && (parsed !== p.delay || type !== p.type);
  return (
    <Card
      className={styles.card}
      style={{ left: p.left, top: p.top }}
      role="dialog"
      aria-label={t("planning.link.title", { parent: p.parentName, child: p.childName })}
      data-testid="link-editor"
    >
      <div className={styles.head}>
        <Subtitle2>{t("planning.link.title", { parent: p.parentName, child: p.childName })}</Subtitle2>
        <Button
          appearance="subtle"
          size="small"
          icon={<Dismiss20Regular />}
          aria-label={t("planning.link.close")}
          onClick={p.onClose}
        />
      </div>
      <Field label={t("planning.link.type")} size="small">
        <Select value={type} onChange={(_, d) => setType(d.value as LinkTypeName)}>
          {LINK_TYPE_NAMES.map((n) => (
            <option key={n} value={n}>
              {t(`event.linkTypes.${n}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        label={t("planning.link.delay")}
        size="small"
        validationMessage={parsed === null ? t("planning.link.notNumeric") : undefined}
      >
        <Input
          inputMode="numeric"
          value={delay}
          onChange={(_, d) => setDelay(d.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && changed && !p.busy) p.onSave(type, parsed);
            if (e.key === "Escape") p.onClose();
          }}
        />
      </Field>
      <div className={styles.actions}>
        <Button appearance="subtle" icon={<Delete20Regular />} disabled={p.busy} onClick={p.onDelete}>
          {t("planning.link.remove")}
        </Button>
        <Button
          appearance="primary"
          disabled={!changed || p.busy}
          onClick={() => parsed !== null && p.onSave(type, parsed)}
        >
          {t("planning.link.save")}
        </Button>
      </div>
    </Card>
  );
}
