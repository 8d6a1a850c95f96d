// /forgot: send is enabled only if the email contains '@'; success shows user.reset_email_sent.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Body1, Button, Field, Input } from "@fluentui/react-components";
import { api } from "../../api/client";
import { warnError } from "../../lib/errors";
import { toast } from "../../store/toasts";
import { AppLink } from "../../components/AppLink";
import { AuthForm, MAX_INPUT_LENGTH } from "./AuthForm";

export default function ForgotPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const enabled = email.includes("@") && !busy;

  const submit = async () => {
    setBusy(true);
    try {
      await api.auth.forgotPassword(email.trim());
      toast.success(t("user.reset_email_sent"));
    } catch (e) {
      warnError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthForm
      title={t("forgot.title")}
      canSubmit={enabled}
      onSubmit={submit}
      footer={<AppLink to="/login">{t("forgot.backToLogin")}</AppLink>}
    >
      <Body1>{t("forgot.help")}</Body1>
      <Field label={t("forgot.email")}>
        <Input
          type="email"
          autoComplete="username"
          value={email}
          maxLength={MAX_INPUT_LENGTH}
          onChange={(_, d) => setEmail(d.value)}
        />
      </Field>
      <Button type="submit" appearance="primary" disabled={!enabled}>
        {t("forgot.submit")}
      </Button>
    </AuthForm>
  );
}
