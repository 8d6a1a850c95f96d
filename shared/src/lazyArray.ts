/**
 * An array whose elements are made on their first read, then kept: `rows[i]` is the same object every time. The
 * planning's 100k-event first paint reads about 40 of its 110k rows; making them all (and the garbage collector
 * copying them) was a fifth of its main-thread work (bench/web).
 *
 * It behaves as a read-only array for every reader: an index reads (and makes) one element, `length` is known, and
 * whatever walks the whole array (iteration, map, slice, spread, Object.keys, a test's deep equality) makes every
 * element once. Writes are refused (the rows and events of a model are never written).
 */
export function lazyArray<T>(length: number, make: (i: number) => T): T[] {
  const made = new Array<T>(length);
  let all = false;
  const makeAll = () => {
    if (all) return;
    for (let i = 0; i < length; i++) if (!(i in made)) made[i] = make(i);
    all = true;
  };
  const indexOf = (prop: string | symbol): number => {
    if (typeof prop !== "string") return -1;
    const c = prop.charCodeAt(0);
    if (c < 48 || c > 57) return -1;
    const i = Number(prop);
    return Number.isInteger(i) && i < length && String(i) === prop ? i : -1;
  };
  return new Proxy(made, {
    get(target, prop, receiver) {
      const i = indexOf(prop);
      if (i < 0) return Reflect.get(target, prop, receiver) as unknown;
      let v = target[i];
      if (v === undefined && !(i in target)) v = target[i] = make(i);
      return v;
    },
    has(target, prop) {
      return indexOf(prop) >= 0 || Reflect.has(target, prop);
    },
    ownKeys(target) {
      makeAll();
      return Reflect.ownKeys(target);
    },
    getOwnPropertyDescriptor(target, prop) {
      if (indexOf(prop) >= 0) makeAll();
      return Reflect.getOwnPropertyDescriptor(target, prop);
    },
    set() {
      return false;
    },
    deleteProperty() {
      return false;
    },
    defineProperty() {
      return false;
    },
  });
}
