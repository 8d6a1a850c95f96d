import { useTranslation } from "react-i18next";
import { Field, Input } from "@fluentui/react-components";
import { TEXT_MAX_LENGTH } from "@jalon/shared";
import { ColorInput } from "../../components/Color";

/** A lot's name (required) and colour: the lot's page, the library lot's page and its creation dialog. */
export function LotNameColorFields<D extends { name: string; color: string }>({
  draft,
  onChange,
}: {
  draft: D;
  onChange: (draft: D) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={t("lots.fields.name")} required>
        <Input
          value={draft.name}
          maxLength={TEXT_MAX_LENGTH}
          onChange={(_, d) => onChange({ ...draft, name: d.value })}
        />
      </Field>
      <ColorInput
        label={t("lots.fields.color")}
        value={draft.color}
        onChange={(color) => onChange({ ...draft, color })}
      />
    </>
  );
}
