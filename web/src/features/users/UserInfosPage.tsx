// /dashboard/userinfos/:userId: save enabled only when email, firstname and lastname are filled and something
// changed; only the changed fields are sent.
import { useEffect, useMemo, useState } from "react";
import { useParams } from "react-router-dom";
import { useTranslation } from "react-i18next";
import {
  Badge,
  Body1,
  Button,
  Caption1,
  Card,
  Spinner,
  Subtitle2,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { Save20Regular } from "@fluentui/react-icons";
import { api } from "../../api/client";
import { PageHeader } from "../../components/PageHeader";
import { Form } from "../../components/Form";
import { FullPageSpinner } from "../../components/FullPageSpinner";
import { useAsync } from "../../lib/useAsync";
import { warnError } from "../../lib/errors";
import { useBusy } from "../../lib/useBusy";
import { useSession } from "../../store/session";
import { toast } from "../../store/toasts";
import { UserFields } from "./UserFields";
import { canSaveUser, changedUserFields, toUserValues, type UserFormValues } from "./userForm";

const useStyles = makeStyles({
  card: { maxWidth: "640px", padding: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalM },
  form: { display: "flex", flexDirection: "column", rowGap: tokens.spacingVerticalM },
  actions: { display: "flex", justifyContent: "flex-end" },
  projects: { display: "flex", gap: tokens.spacingHorizontalXS, flexWrap: "wrap" },
});

export default function UserInfosPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { userId } = useParams();
  const me = useSession((s) => s.user);
  const setUser = useSession((s) => s.setUser);
  const id = Number(userId);
  const loaded = useAsync(() => (me && me.id === id ? Promise.resolve(me) : api.users.get(id)), [id]);
  const original = useMemo<UserFormValues | null>(
    () => (loaded.data ? toUserValues(loaded.data) : null),
    [loaded.data],
  );
  const [values, setValues] = useState<UserFormValues | null>(null);
  const { busy: saving, run } = useBusy("user");

  useEffect(() => setValues(original), [original]);
  useEffect(() => {
    if (loaded.error) warnError(loaded.error, "user");
  }, [loaded.error]);

  if (loaded.error && !loaded.data) return <PageHeader title={t("userinfos.title")} />;
  if (!loaded.data || !values || !original) return <FullPageSpinner />;
  const user = loaded.data;
  const self = me?.id === user.id;
  const enabled = canSaveUser(values, original) && !saving;

  const save = async () => {
    if (!enabled) return;
    await run(async () => {
      const saved = await api.users.update(user.id, changedUserFields(values, original));
      const next = { ...user, ...saved };
      loaded.setData(next);
      if (self) setUser(next);
      toast.success(t("userinfos.saved"), { subject: "user" });
    });
  };

  return (
    <>
      <PageHeader
        title={
          self ? t("userinfos.title") : t("userinfos.titleOther", { name: `${user.firstname} ${user.lastname}`.trim() })
        }
      />
      <Card className={styles.card}>
        <Form className={styles.form} onSubmit={() => void save()}>
          <div>
            <Caption1>{t("userinfos.type")}</Caption1>
            <div>
              <Badge appearance="tint">{t(`roles.${user.type}`)}</Badge>
            </div>
          </div>
          <UserFields values={values} onChange={setValues} emailLocked={!self && me?.type !== "admin"} />
          {self ? <Caption1>{t("userinfos.passwordHelp")}</Caption1> : null}
          <div className={styles.actions}>
            <Button
              type="submit"
              appearance="primary"
              icon={saving ? <Spinner size="tiny" /> : <Save20Regular />}
              disabled={!enabled}
            >
              {t("actions.save")}
            </Button>
          </div>
        </Form>
      </Card>
      {user.projects ? (
        <Card className={styles.card} style={{ marginTop: tokens.spacingVerticalL }}>
          <Subtitle2>{t("userinfos.projects")}</Subtitle2>
          {user.projects.length === 0 ? (
            <Body1>{t("userinfos.noProjects")}</Body1>
          ) : (
            <div className={styles.projects}>
              {user.projects.map((p) => (
                <Badge key={p.id} appearance="outline">
                  {p.name}
                </Badge>
              ))}
            </div>
          )}
        </Card>
      ) : null}
    </>
  );
}
