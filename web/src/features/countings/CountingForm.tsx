// The counting of one task (spec 001: percentage options 25, 50, 75, 100 or another value): a click on an option
// counts it at the given date. The counting goes through the offline queue (src/offline/): sent at once with a
// network, else kept "en attente de synchronisation". A refusal is shown with the catalogue's text.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Input, MessageBar, MessageBarBody, makeStyles, tokens } from "@fluentui/react-components";
import { formatDay } from "../../lib/dates";
import { submitCounting, type SubmitOutcome } from "../../offline/sync";
import { PERCENTAGE_OPTIONS, type Counting } from "../../api/countings";
import { inRange, parsePercent } from "./format";

const useStyles = makeStyles({
  row: {
    display: "flex",
    flexWrap: "wrap",
    alignItems: "center",
    columnGap: tokens.spacingHorizontalXS,
    rowGap: "4px",
  },
  other: { width: "6.5rem" },
  message: { marginTop: tokens.spacingVerticalXS },
});

export interface CountingFormProps {
  projectId: number;
  event: { id: number; name: string };
  countingDate: string;
  zoneId?: number | null;
  /** After a counting reached the server (the lists reload). */
  onSent?: (counting: Counting) => void;
  /** Hides the confirmation lines (the list shows the queue's panel instead). */
  compact?: boolean;
}

type Shown = { intent: "success" | "warning" | "error"; text: string } | null;

export function CountingForm({ projectId, event, countingDate, zoneId, onSent, compact }: CountingFormProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [other, setOther] = useState("");
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<Shown>(null);

  const count = async (percentage: number) => {
    if (!inRange(percentage)) {
      setShown({ intent: "error", text: t("errors.counting_out_of_range") });
      return;
    }
    setBusy(true);
    setShown(null);
    let outcome: SubmitOutcome;
    try {
      outcome = await submitCounting(
        { eventId: event.id, percentage, countingDate, ...(zoneId ? { zoneId } : {}) },
        { projectId, eventName: event.name },
      );
    } finally {
      setBusy(false);
    }
    const vars = { value: percentage, date: formatDay(countingDate) };
    if (outcome.status === "sent") {
      setOther("");
      if (!compact) setShown({ intent: "success", text: t("countings.sent", vars) });
      onSent?.(outcome.counting);
    } else if (outcome.status === "queued") {
      setOther("");
      setShown({ intent: "warning", text: t("countings.queued", vars) });
    } else {
      const key = `errors.${outcome.code}`;
      setShown({ intent: "error", text: t(key, { defaultValue: outcome.message || t("errors.default") }) });
    }
  };

  const typed = parsePercent(other);
  return (
    <div>
      <div className={styles.row} role="group" aria-label={t("countings.count")}>
        {PERCENTAGE_OPTIONS.map((p) => (
          <Button
            key={p}
            size="small"
            disabled={busy}
            aria-label={t("countings.percentOf", { value: p, name: event.name })}
            onClick={() => void count(p)}
          >
            {p} %
          </Button>
        ))}
        <Input
          className={styles.other}
          size="small"
          inputMode="decimal"
          placeholder={t("countings.other")}
          aria-label={t("countings.otherValue", { name: event.name })}
          value={other}
          onChange={(_, d) => setOther(d.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && typed !== null) void count(typed);
          }}
        />
        <Button size="small" disabled={busy || typed === null} onClick={() => typed !== null && void count(typed)}>
          {t("countings.validate")}
        </Button>
      </div>
      {shown ? (
        <MessageBar
          className={styles.message}
          intent={shown.intent}
          role={shown.intent === "error" ? "alert" : "status"}
        >
          <MessageBarBody>{shown.text}</MessageBarBody>
        </MessageBar>
      ) : null}
    </div>
  );
}
