/** A small structured logger; LOG_LEVEL=silent in tests, info by default. */
type Level = "debug" | "info" | "warn" | "error";
const ORDER: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug: (msg: string, data?: Record<string, unknown>) => void;
  info: (msg: string, data?: Record<string, unknown>) => void;
  warn: (msg: string, data?: Record<string, unknown>) => void;
  error: (msg: string, data?: Record<string, unknown>) => void;
}

export function createLogger(
  level: string = process.env.LOG_LEVEL ?? (process.env.VITEST ? "silent" : "info"),
): Logger {
  const min = ORDER[(level as Level) in ORDER ? (level as Level) : "info"];
  const write = (l: Level) => (msg: string, data?: Record<string, unknown>) => {
    if (ORDER[l] < min) return;
    const line = data && Object.keys(data).length > 0 ? `${msg} ${JSON.stringify(data)}` : msg;
    (l === "error" || l === "warn" ? console.error : console.log)(
      `[${new Date().toISOString()}] ${l.toUpperCase()} ${line}`,
    );
  };
  return { debug: write("debug"), info: write("info"), warn: write("warn"), error: write("error") };
}
