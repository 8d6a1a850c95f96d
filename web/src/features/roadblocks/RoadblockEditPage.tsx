// /dashboard/roadblock/{roadblockId}: one blocking point (its title, the task it blocks, its lot, participant and
// zone, lifted or not); 'new' creates one. A save names the roadblock in its toast and returns to the list.
import { useEffect, useMemo, useState } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { useTranslation } from "react-i18next";
import {
  Button,
  Caption1,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
  Switch,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { LIST_LIMIT, TEXT_MAX_LENGTH } from "@jalon/shared";
import { eventsApi } from "../../api/events";
import { lotsApi, participantsApi, zonesApi } from "../../api/reference";
import { roadblocksApi, type Roadblock } from "../../api/roadblocks";
import { FormCard } from "../../components/FormCard";
import { NoProjectRedirect } from "../../components/NoProjectRedirect";
import { RefSelect } from "../../components/RefSelect";
import { formatDate } from "../../lib/dates";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { useBusy } from "../../lib/useBusy";
import { useProject } from "../../store/project";
import { toast } from "../../store/toasts";
import { authorOf } from "./roadblockColumns";
import { canSave, draftOf, roadblockBody, type RoadblockDraft } from "./roadblockForm";

const useStyles = makeStyles({
  grid: {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fit, minmax(240px, 1fr))",
    gap: tokens.spacingHorizontalL,
  },
});

export default function RoadblockEditPage() {
  const projectId = useProject((s) => s.projectId);
  const versionId = useProject((s) => s.versionId);
  const { roadblockId = "new" } = useParams();
  if (projectId === null || versionId === null) return <NoProjectRedirect />;
  const id = roadblockId === "new" ? null : Number(roadblockId);
  return <RoadblockForm key={roadblockId} projectId={projectId} versionId={versionId} id={id} />;
}

function RoadblockForm({ projectId, versionId, id }: { projectId: number; versionId: number; id: number | null }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const subject = t("roadblocks.subject");
  const current = useAsync<Roadblock | null>(() => (id === null ? Promise.resolve(null) : roadblocksApi.get(id)), [id]);
  const tasks = useAsync(
    () =>
      eventsApi.list({
        versionId,
        type: "task",
        limit: LIST_LIMIT,
        offset: 0,
        sort: { field: "name", order: "ASC" },
        filters: [],
      }),
    [versionId],
  );
  const lots = useAsync(() => lotsApi.list(projectId, versionId), [projectId, versionId]);
  const zones = useAsync(() => zonesApi.list(projectId, versionId), [projectId, versionId]);
  const original = useMemo(() => (id === null || !current.data ? null : draftOf(current.data)), [id, current.data]);
  const [draft, setDraft] = useState<RoadblockDraft>(draftOf(null));
  const participants = useAsync(
    () => participantsApi.list(projectId, versionId, draft.participantGroupProId ?? undefined),
    [projectId, versionId, draft.participantGroupProId],
  );
  const { busy, run } = useBusy(subject);
  useEffect(() => {
    if (original) setDraft(original);
  }, [original]);
  useEffect(() => {
    const e = current.error ?? tasks.error ?? lots.error ?? zones.error ?? participants.error;
    if (e) warnError(e, subject);
  }, [current.error, tasks.error, lots.error, zones.error, participants.error, subject]);

  const close = () => navigate("/dashboard/roadblocks");
  const save = async () => {
    if (!canSave(draft, original)) return;
    await run(async () => {
      const body = roadblockBody(draft, original);
      const saved =
        id === null
          ? await roadblocksApi.create(projectId, versionId, { ...body, name: draft.name.trim() })
          : await roadblocksApi.update(id, body);
      toast.success(t(id === null ? "roadblocks.created" : "roadblocks.saved", { name: saved.name }), { subject });
      close();
    });
  };

  if (id !== null && current.loading) return <Spinner label={t("app.loading")} />;
  if (id !== null && (current.error || !current.data || current.data.versionId !== versionId)) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{t("roadblocks.form.notFound")}</MessageBarBody>
      </MessageBar>
    );
  }
  const set = (patch: Partial<RoadblockDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const title =
    id === null ? t("roadblocks.form.titleNew") : t("roadblocks.form.title", { name: current.data?.name ?? "" });
  const author = current.data ? authorOf(current.data) : "";

  return (
    <FormCard
      title={title}
      closeLabel={t("roadblocks.form.close")}
      onClose={close}
      footer={
        <>
          <Button onClick={close}>{t("actions.cancel")}</Button>
          <Button appearance="primary" disabled={busy || !canSave(draft, original)} onClick={() => void save()}>
            {t("roadblocks.form.save")}
          </Button>
        </>
      }
    >
      {current.data && author ? (
        <Caption1 as="p">
          {t("roadblocks.form.createdBy", { name: author, date: formatDate(current.data.createdAt) })}
        </Caption1>
      ) : null}
      <div className={styles.grid}>
        <Field label={t("roadblocks.form.name")} required>
          <Input value={draft.name} maxLength={TEXT_MAX_LENGTH} onChange={(_, d) => set({ name: d.value })} />
        </Field>
        <Field label={t("roadblocks.form.validate")}>
          <Switch
            checked={draft.validate}
            label={t(draft.validate ? "roadblocks.state.validated" : "roadblocks.state.open")}
            onChange={(_, d) => set({ validate: d.checked })}
          />
        </Field>
        <Field label={t("roadblocks.form.event")}>
          {/* Its own select, not RefSelect: a long task name must not widen it past its column. */}
          <Select
            style={{ minWidth: 0 }}
            select={{ style: { minWidth: 0, width: "100%", textOverflow: "ellipsis" } }}
            value={draft.eventId === null ? "" : String(draft.eventId)}
            onChange={(_, d) => set({ eventId: d.value === "" ? null : Number(d.value) })}
          >
            <option value="">{t("roadblocks.form.noEvent")}</option>
            {(tasks.data?.data ?? []).map((e) => (
              <option key={e.id} value={e.id}>
                {e.name}
              </option>
            ))}
          </Select>
        </Field>
        <RefSelect
          label={t("roadblocks.form.lot")}
          value={draft.participantGroupProId}
          options={lots.data?.data ?? []}
          noneLabel={t("roadblocks.form.noLot")}
          onChange={(participantGroupProId) => set({ participantGroupProId, participantId: null })}
        />
        <RefSelect
          label={t("roadblocks.form.participant")}
          value={draft.participantId}
          options={participants.data?.data ?? []}
          noneLabel={t("roadblocks.form.noParticipant")}
          onChange={(participantId) => set({ participantId })}
        />
        <RefSelect
          label={t("roadblocks.form.zone")}
          value={draft.zoneId}
          options={(zones.data?.data ?? []).map((z) => ({ id: z.id, name: z.fullName || z.name }))}
          noneLabel={t("roadblocks.form.noZone")}
          onChange={(zoneId) => set({ zoneId })}
        />
      </div>
      {id === null ? <Caption1 as="p">{t("roadblocks.form.eventHint")}</Caption1> : null}
    </FormCard>
  );
}
