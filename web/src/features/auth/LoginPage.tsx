// /login (spec 000 section 5): enabled when the password is non-empty and the email contains '@';
// Enter submits; 200 characters at most; server codes shown as warnings under errors.{code}.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Body1, Button, Spinner } from "@fluentui/react-components";
import { api } from "../../api/client";
import { useSession } from "../../store/session";
import { warnError } from "../../lib/errors";
import { AppLink } from "../../components/AppLink";
import { AuthField, AuthForm } from "./AuthForm";

export function canLogin(email: string, password: string): boolean {
  return password.length > 0 && email.includes("@");
}

export default function LoginPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const setSession = useSession((s) => s.setSession);
  const enabled = canLogin(email, password) && !busy;

  const submit = async () => {
    setBusy(true);
    try {
      const { user, token } = await api.auth.login(email.trim(), password);
      setSession(user, token);
    } catch (e) {
      warnError(e);
      setBusy(false);
    }
  };

  return (
    <AuthForm
      title={t("login.title")}
      canSubmit={enabled}
      onSubmit={submit}
      footer={<AppLink to="/forgot">{t("login.forgot")}</AppLink>}
    >
      <Body1>{t("login.subtitle")}</Body1>
      <AuthField label={t("login.email")} kind="email" value={email} onChange={setEmail} />
      <AuthField label={t("login.password")} kind="password" value={password} onChange={setPassword} />
      <Button type="submit" appearance="primary" disabled={!enabled} icon={busy ? <Spinner size="tiny" /> : undefined}>
        {t("login.submit")}
      </Button>
    </AuthForm>
  );
}
