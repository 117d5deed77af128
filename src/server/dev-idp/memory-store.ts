import type { Adapter, AdapterPayload } from 'oidc-provider';

interface Entry {
  payload: AdapterPayload;
  expiresAt: number;
}

/**
 * oidc-provider storage kept in this process, one store per demo IdP (restarting the server
 * signs everyone out of it, which is fine for a development IdP). oidc-provider's own memory
 * adapter is shared by every instance in the process and warns on each start.
 */
export function createMemoryStore(now: () => number = Date.now) {
  const entries = new Map<string, Entry>();
  const grants = new Map<string, Set<string>>();
  const sessionsByUid = new Map<string, string>();
  const byUserCode = new Map<string, string>();
  let writes = 0;

  /** Drops expired entries now and then, so a long-running dev server does not grow forever. */
  const sweep = () => {
    writes += 1;
    if (writes % 200 !== 0) return;
    const time = now();
    for (const [key, entry] of entries) if (entry.expiresAt <= time) entries.delete(key);
    for (const [grantId, keys] of grants) {
      for (const key of keys) if (!entries.has(key)) keys.delete(key);
      if (keys.size === 0) grants.delete(grantId);
    }
  };

  const get = (key: string): AdapterPayload | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry.payload;
  };

  return class MemoryStore implements Adapter {
    constructor(private readonly model: string) {}

    private key(id: string): string {
      return `${this.model}:${id}`;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      sweep();
      const key = this.key(id);
      entries.set(key, { payload, expiresAt: now() + expiresIn * 1000 });
      if (this.model === 'Session' && payload.uid) sessionsByUid.set(payload.uid, id);
      if (payload.userCode) byUserCode.set(payload.userCode, id);
      if (payload.grantId) {
        const keys = grants.get(payload.grantId) ?? new Set<string>();
        keys.add(key);
        grants.set(payload.grantId, keys);
      }
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      return get(this.key(id));
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      const id = sessionsByUid.get(uid);
      return id === undefined ? undefined : get(this.key(id));
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      const id = byUserCode.get(userCode);
      return id === undefined ? undefined : get(this.key(id));
    }

    async consume(id: string): Promise<void> {
      const payload = get(this.key(id));
      if (payload) payload.consumed = Math.floor(now() / 1000);
    }

    async destroy(id: string): Promise<void> {
      entries.delete(this.key(id));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      for (const key of grants.get(grantId) ?? []) entries.delete(key);
      grants.delete(grantId);
    }
  };
}
