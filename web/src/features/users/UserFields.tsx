import { useState } from "react";
import { useTranslation } from "react-i18next";
import { InputField } from "../../components/InputField";
import { TEXT_MAX_LENGTH } from "@jalon/shared";
import type { UserFormValues } from "./userForm";

/** emailLocked: the address is a credential, which only the user or an admin may change (the server refuses others). */
export function UserFields({
  values,
  onChange,
  disabled,
  emailLocked,
}: {
  values: UserFormValues;
  onChange: (values: UserFormValues) => void;
  disabled?: boolean;
  emailLocked?: boolean;
}) {
  const { t } = useTranslation();
  // A blank field is flagged once the person has been in it, not on an empty form they have just opened.
  const [touched, setTouched] = useState<ReadonlySet<keyof UserFormValues>>(new Set());
  const touch = (key: keyof UserFormValues) => setTouched((s) => (s.has(key) ? s : new Set(s).add(key)));
  const field = (key: keyof UserFormValues, type: "text" | "email" = "text", hint?: string) => {
    const missing = touched.has(key) && values[key].trim() === "";
    return (
      <InputField
        label={t(`userinfos.${key}`)}
        required
        error={missing ? t("userinfos.required") : undefined}
        hint={hint}
        type={type}
        value={values[key]}
        maxLength={TEXT_MAX_LENGTH}
        disabled={disabled || (key === "email" && emailLocked)}
        autoComplete={key === "email" ? "email" : key === "firstname" ? "given-name" : "family-name"}
        onBlur={() => touch(key)}
        onChange={(value) => {
          touch(key);
          onChange({ ...values, [key]: value });
        }}
      />
    );
  };
  return (
    <>
      {field("firstname")}
      {field("lastname")}
      {field("email", "email", emailLocked ? t("userinfos.emailLocked") : undefined)}
    </>
  );
}
