// The task's tags (issue 20: the general tab carries every field of the event): Fluent's TagPicker over the
// version's tags. A tag is added from the list (typing filters it) and removed by a click on it or Delete (Fluent's
// dismissible tags, options of the chosen ones' listbox), or by Backspace in the empty input; the chosen ones show as tags in the field.
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  Field,
  Tag,
  TagPicker,
  TagPickerControl,
  TagPickerGroup,
  TagPickerInput,
  TagPickerList,
  TagPickerOption,
} from "@fluentui/react-components";
import type { NamedRef } from "../../api/events";

export function TagsField({
  tags,
  value,
  onChange,
}: {
  /** The version's tags. */
  tags: readonly NamedRef[];
  value: readonly number[];
  onChange: (tagIds: number[]) => void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState("");
  const label = t("event.fields.tags");
  const nameOf = useMemo(() => new Map(tags.map((x) => [x.id, x.name])), [tags]);
  const needle = query.trim().toLocaleLowerCase("fr");
  // In the list's French order (the server's sort), without those already chosen.
  const available = tags.filter(
    (x) => !value.includes(x.id) && (!needle || x.name.toLocaleLowerCase("fr").includes(needle)),
  );
  return (
    <Field label={label}>
      <TagPicker
        selectedOptions={value.map(String)}
        onOptionSelect={(_, d) => {
          if (d.value === NO_OPTION) return;
          onChange(d.selectedOptions.map(Number).filter((id) => Number.isInteger(id)));
          setQuery("");
        }}
      >
        <TagPickerControl data-testid="event-tags">
          <TagPickerGroup aria-label={label}>
            {value.map((id) => (
              <Tag key={id} value={String(id)} shape="rounded" dismissible title={t("event.tags.removeHint")}>
                {nameOf.get(id) ?? `#${id}`}
              </Tag>
            ))}
          </TagPickerGroup>
          <TagPickerInput
            aria-label={label}
            placeholder={value.length ? undefined : t("event.tags.placeholder")}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </TagPickerControl>
        <TagPickerList>
          {available.length > 0 ? (
            available.map((x) => (
              <TagPickerOption key={x.id} value={String(x.id)}>
                {x.name}
              </TagPickerOption>
            ))
          ) : (
            <TagPickerOption value={NO_OPTION}>
              {tags.length === 0 ? t("event.tags.noTags") : t("event.tags.noMatch")}
            </TagPickerOption>
          )}
        </TagPickerList>
      </TagPicker>
    </Field>
  );
}

const NO_OPTION = "none";
