// The task modal's "comptage" tab (spec 000 section 3): the task's last counting and theoretical progress, the
// percentage options at the chosen date, what waits for the network, and the task's countings.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field, Text, makeStyles, tokens } from "@fluentui/react-components";
import { eventsApi } from "../../api/events";
import { toIsoDay } from "../../lib/dates";
import { useAsync } from "../../lib/useAsync";
import { CountingForm } from "./CountingForm";
import { CountingHistory } from "./CountingHistory";
import { lastText } from "./columns";
import { percent } from "./format";
import { OfflinePanel } from "./OfflinePanel";
import { onSynced } from "../../offline/sync";
import { DateInput } from "../../components/DateInput";

const useStyles = makeStyles({
  tab: {
    display: "flex",
    flexDirection: "column",
    rowGap: tokens.spacingVerticalM,
    paddingTop: tokens.spacingVerticalM,
  },
  facts: { display: "flex", flexWrap: "wrap", columnGap: tokens.spacingHorizontalXXL },
});

export function CountingTab({ projectId, event }: { projectId: number; event: { id: number; name: string } }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [day, setDay] = useState(() => toIsoDay(new Date()));
  const [reload, setReload] = useState(0);
  useEffect(() => onSynced(() => setReload((n) => n + 1)), []);
  const fresh = useAsync(() => eventsApi.get(event.id), [event.id, reload]);
  const e = fresh.data;
  return (
    <div className={styles.tab}>
      <div className={styles.facts}>
        <Text>
          {t("countings.last")} : {lastText(e?.lastCounting)}
        </Text>
        <Text>
          {t("countings.theoretical")} : {percent(e?.theoreticalProgress)}
        </Text>
      </div>
      <OfflinePanel projectId={projectId} eventId={event.id} />
      <Field label={t("countings.date")}>
        <DateInput value={day} onChange={(v) => v && setDay(v)} />
      </Field>
      <CountingForm projectId={projectId} event={event} countingDate={day} onSent={() => setReload((n) => n + 1)} />
      <CountingHistory projectId={projectId} eventId={event.id} reloadKey={reload} />
    </div>
  );
}
