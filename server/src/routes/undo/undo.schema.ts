import { z } from "zod";
import { projectRef } from "@jalon/shared";

export const undoBody = z.object({ projectId: projectRef, versionId: projectRef });
