// Types of scripts/bundles.mjs for the TypeScript callers (test/unit/repo/bundleSize.test.ts).
import type { BuildOptions, Metafile } from 'esbuild';

export declare const ENTRY_BUDGET_BYTES: number;
export declare const LAZY_BUDGET_BYTES: number;
export declare function extensionBuild(options?: { production?: boolean; root?: string }): BuildOptions;
export declare function lazyBuild(options?: { production?: boolean; root?: string }): BuildOptions;
export declare function allBuilds(options?: { production?: boolean; tests?: boolean }): BuildOptions[];
export declare function contributorOf(input: string): string;
export declare function contributors(output: Metafile['outputs'][string]): Array<[string, number]>;
export declare const DATA_CHUNK_BUDGETS: Readonly<Record<string, number>>;
export declare function dataChunkOf(output: Metafile['outputs'][string]): string | undefined;
