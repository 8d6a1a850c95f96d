// i18next with French resources only. The bundle is loaded lazily by a tiny backend so the app shows
// 'Loading translations...' while it arrives (spec 000 section 2).
import i18n, { type BackendModule } from "i18next";
import { initReactI18next } from "react-i18next";

const lazyFrench: BackendModule = {
  type: "backend",
  init() {},
  read(_language, _namespace, callback) {
    import("./fr/index")
      .then((m) => callback(null, m.fr))
      .catch((e: unknown) => callback(e instanceof Error ? e : new Error(String(e)), false));
  },
};

let started: Promise<unknown> | null = null;

/** Starts i18next; `resources` (tests) skips the lazy loading. */
export function initI18n(resources?: Record<string, unknown>): Promise<unknown> {
  if (!started) {
    const instance = resources ? i18n.use(initReactI18next) : i18n.use(lazyFrench).use(initReactI18next);
    started = instance.init({
      ...(resources ? { resources: { fr: { translation: resources } }, initAsync: false } : {}),
      lng: "fr",
      fallbackLng: "fr",
      supportedLngs: ["fr"],
      ns: ["translation"],
      defaultNS: "translation",
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      returnNull: false,
    });
  }
  return started;
}

export { i18n };
export const t = (key: string, options?: Record<string, unknown>): string => i18n.t(key, options);
