// Worlds: a sandbox serves one world for its whole life (its users, tokens, ids and prefixes). The
// seeds demo, large and empty are the demo world (same tokens); `other` is a second world that shares
// nothing with it but the prefix ACME, so tests with two sandboxes see a request sent to the wrong one.
import type { SeedName } from './app';

export type WorldName = 'demo' | 'other';

export const SEEDS: readonly SeedName[] = ['demo', 'large', 'empty', 'other'];

export function worldOf(seed: SeedName): WorldName {
  return seed === 'other' ? 'other' : 'demo';
}

export interface WorldToken {
  token: string;
  /** The user's label in the request log (`token_label`). */
  label: string;
  /** What the token can see, for banners and docs. */
  role: string;
}

/** The tokens a person or a test signs in with, per world (the seeds also have users without a role here). */
export const WORLD_TOKENS: Readonly<Record<WorldName, readonly WorldToken[]>> = {
  demo: [
    { token: 'demo-token-alice', label: 'alice', role: 'admin' },
    { token: 'demo-token-bob', label: 'bob', role: 'member' },
    { token: 'demo-token-carol', label: 'carol', role: 'Side Project' },
  ],
  other: [
    { token: 'other-token-frank', label: 'frank', role: 'admin' },
    { token: 'other-token-grace', label: 'grace', role: 'Acme Labs member' },
    { token: 'other-token-heidi', label: 'heidi', role: 'Nimbus' },
  ],
};
