import * as z from 'zod/mini';
import { parseBaseUrl } from './baseUrl';
import type { ChildrenLoad, ParentRef } from './children';
import { asParent, CHILDREN_MAX_PARENTS, loadChildren, loadDescendants } from './children';
import { download, saveTo } from './download';
import type { DownloadedFile, DownloadLimits } from './download';
import * as E from './envelopes';
import { InvalidRequestError } from './errors';
import { Calls } from './calls';
import * as I from './inputs';
import { iterateCursor, iteratePages } from './pagination';
import { parseBody } from './parse';
import type { Schema } from './parse';
import { sharedRateLimiter } from './rateLimiter';
import type { RateLimiter } from './rateLimiter';
import { DEFAULT_REQUEST_TIMEOUT_MS, DEFAULT_RETRY, Requester } from './requester';
import type { ClientTimeouts } from './limits';
import type { CallSpec, LogFn, RequestOptions, RetryPolicy } from './requester';
import { WRITE_ROUTES, writePath } from './routes';
import * as S from './schemas';
import type { WriteQueue } from '../outbox/outbox';
import { NodeHttpTransport } from './transport';
import type { HttpTransport } from './transport';
import { describeUpload, MAX_UPLOAD_BYTES, multipartBody } from './upload';
import type { UploadFields, UploadProgress, UploadSource } from './upload';

export interface ApiClientOptions extends ClientTimeouts {
  /** The service address including its `/api` prefix (validated with parseBaseUrl). */
  baseUrl: string;
  /** Personal access token. Never logged, never in an error message. */
  token: string;
  /** Defaults to the limiter shared by every client of this token and base URL. */
  limiter?: RateLimiter;
  userAgent?: string;
  /** Receives one line per request: method, path, status, time. */
  log?: LogFn;
  /** The network seam; defaults to Node's http/https (NodeHttpTransport). */
  transport?: HttpTransport;
  retry?: Partial<RetryPolicy>;
  /** Default 500 MB (upload size: docs/api/README.md#limits). */
  maxUploadBytes?: number;
  /** Keeps writes the service cannot get now and replays them in order (src/core/outbox). */
  writeQueue?: WriteQueue;
  /** Told of every 401 this client gets: the token was regenerated or revoked. */
  onUnauthorized?: () => void;
}

type Opts = RequestOptions;
const enc = encodeURIComponent;
const ws = (workspaceId: string): string => `/workspaces/${enc(workspaceId)}`;
const taskPath = (workspaceId: string, taskId: string): string => `${ws(workspaceId)}/tasks/${enc(taskId)}`;

/** Client for every operation of the API. Pure Node: no `vscode` import. */
export class ApiClient {
  readonly baseUrl: string;
  readonly limiter: RateLimiter;
  private readonly requester: Requester;
  private readonly calls: Calls;
  private readonly maxUploadBytes: number;

  constructor(options: ApiClientOptions) {
    const parsed = parseBaseUrl(options.baseUrl);
    if (!parsed.ok) {
      throw new InvalidRequestError({ operation: 'configure', message: parsed.message });
    }
    this.baseUrl = parsed.url;
    this.limiter = options.limiter ?? sharedRateLimiter(parsed.url, options.token);
    this.maxUploadBytes = options.maxUploadBytes ?? MAX_UPLOAD_BYTES;
    this.requester = new Requester({
      baseUrl: parsed.url,
      token: options.token,
      limiter: this.limiter,
      transport: options.transport ?? new NodeHttpTransport(),
      timeoutMs: options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
      deadlineMs: options.callDeadlineMs,
      userAgent: options.userAgent ?? 'task-platform-client',
      retry: { ...DEFAULT_RETRY, ...options.retry },
      log: options.log,
      queue: options.writeQueue,
      onUnauthorized: options.onUnauthorized,
    });
    this.calls = new Calls(this.requester, parsed.url);
  }

  /** Sends the writes in the offline queue, oldest first; true when none is left pending. */
  flushQueuedWrites(): Promise<boolean> {
    const queue = this.requester.config.queue;
    return queue ? queue.drain((write) => this.requester.replay(write)) : Promise.resolve(true);
  }

  /** Applies a new per-request timeout to the next requests (a setting changed: no new client, no reload). */
  setTimeoutMs(timeoutMs: number): void {
    this.requester.config.timeoutMs = timeoutMs;
  }

  // Navigation

  getUser(opts?: Opts): Promise<S.User> {
    return this.calls.get('getUser', '/user', S.UserSchema, opts);
  }
  listSpaces(workspaceId: string, opts?: Opts): Promise<S.Space[]> {
    return this.calls.get('listSpaces', `${ws(workspaceId)}/spaces`, z.array(S.SpaceSchema), opts);
  }
  listFolders(workspaceId: string, spaceId: string, opts?: Opts): Promise<S.Folder[]> {
    return this.calls.get(
      'listFolders',
      `${ws(workspaceId)}/spaces/${enc(spaceId)}/folders`,
      z.array(S.FolderSchema),
      opts,
    );
  }
  listLists(workspaceId: string, spaceId: string, folderId: string, opts?: Opts): Promise<S.List[]> {
    const path = `${ws(workspaceId)}/spaces/${enc(spaceId)}/folders/${enc(folderId)}/lists`;
    return this.calls.get('listLists', path, z.array(S.ListSchema), opts);
  }
  listStatuses(listId: string, opts?: Opts): Promise<E.StatusList> {
    return this.calls.get('listStatuses', `/lists/${enc(listId)}/statuses`, E.StatusListSchema, opts);
  }
  listMembers(workspaceId: string, opts?: Opts): Promise<S.Member[]> {
    return this.calls.get('listMembers', `${ws(workspaceId)}/members`, z.array(S.MemberSchema), opts);
  }
  /** Shape not documented: returned as plain JSON, unchecked. */
  getSidebar(workspaceId: string, opts?: Opts): Promise<unknown> {
    return this.calls.get('getSidebar', `${ws(workspaceId)}/sidebar`, E.SidebarSchema, opts);
  }

  // Tasks

  listTasks(workspaceId: string, query: I.TaskQuery, opts?: Opts): Promise<E.TaskPage> {
    const params = {
      ...query.scope,
      filter: query.filter && JSON.stringify(query.filter),
      sorts: query.sorts && JSON.stringify(query.sorts),
      group_by: query.group_by,
      search: query.search,
      per_page: query.per_page,
      page: query.page,
    };
    return this.calls.get('listTasks', `${ws(workspaceId)}/tasks`, E.TaskPageSchema, opts, params);
  }
  /** One call, at most 50 parents (children batch: docs/api/README.md#limits). See loadChildren for any number. */
  getTaskChildren(workspaceId: string, parentIds: string[], opts?: Opts): Promise<E.Children> {
    if (parentIds.length === 0 || parentIds.length > CHILDREN_MAX_PARENTS) {
      const message = `getTaskChildren takes 1 to ${CHILDREN_MAX_PARENTS} parent ids (got ${parentIds.length}); use loadChildren.`;
      return Promise.reject(new InvalidRequestError({ operation: 'getTaskChildren', message }));
    }
    const query = { parent_ids: parentIds.join(',') };
    return this.calls.get('getTaskChildren', `${ws(workspaceId)}/tasks/children`, E.ChildrenSchema, opts, query);
  }
  /** Direct children of many parents: 50 per call, truncated parents through /subtasks. */
  loadChildren(workspaceId: string, parents: Array<ParentRef | string>, opts?: Opts): Promise<ChildrenLoad> {
    return loadChildren(this.childrenApi(workspaceId, opts), parents.map(asParent));
  }
  /** Every descendant of `roots`, level by level. */
  loadDescendants(workspaceId: string, roots: Array<ParentRef | string>, opts?: Opts): Promise<ChildrenLoad> {
    return loadDescendants(this.childrenApi(workspaceId, opts), roots.map(asParent));
  }
  getTask(workspaceId: string, taskId: string, opts?: Opts): Promise<S.Task> {
    return this.calls.get('getTask', taskPath(workspaceId, taskId), S.TaskSchema, opts);
  }
  createTask(workspaceId: string, input: I.CreateTaskInput, opts?: Opts): Promise<S.Task> {
    return this.write('createTask', { workspace: workspaceId }, I.defined(input), S.TaskSchema, opts);
  }
  updateTask(workspaceId: string, taskId: string, patch: I.UpdateTaskInput, opts?: Opts): Promise<S.Task> {
    return this.write('updateTask', { workspace: workspaceId, task: taskId }, I.defined(patch), S.TaskSchema, opts);
  }
  deleteTask(workspaceId: string, taskId: string, opts?: Opts): Promise<S.TrashReceipt> {
    return this.write('deleteTask', { workspace: workspaceId, task: taskId }, undefined, S.TrashReceiptSchema, opts);
  }
  /** Request and response shapes not documented; the restored task is checked when present. */
  restoreTask(workspaceId: string, taskId: string, opts?: Opts): Promise<E.RestoreResult> {
    return this.write('restoreTask', { workspace: workspaceId, task: taskId }, undefined, E.RestoreResultSchema, opts);
  }
  /** `taskId` may be the display id on this route (docs/api/openapi.yaml#listSubtasks). Max 200, no pagination. */
  async getSubtasks(workspaceId: string, taskId: string, opts?: Opts): Promise<S.TaskRow[]> {
    return (await this.calls.get('getSubtasks', `${taskPath(workspaceId, taskId)}/subtasks`, E.SubtasksSchema, opts))
      .data;
  }
  moveTask(taskId: string, target: I.MoveTarget, opts?: Opts): Promise<S.Task> {
    const body = { target_type: target.target_type, target_id: target.target_id };
    return this.write('moveTask', { task: taskId }, body, S.TaskSchema, opts);
  }
  getActivity(workspaceId: string, taskId: string, cursor?: string, opts?: Opts): Promise<E.ActivityPage> {
    const path = `${taskPath(workspaceId, taskId)}/activity`;
    return this.calls.get('getActivity', path, E.ActivityPageSchema, opts, { cursor });
  }
  iterateActivity(workspaceId: string, taskId: string, opts?: Opts): AsyncGenerator<S.ActivityEntry, void, undefined> {
    return iterateCursor('getActivity', (cursor) => this.getActivity(workspaceId, taskId, cursor, opts), opts?.signal);
  }

  // Comments

  getComments(workspaceId: string, taskId: string, cursor?: string, opts?: Opts): Promise<E.CommentPage> {
    const path = `${taskPath(workspaceId, taskId)}/comments`;
    return this.calls.get('getComments', path, E.CommentPageSchema, opts, { cursor });
  }
  iterateComments(workspaceId: string, taskId: string, opts?: Opts): AsyncGenerator<S.Comment, void, undefined> {
    return iterateCursor('getComments', (cursor) => this.getComments(workspaceId, taskId, cursor, opts), opts?.signal);
  }
  createComment(workspaceId: string, taskId: string, input: I.CreateCommentInput, opts?: Opts): Promise<S.Comment> {
    return this.write(
      'createComment',
      { workspace: workspaceId, task: taskId },
      I.defined(input),
      S.CommentSchema,
      opts,
    );
  }
  updateComment(
    workspaceId: string,
    taskId: string,
    commentId: string,
    input: I.UpdateCommentInput,
    opts?: Opts,
  ): Promise<S.Comment> {
    return this.write(
      'updateComment',
      { workspace: workspaceId, task: taskId, comment: commentId },
      I.defined(input),
      S.CommentSchema,
      opts,
    );
  }
  deleteComment(workspaceId: string, taskId: string, commentId: string, opts?: Opts): Promise<void> {
    return this.calls.remove(
      'deleteComment',
      writePath('deleteComment', { workspace: workspaceId, task: taskId, comment: commentId }),
      opts,
    );
  }
  resolveComment(workspaceId: string, taskId: string, commentId: string, opts?: Opts): Promise<S.Comment> {
    return this.write(
      'resolveComment',
      { workspace: workspaceId, task: taskId, comment: commentId },
      undefined,
      S.CommentSchema,
      opts,
    );
  }
  unresolveComment(workspaceId: string, taskId: string, commentId: string, opts?: Opts): Promise<S.Comment> {
    return this.write(
      'unresolveComment',
      { workspace: workspaceId, task: taskId, comment: commentId },
      undefined,
      S.CommentSchema,
      opts,
    );
  }

  // Dependencies

  getDependencies(workspaceId: string, taskId: string, opts?: Opts): Promise<E.Dependencies> {
    return this.calls.get(
      'getDependencies',
      `${taskPath(workspaceId, taskId)}/dependencies`,
      E.DependenciesSchema,
      opts,
    );
  }
  /** `blockerTaskId` must complete before `taskId` (docs/api/openapi.yaml#createTaskDependency). */
  addDependency(workspaceId: string, taskId: string, blockerTaskId: string, opts?: Opts): Promise<S.DependencyLink> {
    return this.write(
      'addDependency',
      { workspace: workspaceId, task: taskId },
      { blocker_task_id: blockerTaskId },
      S.DependencyLinkSchema,
      opts,
    );
  }
  removeDependency(workspaceId: string, taskId: string, dependencyId: string, opts?: Opts): Promise<void> {
    return this.calls.remove(
      'removeDependency',
      writePath('removeDependency', { workspace: workspaceId, task: taskId, dependency: dependencyId }),
      opts,
    );
  }

  // Attachments

  listAttachments(
    workspaceId: string,
    taskId: string,
    context?: 'task' | 'comment' | 'description',
    opts?: Opts,
  ): Promise<S.Attachment[]> {
    const path = `${taskPath(workspaceId, taskId)}/attachments`;
    return this.calls.get('listAttachments', path, E.AttachmentListSchema, opts, { context });
  }
  /** Streams the file (never read into memory); type and size are checked before sending. */
  async uploadAttachment(
    workspaceId: string,
    taskId: string,
    source: UploadSource,
    fields: UploadFields = {},
    opts?: Opts & { onProgress?: UploadProgress },
  ): Promise<S.Attachment> {
    const file = await describeUpload(source, this.maxUploadBytes, 'uploadAttachment');
    const spec: CallSpec = {
      operation: 'uploadAttachment',
      method: 'POST',
      path: `${taskPath(workspaceId, taskId)}/attachments`,
      upload: multipartBody(file, fields, opts?.onProgress),
      timeoutMs: 120_000,
    };
    return this.calls.send(spec, S.AttachmentSchema, opts);
  }
  /** Follows the 302 to the signed URL itself, with a separate request WITHOUT the token. Bounded by DownloadLimits. */
  downloadAttachment(
    workspaceId: string,
    taskId: string,
    attachmentId: string,
    opts?: Opts & DownloadLimits & { preview?: boolean },
  ): Promise<DownloadedFile> {
    const spec: CallSpec = {
      operation: 'downloadAttachment',
      method: 'GET',
      path: `${taskPath(workspaceId, taskId)}/attachments/${enc(attachmentId)}`,
      query: { preview: opts?.preview ? 'true' : undefined },
      timeoutMs: 120_000,
    };
    return download(this.requester, spec, opts ?? {});
  }
  /** Downloads to `destination` (written through a temporary file); resolves to the byte count. */
  async downloadAttachmentTo(
    workspaceId: string,
    taskId: string,
    attachmentId: string,
    destination: string,
    opts?: Opts & DownloadLimits,
  ): Promise<number> {
    const file = await this.downloadAttachment(workspaceId, taskId, attachmentId, opts);
    return saveTo(file, destination, opts?.signal);
  }
  deleteAttachment(workspaceId: string, taskId: string, attachmentId: string, opts?: Opts): Promise<void> {
    return this.calls.remove(
      'deleteAttachment',
      writePath('deleteAttachment', { workspace: workspaceId, task: taskId, attachment: attachmentId }),
      opts,
    );
  }

  // Custom fields

  async getCustomFields(taskId: string, opts?: Opts): Promise<S.CustomFieldDefinition[]> {
    return (await this.calls.get('getCustomFields', `/tasks/${enc(taskId)}/custom-fields`, E.CustomFieldsSchema, opts))
      .data;
  }
  setCustomFieldValues(taskId: string, values: I.CustomFieldValueInput[], opts?: Opts): Promise<S.CustomFieldValue[]> {
    const body = {
      values: values.map((v) => ({ custom_field_definition_id: v.custom_field_definition_id, value: v.value })),
    };
    return this.write('setCustomFieldValues', { task: taskId }, body, z.array(S.CustomFieldValueSchema), opts);
  }

  // Views and search

  runView(viewId: string, query: I.ViewPageQuery = {}, opts?: Opts): Promise<E.TaskPage> {
    return this.calls.get('runView', `/views/${enc(viewId)}/tasks`, E.TaskPageSchema, opts, {
      per_page: query.per_page,
      page: query.page,
    });
  }
  iterateView(
    viewId: string,
    query: Omit<I.ViewPageQuery, 'page'> = {},
    opts?: Opts,
  ): AsyncGenerator<S.TaskRow, void, undefined> {
    const perPage = query.per_page ?? 100;
    return iteratePages(async (page) => {
      const result = await this.runView(viewId, { per_page: perPage, page }, opts);
      return { items: result.data, lastPage: result.last_page, perPage: result.per_page ?? perPage };
    }, opts?.signal);
  }
  search(query: I.SearchQuery, opts?: Opts): Promise<E.SearchResult> {
    return this.calls.get('search', '/search', E.SearchResultSchema, opts, { ...query });
  }
  iterateSearch(query: Omit<I.SearchQuery, 'page'>, opts?: Opts): AsyncGenerator<S.SearchHit, void, undefined> {
    const perPage = query.per_page ?? 50;
    return iteratePages(async (page) => {
      const result = await this.search({ ...query, per_page: perPage, page }, opts);
      return { items: result.tasks?.hits ?? [], total: result.tasks?.total, perPage: result.per_page ?? perPage };
    }, opts?.signal);
  }

  // Inbound email address

  /** Pure read; `null` when the list has no address (the ordinary state). */
  async getInboundAddress(listId: string, opts?: Opts): Promise<S.InboundAddress | null> {
    return (
      await this.calls.get(
        'getInboundAddress',
        `/lists/${enc(listId)}/inbound-address`,
        E.InboundAddressEnvelopeSchema,
        opts,
      )
    ).data;
  }
  /** 201 when this call created the address, 200 when it existed (docs/api/openapi.yaml#generateInboundAddress). */
  createInboundAddress(listId: string, opts?: Opts): Promise<{ address: S.InboundAddress; created: boolean }> {
    const spec: CallSpec = {
      operation: 'createInboundAddress',
      method: WRITE_ROUTES.createInboundAddress.method,
      path: writePath('createInboundAddress', { list: listId }),
    };
    return this.requester.send(spec, opts ?? {}, async (res) => {
      // The body is not shown beyond the address: accept `{ data: address }` or the bare address.
      const body = await this.calls.decode(res, spec.operation);
      const inner =
        typeof body === 'object' && body !== null && 'data' in body ? (body as { data: unknown }).data : body;
      return { address: parseBody(S.InboundAddressSchema, inner, spec.operation), created: res.status === 201 };
    });
  }

  /** A JSON write on one of the client's write routes (routes.ts: the same table checks replays). */
  private write<T>(
    operation: keyof typeof WRITE_ROUTES,
    ids: Record<string, string>,
    json: unknown,
    schema: Schema<T>,
    opts?: Opts,
  ): Promise<T> {
    return this.calls.write(operation, WRITE_ROUTES[operation].method, writePath(operation, ids), json, schema, opts);
  }

  private childrenApi(
    workspaceId: string,
    opts?: Opts,
  ): { getTaskChildren(ids: string[]): Promise<E.Children>; getSubtasks(id: string): Promise<S.TaskRow[]> } {
    return {
      getTaskChildren: (ids) => this.getTaskChildren(workspaceId, ids, opts),
      getSubtasks: (id) => this.getSubtasks(workspaceId, id, opts),
    };
  }
}
