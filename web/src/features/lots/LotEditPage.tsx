// /dashboard/participant-group/new and /dashboard/participant-group/{recordId}/{page}: one lot of the project on
// four tabs (informations, monitoring, specialities, participants); /dashboard/participants/{recordId}/{page} is a
// participant's own page (spec 001 section 2). The lot form (name, colour,
// specialities) is valid only with a name, a name on every speciality and a change; saving shows 'Lot créé.'
// or 'Lot mis à jour.' (a duplicate name: participant_group_name_exists).
import { useEffect, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Body1, Button, Field, Input, Spinner, Tab, TabList, makeStyles, tokens } from "@fluentui/react-components";
import { Add20Regular, Delete20Regular } from "@fluentui/react-icons";
import { TEXT_MAX_LENGTH } from "@jalon/shared";
import { lotsApi } from "../../api/reference";
import { PageHeader } from "../../components/PageHeader";
import { EditForm } from "../../components/EditForm";
import { LotNameColorFields } from "./LotNameColorFields";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { useRefreshCounter } from "../../store/refresh";
import { toast } from "../../store/toasts";
import { ParticipantsTab } from "../participants/ParticipantsTab";
import { WithVersion } from "../../components/WithVersion";
import { LotHistogram } from "./LotHistogram";
import { NEW_LOT, draftOf, lotChanges, lotFormValid, type LotDraft } from "./lotForm";

const TABS = ["informations", "monitoring", "specialities", "participants"] as const;
type TabName = (typeof TABS)[number];

const useStyles = makeStyles({
  form: {
    display: "flex",
    flexDirection: "column",
    rowGap: tokens.spacingVerticalM,
    maxWidth: "640px",
    marginTop: tokens.spacingVerticalL,
  },
  row: { display: "flex", gap: tokens.spacingHorizontalS, alignItems: "flex-end" },
  grow: { flexGrow: 1 },
});

export default function LotEditPage() {
  return (
    <WithVersion>{(projectId, versionId) => <LotEditor projectId={projectId} versionId={versionId} />}</WithVersion>
  );
}

function LotEditor({ projectId, versionId }: { projectId: number; versionId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const { recordId, page } = useParams();
  const id = recordId && /^\d+$/.test(recordId) ? Number(recordId) : null;
  // A new lot has no address for its tabs yet: its informations and specialities tabs are local state.
  const [newTab, setNewTab] = useState<TabName>("informations");
  const tab: TabName =
    id === null ? newTab : (TABS as readonly string[]).includes(page ?? "") ? (page as TabName) : "informations";
  // Live events on a 'participant-group/' path refetch the lot (spec 000 section 2).
  const refresh = useRefreshCounter("participantGroup");
  const lot = useAsync(() => (id === null ? Promise.resolve(null) : lotsApi.get(id)), [id, refresh]);
  const [draft, setDraft] = useState<LotDraft>(NEW_LOT);
  const original: LotDraft | null = lot.data ? draftOf(lot.data) : null;
  const shown = useRef<LotDraft | null>(null);

  useEffect(() => {
    const next = lot.data ? draftOf(lot.data) : NEW_LOT;
    // Someone else's change replaces the form only while this user has not started editing it.
    const before = shown.current;
    shown.current = next;
    setDraft((current) => (before === null || JSON.stringify(current) === JSON.stringify(before) ? next : current));
  }, [lot.data]);
  useEffect(() => {
    if (lot.error) warnError(lot.error);
  }, [lot.error]);

  if (id !== null && !lot.data) return lot.loading ? <Spinner /> : null;
  const valid = lotFormValid(original, draft);

  const save = async () => {
    const body = lotChanges(original, draft);
    if (id === null) {
      const saved = await lotsApi.create(projectId, versionId, { ...body, name: draft.name.trim() });
      toast.success(t("lots.created"));
      navigate(`/dashboard/participant-group/${saved.id}/informations`, { replace: true });
    } else {
      lot.setData(await lotsApi.update(id, body));
      toast.success(t("lots.updated"));
    }
  };

  const setSpeciality = (index: number, name: string) =>
    setDraft((d) => ({ ...d, specialities: d.specialities.map((s, i) => (i === index ? { ...s, name } : s)) }));

  const form = (
    <EditForm className={styles.form} canSave={valid} onSave={save}>
      {tab === "informations" ? (
        <LotNameColorFields draft={draft} onChange={setDraft} />
      ) : (
        <Field label={t("lots.fields.specialities")}>
          <div className={styles.form} style={{ marginTop: 0 }}>
            {draft.specialities.map((s, i) => (
              <div key={s.id ?? `new-${i}`} className={styles.row}>
                <Field className={styles.grow} label={t("lots.fields.specialityName", { index: i + 1 })} required>
                  <Input value={s.name} maxLength={TEXT_MAX_LENGTH} onChange={(_, d) => setSpeciality(i, d.value)} />
                </Field>
                <Button
                  appearance="subtle"
                  icon={<Delete20Regular />}
                  aria-label={t("lots.fields.removeSpeciality", { name: s.name })}
                  onClick={() => setDraft((d) => ({ ...d, specialities: d.specialities.filter((_, j) => j !== i) }))}
                />
              </div>
            ))}
            <div>
              <Button
                icon={<Add20Regular />}
                onClick={() => setDraft((d) => ({ ...d, specialities: [...d.specialities, { name: "" }] }))}
              >
                {t("lots.fields.addSpeciality")}
              </Button>
            </div>
          </div>
        </Field>
      )}
    </EditForm>
  );

  return (
    <>
      <PageHeader
        title={lot.data ? lot.data.name : t("lots.newTitle")}
        back={{ to: "/dashboard/participants", label: t("lots.back") }}
      />
      <TabList
        selectedValue={tab}
        onTabSelect={(_, d) => {
          if (id !== null) navigate(`/dashboard/participant-group/${id}/${String(d.value)}`);
          else setNewTab(d.value as TabName);
        }}
      >
        {TABS.map((name) => (
          <Tab key={name} value={name} disabled={id === null && (name === "monitoring" || name === "participants")}>
            {t(`lots.tabs.${name}`)}
          </Tab>
        ))}
      </TabList>
      {tab === "informations" || tab === "specialities" ? form : null}
      {id !== null && tab === "monitoring" && lot.data ? (
        <div className={styles.form}>
          <Body1>{t("lots.monitoring", { count: lot.data.total })}</Body1>
          <LotHistogram projectId={projectId} versionId={versionId} highlight={lot.data.id} />
        </div>
      ) : null}
      {id !== null && tab === "participants" && lot.data ? (
        <ParticipantsTab projectId={projectId} versionId={versionId} lot={lot.data} />
      ) : null}
    </>
  );
}
