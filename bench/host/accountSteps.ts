/**
 * Profiles with accounts stored, for the accounts figure (bench/figures/accounts.ts). A profile is a
 * run folder (user data, extensions, the Chromium profile) and a fixed port: the browser keeps the
 * window's storage, SecretStorage included, per origin, so a restart on the same folder and port
 * finds what the first start stored. The first start stores the accounts as a user does (Sign In,
 * then Add Account from the palette); every later start is a restart of that profile.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Sandbox } from '../../sandbox/server';
import { Workbench } from '../../test/e2e/workbench';
import { artifactsDir } from '../../test/host/paths';
import { freePort } from '../../test/host/processes';
import { VSIX } from '../figures/bundle';
import { EMPTY_KEY, EMPTY_READY_TEXT } from './emptyExtension';
import { pressUntil, runningActivationMs, showTaskPlatform, signIn } from './steps';

export interface Profile {
  /** What the tables call it: "empty extension", "0 accounts", ... */
  readonly label: string;
  readonly accounts: number;
  readonly runDir: string;
  readonly port: number;
  readonly vsix: string;
  readonly settings: Record<string, unknown>;
  /** The extension's name in Developer: Show Running Extensions. */
  readonly displayName: string;
  /** Waits until the window shows what its stored state says (its accounts restored, or Sign In). */
  ready(wb: Workbench): Promise<void>;
}

export interface Services {
  /** The bench's sandbox (the `large` seed of the demo world): Alice and Bob. */
  main: Sandbox;
  /** A sandbox of the other world on its own address: Frank. */
  other: Sandbox;
}

/** Starts the profile: a fresh code-server and browser on its folder and port. */
export function startProfile(profile: Profile, settings: Record<string, unknown> = {}): Promise<Workbench> {
  return Workbench.open({
    runDir: profile.runDir,
    vsix: profile.vsix,
    port: profile.port,
    settings: { ...profile.settings, ...settings },
  });
}

/** A restart of the profile: VS Code's activation time of its extension once the window shows its state. */
export async function restartActivationMs(profile: Profile): Promise<number> {
  const wb = await startProfile(profile);
  try {
    await profile.ready(wb);
    return await runningActivationMs(wb, profile.displayName);
  } catch (error) {
    await wb.screenshot(`bench-failure-accounts-${profile.accounts}`);
    throw error;
  } finally {
    await wb.close();
  }
}

async function ourView(wb: Workbench, rows: readonly string[]): Promise<void> {
  await showTaskPlatform(wb);
  for (const row of rows) {
    await wb.treeRow(row).waitFor({ timeout: 60_000 });
  }
}

/** With no account the view offers Sign In; with one it shows the workspaces; with several a root per account. */
function readyRows(accounts: number): string[] {
  return accounts === 0 ? [] : accounts === 1 ? ['Acme'] : ['Alice Admin', 'Bob Member', 'Frank Founder'];
}

/** Add Account as a user does it: the command, the service's address, the token, its notice. */
async function addAccount(wb: Workbench, baseUrl: string, token: string, name: string): Promise<void> {
  await wb.runCommand('Task Platform: Add Account');
  await wb.answerInput(baseUrl);
  await wb.answerInput(token);
  await wb.page
    .locator('.notification-toast', { hasText: `Added the Task Platform account of ${name}` })
    .first()
    .waitFor({ timeout: 60_000 });
  await wb.clearNotifications();
}

function ourProfile(accounts: 0 | 1 | 3, services: Services, port: number): Profile {
  const rows = readyRows(accounts);
  return {
    label: `${accounts} account${accounts === 1 ? '' : 's'} stored`,
    accounts,
    runDir: join(artifactsDir, 'bench', `accounts-${accounts}`),
    port,
    vsix: VSIX,
    settings: { 'taskPlatform.baseUrl': services.main.baseUrl },
    displayName: 'Task Platform',
    ready: async (wb) => {
      if (accounts === 0) {
        await showTaskPlatform(wb);
        await wb.sidebar().getByRole('button', { name: 'Sign In' }).first().waitFor({ timeout: 60_000 });
      } else {
        await ourView(wb, rows);
      }
    },
  };
}

/**
 * The four profiles of the figure, each started once here to store its state: the baseline
 * extension run once; ours opened without signing in; ours signed in as Alice; ours with Alice, Bob
 * (same service) and Frank (the other world's service) added from the palette.
 */
export async function seedProfiles(services: Services, emptyVsix: string): Promise<Profile[]> {
  const empty: Profile = {
    label: 'empty extension',
    accounts: 0,
    runDir: join(artifactsDir, 'bench', 'accounts-empty'),
    port: await freePort(),
    vsix: emptyVsix,
    settings: {},
    displayName: 'Bench Empty Extension',
    ready: (wb) => pressUntil(wb, EMPTY_KEY, wb.statusBarItem(EMPTY_READY_TEXT)),
  };
  const profiles = [
    empty,
    ourProfile(0, services, await freePort()),
    ourProfile(1, services, await freePort()),
    ourProfile(3, services, await freePort()),
  ];
  for (const profile of profiles) {
    rmSync(profile.runDir, { recursive: true, force: true });
    const wb = await startProfile(profile);
    try {
      if (profile.accounts > 0) {
        await signIn(wb);
        await wb.dismissSignInToast();
      }
      if (profile.accounts === 3) {
        await addAccount(wb, services.main.baseUrl, 'demo-token-bob', 'Bob Member');
        await addAccount(wb, services.other.baseUrl, 'other-token-frank', 'Frank Founder');
      }
      await profile.ready(wb);
    } catch (error) {
      await wb.screenshot(`bench-failure-accounts-seed-${profile.accounts}`);
      throw error;
    } finally {
      await wb.close();
    }
  }
  return profiles;
}
