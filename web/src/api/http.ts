// The one place that talks HTTP. Screens call the typed client in ./client.ts, never fetch.
import type { RequestOf, RequestSchema } from "@jalon/shared";
import { SUMMARY_HEADER, type WriteSummary } from "@jalon/shared/realtime";
import { nextRequestId, REQUEST_ID_HEADER } from "../realtime/requestId";

export class ApiError extends Error {
  readonly status: number;
  /** Catalogue code without the "errors." prefix (invalid_credentials, conflict, no_project...). */
  readonly code: string;
  /** The server's details (the ids on a refused cycle, the ids blocking a deletion...). */
  readonly details: unknown;
  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message || code);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export type Query = Record<string, string | number | boolean | readonly (string | number)[] | undefined | null>;

interface HttpConfig {
  getToken: () => string | null;
  /** Called when an authenticated request is answered 401. */
  onUnauthorized: () => void;
  /** Told what the header shows after a planning write of this client committed (the answer's SUMMARY_HEADER). */
  onSummary: (summary: WriteSummary) => void;
  baseUrl: string;
}

const config: HttpConfig = { getToken: () => null, onUnauthorized: () => {}, onSummary: () => {}, baseUrl: "/api" };

/** Each write names itself, so that this tab recognises the live events it causes (realtime/requestId.ts). */
function nameWrite(method: string, headers: Record<string, string>): void {
  if (method.toUpperCase() !== "GET") headers[REQUEST_ID_HEADER] = nextRequestId();
}

function readSummary(res: Response): void {
  const raw = res.headers?.get?.(SUMMARY_HEADER);
  if (!raw) return;
  try {
    const summary = JSON.parse(raw) as WriteSummary;
    if (typeof summary?.versionId === "number") config.onSummary(summary);
  } catch {
    /* a malformed header changes nothing */
  }
}

export function configureHttp(patch: Partial<HttpConfig>): void {
  Object.assign(config, patch);
}

export function buildQuery(query: Query | undefined): string {
  if (!query) return "";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : "";
}

/** Normalises a server code: "errors.no_project" and "no_project" both give "no_project". */
export function normaliseCode(code: unknown): string {
  if (typeof code !== "string" || !code) return "default";
  return code.startsWith("errors.") ? code.slice("errors.".length) : code;
}

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** Do not treat a 401 as the end of the session (the login call itself). */
  anonymous?: boolean;
  signal?: AbortSignal;
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const { res, token } = await fetchAnswer(method, path, options, "application/json");
  return readJson<T>(res, token);
}

/**
 * A GET that prefers a binary media type (content negotiation): an answer of `type` comes back as its bytes, not
 * decoded here (GET /planning/data's compact form, decoded in the engine worker); any other answer (a server that
 * answers JSON) as `request` returns it. Errors are `request`'s.
 */
export async function requestPreferring<T>(
  type: string,
  path: string,
  options: Omit<RequestOptions, "body"> = {},
): Promise<{ bytes: ArrayBuffer } | { json: T }> {
  const { res, token } = await fetchAnswer("GET", path, options, `${type}, application/json;q=0.5`);
  const contentType = res.headers?.get?.("Content-Type") ?? "";
  if (res.ok && contentType.split(";")[0].trim() === type) return { bytes: await readBytes(res) };
  return { json: await readJson<T>(res, token) };
}

/**
 * The answer's bytes, read from its stream and put together once at its end: Chromium's arrayBuffer() took 40 ms more
 * for the 9.5 MB of the 100k plan's compact answer, on the main thread (bench/web: 105-135 ms against 65-85 ms on an
 * idle page); a buffer grown by doubling copied them twice more. A stream cut short is a network error, as a failed
 * request is.
 */
async function readBytes(res: Response): Promise<ArrayBuffer> {
  const reader = res.body?.getReader?.();
  if (!reader) return res.arrayBuffer();
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      length += value.length;
    }
  } catch (e) {
    if (e instanceof DOMException && e.name === "AbortError") throw e;
    throw new ApiError(0, "network", e instanceof Error ? e.message : String(e));
  }
  const only = chunks.length === 1 ? chunks[0] : null;
  if (only && only.byteOffset === 0 && only.byteLength === only.buffer.byteLength) return only.buffer as ArrayBuffer;
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.length;
  }
  return bytes.buffer;
}

async function fetchAnswer(
  method: string,
  path: string,
  options: RequestOptions,
  accept: string,
): Promise<{ res: Response; token: string | null }> {
  const headers: Record<string, string> = { Accept: accept };
  const token = options.anonymous ? null : config.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  nameWrite(method, headers);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  let res: Response;
  try {
    res = await fetch(`${config.baseUrl}${path}${buildQuery(options.query)}`, {
      method,
      headers,
      body,
      signal: options.signal,
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === "AbortError") throw e;
    throw new ApiError(0, "network", e instanceof Error ? e.message : String(e));
  }
  return { res, token };
}

async function readJson<T>(res: Response, token: string | null): Promise<T> {
  const text = await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!res.ok) {
    if (res.status === 401 && token) config.onUnauthorized();
    const obj = (data && typeof data === "object" ? data : {}) as {
      code?: unknown;
      message?: unknown;
      details?: unknown;
    };
    const code = normaliseCode(
      obj.code ?? (typeof obj.message === "string" && /^[a-z_.]+$/.test(obj.message) ? obj.message : undefined),
    );
    throw new ApiError(res.status, code, typeof obj.message === "string" ? obj.message : res.statusText, obj.details);
  }
  readSummary(res);
  return data as T;
}

/**
 * A write whose body is the contract's: `S` is the request schema the server validates with (shared/src/contract/),
 * `T` its answer, so a field the server refuses is a type error here. `send<typeof undoBody, UndoApplied>(...)`.
 */
export function send<S extends RequestSchema, T>(
  method: string,
  path: string,
  body: RequestOf<S>,
  options: Omit<RequestOptions, "body"> = {},
): Promise<T> {
  return request<T>(method, path, { ...options, body });
}

/** The multipart body of a version's file import: projectId, versionId, the file and (unless told not) its name. */
export function versionFileForm(projectId: number, versionId: number, file: File, withFileName = true): FormData {
  const form = new FormData();
  form.set("projectId", String(projectId));
  form.set("versionId", String(versionId));
  if (withFileName) form.set("fileName", file.name);
  form.set("file", file, file.name);
  return form;
}

/** A file answer (PDF, xlsx): the body as a Blob and the server's file name; errors as request() gives them. */
export async function requestFile(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<{ blob: Blob; fileName: string | null; headers: Headers }> {
  const headers: Record<string, string> = {};
  const token = config.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  nameWrite(method, headers);
  let res: Response;
  try {
    res = await fetch(`${config.baseUrl}${path}${buildQuery(options.query)}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === "AbortError") throw e;
    throw new ApiError(0, "network", e instanceof Error ? e.message : String(e));
  }
  if (!res.ok) {
    if (res.status === 401 && token) config.onUnauthorized();
    const obj = (await res.json().catch(() => ({}))) as { code?: unknown; message?: unknown; details?: unknown };
    throw new ApiError(
      res.status,
      normaliseCode(obj.code),
      typeof obj.message === "string" ? obj.message : res.statusText,
      obj.details,
    );
  }
  const disposition = res.headers.get("Content-Disposition") ?? "";
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  const plain = /filename="([^"]+)"/i.exec(disposition);
  return {
    blob: await res.blob(),
    fileName: star ? decodeURIComponent(star[1]) : plain ? plain[1] : null,
    headers: res.headers,
  };
}
