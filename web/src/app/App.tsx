import { type ReactNode } from "react";
import { FluentProvider, makeStaticStyles } from "@fluentui/react-components";
import { RouterProvider, type createBrowserRouter } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { jalonTheme } from "./theme";
import { ToastHost } from "./ToastHost";

/** 'Loading translations...' until the French bundle is there (spec 000 section 2). */
export function TranslationsGate({ children }: { children: ReactNode }) {
  const { ready } = useTranslation(undefined, { useSuspense: false });
  if (!ready) return <div style={{ padding: 24 }}>Loading translations...</div>;
  return <>{children}</>;
}

// The browser's default 8 px body margin framed every screen in white and made a 100vh shell overflow.
const useGlobalStyles = makeStaticStyles({ "html, body": { margin: 0, padding: 0 } });

export function Providers({ children }: { children: ReactNode }) {
  useGlobalStyles();
  return (
    <FluentProvider theme={jalonTheme} style={{ minHeight: "100vh" }}>
      <TranslationsGate>
        {children}
        <ToastHost />
      </TranslationsGate>
    </FluentProvider>
  );
}

export function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
