import { type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Caption1 } from "@fluentui/react-components";
import { WithVersion } from "../../components/WithVersion";
import { useProject } from "../../store/project";

/**
 * The tracking screens follow the signed version (the only one that is counted, spec 001 section 4); a project
 * with no signed version yet is followed on the version on screen.
 */
export function WithTrackedVersion({ children }: { children: (projectId: number, versionId: number) => ReactNode }) {
  const project = useProject((s) => s.project);
  return (
    <WithVersion>
      {(projectId, versionId) =>
        children(projectId, (project?.id === projectId ? project.signedVersionId : null) ?? versionId)
      }
    </WithVersion>
  );
}

/** Says which version the figures are about. */
export function TrackedVersionNote({ versionId }: { versionId: number }) {
  const { t } = useTranslation();
  const project = useProject((s) => s.project);
  const versions = useProject((s) => s.versions);
  const name = versions.find((v) => v.id === versionId)?.name;
  const key = project?.signedVersionId === versionId ? "signedVersion" : "unsignedVersion";
  return <Caption1 block>{name ? t(`dashboard.${key}Named`, { name }) : t(`dashboard.${key}`)}</Caption1>;
}
