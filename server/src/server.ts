import http from "node:http";
import type { RealtimePayload } from "@jalon/shared/realtime";
import { isMember } from "./access/projects.js";
import { createApp } from "./app.js";
import type { Config } from "./config.js";
import type { Db } from "./db/knex.js";
import { loadAuthUser } from "./http/auth.js";
import type { Logger } from "./lib/log.js";
import { attachRealtime, type RealtimeHub } from "./realtime/hub.js";

export interface RunningServer {
  server: http.Server;
  url: string;
  hub: RealtimeHub;
  close: () => Promise<void>;
}

/** The HTTP server: the Koa app plus Socket.IO on the same origin (one room per project, members only). */
export async function startServer(db: Db, config: Config, log: Logger): Promise<RunningServer> {
  let hub: RealtimeHub | null = null;
  const emit = (payload: RealtimePayload) => hub?.emit(payload);
  const { app, deps } = await createApp({ db, config, log, emit });
  const server = http.createServer(app.callback());
  hub = attachRealtime(server, {
    verify: async (token) => {
      const claims = deps.tokens.verify(token);
      return claims && (await loadAuthUser(deps, claims.userId)) ? { userId: claims.userId } : null;
    },
    mayWatch: async (who, projectId) => {
      if ("publicToken" in who) {
        const p = await db("projects").where({ id: projectId, share_token: who.publicToken, is_public: true }).first("id");
        return p !== undefined;
      }
      const user = await loadAuthUser(deps, who.userId);
      if (!user) return false;
      const project = await db("projects").where({ id: projectId }).first("is_archived");
      if (!project) return false;
      if (project.is_archived && user.type === "external") return false;
      return user.type === "admin" || (await isMember(db, projectId, user.id));
    },
  });
  await new Promise<void>((resolve) => server.listen(config.port, resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const h = hub;
  return {
    server,
    hub: h,
    url: `http://localhost:${port}`,
    close: async () => {
      await h.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
