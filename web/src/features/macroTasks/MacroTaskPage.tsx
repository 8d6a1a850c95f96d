// /dashboard/macro-task/{id}/{tab} ('new' creates one): tabs informations (name, tags, lot, tracked unit,
// followed zones) and participants (the lot, its specialities, its participants); the counting tab counts its
// tasks (MacroTaskCountingTab, its own write). One draft across the tabs; saving sends the changed fields only.
import { useEffect, useMemo, useState } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { useTranslation } from "react-i18next";
import {
  Body1,
  Button,
  Caption1,
  Checkbox,
  Field,
  Input,
  Label,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
  Tab,
  TabList,
  Text,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { isOrderLineUnit, ORDER_LINE_UNITS, TEXT_MAX_LENGTH } from "@jalon/shared";
import { lotsApi, participantsApi, specialitiesApi, zonesApi } from "../../api/reference";
import { macroTasksApi, tagsApi, type MacroTaskItem } from "../../api/referenceMore";
import { NoProjectRedirect } from "../../components/NoProjectRedirect";
import { useBusy } from "../../lib/useBusy";
import { rowsOrNone, useAsync } from "../../lib/useAsync";
import { useProject } from "../../store/project";
import { toast } from "../../store/toasts";
import { FormCard } from "../../components/FormCard";
import { RefSelect } from "../../components/RefSelect";
import { formatDay } from "../../lib/dates";
import { canSave, draftOf, macroTaskBody, toggleZone, type MacroTaskDraft } from "./macroTaskForm";
import { MacroTaskCountingTab } from "../countings/MacroTaskCountingTab";
import { familiesApi } from "../../api/families";
import { TrackedFamilies } from "./TrackedFamilies";

const useStyles = makeStyles({
  grid: {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fit, minmax(240px, 1fr))",
    gap: tokens.spacingHorizontalL,
  },
  checks: { display: "flex", flexDirection: "column", maxHeight: "260px", overflowY: "auto" },
  group: { display: "flex", flexDirection: "column", rowGap: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground3 },
});

const TABS = ["informations", "participants", "counting"] as const;
type TabName = (typeof TABS)[number];

export default function MacroTaskPage() {
  const projectId = useProject((s) => s.projectId);
  const versionId = useProject((s) => s.versionId);
  const { id = "new", tab = "informations" } = useParams();
  if (projectId === null || versionId === null) return <NoProjectRedirect />;
  const current: TabName =
    (TABS as readonly string[]).includes(tab) && (tab !== "counting" || id !== "new")
      ? (tab as TabName)
      : "informations";
  return (
    <MacroTaskForm
      key={id}
      projectId={projectId}
      versionId={versionId}
      id={id === "new" ? null : Number(id)}
      tab={current}
    />
  );
}

/** A list of checkboxes with its own label (a Field would give every box the same id and label). */
function CheckList({
  id,
  label,
  hint,
  empty,
  options,
  checked,
  onToggle,
}: {
  id: string;
  label: string;
  hint?: string;
  empty: string;
  options: { id: number; name: string }[];
  checked: (id: number) => boolean;
  onToggle: (id: number, on: boolean) => void;
}) {
  const styles = useStyles();
  return (
    <div role="group" aria-labelledby={`${id}-label`} className={styles.group}>
      <Label id={`${id}-label`}>{label}</Label>
      {hint ? <Caption1 className={styles.muted}>{hint}</Caption1> : null}
      <div className={styles.checks}>
        {options.length === 0 ? <Text className={styles.muted}>{empty}</Text> : null}
        {options.map((o) => (
          <Checkbox
            key={o.id}
            label={o.name}
            checked={checked(o.id)}
            onChange={(_, d) => onToggle(o.id, d.checked === true)}
          />
        ))}
      </div>
    </div>
  );
}

function MacroTaskForm({
  projectId,
  versionId,
  id,
  tab,
}: {
  projectId: number;
  versionId: number;
  id: number | null;
  tab: TabName;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const current = useAsync<MacroTaskItem | null>(
    () => (id === null ? Promise.resolve(null) : macroTasksApi.get(id)),
    [id],
  );
  const tags = useAsync(() => rowsOrNone(tagsApi.list(projectId, versionId)), [projectId, versionId]);
  const lots = useAsync(() => rowsOrNone(lotsApi.list(projectId, versionId)), [projectId, versionId]);
  const zones = useAsync(() => rowsOrNone(zonesApi.list(projectId, versionId)), [projectId, versionId]);
  const families = useAsync(() => rowsOrNone(familiesApi.list()), []);
  const specialities = useAsync(() => rowsOrNone(specialitiesApi.list(projectId, versionId)), [projectId, versionId]);
  const original = useMemo(() => (id === null || !current.data ? null : draftOf(current.data)), [id, current.data]);
  const [draft, setDraft] = useState<MacroTaskDraft>(draftOf(null));
  const { busy: saving, run } = useBusy();
  useEffect(() => {
    if (original) setDraft(original);
  }, [original]);
  const groupId = draft.participantGroupProId;
  const participants = useAsync(
    () => (groupId === null ? Promise.resolve([]) : rowsOrNone(participantsApi.list(projectId, versionId, groupId))),
    [projectId, versionId, groupId],
  );
  const set = (patch: Partial<MacroTaskDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const close = () => navigate("/dashboard/macro-tasks");
  const base = `/dashboard/macro-task/${id ?? "new"}`;

  const save = async () => {
    if (!canSave(draft, original)) return;
    await run(async () => {
      const body = macroTaskBody(draft, original);
      if (id === null) await macroTasksApi.create(projectId, versionId, { ...body, name: draft.name.trim() });
      else await macroTasksApi.update(id, body);
      toast.success(t(id === null ? "macroTasks.created" : "macroTasks.updated"));
      close();
    });
  };

  if (id !== null && current.loading) return <Spinner label={t("app.loading")} />;
  if (id !== null && (current.error || !current.data)) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{t("macroTasks.form.notFound")}</MessageBarBody>
      </MessageBar>
    );
  }
  const lotSpecialities = (specialities.data ?? []).filter(
    (s) => groupId !== null && s.participantGroupProId === groupId,
  );
  const toggle = (ids: number[], value: number, on: boolean) =>
    on ? [...ids, value].sort((a, b) => a - b) : ids.filter((x) => x !== value);
  // A lot change drops the specialities of the previous lot (the server refuses a mismatch).
  const setGroup = (v: number | null) =>
    set({
      participantGroupProId: v,
      specialityIds: draft.specialityIds.filter((s) =>
        (specialities.data ?? []).some((x) => x.id === s && x.participantGroupProId === v),
      ),
    });

  return (
    <FormCard
      title={id === null ? t("macroTasks.form.titleNew") : (current.data?.name ?? "")}
      closeLabel={t("macroTasks.form.close")}
      onClose={close}
      footer={
        <>
          <Button onClick={close}>{t("actions.cancel")}</Button>
          <Button appearance="primary" disabled={saving || !canSave(draft, original)} onClick={() => void save()}>
            {t("macroTasks.form.save")}
          </Button>
        </>
      }
    >
      <TabList
        selectedValue={tab}
        aria-label={t("macroTasks.tabs.label")}
        onTabSelect={(_, d) => navigate(`${base}/${String(d.value)}`)}
      >
        <Tab value="informations">{t("macroTasks.tabs.informations")}</Tab>
        <Tab value="participants">{t("macroTasks.tabs.participants")}</Tab>
        <Tab value="counting" disabled={id === null}>
          {t("macroTasks.tabs.counting")}
        </Tab>
      </TabList>
      {tab === "counting" && current.data ? (
        <MacroTaskCountingTab macroTask={current.data} versionId={versionId} onCounted={current.reload} />
      ) : null}
      {tab === "informations" ? (
        <>
          <div className={styles.grid}>
            <Field label={t("macroTasks.form.name")} required>
              <Input value={draft.name} maxLength={TEXT_MAX_LENGTH} onChange={(_, d) => set({ name: d.value })} />
            </Field>
            <RefSelect
              label={t("macroTasks.form.group")}
              value={groupId}
              options={lots.data ?? []}
              noneLabel={t("macroTasks.form.noGroup")}
              onChange={setGroup}
            />
            <Field label={t("macroTasks.form.trackedUnit")}>
              <Select
                value={draft.trackedUnit ?? ""}
                onChange={(_, d) => set({ trackedUnit: isOrderLineUnit(d.value) ? d.value : null })}
              >
                <option value="">{t("macroTasks.form.noUnit")}</option>
                {ORDER_LINE_UNITS.map((u) => (
                  <option key={u} value={u}>
                    {u}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          {current.data ? (
            <Body1 className={styles.muted}>
              {current.data.startDate
                ? t("macroTasks.form.dates", {
                    start: formatDay(current.data.startDate),
                    end: formatDay(current.data.endDate),
                  })
                : t("macroTasks.form.noDates")}
            </Body1>
          ) : null}
          <div className={styles.grid}>
            <CheckList
              id="mt-tags"
              label={t("macroTasks.form.tags")}
              empty={t("macroTasks.form.noTags")}
              options={tags.data ?? []}
              checked={(x) => draft.tagIds.includes(x)}
              onToggle={(x, on) => set({ tagIds: toggle(draft.tagIds, x, on) })}
            />
            <CheckList
              id="mt-zones"
              label={t("macroTasks.form.trackedZones")}
              hint={t("macroTasks.form.trackedZonesHint")}
              empty={t("macroTasks.form.noZones")}
              options={(zones.data ?? []).map((z) => ({ id: z.id, name: z.fullName || z.name }))}
              checked={(x) => String(x) in draft.trackedFamilies}
              onToggle={(x, on) => set({ trackedFamilies: toggleZone(draft.trackedFamilies, x, on) })}
            />
            <TrackedFamilies
              zones={(zones.data ?? []).map((z) => ({ id: z.id, name: z.fullName || z.name }))}
              families={families.data ?? []}
              value={draft.trackedFamilies}
              onChange={(trackedFamilies) => set({ trackedFamilies })}
            />
          </div>
        </>
      ) : (
        <div className={styles.grid}>
          <div className={styles.group}>
            <RefSelect
              label={t("macroTasks.form.group")}
              value={groupId}
              options={lots.data ?? []}
              noneLabel={t("macroTasks.form.noGroup")}
              onChange={setGroup}
            />
          </div>
          {groupId === null ? (
            <Text className={styles.muted}>{t("macroTasks.form.chooseGroup")}</Text>
          ) : (
            <>
              <CheckList
                id="mt-specialities"
                label={t("macroTasks.form.specialities")}
                empty={t("macroTasks.form.noSpecialities")}
                options={lotSpecialities}
                checked={(x) => draft.specialityIds.includes(x)}
                onToggle={(x, on) => set({ specialityIds: toggle(draft.specialityIds, x, on) })}
              />
              <div className={styles.group}>
                <Label>{t("macroTasks.form.participants")}</Label>
                {(participants.data ?? []).length === 0 ? (
                  <Text className={styles.muted}>{t("macroTasks.form.noParticipants")}</Text>
                ) : null}
                <ul aria-label={t("macroTasks.form.participants")}>
                  {(participants.data ?? []).map((p) => (
                    <li key={p.id}>
                      {p.name}
                      {p.companyName ? ` (${p.companyName})` : ""}
                    </li>
                  ))}
                </ul>
              </div>
            </>
          )}
        </div>
      )}
    </FormCard>
  );
}
