// The countings that wait for the network ("en attente de synchronisation", with their count) and those the
// server refused at sync time, each with the catalogue's text of its refusal and a button to remove it.
import { useTranslation } from "react-i18next";
import {
  Badge,
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { formatDay } from "../../lib/dates";
import { dismiss } from "../../offline/queue";
import { syncNow } from "../../offline/sync";
import { useOfflineQueue } from "../../offline/useOfflineQueue";
import type { QueuedCounting } from "../../offline/db";

const useStyles = makeStyles({
  panel: {
    display: "flex",
    flexDirection: "column",
    rowGap: tokens.spacingVerticalS,
    marginBottom: tokens.spacingVerticalM,
  },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
  line: { display: "flex", alignItems: "center", columnGap: tokens.spacingHorizontalS },
});

/** The queue of one project, or of one task when `eventId` is given. */
export function OfflinePanel({ projectId, eventId }: { projectId: number; eventId?: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const queue = useOfflineQueue(projectId);
  const mine = (r: QueuedCounting) => eventId === undefined || Number(r.body.eventId) === eventId;
  const pending = queue.pending.filter(mine);
  const refused = queue.refused.filter(mine);
  if (pending.length === 0 && refused.length === 0) return null;
  const vars = (r: QueuedCounting) => ({
    name: r.eventName,
    value: r.body.percentage,
    date: formatDay(String(r.body.countingDate)),
  });
  return (
    <div className={styles.panel}>
      {pending.length > 0 ? (
        <MessageBar intent="warning" layout="multiline" data-testid="countings-pending">
          <MessageBarBody>
            <MessageBarTitle>{t("countings.pendingTitle", { count: pending.length })}</MessageBarTitle>
            {t("countings.pendingHint")}
            <ul className={styles.list}>
              {pending.map((r) => (
                <li key={r.clientKey}>{t("countings.pendingLine", vars(r))}</li>
              ))}
            </ul>
          </MessageBarBody>
          <MessageBarActions>
            <Button size="small" onClick={() => void syncNow()}>
              {t("countings.syncNow")}
            </Button>
          </MessageBarActions>
        </MessageBar>
      ) : null}
      {refused.length > 0 ? (
        <MessageBar intent="error" layout="multiline" role="alert" data-testid="countings-refused">
          <MessageBarBody>
            <MessageBarTitle>{t("countings.refusedTitle", { count: refused.length })}</MessageBarTitle>
            <ul className={styles.list}>
              {refused.map((r) => (
                <li key={r.clientKey} className={styles.line}>
                  <span>
                    {t("countings.refusedLine", {
                      ...vars(r),
                      reason: t(`errors.${r.error?.code ?? "default"}`, {
                        defaultValue: r.error?.message || t("errors.default"),
                      }),
                    })}
                  </span>
                  <Button
                    size="small"
                    aria-label={t("countings.dismissOf", { name: r.eventName })}
                    onClick={() => void dismiss(r.seq!)}
                  >
                    {t("countings.dismiss")}
                  </Button>
                </li>
              ))}
            </ul>
          </MessageBarBody>
        </MessageBar>
      ) : null}
    </div>
  );
}

/** "en attente de synchronisation" next to a task that has countings waiting. */
export function PendingBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <Badge appearance="tint" color="warning">
      {count > 1 ? `${count} · ` : ""}
      {t("countings.pendingBadge")}
    </Badge>
  );
}
