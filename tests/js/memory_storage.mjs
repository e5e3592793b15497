// localStorage in Node, as the browsers keep it: strings, under a quota (characters of keys and
// values) shared with whatever else the origin stores; Object.keys lists the stored keys.

class MemoryStorage {
  #items = new Map();
  constructor(quota = Infinity) { this.quota = quota; }
  get used() {
    let size = 0;
    for (const [key, value] of this.#items) size += key.length + value.length;
    return size;
  }
  getItem(key) { return this.#items.has(key) ? this.#items.get(key) : null; }
  setItem(key, value) {
    const before = this.#items.get(key);
    this.#items.set(key, String(value));
    if (this.used > this.quota) {
      if (before === undefined) this.#items.delete(key);
      else this.#items.set(key, before);
      throw new DOMException("quota", "QuotaExceededError");
    }
  }
  removeItem(key) { this.#items.delete(key); }
  clear() { this.#items.clear(); }
  get length() { return this.#items.size; }
  key(index) { return [...this.#items.keys()][index] ?? null; }
  dump() { return Object.fromEntries(this.#items); }
}

/** A new, empty localStorage of `quota` characters. */
export function memoryStorage(quota = Infinity) {
  return new Proxy(new MemoryStorage(quota), {
    ownKeys: (target) => Object.keys(target.dump()),
    getOwnPropertyDescriptor: (target, key) => (key in target.dump() ? { value: target.getItem(key), enumerable: true, configurable: true } : undefined),
    get: (target, key) => (typeof target[key] === "function" ? target[key].bind(target) : target[key]),
    set: (target, key, value) => { target[key] = value; return true; },
  });
}
