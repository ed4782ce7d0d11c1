// Placeholder until the large seed lands: the demo seed.
import type { Fixtures } from '../app';
import type { Store } from '../store';
import { buildDemo } from './demo';

export function buildLarge(nowMs: number): { store: Store; fixtures: Fixtures } {
  return buildDemo(nowMs);
}
