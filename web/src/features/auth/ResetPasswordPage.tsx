// /reset-password/:token: enabled only if the password is non-empty and equals its confirmation;
// a mismatch shows 'Les mots de passe ne sont pas identiques'; success shows user.reset_validation.
import { useState } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Button } from "@fluentui/react-components";
import { api } from "../../api/client";
import { warnError } from "../../lib/errors";
import { toast } from "../../store/toasts";
import { AppLink } from "../../components/AppLink";
import { AuthField, AuthForm } from "./AuthForm";

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = "" } = useParams();
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [busy, setBusy] = useState(false);
  const mismatch = confirmation.length > 0 && password !== confirmation;
  const enabled = password.length > 0 && password === confirmation && !busy;

  const submit = async () => {
    setBusy(true);
    try {
      await api.auth.resetPassword(password, token);
      toast.success(t("user.reset_validation"));
      navigate("/login", { replace: true });
    } catch (e) {
      warnError(e);
      setBusy(false);
    }
  };

  return (
    <AuthForm
      title={t("reset.title")}
      canSubmit={enabled}
      onSubmit={submit}
      footer={<AppLink to="/login">{t("reset.backToLogin")}</AppLink>}
    >
      <AuthField label={t("reset.password")} kind="newPassword" value={password} onChange={setPassword} />
      <AuthField
        label={t("reset.confirmation")}
        kind="newPassword"
        value={confirmation}
        onChange={setConfirmation}
        error={mismatch ? t("reset.mismatch") : undefined}
      />
      <Button type="submit" appearance="primary" disabled={!enabled}>
        {t("reset.submit")}
      </Button>
    </AuthForm>
  );
}
