// One tag or phase ({basePath}/{recordId}, 'new' creates one): name, colour, type, category. Valid with a name
// and, when editing, a change; only changed fields are sent; saving returns to the list.
import { useEffect, useMemo, useState } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { useTranslation } from "react-i18next";
import {
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Spinner,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { TEXT_MAX_LENGTH } from "@jalon/shared";
import type { ClassItem } from "../../api/referenceMore";
import { NoProjectRedirect } from "../../components/NoProjectRedirect";
import { useBusy } from "../../lib/useBusy";
import { useAsync } from "../../lib/useAsync";
import { useProject } from "../../store/project";
import { toast } from "../../store/toasts";
import { ColorField } from "../../components/Color";
import { FormCard } from "../../components/FormCard";
import { RefSelect } from "../../components/RefSelect";
import {
  canSaveItem,
  itemBody,
  itemDraftOf,
  type ClassificationConfig,
  type ClassificationScreenProps,
  type ItemDraft,
} from "./classification";

const useStyles = makeStyles({
  grid: {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fit, minmax(240px, 1fr))",
    gap: tokens.spacingHorizontalL,
  },
});

export function ClassificationItemPage({ config }: { config: ClassificationConfig }) {
  const projectId = useProject((s) => s.projectId);
  const versionId = useProject((s) => s.versionId);
  const { recordId = "new" } = useParams();
  if (projectId === null || versionId === null) return <NoProjectRedirect />;
  const id = recordId === "new" ? null : Number(recordId);
  return <ItemForm key={recordId} config={config} projectId={projectId} versionId={versionId} id={id} />;
}

function ItemForm({ config, projectId, versionId, id }: ClassificationScreenProps & { id: number | null }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const { ns, api, basePath } = config;
  const current = useAsync<ClassItem | null>(() => (id === null ? Promise.resolve(null) : api.get(id)), [id]);
  const categories = useAsync(() => api.categories(projectId, versionId).then((r) => r.data), [projectId, versionId]);
  const original = useMemo(() => (id === null || !current.data ? null : itemDraftOf(current.data)), [id, current.data]);
  const [draft, setDraft] = useState<ItemDraft>(itemDraftOf(null));
  const { busy: saving, run } = useBusy();
  useEffect(() => {
    if (original) setDraft(original);
  }, [original]);
  const close = () => navigate(basePath);
  const set = (patch: Partial<ItemDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const save = async () => {
    if (!canSaveItem(draft, original)) return;
    await run(async () => {
      const body = itemBody(draft, original);
      if (id === null) await api.create(projectId, versionId, { ...body, name: draft.name.trim() });
      else await api.update(id, body);
      toast.success(t(id === null ? `${ns}.created` : `${ns}.updated`));
      close();
    });
  };

  if (id !== null && current.loading) return <Spinner label={t("app.loading")} />;
  if (id !== null && (current.error || !current.data)) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{t(`${ns}.form.notFound`)}</MessageBarBody>
      </MessageBar>
    );
  }
  return (
    <FormCard
      title={t(id === null ? `${ns}.form.titleNew` : `${ns}.form.title`)}
      closeLabel={t(`${ns}.form.close`)}
      onClose={close}
      footer={
        <>
          <Button onClick={close}>{t("actions.cancel")}</Button>
          <Button appearance="primary" disabled={saving || !canSaveItem(draft, original)} onClick={() => void save()}>
            {t(`${ns}.form.save`)}
          </Button>
        </>
      }
    >
      <div className={styles.grid}>
        <Field label={t(`${ns}.form.name`)} required>
          <Input value={draft.name} maxLength={TEXT_MAX_LENGTH} onChange={(_, d) => set({ name: d.value })} />
        </Field>
        <Field label={t(`${ns}.form.type`)}>
          <Input value={draft.type} maxLength={40} onChange={(_, d) => set({ type: d.value })} />
        </Field>
        <RefSelect
          label={t(`${ns}.form.category`)}
          value={draft.categoryId}
          options={categories.data ?? []}
          noneLabel={t(`${ns}.form.noCategory`)}
          onChange={(v) => set({ categoryId: v })}
        />
      </div>
      <ColorField
        label={t(`${ns}.form.color`)}
        customLabel={t(`${ns}.form.customColor`)}
        value={draft.color}
        onChange={(v) => set({ color: v })}
        allowNone
        noneLabel={t(`${ns}.form.noColor`)}
      />
    </FormCard>
  );
}
