import type { BenchContext } from '../context';
export async function workbenchFigures(_ctx: BenchContext): Promise<void> {}
