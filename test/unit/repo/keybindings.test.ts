import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..');

interface Keybinding {
  command: string;
  key: string;
  mac?: string;
  when?: string;
  args?: unknown;
}
interface MenuItem {
  command: string;
  when?: string;
}

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  contributes: {
    keybindings: Keybinding[];
    menus: Record<string, MenuItem[]>;
    views: Record<string, { id: string }[]>;
  };
};
const keybindings = manifest.contributes.keybindings;
const chords = (k: Keybinding): string[] => [k.key, k.mac ?? k.key].map((c) => c.toLowerCase());

/** The views whose rows offer Delete Task in their context menu: the views that show tasks. */
function viewsShowingTasks(): string[] {
  const ids = Object.values(manifest.contributes.views)
    .flat()
    .map((v) => v.id);
  const menu = manifest.contributes.menus['view/item/context'] ?? [];
  const when = menu
    .filter((m) => m.command === 'taskPlatform.deleteTask')
    .map((m) => m.when ?? '')
    .join(' ');
  return ids.filter((id) => when.includes(`view == ${id}`));
}

describe('keybindings in package.json (VS Code conventions)', () => {
  it('leave Find in tree (Ctrl/Cmd+Alt+F, F3) to VS Code in every view', () => {
    // list.find: primary CtrlCmd+Alt+F, secondary F3, on every tree that supports find.
    const taken = keybindings.filter((k) => chords(k).some((c) => ['ctrl+alt+f', 'cmd+alt+f', 'f3'].includes(c)));
    assert.deepEqual(taken, []);
  });

  it('keep Filter on a chord of its own in the Workspaces and My Tasks views', () => {
    for (const [command, view] of [
      ['taskPlatform.explorer.filter', 'taskPlatform.explorer'],
      ['taskPlatform.myTasks.filter', 'taskPlatform.myTasks'],
    ]) {
      const binding = keybindings.find((k) => k.command === command);
      assert.ok(binding, command);
      assert.deepEqual(chords(binding), ['shift+alt+f', 'shift+alt+f']);
      assert.equal(binding.when, `focusedView == ${view} && !inputFocus`);
    }
  });

  it('bind Delete in every view that shows tasks, passing the view', () => {
    const views = viewsShowingTasks();
    assert.deepEqual(views, ['taskPlatform.explorer', 'taskPlatform.myTasks', 'taskPlatform.savedViews']);
    for (const view of views) {
      const binding = keybindings.find(
        (k) => k.command === 'taskPlatform.tree.deleteSelected' && k.when === `focusedView == ${view} && !inputFocus`,
      );
      assert.ok(binding, `Delete in ${view}`);
      assert.deepEqual(chords(binding), ['delete', 'cmd+backspace']);
      // The Workspaces view is the command's default; the others name themselves.
      assert.equal(binding.args ?? 'taskPlatform.explorer', view);
    }
  });
});
