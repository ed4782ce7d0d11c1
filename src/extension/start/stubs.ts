import * as vscode from 'vscode';
import { registerAccounts } from './accounts';
import type { LazyAccounts } from './accounts';
import type { Adoption, Feature } from './contract';
import { panelOwners, viewOwners } from './owners';

type Load = (feature: Feature) => Promise<unknown>;
type Handler = (...args: never[]) => unknown;

/** What the entry knows of a view before its feature is loaded: the options VS Code reads at creation. */
interface ViewShape {
  readonly canSelectMany?: boolean;
  /** The MIME types a drag carries and a drop takes (tree/dragAndDrop.ts, tree/dragOut.ts), read at creation. */
  readonly drag?: readonly string[];
  readonly drop?: readonly string[];
}
const EXPLORER_MIME = 'application/vnd.code.tree.taskplatform.explorer';
const viewShapes: Readonly<Record<string, ViewShape>> = {
  'taskPlatform.explorer': { canSelectMany: true, drag: [EXPLORER_MIME, 'text/plain'], drop: [EXPLORER_MIME] },
  'taskPlatform.myTasks': { canSelectMany: true, drag: ['text/plain'] },
  'taskPlatform.savedViews': { drag: ['text/plain'] },
};

/** A contributed view's provider until its feature hands over the real one (first getChildren loads it). */
class LazyTree<T> implements vscode.TreeDataProvider<T>, vscode.TreeDragAndDropController<T> {
  real: vscode.TreeDataProvider<T> | undefined;
  realDnd: vscode.TreeDragAndDropController<T> | undefined;
  private readonly changed = new vscode.EventEmitter<T | T[] | undefined | null | void>();
  readonly onDidChangeTreeData = this.changed.event;
  readonly dragMimeTypes: readonly string[];
  readonly dropMimeTypes: readonly string[];

  constructor(
    private readonly loadFeature: () => Promise<unknown>,
    shape: ViewShape,
  ) {
    this.dragMimeTypes = shape.drag ?? [];
    this.dropMimeTypes = shape.drop ?? [];
  }

  adopt(real: vscode.TreeDataProvider<T>): vscode.Disposable {
    this.real = real;
    const forward = real.onDidChangeTreeData?.((e) => this.changed.fire(e));
    this.changed.fire();
    return new vscode.Disposable(() => {
      forward?.dispose();
      this.real = undefined;
    });
  }

  async getChildren(element?: T): Promise<T[]> {
    if (!this.real) {
      await this.loadFeature();
    }
    return (await this.real?.getChildren(element)) ?? [];
  }

  getTreeItem(element: T): vscode.TreeItem | Thenable<vscode.TreeItem> {
    // VS Code asks only for elements getChildren returned, which came from the real provider.
    return this.real ? this.real.getTreeItem(element) : new vscode.TreeItem('');
  }

  getParent(element: T): vscode.ProviderResult<T> {
    return this.real?.getParent?.(element);
  }

  handleDrag(source: readonly T[], data: vscode.DataTransfer, token: vscode.CancellationToken): void | Thenable<void> {
    return this.realDnd?.handleDrag?.(source, data, token);
  }

  handleDrop(target: T | undefined, data: vscode.DataTransfer, token: vscode.CancellationToken): void | Thenable<void> {
    return this.realDnd?.handleDrop?.(target, data, token);
  }
}

/**
 * The entry's stand-ins for everything VS Code must find registered once the extension is active:
 * a stub for every contributed command, chat tool, MCP provider and authentication provider, a lazy
 * provider for every contributed view, the uri handler and a serializer per `onWebviewPanel` event. Each loads its feature on first use
 * and then hands over to what the feature registered (Adoption, called through lazy/api.ts).
 */
export class Stubs implements Adoption {
  private readonly commands = new Map<string, Handler>();
  /** Command ids, chat tool names and MCP provider ids the entry stands in for. */
  private readonly stubbed = new Set<string>();
  private readonly trees = new Map<string, { lazy: LazyTree<unknown>; view: vscode.TreeView<unknown> }>();
  private readonly tools = new Map<string, vscode.LanguageModelTool<object>>();
  private readonly mcpProviders = new Map<string, vscode.McpServerDefinitionProvider>();
  private readonly mcpChanged = new vscode.EventEmitter<void>();
  private accounts = new Map<string, LazyAccounts>();
  private realUriHandler: vscode.UriHandler | undefined;
  /** Per panel kind with an `onWebviewPanel` event, the serializer its feature registered once loaded. */
  private readonly realSerializers = new Map<string, vscode.WebviewPanelSerializer | undefined>();

  constructor(
    private readonly load: Load,
    private readonly owners: Readonly<Record<string, Feature>>,
    private readonly secrets: vscode.SecretStorage,
    private readonly state: vscode.Memento,
  ) {}

  /** Registers every stand-in the manifest calls for; all of it is undone with the returned disposables. */
  register(manifest: Manifest): vscode.Disposable[] {
    const out: vscode.Disposable[] = [this.mcpChanged];
    for (const { command } of manifest.contributes?.commands ?? []) {
      this.stubbed.add(command);
      out.push(vscode.commands.registerCommand(command, (...args: never[]) => this.run(command, args)));
    }
    for (const views of Object.values(manifest.contributes?.views ?? {})) {
      for (const { id } of views) {
        const shape = viewShapes[id] ?? {};
        const lazy = new LazyTree<unknown>(() => this.load(viewOwners[id] ?? 'core'), shape);
        const view = vscode.window.createTreeView(id, {
          treeDataProvider: lazy,
          showCollapseAll: true,
          canSelectMany: shape.canSelectMany ?? false,
          ...(shape.drag ? { dragAndDropController: lazy } : {}),
        });
        this.trees.set(id, { lazy, view });
        out.push(view);
      }
    }
    out.push(
      vscode.window.registerUriHandler({
        handleUri: async (uri) => {
          await this.load('commands');
          return this.realUriHandler?.handleUri(uri);
        },
      }),
    );
    for (const event of manifest.activationEvents ?? []) {
      if (!event.startsWith('onWebviewPanel:')) continue;
      const viewType = event.slice('onWebviewPanel:'.length);
      this.realSerializers.set(viewType, undefined);
      out.push(
        vscode.window.registerWebviewPanelSerializer(viewType, {
          deserializeWebviewPanel: async (panel, state: unknown) => {
            await this.load(panelOwners[viewType] ?? 'core');
            const real = this.realSerializers.get(viewType);
            return real ? real.deserializeWebviewPanel(panel, state) : panel.dispose();
          },
        }),
      );
    }
    out.push(...this.registerAi(manifest));
    this.accounts = registerAccounts(
      manifest.contributes?.authentication ?? [],
      this.load,
      this.secrets,
      this.state,
      out,
    );
    return out;
  }

  private registerAi(manifest: Manifest): vscode.Disposable[] {
    const lm = vscode.lm as Partial<typeof vscode.lm> | undefined;
    const out: vscode.Disposable[] = [];
    if (typeof lm?.registerTool === 'function') {
      for (const { name } of manifest.contributes?.languageModelTools ?? []) {
        this.stubbed.add(`tool:${name}`);
        const real = async (): Promise<vscode.LanguageModelTool<object>> => {
          await this.load('ai');
          const tool = this.tools.get(name);
          if (!tool) {
            throw new Error(`The chat tool ${name} is not registered`);
          }
          return tool;
        };
        out.push(
          lm.registerTool<object>(name, {
            invoke: async (options, token) => (await real()).invoke(options, token),
            prepareInvocation: async (options, token) => (await real()).prepareInvocation?.(options, token),
          }),
        );
      }
    }
    if (typeof lm?.registerMcpServerDefinitionProvider === 'function') {
      out.push(
        vscode.workspace.onDidChangeConfiguration((e) => {
          if (e.affectsConfiguration(MCP_SERVER_SETTING)) {
            this.mcpChanged.fire();
          }
        }),
      );
      for (const { id } of manifest.contributes?.mcpServerDefinitionProviders ?? []) {
        this.stubbed.add(`mcp:${id}`);
        const real = async (): Promise<vscode.McpServerDefinitionProvider | undefined> => {
          await this.load('ai');
          return this.mcpProviders.get(id);
        };
        out.push(
          lm.registerMcpServerDefinitionProvider(id, {
            onDidChangeMcpServerDefinitions: this.mcpChanged.event,
            provideMcpServerDefinitions: async (token) => {
              if (!mcpServerEnabled()) {
                // Off (the default): nothing to offer and the AI feature is not loaded for it. The
                // session still starts, as it did when VS Code first asked, so the chat tools appear.
                void this.load('core').catch(() => undefined);
                return [];
              }
              return (await real())?.provideMcpServerDefinitions(token) ?? [];
            },
            resolveMcpServerDefinition: async (server, token) => {
              const provider = await real();
              return provider?.resolveMcpServerDefinition ? provider.resolveMcpServerDefinition(server, token) : server;
            },
          }),
        );
      }
    }
    return out;
  }

  private async run(id: string, args: never[]): Promise<unknown> {
    let handler = this.commands.get(id);
    if (!handler) {
      await this.load(this.owners[id] ?? 'core');
      handler = this.commands.get(id);
    }
    if (!handler) {
      // The owner table is a hint; a command registered elsewhere is found after loading everything.
      await Promise.all(allFeatures.map((f) => this.load(f)));
      handler = this.commands.get(id);
    }
    if (!handler) {
      throw new Error(`The command ${id} is not registered by any feature`);
    }
    return handler(...args);
  }

  command(id: string, handler: Handler): vscode.Disposable | undefined {
    if (!this.stubbed.has(id)) {
      return undefined;
    }
    this.commands.set(id, handler);
    return new vscode.Disposable(() => this.commands.delete(id));
  }

  treeView<T>(id: string, options: vscode.TreeViewOptions<T>): vscode.TreeView<T> | undefined {
    const entry = this.trees.get(id);
    if (!entry) {
      return undefined;
    }
    const shape = viewShapes[id] ?? {};
    const dnd = options.dragAndDropController;
    if (
      (options.canSelectMany ?? false) !== (shape.canSelectMany ?? false) ||
      String(dnd?.dragMimeTypes ?? []) !== String(shape.drag ?? []) ||
      String(dnd?.dropMimeTypes ?? []) !== String(shape.drop ?? [])
    ) {
      throw new Error(`The view ${id} is created with other options than start/stubs.ts gives it`);
    }
    entry.lazy.realDnd = dnd as vscode.TreeDragAndDropController<unknown> | undefined;
    const handed = entry.lazy.adopt(options.treeDataProvider as vscode.TreeDataProvider<unknown>);
    const view = entry.view as vscode.TreeView<T>;
    // The feature disposes what it created: the hand-over, the view itself goes with the extension.
    return Object.defineProperty(Object.create(view) as vscode.TreeView<T>, 'dispose', {
      value: () => handed.dispose(),
    });
  }

  uriHandler(handler: vscode.UriHandler): vscode.Disposable {
    this.realUriHandler = handler;
    return new vscode.Disposable(() => (this.realUriHandler = undefined));
  }

  serializer(viewType: string, serializer: vscode.WebviewPanelSerializer): vscode.Disposable | undefined {
    if (!this.realSerializers.has(viewType)) {
      return undefined;
    }
    this.realSerializers.set(viewType, serializer);
    return new vscode.Disposable(() => this.realSerializers.set(viewType, undefined));
  }

  tool(name: string, tool: vscode.LanguageModelTool<object>): vscode.Disposable | undefined {
    if (!this.stubbed.has(`tool:${name}`)) {
      return undefined;
    }
    this.tools.set(name, tool);
    return new vscode.Disposable(() => this.tools.delete(name));
  }

  authProvider(id: string, provider: vscode.AuthenticationProvider): vscode.Disposable | undefined {
    return this.accounts.get(id)?.adopt(provider);
  }

  mcpProvider(id: string, provider: vscode.McpServerDefinitionProvider): vscode.Disposable | undefined {
    if (!this.stubbed.has(`mcp:${id}`)) {
      return undefined;
    }
    this.mcpProviders.set(id, provider);
    const forward = provider.onDidChangeMcpServerDefinitions?.(() => this.mcpChanged.fire());
    this.mcpChanged.fire();
    return new vscode.Disposable(() => {
      forward?.dispose();
      this.mcpProviders.delete(id);
    });
  }
}

/** `taskPlatform.ai.mcpServer.enabled` (ai/offer.ts reads it on the lazy side). */
const MCP_SERVER_SETTING = 'taskPlatform.ai.mcpServer.enabled';

function mcpServerEnabled(): boolean {
  return vscode.workspace.getConfiguration().get<unknown>(MCP_SERVER_SETTING, false) === true;
}

const allFeatures: readonly Feature[] = [
  'core',
  'trees',
  'commands',
  'taskPanel',
  'savedViews',
  'codeLinks',
  'ai',
  'outbox',
  'inbox',
  'board',
  'table',
];

/** The parts of package.json the stubs are made from (context.extension.packageJSON). */
export interface Manifest {
  readonly activationEvents?: readonly string[];
  readonly contributes?: {
    readonly commands?: readonly { readonly command: string }[];
    readonly views?: Readonly<Record<string, readonly { readonly id: string }[]>>;
    readonly languageModelTools?: readonly { readonly name: string }[];
    readonly mcpServerDefinitionProviders?: readonly { readonly id: string }[];
    readonly authentication?: readonly { readonly id: string; readonly label: string }[];
  };
}
