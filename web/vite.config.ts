import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// Dev server: the Koa API and Socket.IO run on :3000 under the same origin paths as in production.
export default defineConfig({
  plugins: [react()],
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
