// Users of a project (General > Users): link and unlink (PATCH /project/assign-user and remove-user).
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Card, Combobox, Field, Option, makeStyles, tokens } from "@fluentui/react-components";
import { Dismiss20Regular, PersonAdd20Regular } from "@fluentui/react-icons";
import { TEXT_MAX_LENGTH } from "@jalon/shared";
import { api } from "../../api/client";
import type { Project, User } from "../../api/types";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { useAsync } from "../../lib/useAsync";
import { fullName } from "../../lib/userName";
import { warnError } from "../../lib/errors";
import { useBusy } from "../../lib/useBusy";
import { toast } from "../../store/toasts";
import { useSession } from "../../store/session";
import { ImportUsersButton } from "./ImportUsersButton";

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalM },
  add: { display: "flex", gap: tokens.spacingHorizontalS, alignItems: "flex-end", flexWrap: "wrap" },
  combo: { minWidth: "280px" },
});

export function ProjectUsers({ project }: { project: Project }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const me = useSession((s) => s.user?.id);
  const [picked, setPicked] = useState<User | null>(null);
  const [query, setQuery] = useState("");
  const { busy, run } = useBusy("user");
  const all = useAsync(() => api.users.list().then((r) => r.data), []);
  const memberList = useAsync(() => api.users.list({ projectId: project.id }).then((r) => r.data), [project.id]);
  const members = memberList.data ?? [];
  const setMembers = (update: (m: User[]) => User[]) => memberList.setData((m) => update(m ?? []));

  useEffect(() => {
    if (all.error) warnError(all.error, "user");
  }, [all.error]);
  useEffect(() => {
    if (memberList.error) warnError(memberList.error, "user");
  }, [memberList.error]);

  const candidates = useMemo(() => {
    const ids = new Set(members.map((m) => m.id));
    return (all.data ?? []).filter((u) => !ids.has(u.id));
  }, [all.data, members]);

  const assign = async () => {
    if (!picked) return;
    await run(async () => {
      await api.projects.assignUser(project.id, picked.id);
      setMembers((m) => [...m, picked]);
      setPicked(null);
      setQuery("");
      toast.success(t("project.users.assigned"), { subject: "user" });
    });
  };

  const remove = async (user: User) => {
    await run(async () => {
      await api.projects.removeUser(project.id, user.id);
      setMembers((m) => m.filter((x) => x.id !== user.id));
      toast.success(t("project.users.removed"), { subject: "user" });
    });
  };

  const columns: DataTableColumn<User>[] = [
    { id: "name", header: t("project.users.columns.name"), render: fullName, sortValue: fullName },
    { id: "email", header: t("project.users.columns.email") },
    { id: "type", header: t("project.users.columns.type"), render: (u) => t(`roles.${u.type}`) },
    {
      id: "actions",
      exportValue: false,
      header: t("project.users.columns.actions"),
      sortable: false,
      render: (u) => (
        <Button
          appearance="subtle"
          icon={<Dismiss20Regular />}
          disabled={busy || u.id === me || project.isArchived}
          onClick={() => void remove(u)}
          aria-label={`${t("project.users.remove")} ${fullName(u)}`}
        >
          {t("project.users.remove")}
        </Button>
      ),
    },
  ];

  return (
    <Card className={styles.card}>
      <div className={styles.add}>
        <Field label={t("project.users.add")}>
          <Combobox
            className={styles.combo}
            placeholder={t("project.users.pick")}
            value={query}
            maxLength={TEXT_MAX_LENGTH}
            disabled={project.isArchived}
            onInput={(e) => setQuery((e.target as HTMLInputElement).value)}
            onOptionSelect={(_, d) => {
              const user = candidates.find((u) => String(u.id) === d.optionValue) ?? null;
              setPicked(user);
              setQuery(d.optionText ?? "");
            }}
          >
            {candidates
              .filter(
                (u) =>
                  `${fullName(u)} ${u.email}`.toLocaleLowerCase("fr").includes(query.toLocaleLowerCase("fr")) ||
                  picked?.id === u.id,
              )
              .map((u) => (
                <Option key={u.id} value={String(u.id)} text={fullName(u)}>
                  {`${fullName(u)} (${u.email}) — ${t(`roles.${u.type}`)}`}
                </Option>
              ))}
          </Combobox>
        </Field>
        <Button
          appearance="primary"
          icon={<PersonAdd20Regular />}
          disabled={!picked || busy}
          onClick={() => void assign()}
        >
          {t("project.users.assign")}
        </Button>
        <ImportUsersButton
          project={project}
          onImported={() => {
            memberList.reload();
            all.reload();
          }}
        />
      </div>
      <DataTable
        columns={columns}
        rows={members}
        getRowId={(u) => u.id}
        ariaLabel={t("project.users.title")}
        csvExport={{ fileName: t("project.users.title") }}
        rowName={fullName}
        loading={memberList.loading}
        emptyText={t("project.users.empty")}
      />
    </Card>
  );
}
