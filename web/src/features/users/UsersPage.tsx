// Administrators' user table (spec 000 section 2): firstname, lastname, email, type, createdAt, updatedAt, actions.
import { useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Body1, Button, Field, Select, makeStyles, tokens } from "@fluentui/react-components";
import { Delete20Regular, Edit20Regular, PersonAdd20Regular } from "@fluentui/react-icons";
import { USER_TYPES } from "@jalon/shared";
import { api } from "../../api/client";
import type { User, UserType } from "../../api/types";
import { PageHeader } from "../../components/PageHeader";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { SearchField } from "../../components/SearchField";
import { formatDateTime } from "../../lib/dates";
import { warnError } from "../../lib/errors";
import { useBusy } from "../../lib/useBusy";
import { useAsync } from "../../lib/useAsync";
import { useSession } from "../../store/session";
import { toast } from "../../store/toasts";
import { UserFields } from "./UserFields";
import type { UserFormValues } from "./userForm";

export const USER_COLUMNS = ["firstname", "lastname", "email", "type", "createdAt", "updatedAt"] as const;
type Column = (typeof USER_COLUMNS)[number];

const useStyles = makeStyles({
  dialog: { display: "flex", flexDirection: "column", rowGap: tokens.spacingVerticalS },
});

function cell(user: User, column: Column, t: (k: string) => string): string {
  if (column === "type") return t(`roles.${user.type}`);
  if (column === "createdAt" || column === "updatedAt") return formatDateTime(user[column]);
  return user[column] ?? "";
}

export default function UsersPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const me = useSession((s) => s.user?.id);
  const list = useAsync(() => api.users.list().then((r) => r.data), []);
  const [search, setSearch] = useState("");
  const [toDelete, setToDelete] = useState<User | null>(null);
  const [creating, setCreating] = useState(false);
  const [draft, setDraft] = useState<UserFormValues & { type: UserType }>({
    firstname: "",
    lastname: "",
    email: "",
    type: "manager",
  });
  const { busy, run } = useBusy("user");

  useEffect(() => {
    if (list.error) warnError(list.error, "user");
  }, [list.error]);

  const rows = useMemo(() => {
    const q = search.trim().toLocaleLowerCase("fr");
    return (list.data ?? []).filter(
      (u) => !q || `${u.firstname} ${u.lastname} ${u.email}`.toLocaleLowerCase("fr").includes(q),
    );
  }, [list.data, search]);

  const remove = async () => {
    if (!toDelete) return;
    await run(async () => {
      await api.users.remove(toDelete.id);
      list.setData((l) => (l ?? []).filter((u) => u.id !== toDelete.id));
      toast.success(t("usersAdmin.deleted"), { subject: "user" });
    });
    setToDelete(null);
  };

  const create = () =>
    run(async () => {
      const user = await api.users.create({
        firstname: draft.firstname.trim(),
        lastname: draft.lastname.trim(),
        email: draft.email.trim(),
        type: draft.type,
      });
      list.setData((l) => [...(l ?? []), user]);
      toast.success(t("usersAdmin.created"), { subject: "user" });
      setCreating(false);
    });

  const columns: DataTableColumn<User>[] = [
    ...USER_COLUMNS.map((c): DataTableColumn<User> => ({
      id: c,
      header: t(`usersAdmin.columns.${c}`),
      render: (u) => cell(u, c, t),
    })),
    {
      id: "actions",
      exportValue: false,
      header: t("usersAdmin.columns.actions"),
      sortable: false,
      render: (u) => (
        <>
          <Button
            appearance="subtle"
            icon={<Edit20Regular />}
            aria-label={`${t("usersAdmin.edit")} ${u.firstname} ${u.lastname}`}
            onClick={() => navigate(`/dashboard/userinfos/${u.id}`)}
          />
          <Button
            appearance="subtle"
            icon={<Delete20Regular />}
            disabled={u.id === me}
            aria-label={`${t("usersAdmin.delete")} ${u.firstname} ${u.lastname}`}
            onClick={() => setToDelete(u)}
          />
        </>
      ),
    },
  ];

  const draftFilled = draft.firstname.trim() && draft.lastname.trim() && draft.email.includes("@");

  return (
    <>
      <PageHeader
        title={t("usersAdmin.title")}
        actions={
          <Button
            appearance="primary"
            icon={<PersonAdd20Regular />}
            onClick={() => {
              setDraft({ firstname: "", lastname: "", email: "", type: "manager" });
              setCreating(true);
            }}
          >
            {t("usersAdmin.create")}
          </Button>
        }
      />
      <DataTable
        columns={columns}
        rows={rows}
        getRowId={(u) => u.id}
        ariaLabel={t("usersAdmin.title")}
        csvExport={{ fileName: t("usersAdmin.title") }}
        rowName={(u) => `${u.firstname} ${u.lastname}`}
        loading={list.loading}
        emptyText={t("usersAdmin.empty")}
        defaultSort={{ field: "lastname", direction: "ASC" }}
        toolbar={<SearchField label={t("usersAdmin.search")} value={search} onChange={setSearch} />}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t("usersAdmin.deleteTitle")}
        confirmLabel={t("usersAdmin.delete")}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setToDelete(null)}
      >
        <Body1>
          {t("usersAdmin.deleteBody", { name: toDelete ? `${toDelete.firstname} ${toDelete.lastname}` : "" })}
        </Body1>
      </ConfirmDialog>
      <ConfirmDialog
        open={creating}
        title={t("usersAdmin.createTitle")}
        confirmLabel={t("actions.create")}
        busy={busy}
        confirmDisabled={!draftFilled}
        onConfirm={() => void create()}
        onCancel={() => setCreating(false)}
      >
        <div className={styles.dialog}>
          <UserFields values={draft} onChange={(v) => setDraft((d) => ({ ...d, ...v }))} />
          <Field label={t("usersAdmin.columns.type")}>
            <Select value={draft.type} onChange={(_, d) => setDraft((x) => ({ ...x, type: d.value as UserType }))}>
              {USER_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`roles.${type}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Body1>{t("usersAdmin.createHelp")}</Body1>
        </div>
      </ConfirmDialog>
    </>
  );
}
