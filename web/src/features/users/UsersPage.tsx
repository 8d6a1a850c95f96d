// Administrators' user table (spec 000 section 2): firstname, lastname, email, type, createdAt, updatedAt, actions.
import { useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import {
  Body1,
  Button,
  Field,
  SearchBox,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { Delete20Regular, Edit20Regular, PersonAdd20Regular } from "@fluentui/react-icons";
import { TEXT_MAX_LENGTH, USER_TYPES } from "@jalon/shared";
import { api } from "../../api/client";
import type { User, UserType } from "../../api/types";
import { PageHeader } from "../../components/PageHeader";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { formatDateTime } from "../../lib/dates";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { useSession } from "../../store/session";
import { toast } from "../../store/toasts";
import { UserFields } from "./UserFields";
import type { UserFormValues } from "./userForm";

export const USER_COLUMNS = ["firstname", "lastname", "email", "type", "createdAt", "updatedAt"] as const;
type Column = (typeof USER_COLUMNS)[number];

const useStyles = makeStyles({
  toolbar: { display: "flex", gap: tokens.spacingHorizontalM, marginBottom: tokens.spacingVerticalM, flexWrap: "wrap" },
  search: { minWidth: "260px", maxWidth: "420px", flexGrow: 1 },
  scroll: { overflowX: "auto", backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusMedium },
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
  const [sort, setSort] = useState<{ column: Column; direction: "ascending" | "descending" }>({ column: "lastname", direction: "ascending" });
  const [toDelete, setToDelete] = useState<User | null>(null);
  const [creating, setCreating] = useState(false);
  const [draft, setDraft] = useState<UserFormValues & { type: UserType }>({ firstname: "", lastname: "", email: "", type: "manager" });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (list.error) warnError(list.error, "user");
  }, [list.error]);

  const rows = useMemo(() => {
    const q = search.trim().toLocaleLowerCase("fr");
    const filtered = (list.data ?? []).filter((u) => !q || `${u.firstname} ${u.lastname} ${u.email}`.toLocaleLowerCase("fr").includes(q));
    const factor = sort.direction === "ascending" ? 1 : -1;
    return filtered.sort((a, b) => factor * String(a[sort.column] ?? "").localeCompare(String(b[sort.column] ?? ""), "fr"));
  }, [list.data, search, sort]);

  const remove = async () => {
    if (!toDelete) return;
    setBusy(true);
    try {
      await api.users.remove(toDelete.id);
      list.setData((l) => (l ?? []).filter((u) => u.id !== toDelete.id));
      toast.success(t("usersAdmin.deleted"), { subject: "user" });
      setToDelete(null);
    } catch (e) {
      warnError(e, "user");
      setToDelete(null);
    } finally {
      setBusy(false);
    }
  };

  const create = async () => {
    setBusy(true);
    try {
      const user = await api.users.create({
        firstname: draft.firstname.trim(),
        lastname: draft.lastname.trim(),
        email: draft.email.trim(),
        type: draft.type,
      });
      list.setData((l) => [...(l ?? []), user]);
      toast.success(t("usersAdmin.created"), { subject: "user" });
      setCreating(false);
    } catch (e) {
      warnError(e, "user");
    } finally {
      setBusy(false);
    }
  };

  const headerCell = (column: Column) => (
    <TableHeaderCell
      key={column}
      sortDirection={sort.column === column ? sort.direction : undefined}
      onClick={() =>
        setSort((s) => ({ column, direction: s.column === column && s.direction === "ascending" ? "descending" : "ascending" }))
      }
    >
      {t(`usersAdmin.columns.${column}`)}
    </TableHeaderCell>
  );

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
      <div className={styles.toolbar}>
        <SearchBox
          className={styles.search}
          placeholder={t("usersAdmin.search")}
          aria-label={t("usersAdmin.search")}
          maxLength={TEXT_MAX_LENGTH}
          value={search}
          onChange={(_, d) => setSearch(d.value)}
        />
      </div>
      <div className={styles.scroll}>
        <Table sortable aria-label={t("usersAdmin.title")}>
          <TableHeader>
            <TableRow>
              {USER_COLUMNS.map(headerCell)}
              <TableHeaderCell>{t("usersAdmin.columns.actions")}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((u) => (
              <TableRow key={u.id}>
                {USER_COLUMNS.map((c) => (
                  <TableCell key={c}>{cell(u, c, t)}</TableCell>
                ))}
                <TableCell>
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
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {!list.loading && rows.length === 0 ? <Body1 style={{ padding: 16, display: "block" }}>{t("usersAdmin.empty")}</Body1> : null}
      </div>
      <ConfirmDialog
        open={toDelete !== null}
        title={t("usersAdmin.deleteTitle")}
        confirmLabel={t("usersAdmin.delete")}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setToDelete(null)}
      >
        <Body1>{t("usersAdmin.deleteBody", { name: toDelete ? `${toDelete.firstname} ${toDelete.lastname}` : "" })}</Body1>
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
