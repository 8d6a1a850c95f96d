// The preview of a train: ghost bars (one line per zone, the template's tasks on it) and a small table per zone
// with each task's dates; overlaps (a task longer than the takt) are listed as warnings.
import { useTranslation } from "react-i18next";
import {
  Caption1,
  MessageBar,
  MessageBarBody,
  Spinner,
  Subtitle2,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { formatDay as isoOf } from "@jalon/engine";
import { parseHex } from "@jalon/shared/gantt";
import { formatDay } from "../../../lib/dates";
import { byZone, type PreviewState, type TrainPreview } from "./trainPreview";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  tables: {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fill, minmax(260px, 1fr))",
    gap: tokens.spacingHorizontalM,
  },
  table: { borderCollapse: "collapse", width: "100%", fontSize: tokens.fontSizeBase200 },
  cell: { borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, padding: "2px 6px", textAlign: "left" },
  caption: { textAlign: "left", fontWeight: tokens.fontWeightSemibold, padding: "2px 0" },
  chart: { width: "100%", border: `1px dashed ${tokens.colorNeutralStroke1}`, borderRadius: tokens.borderRadiusMedium },
});

/** Bars without a colour of their own take one of these, by task. */
const PALETTE = ["#4F8FD6", "#E3A33B", "#5BAA6A", "#B567C2", "#D86A5A", "#3FA7A3"];

const LABEL = 170;
const ROW = 18;
const WIDTH = 640;

export interface TrainPreviewViewProps {
  state: PreviewState;
  zoneOrder: readonly number[];
  zoneName: (id: number) => string;
  taskName: (id: number) => string;
  taskColor?: (id: number) => string | null | undefined;
  takt: number;
  /** Nothing to preview yet (no template or no zone). */
  emptyText: string;
}

function fillOf(color: string | null | undefined, id: number): string {
  return parseHex(color) ? color!.trim() : PALETTE[id % PALETTE.length];
}

/** The end of a long zone path, where the names differ ("…R+0 / Parties communes"). */
function tail(text: string, max: number): string {
  return text.length <= max ? text : `…${text.slice(text.length - max + 1)}`;
}

function day(d: number): string {
  return formatDay(isoOf(d));
}

export function TrainPreviewView(props: TrainPreviewViewProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { state } = props;
  const preview: TrainPreview | null =
    state.status === "ready" ? state.preview : state.status === "computing" ? state.last : null;
  return (
    <section className={styles.root} aria-labelledby="train-preview-title" aria-busy={state.status === "computing"}>
      <Subtitle2 as="h3" id="train-preview-title">
        {t("instantiation.preview.title")}
        {state.status === "computing" ? (
          <Spinner
            size="extra-tiny"
            style={{ display: "inline-flex", marginLeft: 8 }}
            label={t("instantiation.preview.computing")}
          />
        ) : null}
      </Subtitle2>
      {state.status === "idle" ? <Caption1>{props.emptyText}</Caption1> : null}
      {state.status === "failed" ? (
        <MessageBar intent="error">
          <MessageBarBody>
            {state.code === "cycle"
              ? t("instantiation.preview.cycle")
              : t("instantiation.preview.failed", { message: state.message })}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {preview ? <PreviewBody {...props} preview={preview} /> : null}
    </section>
  );
}

function PreviewBody({
  preview,
  zoneOrder,
  zoneName,
  taskName,
  taskColor,
}: TrainPreviewViewProps & { preview: TrainPreview }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const zones = byZone(preview, zoneOrder);
  if (zones.length === 0) return <Caption1>{t("instantiation.preview.noTasks")}</Caption1>;
  const first = Math.min(...zones.map((z) => z.startDay));
  const last = Math.max(...zones.map((z) => z.endDay));
  const span = Math.max(1, last - first + 1);
  const x = (d: number) => LABEL + ((d - first) / span) * (WIDTH - LABEL - 4);
  const count = zones.reduce((n, z) => n + z.tasks.length, 0);
  const overlapTasks = [
    ...new Set(preview.warnings.flatMap((w) => (w.code === "task_overlaps_next_instance" ? [w.taskId] : []))),
  ];
  const emptyZones = preview.warnings.flatMap((w) => (w.code === "no_task_in_zone" ? [w.zoneId] : []));
  return (
    <>
      <Caption1 role="status" data-testid="train-summary">
        {t("instantiation.preview.summary", { count, zones: zones.length, from: day(first), to: day(last) })}
      </Caption1>
      {overlapTasks.length > 0 || emptyZones.length > 0 ? (
        <MessageBar intent="warning">
          <MessageBarBody>
            {overlapTasks.map((id) => (
              <div key={id}>{t("instantiation.preview.overlap", { task: taskName(id) })}</div>
            ))}
            {emptyZones.map((id) => (
              <div key={`z${id}`}>{t("instantiation.preview.noTaskInZone", { zone: zoneName(id) })}</div>
            ))}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      <svg
        className={styles.chart}
        viewBox={`0 0 ${WIDTH} ${zones.length * ROW + 4}`}
        role="img"
        aria-label={t("instantiation.preview.chart")}
        data-testid="train-chart"
      >
        {zones.map((z, r) => (
          <g key={z.zoneId}>
            <text x={4} y={r * ROW + 14} fontSize={11} fill="#424242">
              {tail(zoneName(z.zoneId), 26)}
            </text>
            {z.tasks.map((task) => (
              <rect
                key={task.taskId}
                x={x(task.startDay)}
                y={r * ROW + 4}
                width={Math.max(2, x(task.endDay + 1) - x(task.startDay) - 1)}
                height={ROW - 6}
                rx={2}
                fill={fillOf(taskColor?.(task.taskId), task.taskId)}
                fillOpacity={0.55}
                stroke="#616161"
                strokeDasharray="3 2"
              >
                <title>{`${taskName(task.taskId)} : ${day(task.startDay)} – ${day(task.endDay)}`}</title>
              </rect>
            ))}
          </g>
        ))}
      </svg>
      <div className={styles.tables} data-testid="train-tables">
        {zones.map((z, k) => (
          <table key={z.zoneId} className={styles.table}>
            <caption className={styles.caption}>
              {t("instantiation.preview.instance", { index: k + 1, zone: zoneName(z.zoneId) })}
            </caption>
            <thead>
              <tr>
                <th className={styles.cell} scope="col">
                  {t("instantiation.preview.task")}
                </th>
                <th className={styles.cell} scope="col">
                  {t("instantiation.preview.start")}
                </th>
                <th className={styles.cell} scope="col">
                  {t("instantiation.preview.end")}
                </th>
              </tr>
            </thead>
            <tbody>
              {z.tasks.map((task) => (
                <tr key={task.taskId}>
                  <th className={styles.cell} scope="row" style={{ fontWeight: "normal" }}>
                    {taskName(task.taskId)}
                  </th>
                  <td className={styles.cell}>{day(task.startDay)}</td>
                  <td className={styles.cell}>{day(task.endDay)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
    </>
  );
}
