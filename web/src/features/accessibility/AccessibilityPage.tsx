// /accessibilite (issue 22): the accessibility statement in RGAA's shape, open to everybody (signed in or not).
import { useTranslation } from "react-i18next";
import { Body1, Subtitle1, Subtitle2, Title2, makeStyles, tokens } from "@fluentui/react-components";

const useStyles = makeStyles({
  page: {
    maxWidth: "860px",
    margin: "0 auto",
    display: "flex",
    flexDirection: "column",
    rowGap: tokens.spacingVerticalM,
    lineHeight: tokens.lineHeightBase400,
  },
  section: { display: "flex", flexDirection: "column", rowGap: tokens.spacingVerticalS },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalXXL },
});

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  const styles = useStyles();
  return (
    <section className={styles.section} aria-labelledby={id}>
      <Subtitle1 as="h2" id={id}>
        {title}
      </Subtitle1>
      {children}
    </section>
  );
}

export default function AccessibilityPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const list = (key: string) => (
    <ul className={styles.list}>
      {(t(key, { returnObjects: true }) as string[]).map((item) => (
        <li key={item}>
          <Body1>{item}</Body1>
        </li>
      ))}
    </ul>
  );
  return (
    <article className={styles.page}>
      <Title2 as="h1">{t("accessibility.title")}</Title2>
      <Body1>{t("accessibility.commitment")}</Body1>
      <Body1>{t("accessibility.scope")}</Body1>

      <Section id="a11y-status" title={t("accessibility.status.title")}>
        <Body1>{t("accessibility.status.body")}</Body1>
      </Section>

      <Section id="a11y-results" title={t("accessibility.results.title")}>
        <Body1>{t("accessibility.results.body")}</Body1>
        <Body1>{t("accessibility.results.automated")}</Body1>
        <Body1>{t("accessibility.results.outcome")}</Body1>
        <Body1>{t("accessibility.results.manual")}</Body1>
        <Body1>{t("accessibility.results.keyboard")}</Body1>
        <Subtitle2 as="h3">{t("accessibility.results.screensTitle")}</Subtitle2>
        {list("accessibility.results.screens")}
      </Section>

      <Section id="a11y-non-accessible" title={t("accessibility.nonAccessible.title")}>
        <Body1>{t("accessibility.nonAccessible.intro")}</Body1>
        {list("accessibility.nonAccessible.items")}
        <Body1>{t("accessibility.nonAccessible.derogations")}</Body1>
        <Body1>{t("accessibility.nonAccessible.exempt")}</Body1>
      </Section>

      <Section id="a11y-establishment" title={t("accessibility.establishment.title")}>
        <Body1>{t("accessibility.establishment.date")}</Body1>
        <Subtitle2 as="h3">{t("accessibility.establishment.technologiesTitle")}</Subtitle2>
        {list("accessibility.establishment.technologies")}
        <Subtitle2 as="h3">{t("accessibility.establishment.environmentTitle")}</Subtitle2>
        {list("accessibility.establishment.environment")}
      </Section>

      <Section id="a11y-contact" title={t("accessibility.contact.title")}>
        <Body1>{t("accessibility.contact.body")}</Body1>
      </Section>

      <Section id="a11y-remedies" title={t("accessibility.remedies.title")}>
        <Body1>{t("accessibility.remedies.body")}</Body1>
        {list("accessibility.remedies.items")}
      </Section>
    </article>
  );
}
