// /dashboard/counting/{eventType}/{eventId} and .../zone/{zoneId} (spec 001 section 2): one task's counting:
// its dates, last counting and theoretical progress, the percentage options at the chosen date (the zone's
// counting when the path names one), what waits for the network, and the task's countings.
import { useEffect, useState } from "react";
import { Link, useParams } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Field, Subtitle1, Text, makeStyles, tokens } from "@fluentui/react-components";
import { eventsApi } from "../../api/events";
import { PageHeader } from "../../components/PageHeader";
import { WithVersion } from "../../components/WithVersion";
import { formatDay, toIsoDay } from "../../lib/dates";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { CountingHistory } from "./CountingHistory";
import { CountingForm } from "./CountingForm";
import { useSyncedCounter } from "./CountingsPage";
import { lastText } from "./columns";
import { percent } from "./format";
import { OfflinePanel } from "./OfflinePanel";
import { DateInput } from "../../components/DateInput";

const useStyles = makeStyles({
  facts: { display: "flex", flexWrap: "wrap", columnGap: tokens.spacingHorizontalXXL, rowGap: tokens.spacingVerticalS },
  block: {
    display: "flex",
    flexDirection: "column",
    rowGap: tokens.spacingVerticalM,
    marginTop: tokens.spacingVerticalM,
  },
});

export default function CountingEventPage() {
  return <WithVersion>{(projectId) => <CountingEvent projectId={projectId} />}</WithVersion>;
}

function CountingEvent({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const params = useParams();
  const eventId = Number(params.eventId);
  const zoneId = params.zoneId ? Number(params.zoneId) : null;
  const [day, setDay] = useState(() => toIsoDay(new Date()));
  const synced = useSyncedCounter();
  const [sent, setSent] = useState(0);
  const event = useAsync(() => eventsApi.get(eventId), [eventId, synced, sent]);
  useEffect(() => {
    if (event.error) warnError(event.error);
  }, [event.error]);
  const e = event.data;
  return (
    <>
      <PageHeader title={e ? e.name : t("pages.counting")} />
      <Link to="/dashboard/countings">{t("countings.back")}</Link>
      {e ? (
        <div className={styles.block}>
          <div className={styles.facts}>
            <Text>
              {t("countings.summary", {
                start: formatDay(e.startDate),
                end: formatDay(e.endDate),
                people: e.numberOfPeople,
                days: e.numberOfDays,
              })}
            </Text>
            {zoneId !== null ? <Text>{t("countings.zone", { id: zoneId })}</Text> : null}
            <Text>
              {t("countings.last")} : {lastText(e.lastCounting)}
            </Text>
            <Text>
              {t("countings.theoretical")} : {percent(e.theoreticalProgress)}
            </Text>
          </div>
          <OfflinePanel projectId={projectId} eventId={eventId} />
          <Field label={t("countings.date")}>
            <DateInput value={day} onChange={(v) => v && setDay(v)} />
          </Field>
          <CountingForm
            projectId={projectId}
            event={e}
            zoneId={zoneId}
            countingDate={day}
            onSent={() => setSent((n) => n + 1)}
          />
          <Subtitle1 as="h2">{t("countings.eventHistory")}</Subtitle1>
          <CountingHistory projectId={projectId} eventId={eventId} reloadKey={synced + sent} />
        </div>
      ) : null}
    </>
  );
}
