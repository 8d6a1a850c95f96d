// /forgot: send is enabled only if the email contains '@'; success shows user.reset_email_sent.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Body1, Button } from "@fluentui/react-components";
import { api } from "../../api/client";
import { useBusy } from "../../lib/useBusy";
import { toast } from "../../store/toasts";
import { AppLink } from "../../components/AppLink";
import { AuthField, AuthForm } from "./AuthForm";

export default function ForgotPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState("");
  const { busy, run } = useBusy();
  const enabled = email.includes("@") && !busy;

  const submit = () =>
    run(async () => {
      await api.auth.forgotPassword(email.trim());
      toast.success(t("user.reset_email_sent"));
    });

  return (
    <AuthForm
      title={t("forgot.title")}
      canSubmit={enabled}
      onSubmit={submit}
      footer={<AppLink to="/login">{t("forgot.backToLogin")}</AppLink>}
    >
      <Body1>{t("forgot.help")}</Body1>
      <AuthField label={t("forgot.email")} kind="email" value={email} onChange={setEmail} />
      <Button type="submit" appearance="primary" disabled={!enabled}>
        {t("forgot.submit")}
      </Button>
    </AuthForm>
  );
}
