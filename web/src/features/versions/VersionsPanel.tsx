// Versions panel (spec 000 sections 2, 4, 5): a right-hand panel whose content only managers see. The versions
// are a DataTable of 15 rows a page (ROWS_PER_PAGE_VERSIONS), newest first, each row named after its version.
import { useEffect, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import {
  Badge,
  Body1,
  Button,
  Caption1,
  Checkbox,
  Divider,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  InlineDrawer,
  Field,
  Input,
  OverlayDrawer,
  Subtitle2,
  Switch,
  Text,
  Tooltip,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import {
  Add20Regular,
  BranchCompare20Regular,
  Dismiss20Regular,
  Eye20Regular,
  LockClosed20Regular,
  Signature20Regular,
  Star20Filled,
  Star20Regular,
} from "@fluentui/react-icons";
import { VERSION_NAME_MAX_LENGTH } from "@jalon/shared";
import { api } from "../../api/client";
import type { Version } from "../../api/types";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { DataTable, type DataTableColumn, type TableSort } from "../../components/DataTable";
import { formatDateTime } from "../../lib/dates";
import { warnError } from "../../lib/errors";
import { activeVersionOf, useProject } from "../../store/project";
import { useSession } from "../../store/session";
import { useUi } from "../../store/ui";
import { useRefresh } from "../../store/refresh";
import { toast } from "../../store/toasts";
import { VERSION_TOAST_ID } from "../../realtime/handleEvent";
import { useWindowWidth } from "../../lib/useWindowWidth";
import { ROWS_PER_PAGE_VERSIONS, freezeState, signState, toggleCompared } from "./versionRules";

/** Under 1024 px (tablet) the panel floats over the page. */
const TABLET_WIDTH = 1024;
const PAGE_SIZES = [ROWS_PER_PAGE_VERSIONS];
const NEWEST_FIRST: TableSort = { field: "createdAt", direction: "DESC" };

const useStyles = makeStyles({
  drawer: { width: "min(560px, 100vw)", flexShrink: 0, backgroundColor: tokens.colorNeutralBackground1 },
  section: {
    display: "flex",
    flexDirection: "column",
    rowGap: tokens.spacingVerticalS,
    margin: `${tokens.spacingVerticalM} 0`,
  },
  row: { display: "flex", gap: tokens.spacingHorizontalS, alignItems: "flex-end", flexWrap: "wrap" },
  grow: { flexGrow: 1 },
  viewing: { backgroundColor: tokens.colorBrandBackground2 },
  name: { display: "flex", flexDirection: "column", minWidth: 0 },
  badges: { display: "flex", gap: tokens.spacingHorizontalXXS, flexWrap: "wrap", marginTop: "2px" },
  star: { color: tokens.colorPaletteMarigoldForeground1 },
});

export function VersionsPanel() {
  const { t } = useTranslation();
  const styles = useStyles();
  const open = useUi((s) => s.versionsPanelOpen);
  const setOpen = useUi((s) => s.setVersionsPanelOpen);
  const isManager = useSession((s) => s.isManager);
  const project = useProject((s) => s.project);

  const width = useWindowWidth();
  const [dialog, setDialog] = useState<VersionDialog>(null);
  const content = (
    <>
      <DrawerHeader>
        <DrawerHeaderTitle
          action={
            <Button
              appearance="subtle"
              icon={<Dismiss20Regular />}
              aria-label={t("versions.close")}
              onClick={() => setOpen(false)}
            />
          }
        >
          {t("versions.title")}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>
        {isManager ? <VersionsContent onDialog={setDialog} /> : <Body1>{t("versions.managersOnly")}</Body1>}
      </DrawerBody>
    </>
  );
  const shown = open && project !== null;
  // Beside the page on wide screens, over it under 1024 px. The freeze and sign dialogs are rendered next to
  // the drawer, not inside it: a dialog opened from inside a drawer was left aria-hidden by the focus trap.
  const dialogs = <VersionDialogs dialog={dialog} onClose={() => setDialog(null)} />;
  if (width < TABLET_WIDTH) {
    return (
      <>
        <OverlayDrawer
          position="end"
          open={shown}
          onOpenChange={(_, d) => setOpen(d.open)}
          className={styles.drawer}
          aria-label={t("versions.title")}
        >
          {content}
        </OverlayDrawer>
        {dialogs}
      </>
    );
  }
  return (
    <>
      <InlineDrawer
        as="aside"
        position="end"
        open={shown}
        separator
        className={styles.drawer}
        aria-label={t("versions.title")}
      >
        {content}
      </InlineDrawer>
      {dialogs}
    </>
  );
}

export function VersionsContent({ onDialog }: { onDialog: (dialog: VersionDialog) => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const project = useProject((s) => s.project);
  const versions = useProject((s) => s.versions);
  const versionId = useProject((s) => s.versionId);
  const setVersion = useProject((s) => s.setVersion);
  const compared = useUi((s) => s.comparedVersionIds);
  const setCompared = useUi((s) => s.setComparedVersionIds);
  const [name, setName] = useState("");
  const [nameTouched, setNameTouched] = useState(false);
  const [creating, setCreating] = useState(false);

  if (!project) return null;
  const active = activeVersionOf(project, versions);
  const freeze = freezeState(project, active);
  const sign = signState(project, active);
  const nameMissing = name.trim().length === 0;

  const create = async () => {
    if (nameMissing) {
      setNameTouched(true);
      return;
    }
    setCreating(true);
    try {
      await api.versions.create(project.id, name.trim());
      setName("");
      setNameTouched(false);
      // The live version events share this toast (creating, then ready): one toast for the action.
      toast.info(t("versions.requested"), { subject: "version", id: VERSION_TOAST_ID });
      useRefresh.getState().bump("versions");
    } catch (e) {
      warnError(e, "version");
    } finally {
      setCreating(false);
    }
  };

  const patchVersion = async (version: Version, patch: "referent" | "construction", value: boolean) => {
    try {
      const saved =
        patch === "referent"
          ? await api.versions.setReferent(version.id, value)
          : await api.versions.setInConstruction(version.id, value);
      const list = useProject.getState().versions.map((v) =>
        v.id === version.id
          ? {
              ...v,
              ...(saved ?? {}),
              ...(patch === "referent" ? { isReferentVersion: value } : { inConstruction: value }),
            }
          : patch === "referent" && value
            ? { ...v, isReferentVersion: false }
            : v,
      );
      useProject.getState().setVersions(list);
      toast.success(t(patch === "referent" ? "versions.referent.marked" : "versions.inConstructionSaved"), {
        subject: "version",
      });
    } catch (e) {
      warnError(e, "version");
    }
  };

  const onCompare = (id: number, checked: boolean) => {
    const next = toggleCompared(compared, id, checked);
    if (next === null) toast.warning(t("errors.compare_max_versions"), { subject: "version" });
    else setCompared(next);
  };

  const columns: DataTableColumn<Version>[] = [
    {
      id: "compare",
      header: t("versions.columns.compare"),
      width: 40,
      sortValue: (v) => compared.includes(v.id),
      exportValue: false,
      render: (v) => (
        <Checkbox
          aria-label={`${t("versions.compareSelect")} ${v.name}`}
          checked={compared.includes(v.id)}
          onChange={(_, d) => onCompare(v.id, d.checked === true)}
        />
      ),
    },
    {
      id: "isReferentVersion",
      header: t("versions.columns.referent"),
      width: 48,
      exportValue: (v) => v.isReferentVersion,
      render: (v) => (
        <Tooltip
          content={v.isReferentVersion ? t("versions.referent.unmark") : t("versions.referent.mark")}
          relationship="label"
        >
          <Button
            appearance="transparent"
            icon={v.isReferentVersion ? <Star20Filled className={styles.star} /> : <Star20Regular />}
            aria-pressed={v.isReferentVersion}
            disabled={project.isArchived}
            onClick={() => void patchVersion(v, "referent", !v.isReferentVersion)}
          />
        </Tooltip>
      ),
    },
    {
      id: "name",
      header: t("versions.columns.name"),
      render: (v) => (
        <div className={styles.name}>
          <Text weight="semibold" truncate wrap={false} title={v.name}>
            {v.name}
          </Text>
          <div className={styles.badges}>
            {v.id === active?.id ? <Badge color="brand">{t("versions.active")}</Badge> : null}
            {v.id === project.signedVersionId ? <Badge color="success">{t("versions.signed")}</Badge> : null}
            {v.isReferentVersion ? <Badge color="warning">{t("versions.referentBadge")}</Badge> : null}
            {v.isArchived ? <Badge appearance="outline">{t("versions.frozenBadge")}</Badge> : null}
          </div>
        </div>
      ),
    },
    {
      id: "createdAt",
      header: t("versions.columns.createdAt"),
      render: (v) => <Caption1>{formatDateTime(v.createdAt)}</Caption1>,
    },
    {
      id: "inConstruction",
      header: t("versions.inConstruction"),
      render: (v) => (
        <Switch
          aria-label={t("versions.inConstruction")}
          checked={v.inConstruction}
          // The server refuses both: an archived project is read-only and a frozen version is no longer modifiable.
          disabled={project.isArchived || v.isArchived}
          onChange={(_, d) => void patchVersion(v, "construction", d.checked)}
        />
      ),
    },
    {
      id: "view",
      header: t("versions.columns.view"),
      sortable: false,
      exportValue: false,
      render: (v) => {
        const viewing = v.id === versionId;
        return (
          <Button
            size="small"
            appearance={viewing ? "primary" : "secondary"}
            icon={<Eye20Regular />}
            disabled={viewing}
            onClick={() => setVersion(v.id)}
            // WCAG 2.5.3: the name starts with the text shown ("Afficher" or "Affichée").
            aria-label={`${viewing ? t("versions.viewing") : t("versions.view")} ${v.name}`}
          >
            {viewing ? t("versions.viewing") : t("versions.view")}
          </Button>
        );
      },
    },
  ];

  return (
    <>
      <section className={styles.section} aria-label={t("versions.create.title")}>
        <Subtitle2>{t("versions.create.title")}</Subtitle2>
        <form
          className={styles.row}
          onSubmit={(e) => {
            e.preventDefault();
            void create();
          }}
          noValidate
        >
          <Field
            className={styles.grow}
            label={t("versions.create.name")}
            required
            validationState={nameTouched && nameMissing ? "error" : "none"}
            validationMessage={nameTouched && nameMissing ? t("versions.create.required") : undefined}
          >
            <Input
              value={name}
              maxLength={VERSION_NAME_MAX_LENGTH}
              disabled={project.isArchived}
              onChange={(_, d) => {
                setName(d.value);
                setNameTouched(true);
              }}
            />
          </Field>
          <Button
            type="submit"
            appearance="primary"
            icon={<Add20Regular />}
            disabled={creating || nameMissing || project.isArchived}
          >
            {t("versions.create.submit")}
          </Button>
        </form>
      </section>

      <div className={styles.row}>
        {freeze.visible ? (
          <Button icon={<LockClosed20Regular />} disabled={freeze.disabled} onClick={() => onDialog("freeze")}>
            {t("versions.freeze.button")}
          </Button>
        ) : null}
        {sign.visible ? (
          <Button icon={<Signature20Regular />} disabled={sign.disabled} onClick={() => onDialog("sign")}>
            {t("versions.sign.button")}
          </Button>
        ) : null}
      </div>

      <Divider style={{ margin: `${tokens.spacingVerticalM} 0` }} />

      <section className={styles.section} aria-label={t("versions.compareTitle")}>
        <div className={styles.row} style={{ justifyContent: "space-between", alignItems: "center" }}>
          <Caption1>{t("versions.compareHelp")}</Caption1>
          <Button
            icon={<BranchCompare20Regular />}
            disabled={compared.length < 2}
            onClick={() => {
              // The panel would cover the Gantt where the baselines are drawn.
              useUi.getState().setVersionsPanelOpen(false);
              navigate(`/dashboard/planning?compare=${compared.join(",")}`);
            }}
          >
            {`${t("versions.compare")} (${compared.length})`}
          </Button>
        </div>
      </section>

      <DataTable
        columns={columns}
        rows={versions}
        getRowId={(v) => v.id}
        ariaLabel={t("versions.list")}
        rowLabel={(v) => v.name}
        rowClassName={(v) => (v.id === versionId ? styles.viewing : undefined)}
        size="small"
        emptyText={t("versions.empty")}
        defaultSort={NEWEST_FIRST}
        pageSizes={PAGE_SIZES}
        csvExport={{ fileName: `${t("versions.title")} - ${project.name}` }}
      />
    </>
  );
}

export type VersionDialog = "freeze" | "sign" | null;

/** Freeze and sign confirmations, rendered beside the panel (not inside it) so they own the focus. */
function VersionDialogs({ dialog, onClose }: { dialog: VersionDialog; onClose: () => void }) {
  const { t } = useTranslation();
  const project = useProject((s) => s.project);
  const versions = useProject((s) => s.versions);
  const setVersion = useProject((s) => s.setVersion);
  const [freezeName, setFreezeName] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (dialog === "freeze") setFreezeName("");
  }, [dialog]);
  if (!project) return null;
  const active = activeVersionOf(project, versions);

  const refetch = async () => {
    const store = useProject.getState();
    const fresh = await store.reload();
    await store.reloadVersions();
    return fresh;
  };

  const doFreeze = async () => {
    setBusy(true);
    try {
      await api.projects.close(project.id, freezeName.trim());
    } catch {
      toast.warning(t("errors.error_close_project"), { subject: "version" });
      setBusy(false);
      return;
    }
    toast.success(t("versions.freeze.done"), { subject: "version" });
    onClose();
    setBusy(false);
    try {
      const fresh = await refetch();
      if (fresh?.currentVersionId) setVersion(fresh.currentVersionId);
    } catch {
      useRefresh.getState().bump("project");
    }
  };

  const doSign = async () => {
    if (!active) return;
    setBusy(true);
    try {
      const saved = await api.projects.sign(project.id, active.id);
      const latest = useProject.getState().project ?? project;
      useProject.getState().setProject({ ...latest, ...saved, signedVersionId: saved?.signedVersionId ?? active.id });
      toast.success(t("versions.sign.done"), { subject: "version" });
      onClose();
    } catch (e) {
      warnError(e, "version");
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ConfirmDialog
        open={dialog === "freeze"}
        title={t("versions.freeze.title")}
        confirmLabel={t("versions.freeze.confirm")}
        busy={busy}
        confirmDisabled={freezeName.trim().length === 0}
        onConfirm={() => void doFreeze()}
        onCancel={onClose}
      >
        <Body1 block>{t("versions.freeze.body")}</Body1>
        <Field label={t("versions.freeze.name")} required>
          <Input value={freezeName} maxLength={VERSION_NAME_MAX_LENGTH} onChange={(_, d) => setFreezeName(d.value)} />
        </Field>
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === "sign"}
        title={t("versions.sign.title")}
        confirmLabel={t("versions.sign.confirm")}
        busy={busy}
        onConfirm={() => void doSign()}
        onCancel={onClose}
      >
        <Body1>{t("versions.sign.body", { name: active?.name ?? "" })}</Body1>
      </ConfirmDialog>
    </>
  );
}
