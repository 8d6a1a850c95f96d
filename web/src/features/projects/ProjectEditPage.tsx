// Project edition (spec 000 sections 3-5): General and Users tabs; every field; only changed fields sent;
// image upload; public sharing with a copyable link; archive; duplication.
import { useEffect, useState } from "react";
import { useLocation, useNavigate, useParams, useSearchParams } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Tab, TabList, makeStyles, tokens } from "@fluentui/react-components";
import { api } from "../../api/client";
import { ApiError } from "../../api/http";
import type { Project } from "../../api/types";
import { PageHeader } from "../../components/PageHeader";
import { FullPageSpinner } from "../../components/FullPageSpinner";
import { NoProjectRedirect } from "../../components/NoProjectRedirect";
import { useAsync } from "../../lib/useAsync";
import { warnError } from "../../lib/errors";
import { useProject } from "../../store/project";
import { useRefreshCounter } from "../../store/refresh";
import { ProjectGeneralForm } from "./ProjectGeneralForm";
import { ProjectUsers } from "./ProjectUsers";
import { ArchiveProjectButton } from "./ArchiveProjectButton";
import { DuplicateProjectButton } from "./DuplicateProjectButton";

const useStyles = makeStyles({ tabs: { marginBottom: tokens.spacingVerticalL } });

type TabValue = "general" | "users";

export default function ProjectEditPage() {
  const params = useParams();
  const { pathname } = useLocation();
  const selectedId = useProject((s) => s.projectId);
  const isNew = params.projectId === undefined && (pathname.endsWith("/new") || selectedId === null);
  const id = params.projectId !== undefined ? Number(params.projectId) : isNew ? null : selectedId;
  if (id !== null && !Number.isInteger(id)) return <NoProjectRedirect />;
  return id === null ? <NewProject /> : <ExistingProject id={id} />;
}

function NewProject() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const selectProject = useProject((s) => s.selectProject);
  return (
    <>
      <PageHeader title={t("project.titleNew")} />
      <ProjectGeneralForm
        project={null}
        onSaved={(created) => {
          selectProject(created);
          // The created project travels with the navigation: the edit page shows it at once, without a spinner.
          navigate(`/dashboard/project/${created.id}`, { replace: true, state: { project: created } });
        }}
      />
    </>
  );
}

function ExistingProject({ id }: { id: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [searchParams, setSearchParams] = useSearchParams();
  const { state } = useLocation();
  const passed = (state as { project?: Project } | null)?.project;
  const tab: TabValue = searchParams.get("tab") === "users" ? "users" : "general";
  const refresh = useRefreshCounter("project");
  const selectedId = useProject((s) => s.projectId);
  const selectProject = useProject((s) => s.selectProject);
  const setProject = useProject((s) => s.setProject);
  const loaded = useAsync(() => api.projects.get(id), [id, refresh]);
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    const e = loaded.error;
    if (!e) return;
    if (
      e instanceof ApiError &&
      (e.status === 404 || e.status === 403 || e.code === "no_project" || e.code === "project_not_found")
    )
      setMissing(true);
    else warnError(e, "project");
  }, [loaded.error]);

  // Editing a project selects it (the header, the versions panel and the navigation follow).
  useEffect(() => {
    if (loaded.data && loaded.data.id === id && selectedId !== id) selectProject(loaded.data);
  }, [loaded.data, id, selectedId, selectProject]);

  if (missing) return <NoProjectRedirect />;
  const project = loaded.data ?? (passed?.id === id ? passed : undefined);
  if (!project || project.id !== id) return <FullPageSpinner />;

  const update = (next: Project) => {
    loaded.setData(next);
    setProject(next);
  };

  return (
    <>
      <PageHeader
        title={project.name}
        actions={
          <>
            <DuplicateProjectButton project={project} />
            {!project.isArchived ? <ArchiveProjectButton project={project} onArchived={update} /> : null}
          </>
        }
      />
      <TabList
        className={styles.tabs}
        selectedValue={tab}
        onTabSelect={(_, d) => setSearchParams(d.value === "users" ? { tab: "users" } : {}, { replace: true })}
      >
        <Tab value="general">{t("project.tabs.general")}</Tab>
        <Tab value="users">{t("project.tabs.users")}</Tab>
      </TabList>
      {tab === "general" ? (
        <ProjectGeneralForm project={project} onSaved={update} />
      ) : (
        <ProjectUsers project={project} />
      )}
    </>
  );
}
