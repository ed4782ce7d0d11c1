import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { SerialMemento } from '../../../../src/extension/state/globalState';

/**
 * A model of VS Code's global Memento (extHostMemento.ts + mainThreadStorage.ts): all keys of an
 * extension in one value; an update changes the host's copy at once and flushes the whole value on
 * a 0 ms timer; the workbench stores it, echoes the stored value back ($acceptValue), which
 * replaces the host's copy, then replies. Messages travel only when the test delivers them, so an
 * interleaving can be replayed exactly.
 */
class WorkbenchModel {
  stored = '{}';
  private host: Record<string, unknown> = {};
  private toMain: { snapshot: string; done: (() => void)[] }[] = [];
  private toHost: ({ echo: string } | { reply: (() => void)[] })[] = [];
  private deferred: (() => void)[] = [];
  private scheduled = false;

  readonly memento = {
    keys: (): readonly string[] => Object.keys(this.host),
    get: <T>(key: string, defaultValue?: T): T | undefined => (this.host[key] as T | undefined) ?? defaultValue,
    update: (key: string, value: unknown): Promise<void> => {
      this.host[key] = value === undefined ? undefined : JSON.parse(JSON.stringify(value));
      if (!this.scheduled) {
        this.scheduled = true;
        setTimeout(() => {
          this.scheduled = false;
          this.toMain.push({ snapshot: JSON.stringify(this.host), done: this.deferred });
          this.deferred = [];
        }, 0);
      }
      return new Promise<void>((resolve) => this.deferred.push(resolve));
    },
  };

  deliverToMain(): void {
    for (const { snapshot, done } of this.toMain.splice(0)) {
      this.stored = snapshot;
      this.toHost.push({ echo: snapshot }, { reply: done });
    }
  }

  deliverToHost(): void {
    for (const message of this.toHost.splice(0)) {
      if ('echo' in message) {
        this.host = JSON.parse(message.echo) as Record<string, unknown>;
      } else {
        message.reply.forEach((resolve) => resolve());
      }
    }
  }

  /** Delivers everything every millisecond (a live connection) until stopped. */
  pump(): () => void {
    const timer = setInterval(() => {
      this.deliverToMain();
      this.deliverToHost();
    }, 1);
    return () => clearInterval(timer);
  }
}

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 2));

describe('SerialMemento: globalState writes are never lost to the workbench echo', () => {
  it('the model shows the loss on the raw memento: a write made just before the echo of the previous one arrives is gone', async () => {
    const model = new WorkbenchModel();
    void model.memento.update('savedViews', ['lastRunAt']);
    await tick(); // flushed
    model.deliverToMain(); // stored; the echo is on its way back
    void model.memento.update('renamed', 'Eng all');
    model.deliverToHost(); // the echo replaces the host's copy before the second flush
    await tick();
    model.deliverToMain();
    model.deliverToHost();
    assert.equal(model.memento.get('renamed'), undefined);
    assert.equal(JSON.parse(model.stored).renamed, undefined);
  });

  it('the same interleaving through SerialMemento keeps both writes, in memory and stored', async () => {
    const model = new WorkbenchModel();
    const state = new SerialMemento(model.memento);
    const first = state.update('savedViews', ['lastRunAt']);
    await tick();
    model.deliverToMain();
    const second = state.update('renamed', 'Eng all');
    assert.equal(state.get('renamed'), 'Eng all', 'a queued write is read back at once');
    model.deliverToHost();
    assert.equal(state.get('renamed'), 'Eng all');
    const stop = model.pump();
    await Promise.all([first, second]);
    stop();
    assert.deepEqual(state.get('savedViews'), ['lastRunAt']);
    assert.equal(state.get('renamed'), 'Eng all');
    assert.deepEqual(JSON.parse(model.stored), { savedViews: ['lastRunAt'], renamed: 'Eng all' });
  });

  it('200 writes to 7 keys with random delivery: each key ends with its last value, read back at every step', async () => {
    const model = new WorkbenchModel();
    const state = new SerialMemento(model.memento);
    const last = new Map<string, unknown>();
    const writes: Promise<void>[] = [];
    let seed = 7;
    const random = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 200; i++) {
      const key = `k${Math.floor(random() * 7)}`;
      const value = random() < 0.1 ? undefined : { i, list: [i, key] };
      writes.push(state.update(key, value));
      last.set(key, value);
      assert.deepEqual(state.get(key), value);
      if (random() < 0.3) model.deliverToMain();
      if (random() < 0.3) model.deliverToHost();
      if (random() < 0.2) await tick();
    }
    const stop = model.pump();
    await Promise.all(writes);
    stop();
    const stored = JSON.parse(model.stored) as Record<string, unknown>;
    for (const [key, value] of last) {
      assert.deepEqual(state.get(key), value, key);
      assert.deepEqual(stored[key], value, `${key} stored`);
    }
    assert.deepEqual(
      [...state.keys()].sort(),
      [...last]
        .filter(([, v]) => v !== undefined)
        .map(([k]) => k)
        .sort(),
    );
  });

  it('keeps a copy: changing the object after update changes nothing; the default applies to a queued undefined', async () => {
    const model = new WorkbenchModel();
    const state = new SerialMemento(model.memento);
    const value = { names: ['a'] };
    const written = state.update('v', value);
    value.names.push('b');
    assert.deepEqual(state.get('v'), { names: ['a'] });
    const cleared = state.update('v', undefined);
    assert.equal(state.get('v', 'default'), 'default');
    const stop = model.pump();
    await Promise.all([written, cleared, state.flushed()]);
    stop();
    assert.equal(state.get('v', 'default'), 'default');
  });

  it('a failed write rejects its caller, and the writes after it still go through', async () => {
    let fail = true;
    const values = new Map<string, unknown>();
    const inner = {
      keys: () => [...values.keys()],
      get: <T>(key: string) => values.get(key) as T | undefined,
      update: async (key: string, value: unknown) => {
        if (fail) {
          fail = false;
          throw new Error('disk full');
        }
        values.set(key, value);
      },
    };
    const state = new SerialMemento(inner);
    const first = state.update('a', 1);
    const second = state.update('b', 2);
    await assert.rejects(first, /disk full/);
    await second;
    assert.equal(state.get('a'), undefined);
    assert.equal(state.get('b'), 2);
  });

  it('only lazy/core.ts (which builds the services) touches the raw context.globalState; features use services.globalState', () => {
    const root = join(__dirname, '..', '..', '..', '..', 'src');
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((entry) => {
        const full = join(dir, entry);
        return statSync(full).isDirectory() ? files(full) : entry.endsWith('.ts') ? [full] : [];
      });
    const offenders = files(root)
      .filter((file) => !file.endsWith(join('extension', 'lazy', 'core.ts')))
      .filter((file) =>
        /\bcontext\.globalState\b/.test(
          readFileSync(file, 'utf8')
            .replace(/^\s*(\/\/|\/?\*).*$/gm, '')
            // The entry declares the Settings Sync keys (start/sync.ts): no read, no write.
            .replace('declareSyncedKeys(context.globalState)', '')
            // The Accounts menu's stand-in reads whether an account is listed, before core loads
            // (start/accounts.ts): a read, never a write.
            .replace('new Stubs(load, commandOwners, context.secrets, context.globalState)', ''),
        ),
      )
      .map((file) => relative(root, file));
    assert.deepEqual(offenders, []);
  });
});
