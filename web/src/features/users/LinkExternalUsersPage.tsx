// /dashboard/link-external-users: external users of the selected project; link, unlink, invite.
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Body1, Button, Card, Combobox, Field, Option, makeStyles, tokens } from "@fluentui/react-components";
import { LinkDismiss20Regular, Link20Regular, PersonAdd20Regular } from "@fluentui/react-icons";
import { TEXT_MAX_LENGTH } from "@jalon/shared";
import { api } from "../../api/client";
import type { User } from "../../api/types";
import { PageHeader } from "../../components/PageHeader";
import { AppLink } from "../../components/AppLink";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { useAsync } from "../../lib/useAsync";
import { warnError } from "../../lib/errors";
import { useBusy } from "../../lib/useBusy";
import { useProject } from "../../store/project";
import { toast } from "../../store/toasts";
import { fullName } from "../../lib/userName";
import { UserFields } from "./UserFields";
import type { UserFormValues } from "./userForm";

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalM },
  add: { display: "flex", gap: tokens.spacingHorizontalS, alignItems: "flex-end", flexWrap: "wrap" },
  combo: { minWidth: "300px" },
  dialog: { display: "flex", flexDirection: "column", rowGap: tokens.spacingVerticalS },
});

export default function LinkExternalUsersPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const project = useProject((s) => s.project);
  const projectId = useProject((s) => s.projectId)!;
  const linked = useAsync(() => api.users.list({ type: "external", projectId }).then((r) => r.data), [projectId]);
  const externals = useAsync(() => api.users.list({ type: "external" }).then((r) => r.data), [projectId]);
  const [picked, setPicked] = useState<User | null>(null);
  const [query, setQuery] = useState("");
  const { busy, run } = useBusy("user");
  const [inviting, setInviting] = useState(false);
  const [draft, setDraft] = useState<UserFormValues>({ firstname: "", lastname: "", email: "" });
  const archived = project?.isArchived ?? false;

  useEffect(() => {
    const e = linked.error ?? externals.error;
    if (e) warnError(e, "user");
  }, [linked.error, externals.error]);

  const candidates = useMemo(() => {
    const ids = new Set((linked.data ?? []).map((u) => u.id));
    const q = query.toLocaleLowerCase("fr");
    return (externals.data ?? []).filter(
      (u) => !ids.has(u.id) && `${fullName(u)} ${u.email}`.toLocaleLowerCase("fr").includes(q),
    );
  }, [linked.data, externals.data, query]);

  const link = async (user: User) => {
    await run(async () => {
      await api.projects.assignUser(projectId, user.id);
      linked.setData((l) => [...(l ?? []), user]);
      setPicked(null);
      setQuery("");
      toast.success(t("externalUsers.linked"), { subject: "user" });
    });
  };

  const unlink = async (user: User) => {
    await run(async () => {
      await api.projects.removeUser(projectId, user.id);
      linked.setData((l) => (l ?? []).filter((u) => u.id !== user.id));
      toast.success(t("externalUsers.unlinked"), { subject: "user" });
    });
  };

  const invite = async () => {
    await run(async () => {
      const user = await api.users.create({
        firstname: draft.firstname.trim(),
        lastname: draft.lastname.trim(),
        email: draft.email.trim(),
        type: "external",
      });
      await api.projects.assignUser(projectId, user.id);
      linked.setData((l) => [...(l ?? []), user]);
      externals.setData((l) => [...(l ?? []), user]);
      toast.success(t("externalUsers.invited"), { subject: "user" });
      setInviting(false);
    });
  };

  const columns: DataTableColumn<User>[] = [
    {
      id: "name",
      header: t("externalUsers.columns.name"),
      render: (u) => <AppLink to={`/dashboard/external-users/${u.id}`}>{fullName(u)}</AppLink>,
      sortValue: fullName,
    },
    { id: "email", header: t("externalUsers.columns.email") },
    {
      id: "actions",
      exportValue: false,
      header: t("externalUsers.columns.actions"),
      sortable: false,
      render: (u) => (
        <Button
          appearance="subtle"
          icon={<LinkDismiss20Regular />}
          disabled={busy}
          aria-label={`${t("externalUsers.unlink")} ${fullName(u)}`}
          onClick={() => void unlink(u)}
        >
          {t("externalUsers.unlink")}
        </Button>
      ),
    },
  ];
  const draftFilled = draft.firstname.trim() && draft.lastname.trim() && draft.email.includes("@");

  return (
    <>
      <PageHeader
        title={t("externalUsers.title")}
        actions={
          <Button
            icon={<PersonAdd20Regular />}
            disabled={archived}
            onClick={() => {
              setDraft({ firstname: "", lastname: "", email: "" });
              setInviting(true);
            }}
          >
            {t("externalUsers.invite")}
          </Button>
        }
      />
      <Card className={styles.card}>
        <Body1>{t("externalUsers.help")}</Body1>
        <div className={styles.add}>
          <Field label={t("externalUsers.add")}>
            <Combobox
              className={styles.combo}
              placeholder={t("externalUsers.pick")}
              value={query}
              maxLength={TEXT_MAX_LENGTH}
              disabled={archived}
              onInput={(e) => setQuery((e.target as HTMLInputElement).value)}
              onOptionSelect={(_, d) => {
                setPicked(candidates.find((u) => String(u.id) === d.optionValue) ?? null);
                setQuery(d.optionText ?? "");
              }}
            >
              {candidates.map((u) => (
                <Option key={u.id} value={String(u.id)} text={fullName(u)}>
                  {`${fullName(u)} (${u.email})`}
                </Option>
              ))}
            </Combobox>
          </Field>
          <Button
            appearance="primary"
            icon={<Link20Regular />}
            disabled={!picked || busy || archived}
            onClick={() => picked && void link(picked)}
          >
            {t("externalUsers.link")}
          </Button>
        </div>
        <DataTable
          columns={columns}
          rows={linked.data ?? []}
          getRowId={(u) => u.id}
          ariaLabel={t("externalUsers.title")}
          csvExport={{ fileName: t("externalUsers.title") }}
          rowName={fullName}
          loading={linked.loading}
          emptyText={t("externalUsers.empty")}
        />
      </Card>
      <ConfirmDialog
        open={inviting}
        title={t("externalUsers.inviteTitle")}
        confirmLabel={t("actions.create")}
        busy={busy}
        confirmDisabled={!draftFilled}
        onConfirm={() => void invite()}
        onCancel={() => setInviting(false)}
      >
        <div className={styles.dialog}>
          <UserFields values={draft} onChange={setDraft} />
          <Body1>{t("usersAdmin.createHelp")}</Body1>
        </div>
      </ConfirmDialog>
    </>
  );
}
