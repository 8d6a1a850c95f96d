import { EngineError, CycleError } from "@jalon/engine";
import { AppError } from "@jalon/shared";

/** Engine errors as catalogue errors: a bad write is a 4xx with its code, never a 500. */
export function fromEngineError(e: unknown): unknown {
  if (!(e instanceof EngineError)) return e;
  switch (e.code) {
    case "cycle":
      return new AppError("errors.cycle", { details: { ids: (e as CycleError).ids } });
    case "invalid_date":
      return new AppError("errors.invalid_date");
    case "unknown_event":
      return new AppError("errors.event_not_found", { details: { message: e.message } });
    case "missing_start":
      return new AppError("errors.startDate_invalid", { details: { message: e.message } });
    default:
      return new AppError("errors.validation", { message: e.message });
  }
}

/** Runs engine code, rethrowing its typed errors as catalogue errors. */
export function engine<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    throw fromEngineError(e);
  }
}
