// /dashboard/counting/{eventType}/{eventId} and .../zone/{zoneId} (spec 001 section 2), by type (countingPaths.ts):
// a task's counting (its dates, last counting and theoretical progress, the percentage options at the chosen date,
// in the path's zone when it names one, what waits for the network, and its countings); a sequence's, through its
// sub-events (SequenceCounting); a macro-task's is its own tab, where the path leads.
import { useEffect, useState } from "react";
import { Link, Navigate, useParams } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Field, Subtitle1, Text, makeStyles, tokens } from "@fluentui/react-components";
import { eventsApi, sequencesApi } from "../../api/events";
import { zonesApi } from "../../api/reference";
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
import { countingPath, isCountingType } from "./countingPaths";
import { SequenceCounting } from "./SequenceCounting";

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
  const { t } = useTranslation();
  const params = useParams();
  const type = params.eventType;
  const id = Number(params.eventId);
  if (type === "macro-task") return <Navigate replace to={countingPath("macro-task", id)} />;
  if (!isCountingType(type) || !Number.isInteger(id) || id <= 0)
    return (
      <>
        <PageHeader title={t("pages.counting")} />
        <Text as="p" role="alert">
          {t("countings.unknownType", { type: type ?? "" })}
        </Text>
        <Link to="/dashboard/countings">{t("countings.back")}</Link>
      </>
    );
  return (
    <WithVersion>
      {(projectId) =>
        type === "sequence" ? (
          <SequencePage projectId={projectId} sequenceId={id} />
        ) : (
          <CountingEvent projectId={projectId} />
        )
      }
    </WithVersion>
  );
}

/** "Zone : R+1" for the path's zone (its full name), nothing without one. */
function ZoneNote({ zoneId }: { zoneId: number | null }) {
  const { t } = useTranslation();
  const zone = useAsync(() => (zoneId === null ? Promise.resolve(null) : zonesApi.get(zoneId)), [zoneId]);
  if (zoneId === null) return null;
  const name = zone.data ? zone.data.fullName || zone.data.name : zone.error ? `#${zoneId}` : "…";
  return <Text>{t("countings.zone", { name })}</Text>;
}

/** A sequence is counted through its tasks, in its own version (the signed one, from the countings screen). */
function SequencePage({ projectId, sequenceId }: { projectId: number; sequenceId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const params = useParams();
  const zoneId = params.zoneId ? Number(params.zoneId) : null;
  const [day, setDay] = useState(() => toIsoDay(new Date()));
  const synced = useSyncedCounter();
  const [sent, setSent] = useState(0);
  const sequence = useAsync(() => sequencesApi.get(sequenceId), [sequenceId]);
  useEffect(() => {
    if (sequence.error) warnError(sequence.error);
  }, [sequence.error]);
  return (
    <>
      <PageHeader title={sequence.data ? sequence.data.name : t("countings.sequence.title")} />
      <Link to="/dashboard/countings">{t("countings.back")}</Link>
      <div className={styles.block}>
        <div className={styles.facts}>
          <Text>{t("countings.sequence.intro")}</Text>
          <ZoneNote zoneId={zoneId} />
        </div>
        <OfflinePanel projectId={projectId} />
        <Field label={t("countings.date")}>
          <DateInput value={day} onChange={(v) => v && setDay(v)} />
        </Field>
        {sequence.data ? (
          <SequenceCounting
            projectId={projectId}
            versionId={sequence.data.versionId}
            sequenceId={sequenceId}
            zoneId={zoneId}
            day={day}
            reloadKey={synced + sent}
            onSent={() => setSent((n) => n + 1)}
          />
        ) : null}
      </div>
    </>
  );
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
            <ZoneNote zoneId={zoneId} />
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
