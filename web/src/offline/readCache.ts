/** The service worker's cache of API reads (web/vite.config.ts names it the same). */
export const API_READS_CACHE = "jalon-api-reads";

/** Forgets the stored API reads (at sign-out: the next user of the device does not read them offline). */
export async function clearOfflineReads(): Promise<void> {
  if (typeof caches === "undefined") return;
  await caches.delete(API_READS_CACHE).catch(() => false);
}
