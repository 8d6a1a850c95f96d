import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { VitePWA } from "vite-plugin-pwa";

// Installable app (issue 17, countings on site without network): a Workbox service worker precaches the app
// shell (html, js, css, icons) and keeps the last answer of every API read (NetworkFirst: the network when there
// is one, the stored answer without), so that the countings screens open offline. Writes never go through its
// cache (Workbox routes here are GET only); the countings made offline wait in IndexedDB (src/offline/).
// The worker exists only in builds: the dev server (devOptions off) and the unit tests (VITEST) run without it.
const pwa = VitePWA({
  registerType: "autoUpdate",
  injectRegister: "script-defer",
  includeAssets: ["icon-192.png", "icon-512.png"],
  manifest: {
    name: "Jalon — planification OPC",
    short_name: "Jalon",
    description: "Atelier de planification OPC et suivi de chantier",
    lang: "fr",
    start_url: "/dashboard/countings",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#0f6cbd",
    icons: [
      { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    ],
  },
  workbox: {
    globPatterns: ["**/*.{js,css,html,png,svg,woff2}"],
    // The planning's chunks are large; the shell must hold them all to open offline.
    maximumFileSizeToCacheInBytes: 16 * 1024 * 1024,
    navigateFallback: "/index.html",
    navigateFallbackDenylist: [/^\/api\//, /^\/socket\.io/],
    clientsClaim: true,
    skipWaiting: true,
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        urlPattern: ({ url, request }) =>
          request.method === "GET" && url.pathname.startsWith("/api/") && url.pathname !== "/api/health",
        handler: "NetworkFirst",
        method: "GET",
        options: {
          // src/offline/readCache.ts clears it at sign-out.
          cacheName: "jalon-api-reads",
          expiration: { maxEntries: 500, maxAgeSeconds: 7 * 24 * 3600 },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
  devOptions: { enabled: false },
});

// Dev server: the Koa API and Socket.IO run on :3000 under the same origin paths as in production.
export default defineConfig({
  plugins: [react(), ...(process.env.VITEST ? [] : [pwa])],
  server: {
    port: 5173,
    proxy: {
      "/api": { target: "http://localhost:3000", changeOrigin: true },
      "/socket.io": { target: "http://localhost:3000", ws: true, changeOrigin: true },
    },
  },
  build: { outDir: "dist", emptyOutDir: true, sourcemap: true },
  worker: { format: "es" },
});
