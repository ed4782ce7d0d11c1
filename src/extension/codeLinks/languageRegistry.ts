import * as vscode from 'vscode';
import {
  configurationComments,
  languageContributions,
  LanguageRegistry,
  MAX_CONFIGURATION_BYTES,
  parseJsonc,
} from '../../core/codeLinks/languages';
import type { LanguageComments } from '../../core/codeLinks/languages';
import { fileAssociations } from '../../core/codeLinks/filePatterns';
import type { FileAssociation } from '../../core/codeLinks/filePatterns';
import { indexedLanguage, useLanguageRegistry } from '../../core/codeLinks/syntax';
import { Disposable } from '../disposable';

/**
 * The installed languages (every extension's `contributes.languages` and the comment tokens of its
 * language configuration file), read on first need rather than at activation, and again when
 * extensions are installed or removed; with the `files.associations` setting, which files are in
 * which language. Until read, the hand table in syntax.ts alone answers.
 */
export class Languages extends Disposable {
  private loading: Promise<LanguageRegistry> | undefined;
  private current: LanguageRegistry | undefined;
  private associations: FileAssociation[] | undefined;
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /**
   * Fires after the registry was read (first need, then whenever extensions changed), and when
   * `files.associations` changed once it was: which file is in which language may differ.
   */
  readonly onDidChange = this.changed.event;

  constructor() {
    super();
    this.register(
      vscode.extensions.onDidChange(() => {
        if (this.loading) {
          this.loading = undefined;
          void this.ready();
        }
      }),
    );
    this.register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('files.associations')) {
          this.associations = undefined;
          if (this.current) {
            this.changed.fire();
          }
        }
      }),
    );
  }

  /** The registry, read once (later calls share the same read). */
  ready(): Promise<LanguageRegistry> {
    if (!this.loading) {
      const loading = readRegistry().then((registry) => {
        // A newer read (extensions changed meanwhile) wins over this one.
        if (!this.isDisposed && this.loading === loading) {
          this.current = registry;
          useLanguageRegistry(registry);
          this.changed.fire();
        }
        return registry;
      });
      this.loading = loading;
    }
    return this.loading;
  }

  /** The language of a file by its path, if the index reads it (the index opens no documents). */
  languageOfPath(path: string): string | undefined {
    return this.current?.languageOfPath(path, indexedLanguage, this.fileAssociations());
  }

  /** One glob for every file the index reads (see indexedLanguage). */
  glob(): string {
    return this.current?.glob(indexedLanguage, this.fileAssociations()) ?? '**/*';
  }

  /** The setting as it applies to the whole window (workspace text: checked and capped when read). */
  private fileAssociations(): FileAssociation[] {
    this.associations ??= fileAssociations(vscode.workspace.getConfiguration('files').get<unknown>('associations'));
    return this.associations;
  }

  override dispose(): void {
    useLanguageRegistry(undefined);
    super.dispose();
  }
}

async function readRegistry(): Promise<LanguageRegistry> {
  const registry = new LanguageRegistry();
  // Built-in extensions first, so their configuration's comments win over a later contribution.
  const extensions = [...vscode.extensions.all].sort(
    (a, b) => Number(!a.id.startsWith('vscode.')) - Number(!b.id.startsWith('vscode.')),
  );
  const entries = extensions.flatMap((extension) =>
    languageContributions(extension.packageJSON).map((contribution) => ({ extension, contribution })),
  );
  // Read in parallel, added in order.
  const comments = await Promise.all(
    entries.map(({ extension, contribution }) =>
      contribution.configuration ? readComments(extension.extensionUri, contribution.configuration) : undefined,
    ),
  );
  entries.forEach(({ contribution }, i) => registry.add(contribution, comments[i]));
  return registry;
}

async function readComments(base: vscode.Uri, path: string): Promise<LanguageComments | undefined> {
  try {
    const uri = vscode.Uri.joinPath(base, path);
    // Only files inside the extension's own folder.
    if (!uri.path.startsWith(`${base.path.replace(/\/$/, '')}/`)) {
      return undefined;
    }
    const stat = await vscode.workspace.fs.stat(uri);
    if (stat.size > MAX_CONFIGURATION_BYTES) {
      return undefined;
    }
    return configurationComments(parseJsonc(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri))));
  } catch {
    // A missing or unreadable configuration: the language has no comments we know.
    return undefined;
  }
}
