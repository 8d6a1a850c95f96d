// Project list (spec 000 section 2): in progress / archived tabs, search; choosing a project selects it.
import { useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import {
  Avatar,
  Badge,
  Body1,
  Button,
  Caption1,
  Card,
  CardFooter,
  CardHeader,
  Skeleton,
  SkeletonItem,
  Tab,
  TabList,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
} from "@fluentui/react-components";
import { Add20Regular, Edit20Regular, GanttChart20Regular, Signature20Regular } from "@fluentui/react-icons";
import { api } from "../../api/client";
import type { Project } from "../../api/types";
import { PageHeader } from "../../components/PageHeader";
import { SearchField } from "../../components/SearchField";
import { useAsync } from "../../lib/useAsync";
import { formatDate } from "../../lib/dates";
import { warnError } from "../../lib/errors";
import { useProject } from "../../store/project";
import { useSession } from "../../store/session";
import { useRefreshCounter } from "../../store/refresh";
import { ImportScheduleButton } from "../interchange/ImportScheduleButton";

const useStyles = makeStyles({
  toolbar: {
    display: "flex",
    gap: tokens.spacingHorizontalL,
    alignItems: "center",
    flexWrap: "wrap",
    marginBottom: tokens.spacingVerticalL,
  },
  grid: {
    display: "grid",
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: "repeat(auto-fill, minmax(280px, 1fr))",
  },
  card: { cursor: "pointer", minHeight: "150px" },
  selected: { outline: `2px solid ${tokens.colorBrandStroke1}` },
  meta: {
    display: "flex",
    flexDirection: "column",
    rowGap: tokens.spacingVerticalXS,
    color: tokens.colorNeutralForeground2,
  },
  badges: { display: "flex", gap: tokens.spacingHorizontalXS, flexWrap: "wrap" },
  empty: { padding: tokens.spacingVerticalXXL, textAlign: "center", color: tokens.colorNeutralForeground3 },
});

type TabValue = "inProgress" | "archived";

export function matchesSearch(project: Project, search: string): boolean {
  const q = search.trim().toLocaleLowerCase("fr");
  if (!q) return true;
  return [project.name, project.typology, project.projectManager, project.projectOwner, project.opcCoordinator]
    .filter(Boolean)
    .some((v) => String(v).toLocaleLowerCase("fr").includes(q));
}

export default function ProjectsPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const isManager = useSession((s) => s.isManager);
  const selectedId = useProject((s) => s.projectId);
  const selectProject = useProject((s) => s.selectProject);
  const refresh = useRefreshCounter("data");
  const [tab, setTab] = useState<TabValue>("inProgress");
  const [search, setSearch] = useState("");
  const list = useAsync(() => api.projects.list().then((r) => r.data), [refresh]);

  useEffect(() => {
    if (list.error) warnError(list.error, "project");
  }, [list.error]);

  const projects = list.data ?? [];
  const counts = useMemo(
    () => ({
      inProgress: projects.filter((p) => !p.isArchived).length,
      archived: projects.filter((p) => p.isArchived).length,
    }),
    [projects],
  );
  const shown = projects
    .filter((p) => (tab === "archived" ? p.isArchived : !p.isArchived))
    .filter((p) => matchesSearch(p, search))
    .sort((a, b) => a.name.localeCompare(b.name, "fr"));

  const open = (project: Project, path: string) => {
    selectProject(project);
    navigate(path);
  };

  return (
    <>
      <PageHeader
        title={t("projects.title")}
        actions={
          isManager ? (
            <>
              <ImportScheduleButton />
              <Button appearance="primary" icon={<Add20Regular />} onClick={() => navigate("/dashboard/project/new")}>
                {t("projects.new")}
              </Button>
            </>
          ) : null
        }
      />
      <div className={styles.toolbar}>
        <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as TabValue)}>
          <Tab value="inProgress">{`${t("projects.inProgress")} (${counts.inProgress})`}</Tab>
          <Tab value="archived">{`${t("projects.archived")} (${counts.archived})`}</Tab>
        </TabList>
        <SearchField label={t("projects.search")} value={search} onChange={setSearch} />
      </div>
      {list.loading && !list.data ? (
        <div className={styles.grid}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i}>
              <SkeletonItem size={128} />
            </Skeleton>
          ))}
        </div>
      ) : shown.length === 0 ? (
        <Body1 className={styles.empty} as="p">
          {search ? t("projects.emptySearch") : t("projects.empty")}
        </Body1>
      ) : (
        <ul
          className={styles.grid}
          style={{ listStyle: "none", margin: 0, padding: 0 }}
          aria-label={t("projects.title")}
        >
          {shown.map((project) => (
            <li key={project.id}>
              <Card
                className={mergeClasses(styles.card, project.id === selectedId && styles.selected)}
                onClick={() => open(project, "/dashboard/planning")}
                aria-label={project.name}
                focusMode="no-tab"
              >
                <CardHeader
                  image={
                    <Avatar
                      shape="square"
                      size={48}
                      name={project.name}
                      color="colorful"
                      image={project.imageUrl ? { src: project.imageUrl } : undefined}
                    />
                  }
                  header={
                    <Text weight="semibold" size={400}>
                      {project.name}
                    </Text>
                  }
                  description={<Caption1>{project.typology ?? ""}</Caption1>}
                />
                <div className={styles.meta}>
                  {project.expectedStartDate || project.expectedEndDate ? (
                    <Caption1>
                      {t("projects.datesRange", {
                        start: formatDate(project.expectedStartDate),
                        end: formatDate(project.expectedEndDate),
                      })}
                    </Caption1>
                  ) : null}
                  {project.projectManager ? (
                    <Caption1>{`${t("projects.columns.projectManager")} : ${project.projectManager}`}</Caption1>
                  ) : null}
                  <div className={styles.badges}>
                    {project.isArchived ? <Badge color="warning">{t("header.archived")}</Badge> : null}
                    {project.signedVersionId ? (
                      <Badge color="success" icon={<Signature20Regular />}>
                        {t("header.signedVersion")}
                      </Badge>
                    ) : null}
                    {project.id === selectedId ? <Badge appearance="tint">{t("projects.selected")}</Badge> : null}
                  </div>
                </div>
                <CardFooter>
                  <Button
                    icon={<GanttChart20Regular />}
                    onClick={(e) => {
                      e.stopPropagation();
                      open(project, "/dashboard/planning");
                    }}
                  >
                    {t("projects.open")}
                  </Button>
                  {isManager ? (
                    <Button
                      appearance="subtle"
                      icon={<Edit20Regular />}
                      aria-label={`${t("projects.edit")} ${project.name}`}
                      onClick={(e) => {
                        e.stopPropagation();
                        open(project, `/dashboard/project/${project.id}`);
                      }}
                    >
                      {t("projects.edit")}
                    </Button>
                  ) : null}
                </CardFooter>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
