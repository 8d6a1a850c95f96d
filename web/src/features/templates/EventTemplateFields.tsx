// The fields of a task template (the edit page and the sequence template's "Ajouter une tâche" dialog): name,
// trigram (upper case as typed), days and people, lot, typologies, delays, comments, and its parents inside the
// sequence template (parentsET: the link type and an integer delay in working days).
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  Body1,
  Button,
  Checkbox,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Select,
  Subtitle2,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Textarea,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { Add20Regular, Delete20Regular } from "@fluentui/react-icons";
import { TEXT_MAX_LENGTH } from "@jalon/shared";
import { RefSelect } from "../../components/RefSelect";
import type { NamedRef } from "../../api/events";
import {
  LINK_TYPES,
  TRIGRAM_MAX_LENGTH,
  daysOf,
  peopleOf,
  upperTrigram,
  type EventTemplateDraft,
  type ParentRow,
} from "./templateForm";
import type { LinkType } from "./templatesApi";

const useStyles = makeStyles({
  grid: {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fill, minmax(220px, 1fr))",
    gap: tokens.spacingHorizontalM,
  },
  stack: { display: "flex", flexDirection: "column", rowGap: tokens.spacingVerticalM },
  typologies: { display: "flex", flexWrap: "wrap", columnGap: tokens.spacingHorizontalM },
  addRow: { display: "flex", alignItems: "flex-end", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
  delay: { width: "90px" },
  muted: { color: tokens.colorNeutralForeground3 },
  fieldset: { border: "none", padding: 0, margin: 0, display: "flex", flexDirection: "column", rowGap: "6px" },
});

/** One checkbox per choice (zone typologies, tags); the ticked ones are kept in the order of `choices`. */
export function Checklist<K extends string | number>({
  choices,
  value,
  onChange,
}: {
  choices: { id: K; name: string }[];
  value: K[];
  onChange: (value: K[]) => void;
}) {
  const styles = useStyles();
  return (
    <div className={styles.typologies}>
      {choices.map((c) => (
        <Checkbox
          key={c.id}
          label={c.name}
          checked={value.includes(c.id)}
          onChange={(_, d) =>
            onChange(
              d.checked
                ? choices.filter((x) => x.id === c.id || value.includes(x.id)).map((x) => x.id)
                : value.filter((x) => x !== c.id),
            )
          }
        />
      ))}
    </div>
  );
}

/** The version's tags of a project template, as checkboxes. */
export function TagsFieldset({
  tags,
  value,
  onChange,
}: {
  tags: NamedRef[];
  value: number[];
  onChange: (tagIds: number[]) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <fieldset className={styles.fieldset}>
      <legend>{t("templates.event.fields.tags")}</legend>
      {tags.length === 0 ? (
        <Body1 className={styles.muted}>{t("templates.event.fields.noTags")}</Body1>
      ) : (
        <Checklist choices={tags} value={value} onChange={onChange} />
      )}
    </fieldset>
  );
}

/** Names as checklist choices. */
export const named = (names: string[]) => names.map((name) => ({ id: name, name }));

/** A typed text that is not a number: the field will not be sent (spec 001 section 5), which the form says. */
const notNumber = (s: string, parse: (s: string) => number | undefined) => s.trim() !== "" && parse(s) === undefined;

export function EventTemplateFields({
  value,
  onChange,
  candidates,
  typologies,
  lots,
  tags,
  parentError,
}: {
  value: EventTemplateDraft;
  onChange: (v: EventTemplateDraft) => void;
  /** The other task templates of the sequence template: the possible parents. */
  candidates: NamedRef[];
  /** The sequence template's typologies: the ones this task may be limited to. */
  typologies: string[];
  lots: NamedRef[];
  /** The version's tags (project copies); undefined in the library, which has none. */
  tags?: NamedRef[];
  /** The server's parent refusal, shown under the parents. */
  parentError?: string | null;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const set = (patch: Partial<EventTemplateDraft>) => onChange({ ...value, ...patch });
  return (
    <div className={styles.stack}>
      <div className={styles.grid}>
        <Field label={t("templates.event.fields.name")} required>
          <Input value={value.name} maxLength={TEXT_MAX_LENGTH} onChange={(_, d) => set({ name: d.value })} />
        </Field>
        <Field label={t("templates.event.fields.trigram")} hint={t("templates.event.fields.trigramHint")}>
          <Input
            value={value.trigram}
            maxLength={TRIGRAM_MAX_LENGTH}
            onChange={(_, d) => set({ trigram: upperTrigram(d.value) })}
          />
        </Field>
        <Field
          label={t("templates.event.fields.numberOfDays")}
          validationState={notNumber(value.numberOfDays, daysOf) ? "warning" : "none"}
          validationMessage={notNumber(value.numberOfDays, daysOf) ? t("templates.event.notNumeric") : undefined}
        >
          <Input inputMode="numeric" value={value.numberOfDays} onChange={(_, d) => set({ numberOfDays: d.value })} />
        </Field>
        <Field
          label={t("templates.event.fields.numberOfPeople")}
          validationState={notNumber(value.numberOfPeople, peopleOf) ? "warning" : "none"}
          validationMessage={notNumber(value.numberOfPeople, peopleOf) ? t("templates.event.notNumeric") : undefined}
        >
          <Input
            inputMode="decimal"
            value={value.numberOfPeople}
            onChange={(_, d) => set({ numberOfPeople: d.value })}
          />
        </Field>
        <RefSelect
          label={t("templates.event.fields.lot")}
          value={value.lotId}
          options={lots}
          noneLabel={t("templates.event.fields.noLot")}
          onChange={(lotId) => set({ lotId })}
        />
        <Field label={t("templates.event.fields.prerequisitesDelay")}>
          <Input
            inputMode="numeric"
            value={value.prerequisitesDelay}
            onChange={(_, d) => set({ prerequisitesDelay: d.value })}
          />
        </Field>
        <Field label={t("templates.event.fields.finishesDelay")}>
          <Input inputMode="numeric" value={value.finishesDelay} onChange={(_, d) => set({ finishesDelay: d.value })} />
        </Field>
      </div>
      {typologies.length > 0 ? (
        <fieldset className={styles.fieldset}>
          <legend>{t("templates.event.fields.typology")}</legend>
          <Body1 className={styles.muted}>{t("templates.event.fields.typologyHint")}</Body1>
          <Checklist choices={named(typologies)} value={value.typology} onChange={(typology) => set({ typology })} />
        </fieldset>
      ) : null}
      {tags ? <TagsFieldset tags={tags} value={value.tagIds} onChange={(tagIds) => set({ tagIds })} /> : null}
      <Field label={t("templates.event.fields.comments")}>
        <Textarea value={value.comments} maxLength={5000} onChange={(_, d) => set({ comments: d.value })} />
      </Field>
      <ParentsEditor
        rows={value.parents}
        onChange={(parents) => set({ parents })}
        candidates={candidates}
        error={parentError ?? null}
      />
    </div>
  );
}

function ParentsEditor({
  rows,
  onChange,
  candidates,
  error,
}: {
  rows: ParentRow[];
  onChange: (rows: ParentRow[]) => void;
  candidates: NamedRef[];
  error: string | null;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const titleId = useId();
  const available = candidates.filter((c) => !rows.some((r) => r.id === c.id));
  const [pick, setPick] = useState<string>("");
  const chosen = available.find((c) => String(c.id) === pick) ?? available[0];
  const update = (index: number, patch: Partial<ParentRow>) =>
    onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));

  return (
    <section aria-labelledby={titleId} className={styles.stack}>
      <Subtitle2 as="h2" id={titleId}>
        {t("templates.event.parents.title")}
      </Subtitle2>
      {error ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      ) : null}
      {rows.length === 0 ? (
        <Body1 className={styles.muted}>{t("templates.event.parents.none")}</Body1>
      ) : (
        <Table size="small" aria-labelledby={titleId}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t("templates.event.parents.name")}</TableHeaderCell>
              <TableHeaderCell>{t("templates.event.parents.type")}</TableHeaderCell>
              <TableHeaderCell>{t("templates.event.parents.delay")}</TableHeaderCell>
              <TableHeaderCell style={{ width: 48 }} />
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row, index) => (
              <TableRow key={row.id}>
                <TableCell>{row.name}</TableCell>
                <TableCell>
                  <Select
                    aria-label={t("templates.event.parents.typeOf", { name: row.name })}
                    value={row.type}
                    onChange={(_, d) => update(index, { type: d.value as LinkType })}
                  >
                    {LINK_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {t(`event.linkTypes.${type}`)}
                      </option>
                    ))}
                  </Select>
                </TableCell>
                <TableCell>
                  <Input
                    className={styles.delay}
                    inputMode="numeric"
                    aria-label={t("templates.event.parents.delayOf", { name: row.name })}
                    value={row.delay}
                    onChange={(_, d) => update(index, { delay: d.value })}
                  />
                </TableCell>
                <TableCell>
                  <Button
                    appearance="subtle"
                    icon={<Delete20Regular />}
                    aria-label={t("templates.event.parents.remove", { name: row.name })}
                    title={t("templates.event.parents.remove", { name: row.name })}
                    onClick={() => onChange(rows.filter((_, i) => i !== index))}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {candidates.length === 0 ? (
        <Body1 className={styles.muted}>{t("templates.event.parents.noCandidate")}</Body1>
      ) : available.length > 0 ? (
        <div className={styles.addRow}>
          <Field label={t("templates.event.parents.choose")}>
            <Select value={chosen ? String(chosen.id) : ""} onChange={(_, d) => setPick(d.value)}>
              {available.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
          </Field>
          <Button
            icon={<Add20Regular />}
            onClick={() => {
              if (!chosen) return;
              onChange([...rows, { id: chosen.id, name: chosen.name, type: "end-begin", delay: "0" }]);
              setPick("");
            }}
          >
            {t("templates.event.parents.add")}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
