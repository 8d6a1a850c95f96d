import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router-dom";
import { App } from "./app/App";
import { buildRoutes } from "./app/router";
import { initI18n } from "./i18n";
import { startOfflineSync } from "./offline/sync";
import { useSession, watchTokenExpiry } from "./store/session";

void initI18n();
// Countings made offline in an earlier visit leave once the session is back (src/offline/).
void useSession
  .getState()
  .restore()
  .then(() => startOfflineSync());
watchTokenExpiry();

const router = createBrowserRouter(buildRoutes());

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
