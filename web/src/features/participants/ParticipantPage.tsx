// /dashboard/participants/new and /dashboard/participants/{recordId}/{page}: one participant (company or contact)
// on four tabs (spec 001 section 2): informations (name, company, colour, project manager), monitoring (its
// tasks and milestones), specialities and participant groups (its lots, their specialities, its zones),
// participants (the others working in its lots). The form is valid with a name and a change (section 5).
import { useEffect, useState } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Body1, Button, Spinner, Tab, TabList, makeStyles, tokens } from "@fluentui/react-components";
import { ArrowLeft20Regular } from "@fluentui/react-icons";
import { lotsApi, participantsApi, zonesApi, type Participant } from "../../api/reference";
import { PageHeader } from "../../components/PageHeader";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { toast } from "../../store/toasts";
import { Histogram } from "../../components/Histogram";
import { WithVersion } from "../../components/WithVersion";
import { treeOrder } from "../../lib/zoneTree";
import { ParticipantInformationFields, ParticipantLinkFields } from "./ParticipantFields";
import {
  emptyParticipant,
  participantChanges,
  participantDraft,
  participantFormValid,
  type ParticipantDraft,
} from "./participantForm";
import { participantSaveFailure } from "./participantSave";
import { SameLotParticipants } from "./SameLotParticipants";

export const PARTICIPANT_TABS = ["informations", "monitoring", "specialities", "participants"] as const;
type TabName = (typeof PARTICIPANT_TABS)[number];

const useStyles = makeStyles({
  body: {
    display: "flex",
    flexDirection: "column",
    rowGap: tokens.spacingVerticalM,
    marginTop: tokens.spacingVerticalL,
  },
});

export default function ParticipantPage() {
  return (
    <WithVersion>
      {(projectId, versionId) => <ParticipantEditor projectId={projectId} versionId={versionId} />}
    </WithVersion>
  );
}

function ParticipantEditor({ projectId, versionId }: { projectId: number; versionId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const { recordId, page } = useParams();
  const [search] = useSearchParams();
  const id = recordId && /^\d+$/.test(recordId) ? Number(recordId) : null;
  // A participant created from a lot's participants tab starts in that lot.
  const lotParam = search.get("lot");
  const defaultLot = lotParam && /^\d+$/.test(lotParam) ? Number(lotParam) : null;
  // A new participant has no address for its tabs yet: the two form tabs are local state until it is saved.
  const [newTab, setNewTab] = useState<TabName>("informations");
  const tab: TabName =
    id === null
      ? newTab
      : (PARTICIPANT_TABS as readonly string[]).includes(page ?? "")
        ? (page as TabName)
        : "informations";
  const participant = useAsync(() => (id === null ? Promise.resolve(null) : participantsApi.get(id)), [id]);
  const lots = useAsync(() => lotsApi.list(projectId, versionId).then((r) => r.data), [projectId, versionId]);
  const zones = useAsync(() => zonesApi.list(projectId, versionId).then((r) => r.data), [projectId, versionId]);
  const [draft, setDraft] = useState<ParticipantDraft>(() => emptyParticipant(defaultLot));
  const [busy, setBusy] = useState(false);
  const original = participant.data ? participantDraft(participant.data) : null;

  useEffect(() => {
    setDraft(participant.data ? participantDraft(participant.data) : emptyParticipant(defaultLot));
  }, [participant.data, defaultLot]);
  useEffect(() => {
    const error = participant.error ?? lots.error ?? zones.error;
    if (error) warnError(error);
  }, [participant.error, lots.error, zones.error]);

  if (id !== null && !participant.data) return participant.loading ? <Spinner /> : null;

  const save = async () => {
    setBusy(true);
    try {
      const body = participantChanges(original, draft);
      let saved: Participant;
      if (id === null) {
        saved = await participantsApi.create(projectId, versionId, { ...body, name: draft.name.trim() });
        toast.success(t("participants.created"));
        navigate(`/dashboard/participants/${saved.id}/informations`, { replace: true });
      } else {
        saved = await participantsApi.update(id, body);
        participant.setData(saved);
        toast.success(t("participants.updated"));
      }
    } catch (e) {
      participantSaveFailure(e);
    } finally {
      setBusy(false);
    }
  };

  const form = (
    <form
      className={styles.body}
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy && participantFormValid(original, draft)) void save();
      }}
    >
      {tab === "informations" ? (
        <ParticipantInformationFields draft={draft} setDraft={setDraft} />
      ) : (
        <ParticipantLinkFields
          draft={draft}
          setDraft={setDraft}
          lots={lots.data ?? []}
          zones={treeOrder(zones.data ?? [])}
        />
      )}
      <div>
        <Button type="submit" appearance="primary" disabled={busy || !participantFormValid(original, draft)}>
          {t("actions.save")}
        </Button>
      </div>
    </form>
  );
  const current = participant.data ?? null;

  return (
    <>
      <PageHeader
        title={current ? current.name : t("participants.newTitle")}
        actions={
          <Button icon={<ArrowLeft20Regular />} onClick={() => navigate("/dashboard/participants?view=participants")}>
            {t("participants.back")}
          </Button>
        }
      />
      <TabList
        selectedValue={tab}
        onTabSelect={(_, d) => {
          if (id !== null) navigate(`/dashboard/participants/${id}/${String(d.value)}`);
          else setNewTab(d.value as TabName);
        }}
      >
        {PARTICIPANT_TABS.map((name) => (
          <Tab key={name} value={name} disabled={id === null && (name === "monitoring" || name === "participants")}>
            {t(`participants.tabs.${name}`)}
          </Tab>
        ))}
      </TabList>
      {tab === "informations" || tab === "specialities" ? form : null}
      {current && tab === "monitoring" ? (
        <div className={styles.body}>
          <Body1>{t("participants.monitoring", { count: current.total })}</Body1>
          <Histogram
            load={() => participantsApi.histogram(projectId, versionId).then((r) => r.data)}
            deps={[projectId, versionId]}
            title={t("participants.histogram")}
            highlight={current.id}
          />
        </div>
      ) : null}
      {current && tab === "participants" ? (
        <SameLotParticipants projectId={projectId} versionId={versionId} participant={current} />
      ) : null}
    </>
  );
}
