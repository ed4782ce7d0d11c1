import { spawn } from 'node:child_process';
import {
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { codeServerEntry, hostNode, smokeTestDriverArgs } from './paths';
import { freePort, stopTree, waitFor } from './processes';

export interface CodeServerOptions {
  /** Folder for this run: home, user data, extensions, logs. */
  runDir: string;
  /** User settings written before start. */
  settings?: Record<string, unknown>;
  /** Folder opened in the workbench. */
  workspace: string;
  /** Needed for the `payload` URL parameter (extension development + tests paths). */
  smokeTestDriver?: boolean;
  /** A .vsix installed into the fresh extensions folder before start. */
  vsix?: string;
  env?: Record<string, string>;
  /** Fixed port; a free one when omitted. */
  port?: number;
}

export interface CodeServer {
  readonly url: string;
  readonly port: number;
  readonly userDataDir: string;
  readonly extensionsDir: string;
  /** Date.now() just before the server process was spawned (after any extension install): host start for benchmarks. */
  readonly startedAt: number;
  stop(): Promise<void>;
}

const baseSettings = {
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'workbench.enableExperiments': false,
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'chat.disableAIFeatures': true,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'security.workspace.trust.enabled': false,
  'window.commandCenter': false,
  'git.openRepositoryInParentFolders': 'never',
  'workbench.layoutControl.enabled': false,
};

/** Starts code-server (a real VS Code server with a Node extension host) isolated under runDir, on 127.0.0.1. */
export async function startCodeServer(options: CodeServerOptions): Promise<CodeServer> {
  if (!existsSync(codeServerEntry)) {
    throw new Error(`code-server is not installed at ${codeServerEntry}; run scripts/host/setup.sh`);
  }
  const dirs = {
    home: join(options.runDir, 'home'),
    userData: join(options.runDir, 'user-data'),
    extensions: join(options.runDir, 'extensions'),
    tmp: join(options.runDir, 'tmp'),
  };
  for (const dir of Object.values(dirs)) {
    mkdirSync(dir, { recursive: true });
  }
  mkdirSync(join(dirs.userData, 'User'), { recursive: true });
  mkdirSync(options.workspace, { recursive: true });
  writeFileSync(
    join(dirs.userData, 'User', 'settings.json'),
    JSON.stringify({ ...baseSettings, ...options.settings }, null, 2),
  );

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: dirs.home,
    XDG_CONFIG_HOME: join(dirs.home, '.config'),
    XDG_DATA_HOME: join(dirs.home, '.local', 'share'),
    XDG_CACHE_HOME: join(dirs.home, '.cache'),
    TMPDIR: dirs.tmp,
    EXTENSIONS_GALLERY: '{}',
    // Git never looks above the run's folder: the runs live inside this repository's checkout, and
    // a test's Git work (Start Work makes branches) must never reach it. VS Code 1.105's Git
    // extension did open the enclosing checkout, and Start Work then branched the real repository.
    GIT_CEILING_DIRECTORIES: resolve(options.runDir),
    ...options.env,
  };
  const common = [
    '--config',
    join(options.runDir, 'config.yaml'),
    '--user-data-dir',
    dirs.userData,
    '--extensions-dir',
    dirs.extensions,
  ];
  if (options.vsix) {
    await installCopy(options.vsix, dirs.extensions, options.runDir, env);
  }
  const port = options.port ?? (await freePort());
  const args = [
    codeServerEntry,
    ...common,
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--auth',
    'none',
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--ignore-last-opened',
    ...(options.smokeTestDriver ? smokeTestDriverArgs : []),
  ];
  const log = createWriteStream(join(options.runDir, 'server.log'));
  const startedAt = Date.now();
  const child = spawn(hostNode, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  let exited = false;
  child.once('exit', () => (exited = true));
  const url = `http://127.0.0.1:${port}`;
  const stop = (): Promise<void> => stopTree(child.pid);
  try {
    await waitFor(
      async () => {
        if (exited) {
          throw new Error(`code-server exited early; see ${join(options.runDir, 'server.log')}`);
        }
        const res = await fetch(`${url}/healthz`).catch(() => undefined);
        return res?.ok ? true : undefined;
      },
      60_000,
      'code-server /healthz',
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port, userDataDir: dirs.userData, extensionsDir: dirs.extensions, startedAt, stop };
}

function run(args: string[], env: NodeJS.ProcessEnv, logFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const log = createWriteStream(logFile);
    const child = spawn(hostNode, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(log);
    child.stderr.pipe(log);
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args[1] ?? args[0]} exited with ${code}; see ${logFile}`)),
    );
  });
}

/** Per package (path, size, time): the folder it was installed into once in this process. */
const installs = new Map<string, Promise<string>>();

/**
 * Installs the .vsix into `extensions` as VS Code's CLI does, but runs the CLI once per package and
 * process: each later run gets a copy of that install, its recorded locations pointing at its own
 * folder. An e2e run starts a fresh workbench per test; the CLI start cost each one over a second,
 * more on a busy machine, for the same bytes every time.
 */
async function installCopy(vsix: string, extensions: string, runDir: string, env: NodeJS.ProcessEnv): Promise<void> {
  const { size, mtimeMs } = statSync(vsix);
  const key = `${resolve(vsix)}|${size}|${mtimeMs}`;
  let once = installs.get(key);
  if (!once) {
    const template = join(dirname(resolve(runDir)), `.installed-${installs.size}-${process.pid}`);
    rmSync(template, { recursive: true, force: true });
    process.once('exit', () => rmSync(template, { recursive: true, force: true }));
    const into = join(template, 'extensions');
    mkdirSync(into, { recursive: true });
    once = run(
      [
        codeServerEntry,
        '--user-data-dir',
        join(template, 'user-data'),
        '--extensions-dir',
        into,
        '--install-extension',
        vsix,
      ],
      { ...env, HOME: template },
      join(runDir, 'install.log'),
    ).then(() => into);
    // A failed install is not remembered: the next run tries again and shows its own log.
    once.catch(() => installs.delete(key));
    installs.set(key, once);
  }
  const template = await once;
  cpSync(template, extensions, { recursive: true });
  const listing = join(extensions, 'extensions.json');
  const entries = JSON.parse(readFileSync(listing, 'utf8')) as { relativeLocation: string; location: unknown }[];
  for (const entry of entries) {
    const path = join(extensions, entry.relativeLocation);
    entry.location = { $mid: 1, fsPath: path, external: pathToFileURL(path).href, path, scheme: 'file' };
  }
  writeFileSync(listing, JSON.stringify(entries));
}
