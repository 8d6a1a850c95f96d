import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router-dom";
import { App } from "./app/App";
import { buildRoutes } from "./app/router";
import { initI18n } from "./i18n";
import { useSession, watchTokenExpiry } from "./store/session";

void initI18n();
void useSession.getState().restore();
watchTokenExpiry();

const router = createBrowserRouter(buildRoutes());

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
