import { CycleError } from "./errors.js";

/**
 * The link graph in compressed sparse rows, both directions, plus a topological order. Link fields are kept
 * by the caller; the graph stores link indices so that a change of delay never rebuilds it.
 */
export interface Graph {
  readonly size: number;
  /** Incoming links of node i: inLinks[inOffsets[i] .. inOffsets[i+1]). */
  readonly inOffsets: Int32Array;
  readonly inLinks: Int32Array;
  /** Outgoing links of node i: outLinks[outOffsets[i] .. outOffsets[i+1]). */
  readonly outOffsets: Int32Array;
  readonly outLinks: Int32Array;
  /** Nodes in topological order, and each node's position in it. */
  readonly order: Int32Array;
  readonly position: Int32Array;
}

/**
 * Builds the graph of `size` nodes and the links parent[k] -> child[k]. Throws CycleError, naming the ids
 * (through `idOf`) of one cycle, when the links are not acyclic.
 */
export function buildGraph(
  size: number,
  parent: Int32Array,
  child: Int32Array,
  idOf: (index: number) => number,
): Graph {
  const m = parent.length;
  const inOffsets = new Int32Array(size + 1);
  const outOffsets = new Int32Array(size + 1);
  for (let k = 0; k < m; k++) {
    inOffsets[child[k] + 1]++;
    outOffsets[parent[k] + 1]++;
  }
  for (let i = 0; i < size; i++) {
    inOffsets[i + 1] += inOffsets[i];
    outOffsets[i + 1] += outOffsets[i];
  }
  const inLinks = new Int32Array(m);
  const outLinks = new Int32Array(m);
  const inFill = inOffsets.slice(0, size);
  const outFill = outOffsets.slice(0, size);
  for (let k = 0; k < m; k++) {
    inLinks[inFill[child[k]]++] = k;
    outLinks[outFill[parent[k]]++] = k;
  }

  // Kahn's algorithm; `order` doubles as the queue.
  const indegree = new Int32Array(size);
  for (let i = 0; i < size; i++) indegree[i] = inOffsets[i + 1] - inOffsets[i];
  const order = new Int32Array(size);
  let tail = 0;
  for (let i = 0; i < size; i++) if (indegree[i] === 0) order[tail++] = i;
  for (let head = 0; head < tail; head++) {
    const i = order[head];
    for (let e = outOffsets[i], end = outOffsets[i + 1]; e < end; e++) {
      const c = child[outLinks[e]];
      if (--indegree[c] === 0) order[tail++] = c;
    }
  }
  if (tail < size) throw new CycleError(findCycle(size, indegree, inOffsets, inLinks, parent).map(idOf));

  const position = new Int32Array(size);
  for (let p = 0; p < size; p++) position[order[p]] = p;
  return { size, inOffsets, inLinks, outOffsets, outLinks, order, position };
}

/**
 * Among the nodes Kahn could not free (indegree > 0), every one has a parent that is not free either, so
 * walking backwards along such parents must revisit a node: that loop, reversed, is a cycle in link order.
 */
function findCycle(
  size: number,
  indegree: Int32Array,
  inOffsets: Int32Array,
  inLinks: Int32Array,
  parent: Int32Array,
): number[] {
  let start = 0;
  while (start < size && indegree[start] === 0) start++;
  const seenAt = new Int32Array(size).fill(-1);
  const path: number[] = [];
  let i = start;
  while (seenAt[i] < 0) {
    seenAt[i] = path.length;
    path.push(i);
    let next = -1;
    for (let e = inOffsets[i], end = inOffsets[i + 1]; e < end; e++) {
      const p = parent[inLinks[e]];
      if (indegree[p] > 0) {
        next = p;
        break;
      }
    }
    i = next;
  }
  const cycle = path.slice(seenAt[i]).reverse();
  // Start the report at the smallest index so the same cycle always reads the same way.
  let m = 0;
  for (let k = 1; k < cycle.length; k++) if (cycle[k] < cycle[m]) m = k;
  return [...cycle.slice(m), ...cycle.slice(0, m)];
}
