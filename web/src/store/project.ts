// The selected project and version. Their ids survive a reload (local storage); the data is refetched.
import { create } from "zustand";
import { immer } from "zustand/middleware/immer";
import type { WriteSummary } from "@jalon/shared/realtime";
import { api } from "../api/client";
import { configureHttp } from "../api/http";
import type { Project, Version } from "../api/types";
import { useRefresh } from "./refresh";

export const PROJECT_KEY = "jalon.project";

interface Stored {
  projectId: number | null;
  versionId: number | null;
}

function readStored(): Stored {
  try {
    const raw = localStorage.getItem(PROJECT_KEY);
    if (!raw) return { projectId: null, versionId: null };
    const v = JSON.parse(raw) as Partial<Stored>;
    return {
      projectId: typeof v.projectId === "number" ? v.projectId : null,
      versionId: typeof v.versionId === "number" ? v.versionId : null,
    };
  } catch {
    return { projectId: null, versionId: null };
  }
}

function writeStored(value: Stored) {
  try {
    if (value.projectId === null) localStorage.removeItem(PROJECT_KEY);
    else localStorage.setItem(PROJECT_KEY, JSON.stringify(value));
  } catch {
    /* ignore */
  }
}

interface ProjectState extends Stored {
  project: Project | null;
  versions: Version[];
  versionsLoaded: boolean;
  /** Selects a project; its current version becomes the viewed one. */
  selectProject: (project: Project) => void;
  setProject: (project: Project) => void;
  /** Switches the viewed version; the planning refreshes. */
  setVersion: (versionId: number) => void;
  setVersions: (versions: Version[]) => void;
  setBeingUpdated: (flag: boolean) => void;
  /**
   * What a committed planning write left for the header (projected end, undo count): from this client's answers
   * and from everyone's live events, so that the header follows every change without a reload. Only the
   * current version's figures are the project's.
   */
  applySummary: (summary: WriteSummary) => void;
  clear: () => void;
  /** Reloads the selected project (and keeps the viewed version when it still exists). */
  reload: () => Promise<Project | null>;
  reloadVersions: () => Promise<Version[]>;
}

export const useProject = create<ProjectState>()(
  immer((set, get) => ({
    ...readStored(),
    project: null,
    versions: [],
    versionsLoaded: false,
    selectProject: (project) => {
      const changed = get().projectId !== project.id;
      set((s) => {
        s.project = project;
        s.projectId = project.id;
        s.versionId = project.currentVersionId ?? project.currentVersion?.id ?? null;
        if (changed) {
          s.versions = [];
          s.versionsLoaded = false;
        }
      });
      writeStored({ projectId: get().projectId, versionId: get().versionId });
    },
    setProject: (project) => {
      set((s) => {
        if (s.projectId !== project.id) return;
        s.project = project;
        if (s.versionId === null) s.versionId = project.currentVersionId ?? null;
      });
      writeStored({ projectId: get().projectId, versionId: get().versionId });
    },
    setVersion: (versionId) => {
      if (get().versionId === versionId) return;
      set((s) => {
        s.versionId = versionId;
      });
      writeStored({ projectId: get().projectId, versionId });
      useRefresh.getState().bump("planning");
    },
    setVersions: (versions) =>
      set((s) => {
        s.versions = versions;
        s.versionsLoaded = true;
      }),
    setBeingUpdated: (flag) =>
      set((s) => {
        if (s.project) s.project.isBeingUpdated = flag;
      }),
    applySummary: (summary) =>
      set((s) => {
        const p = s.project;
        if (!p || summary.versionId !== (p.currentVersionId ?? p.currentVersion?.id)) return;
        if (p.projectedEndDate === summary.projectedEndDate && p.undoRemaining === summary.undoRemaining) return;
        p.projectedEndDate = summary.projectedEndDate;
        p.undoRemaining = summary.undoRemaining;
      }),
    clear: () => {
      set((s) => {
        s.projectId = null;
        s.versionId = null;
        s.project = null;
        s.versions = [];
        s.versionsLoaded = false;
      });
      writeStored({ projectId: null, versionId: null });
    },
    reload: async () => {
      const id = get().projectId;
      if (id === null) return null;
      const project = await api.projects.get(id);
      get().setProject(project);
      return project;
    },
    reloadVersions: async () => {
      const id = get().projectId;
      if (id === null) return [];
      const { data } = await api.versions.list(id);
      if (get().projectId === id) get().setVersions(data);
      return data;
    },
  })),
);

configureHttp({ onSummary: (summary) => useProject.getState().applySummary(summary) });

/** The active (current, modifiable) version of the selected project, if any. */
export function activeVersionOf(project: Project | null, versions: Version[]): Version | null {
  if (!project) return null;
  const byFlag = versions.find((v) => v.isActiveVersion);
  if (byFlag) return byFlag;
  const id = project.currentVersionId ?? project.currentVersion?.id;
  if (id === null || id === undefined) return null;
  return (
    versions.find((v) => v.id === id) ??
    project.currentVersion ??
    ({
      id,
      name: "",
      projectId: project.id,
      isActiveVersion: true,
      isReferentVersion: false,
      inConstruction: false,
      createdAt: "",
    } as Version)
  );
}

/** After an undoable planning write (holidays, structure import): the header's undo counter follows the server's count. */
export function setUndoRemaining(undoRemaining: number | undefined): void {
  if (typeof undoRemaining !== "number") return;
  const { project, setProject } = useProject.getState();
  if (project) setProject({ ...project, undoRemaining });
}
