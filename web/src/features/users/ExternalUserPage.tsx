// /dashboard/external-users/:externalUserId: one external user, the projects they are linked to, link/unlink.
import { useEffect, useMemo, useState } from "react";
import { useParams } from "react-router-dom";
import { useTranslation } from "react-i18next";
import {
  Badge,
  Body1,
  Button,
  Card,
  Field,
  MessageBar,
  MessageBarBody,
  Select,
  Subtitle2,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { Link20Regular, LinkDismiss20Regular } from "@fluentui/react-icons";
import { api } from "../../api/client";
import { PageHeader } from "../../components/PageHeader";
import { FullPageSpinner } from "../../components/FullPageSpinner";
import { DataTable } from "../../components/DataTable";
import { useAsync } from "../../lib/useAsync";
import { warnError } from "../../lib/errors";
import { useBusy } from "../../lib/useBusy";
import { toast } from "../../store/toasts";
import { fullName } from "../../lib/userName";

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalM, marginBottom: tokens.spacingVerticalL },
  add: { display: "flex", gap: tokens.spacingHorizontalS, alignItems: "flex-end", flexWrap: "wrap" },
});

export default function ExternalUserPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { externalUserId } = useParams();
  const id = Number(externalUserId);
  const user = useAsync(() => api.users.get(id), [id]);
  const projects = useAsync(() => api.projects.list().then((r) => r.data.filter((p) => !p.isArchived)), []);
  const [chosen, setChosen] = useState("");
  const { busy, run } = useBusy("user");

  useEffect(() => {
    const e = user.error ?? projects.error;
    if (e) warnError(e, "user");
  }, [user.error, projects.error]);

  const linked = useMemo(() => user.data?.projects ?? [], [user.data]);
  const available = useMemo(
    () => (projects.data ?? []).filter((p) => !linked.some((l) => l.id === p.id)),
    [projects.data, linked],
  );

  if (user.error && !user.data) return <PageHeader title={t("pages.externalUser")} />;
  if (!user.data) return <FullPageSpinner />;
  const u = user.data;

  const setLinked = (next: { id: number; name: string }[]) => user.setData({ ...u, projects: next });

  const link = async () => {
    const project = available.find((p) => String(p.id) === chosen);
    if (!project) return;
    await run(async () => {
      await api.projects.assignUser(project.id, u.id);
      setLinked([...linked, { id: project.id, name: project.name }].sort((a, b) => a.name.localeCompare(b.name, "fr")));
      setChosen("");
      toast.success(t("externalUsers.linked"), { subject: "user" });
    });
  };

  const unlink = async (projectId: number) => {
    await run(async () => {
      await api.projects.removeUser(projectId, u.id);
      setLinked(linked.filter((p) => p.id !== projectId));
      toast.success(t("externalUsers.unlinked"), { subject: "user" });
    });
  };

  return (
    <>
      <PageHeader title={fullName(u)} />
      <Card className={styles.card}>
        <Body1>{u.email}</Body1>
        <div>
          <Badge appearance="tint">{t(`roles.${u.type}`)}</Badge>
        </div>
        {u.type !== "external" ? (
          <MessageBar intent="info">
            <MessageBarBody>{t("externalUsers.notExternal")}</MessageBarBody>
          </MessageBar>
        ) : null}
      </Card>
      <Card className={styles.card}>
        <Subtitle2>{t("externalUsers.projects")}</Subtitle2>
        <div className={styles.add}>
          <Field label={t("externalUsers.otherProjects")}>
            <Select value={chosen} onChange={(_, d) => setChosen(d.value)}>
              <option value="">{t("externalUsers.pickProject")}</option>
              {available.map((p) => (
                <option key={p.id} value={String(p.id)}>
                  {p.name}
                </option>
              ))}
            </Select>
          </Field>
          <Button appearance="primary" icon={<Link20Regular />} disabled={!chosen || busy} onClick={() => void link()}>
            {t("externalUsers.link")}
          </Button>
        </div>
        <DataTable
          columns={[
            { id: "name", header: t("externalUsers.columns.project") },
            {
              id: "actions",
              exportValue: false,
              header: t("externalUsers.columns.actions"),
              sortable: false,
              render: (p) => (
                <Button
                  appearance="subtle"
                  icon={<LinkDismiss20Regular />}
                  disabled={busy}
                  aria-label={`${t("externalUsers.unlink")} ${p.name}`}
                  onClick={() => void unlink(p.id)}
                >
                  {t("externalUsers.unlink")}
                </Button>
              ),
            },
          ]}
          rows={linked}
          getRowId={(p) => p.id}
          ariaLabel={t("externalUsers.projects")}
          csvExport={{ fileName: t("externalUsers.projects") }}
          emptyText={t("externalUsers.noProjects")}
        />
      </Card>
    </>
  );
}
