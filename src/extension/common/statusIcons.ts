import * as vscode from 'vscode';
import { log } from '../log';
import { errorText } from '../../core/util/errorText';

type Icon = vscode.Uri | vscode.ThemeIcon;

/**
 * A dot in a status's own colour (docs/api/openapi.yaml#listListStatuses: "hex color #rrggbb") for quick pick items.
 * Quick picks
 * ignore the colour of a ThemeIcon, so each colour becomes a tiny SVG file in the extension's global
 * storage, written once. Only a strict `#rrggbb` reaches the file; anything else gets a plain icon.
 */
export class StatusIcons {
  private readonly icons = new Map<string, Promise<Icon>>();

  constructor(private readonly storage: vscode.Uri) {}

  icon(hex: string | undefined): Promise<Icon> {
    const color = /^#[0-9a-f]{6}$/i.test(hex ?? '') ? (hex as string).toLowerCase() : undefined;
    if (!color) {
      return Promise.resolve(new vscode.ThemeIcon('circle-large-outline'));
    }
    let icon = this.icons.get(color);
    if (!icon) {
      icon = this.write(color);
      this.icons.set(color, icon);
    }
    return icon;
  }

  /** Icons for many statuses at once (a pick shows them together). */
  all<T extends { color?: string }>(statuses: readonly T[]): Promise<Icon[]> {
    return Promise.all(statuses.map((s) => this.icon(s.color)));
  }

  private async write(color: string): Promise<Icon> {
    const dir = vscode.Uri.joinPath(this.storage, 'status-icons');
    const file = vscode.Uri.joinPath(dir, `${color.slice(1)}.svg`);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16"><circle cx="8" cy="8" r="5.5" fill="${color}"/></svg>`;
    try {
      await vscode.workspace.fs.createDirectory(dir);
      await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(svg));
      return file;
    } catch (error) {
      log.warn(`Could not write a status icon: ${errorText(error)}`);
      return new vscode.ThemeIcon('circle-filled');
    }
  }
}
