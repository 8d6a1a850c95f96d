import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gzip as gzipCb } from "node:zlib";
import type { Knex } from "knex";
import { AppError, isManagerRole } from "@jalon/shared";
import { encodeCompact } from "@jalon/shared/planning";
import type { AuthUser } from "../context.js";
import { planningData, planningDataJson, planningSliceJson, type PlanningDataQuery } from "./planningData.js";

const gzip = promisify(gzipCb);

/** A serialised GET /planning/data answer, ready to send as is. */
export interface PlanningAnswer {
  readonly body: Buffer;
  /** Strong validator of `body` (a hash of its bytes), quoted. */
  readonly etag: string;
  /** The same bytes gzip'd, made on the first request that accepts gzip. */
  gzipped: Buffer | null;
  /**
   * The same answer in compact form (shared/src/planning/compact.ts), made from these bytes on the first request
   * that asks for it (Accept), with its own validator and gzip'd bytes; absent on a compact answer itself.
   */
  compact?: PlanningAnswer | null;
}

interface Entry {
  answer: PlanningAnswer;
  versionId: number;
  /** write_counter + content_revision of the version: both only grow, so a greater sum is a later state. */
  level: number;
}

/**
 * The answer depends only on the version (and the compared versions) at their revisions and on the query: not
 * on who asks. Authorization therefore stays per request, before the cache is consulted; the cache never
 * decides who may read. A version's revisions are read before its data, so a concurrent commit can only leave
 * newer data under an older stamp, which no later request asks for (its stamp is newer).
 * Each server process keeps its own cache: a write through another process moves the stamps, which are read
 * from the database on every request, so no process serves an answer older than the last commit
 * (server/test/scaleOut).
 */
const entries = new Map<string, Entry>();
/** The latest level stored per version: a later one drops the entries of earlier states at once. */
const levelOf = new Map<number, number>();
const inflight = new Map<string, Promise<PlanningAnswer>>();
let bytes = 0;
let maxBytes = 64 * 1024 * 1024;

interface VersionStampRow {
  id: number;
  project_id: number;
  name: string;
  write_counter: number | string;
  content_revision: number | string;
}

/** Sorted, deduplicated: the id filters are sets, two orders give the same answer. */
function ids(list: readonly number[] | undefined): number[] | undefined {
  return list?.length ? [...new Set(list)].sort((a, b) => a - b) : undefined;
}

function queryKey(q: PlanningDataQuery): string {
  return JSON.stringify([
    q.projectId,
    q.versionId,
    q.startDate ?? null,
    q.endDate ?? null,
    q.fromDate ?? null,
    q.toDate ?? null,
    ids(q.zoneIds),
    ids(q.participantGroupProIds),
    ids(q.participantIds),
    ids(q.tagIds),
    ids(q.macroTaskIds),
    ids(q.sequenceIds),
    ids(q.specialityIds),
    ids(q.familyIds),
    q.eventNames?.length ? [...new Set(q.eventNames)].sort() : undefined,
    // Order kept: the comparisons come back in the order asked.
    q.compareVersionIds ?? [],
    q.eventsOnly === true,
  ]);
}

interface AccessRow extends Partial<VersionStampRow> {
  is_archived: boolean;
  member: boolean;
}

/**
 * Whether `reader` may read the project, as readableProject decides it (same codes, same order), and the
 * asked versions' rows, in one query: the per-request cost of a cached answer is this round trip.
 */
async function readableVersions(
  db: Knex,
  reader: AuthUser,
  q: PlanningDataQuery,
  wanted: number[],
): Promise<VersionStampRow[]> {
  const res = await db.raw<{ rows: AccessRow[] }>(
    `select p.is_archived, exists (select 1 from project_users pu where pu.project_id = p.id and pu.user_id = ?) as member,
            v.id, v.project_id, v.name, v.write_counter, v.content_revision
       from projects p left join versions v on v.id in (${wanted.map(() => "?").join(", ")})
      where p.id = ?`,
    [reader.id, ...wanted, q.projectId],
  );
  const first = res.rows[0];
  if (!first) throw new AppError("errors.project_not_found");
  if (reader.type !== "admin" && !first.member) throw new AppError("errors.forbidden");
  if (first.is_archived && !isManagerRole(reader.type)) throw new AppError("errors.project_archived");
  return res.rows.filter((r): r is AccessRow & VersionStampRow => r.id !== null && r.id !== undefined);
}

/**
 * The versions the answer reads, checked as planningData checks them (same codes), and their stamp: write
 * counter (graph), content revision (display rows, triggers of migration 006) and, for compared versions,
 * the name the answer carries. With a reader, their right to read the project is checked in the same query.
 */
async function versionStamp(
  db: Knex,
  q: PlanningDataQuery,
  reader: AuthUser | null,
): Promise<{ stamp: string; level: number }> {
  const wanted = [q.versionId, ...(q.compareVersionIds ?? [])];
  const read = reader
    ? readableVersions(db, reader, q, wanted)
    : (db("versions")
        .whereIn("id", wanted)
        .select("id", "project_id", "name", "write_counter", "content_revision") as Promise<VersionStampRow[]>);
  const rows = await read;
  if (wanted.length > 5) throw new AppError("errors.compare_max_versions");
  const byId = new Map(rows.map((r) => [r.id, r]));
  const main = byId.get(q.versionId);
  if (!main) throw new AppError("errors.version_not_found");
  if (main.project_id !== q.projectId) throw new AppError("errors.version_not_in_project");
  const stamp = JSON.stringify(
    wanted.map((id, i) => {
      const v = byId.get(id);
      if (!v || v.project_id !== q.projectId)
        throw new AppError("errors.version_not_found", { details: { versionId: id } });
      return i === 0
        ? [id, Number(v.write_counter), Number(v.content_revision)]
        : [id, Number(v.write_counter), Number(v.content_revision), v.name];
    }),
  );
  return { stamp, level: Number(main.write_counter) + Number(main.content_revision) };
}

function store(key: string, entry: Entry): void {
  const size = entry.answer.body.length;
  const latest = levelOf.get(entry.versionId) ?? -1;
  // Built from a state a commit has already replaced: no later request will ask for it.
  if (size > maxBytes / 4 || entry.level < latest) return;
  if (entry.level > latest) {
    for (const [k, e] of entries) if (e.versionId === entry.versionId) drop(k, e);
    levelOf.set(entry.versionId, entry.level);
  }
  const old = entries.get(key);
  if (old) drop(key, old);
  entries.set(key, entry);
  bytes += size;
  evict();
}

function answerBytes(a: PlanningAnswer): number {
  return a.body.length + (a.gzipped?.length ?? 0);
}

function sizeOf(e: Entry): number {
  return answerBytes(e.answer) + (e.answer.compact ? answerBytes(e.answer.compact) : 0);
}

function drop(key: string, e: Entry): void {
  entries.delete(key);
  bytes -= sizeOf(e);
}

function evict(): void {
  while (bytes > maxBytes && entries.size > 0) {
    const [k, e] = entries.entries().next().value as [string, Entry];
    drop(k, e);
  }
}

/**
 * GET /planning/data as bytes: from memory when the versions' revisions and the query match a stored answer,
 * else built once (concurrent requests for the same key share the build) and kept, LRU by bytes.
 * `reader`: the user asking, whose right to read the project is checked first, on every request (null for
 * the public link, whose caller has checked the token).
 */
export async function planningAnswer(db: Knex, q: PlanningDataQuery, reader: AuthUser | null): Promise<PlanningAnswer> {
  const { stamp, level } = await versionStamp(db, q, reader);
  const key = `${stamp}|${queryKey(q)}`;
  const hit = entries.get(key);
  if (hit) {
    entries.delete(key);
    entries.set(key, hit);
    return hit.answer;
  }
  const pending = inflight.get(key);
  if (pending) return pending;
  const build = (async () => {
    const body = Buffer.from(
      q.eventsOnly ? await planningSliceJson(db, q) : planningDataJson(await planningData(db, q)),
    );
    const answer: PlanningAnswer = {
      body,
      etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
      gzipped: null,
    };
    store(key, { answer, versionId: q.versionId, level });
    return answer;
  })();
  inflight.set(key, build);
  try {
    return await build;
  } finally {
    inflight.delete(key);
  }
}

/** The public answers with their project's name, per stored answer (so its gzip'd bytes are made once too). */
const named = new WeakMap<PlanningAnswer, { name: string; answer: PlanningAnswer }>();

/**
 * A stored answer with `projectName` first among its fields (GET /planning/public/{token}). The stored answer
 * stays shared with the signed-in planning, whose cache key knows nothing of the name (a rename does not bump the
 * version's counters): the name is read per request and put in front of the stored bytes.
 */
export function namedAnswer(answer: PlanningAnswer, name: string): PlanningAnswer {
  const kept = named.get(answer);
  if (kept?.name === name) return kept.answer;
  const body = Buffer.concat([Buffer.from(`{"projectName":${JSON.stringify(name)},`), answer.body.subarray(1)]);
  const result: PlanningAnswer = {
    body,
    etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
    gzipped: null,
  };
  named.set(answer, { name, answer: result });
  return result;
}

/** Counts bytes added to a stored answer (or to its compact form) against the cache's bound. */
function grew(answer: PlanningAnswer, added: number): void {
  for (const e of entries.values()) {
    if (e.answer === answer || e.answer.compact === answer) {
      bytes += added;
      evict();
      break;
    }
  }
}

/** The gzip'd bytes of an answer, compressed once (off the event loop) and kept with it. */
export async function gzippedAnswer(answer: PlanningAnswer): Promise<Buffer> {
  if (answer.gzipped) return answer.gzipped;
  const zipped = await gzip(answer.body);
  if (answer.gzipped === null) {
    answer.gzipped = zipped;
    grew(answer, zipped.length);
  }
  return zipped;
}

/**
 * The compact form of an answer (Accept: PLANNING_COMPACT_TYPE), encoded once from its JSON bytes by the shared
 * encoder, so that it decodes to exactly the JSON answer, and kept with it (its gzip'd bytes too).
 */
export function compactAnswer(answer: PlanningAnswer): PlanningAnswer {
  if (answer.compact) return answer.compact;
  const body = Buffer.from(encodeCompact(JSON.parse(answer.body.toString("utf8")) as object));
  const compact: PlanningAnswer = {
    body,
    etag: `"${createHash("sha1").update(body).digest("base64url")}-c"`,
    gzipped: null,
  };
  answer.compact = compact;
  grew(answer, body.length);
  return compact;
}

/** For tests and the bench: what the cache holds, and its bound. */
export function planningCacheStats(): { entries: number; bytes: number; maxBytes: number } {
  return { entries: entries.size, bytes, maxBytes };
}

export function setPlanningCacheMaxBytes(n: number): void {
  maxBytes = n;
  evict();
}

export function clearPlanningCache(): void {
  entries.clear();
  levelOf.clear();
  bytes = 0;
}
