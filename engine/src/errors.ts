/**
 * Typed engine errors. Callers switch on `code`; the server maps codes to the error catalogue and the web
 * shows `message` (French where the spec quotes a text, such as 'Date invalide').
 */
export type EngineErrorCode =
  | "cycle"
  | "unknown_event"
  | "duplicate_event"
  | "invalid_duration"
  | "invalid_date"
  | "missing_start"
  | "invalid_link"
  | "invalid_document";

export class EngineError extends Error {
  readonly code: EngineErrorCode;
  constructor(code: EngineErrorCode, message: string) {
    super(message);
    this.name = "EngineError";
    this.code = code;
  }
}

/** A cycle in the links; `ids` lists the events on it, in link order, the first one not repeated. */
export class CycleError extends EngineError {
  readonly ids: readonly number[];
  constructor(ids: readonly number[]) {
    super("cycle", `Les liens forment une boucle entre les tâches ${ids.join(" → ")} → ${ids[0]}`);
    this.ids = ids;
  }
}

export class UnknownEventError extends EngineError {
  readonly id: number;
  constructor(id: number, role: string) {
    super("unknown_event", `Événement inconnu ${id} (${role})`);
    this.id = id;
  }
}

export class DuplicateEventError extends EngineError {
  readonly id: number;
  constructor(id: number) {
    super("duplicate_event", `Identifiant d'événement en double : ${id}`);
    this.id = id;
  }
}

export class InvalidDurationError extends EngineError {
  readonly id: number;
  readonly value: unknown;
  constructor(id: number, value: unknown) {
    super(
      "invalid_duration",
      `Durée invalide pour l'événement ${id} : ${String(value)} (un nombre entier de jours ouvrés >= 1 est attendu)`,
    );
    this.id = id;
    this.value = value;
  }
}

/** 'Date invalide' is the client's text for a date that cannot be parsed or is not a working day. */
export class InvalidDateError extends EngineError {
  readonly value: unknown;
  readonly reason: "unparsable" | "non_working_day";
  readonly id: number | null;
  constructor(value: unknown, reason: "unparsable" | "non_working_day" = "unparsable", id: number | null = null) {
    super("invalid_date", "Date invalide");
    this.value = value;
    this.reason = reason;
    this.id = id;
  }
}

export class MissingStartError extends EngineError {
  readonly id: number;
  constructor(id: number) {
    super("missing_start", `L'événement ${id} n'a ni date de début ni prédécesseur`);
    this.id = id;
  }
}

export class InvalidLinkError extends EngineError {
  constructor(message: string) {
    super("invalid_link", message);
  }
}

export class InvalidDocumentError extends EngineError {
  constructor(message: string) {
    super("invalid_document", message);
  }
}
