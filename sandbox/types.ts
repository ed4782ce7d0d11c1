// Entity shapes held by the sandbox store. Field names follow docs/api/openapi.yaml
// (components.schemas); fields the API does not show are its `x-assumption` notes.

export type Priority = 'low' | 'medium' | 'high' | 'critical';
export const PRIORITIES: readonly Priority[] = ['low', 'medium', 'high', 'critical'];

export interface User {
  id: string;
  name: string;
  email: string;
  token: string;
  /** Short label used by the request log ("alice", "bob", ...). */
  label: string;
}

export interface Membership {
  workspace_id: string;
  user_id: string;
  role_id: string;
  role: string;
  role_slug: 'admin' | 'member';
  is_active: boolean;
  /** Manage permission on every space of the workspace (decides inbound `can_reset`). */
  can_manage: boolean;
}

export interface Workspace {
  id: string;
  name: string;
  /** Display id prefix, e.g. ACME for ACME-12. */
  prefix: string;
  next_number: number;
}

export interface Space {
  id: string;
  name: string;
  workspace_id: string;
  is_private: boolean;
  /** Users allowed into a private space besides workspace admins. */
  member_ids: string[];
}

export interface Folder {
  id: string;
  name: string;
  space_id: string;
}

export interface List {
  id: string;
  name: string;
  folder_id: string;
}

export interface Status {
  id: string;
  name: string;
  type: string;
  color: string;
  owner_type: 'space' | 'list';
  owner_id: string;
  position: number;
}

export interface Sprint {
  id: string;
  workspace_id: string;
  space_id: string;
  name: string;
  starts_at: string;
  ends_at: string;
}

export interface Tag {
  name: string;
  color: string;
}

export interface Task {
  id: string;
  display_id: string;
  workspace_id: string;
  list_id: string;
  sprint_id: string | null;
  parent_task_id: string | null;
  title: string;
  description: string | null;
  priority: Priority;
  status_id: string;
  assignee_id: string | null;
  creator_id: string;
  due_date: string | null;
  created_at: string;
  updated_at: string;
  position: number;
  tags: Tag[];
  deleted_at: string | null;
  /** Id of the delete sweep that trashed this task (docs/api/openapi.yaml#deleteTask). */
  trash_batch: string | null;
}

export interface Comment {
  id: string;
  task_id: string;
  workspace_id: string;
  body: string;
  parent_id: string | null;
  assignee_id: string | null;
  resolved_at: string | null;
  user_id: string;
  mentions: string[];
  created_at: string;
  updated_at: string;
  seq: number;
}

export interface Dependency {
  id: string;
  workspace_id: string;
  blocker_task_id: string;
  blocked_task_id: string;
  created_by: string;
  created_at: string;
}

export type AttachmentContext = 'task' | 'comment' | 'description';

export interface Attachment {
  id: string;
  task_id: string;
  workspace_id: string;
  file_name: string;
  mime_type: string;
  file_size: number;
  context: AttachmentContext;
  comment_id: string | null;
  uploaded_by: string;
  created_at: string;
  bytes: Buffer;
}

export type FieldType = 'text' | 'url' | 'dropdown' | 'number' | 'date' | 'checkbox' | 'multi_select' | 'attachment';
export const FIELD_TYPES: readonly FieldType[] = [
  'text',
  'url',
  'dropdown',
  'number',
  'date',
  'checkbox',
  'multi_select',
  'attachment',
];

export interface FieldOption {
  label: string;
  color: string;
}

export interface FieldDef {
  id: string;
  workspace_id: string;
  scopeable_type: 'workspace' | 'space' | 'folder' | 'list';
  scopeable_id: string;
  name: string;
  type: FieldType;
  options: FieldOption[] | null;
  is_required: boolean;
}

export interface FieldValue {
  id: string;
  workspace_id: string;
  task_id: string;
  custom_field_definition_id: string;
  value_number: number | null;
  value_text: string | null;
  value_date: string | null;
  value_boolean: boolean | null;
  value_json: unknown;
}

export interface Activity {
  id: string;
  seq: number;
  task_id: string;
  entity_type: string;
  entity_id: string;
  action: string;
  actor_id: string;
  actor_type: string;
  actor_name: string;
  old_value: Record<string, unknown>;
  new_value: Record<string, unknown>;
  created_at: string;
}

export interface FilterCondition {
  field: string;
  op: string;
  values: unknown[];
}

export interface Filter {
  match: 'all' | 'any';
  conditions: FilterCondition[];
}

export interface SortSpec {
  field: string;
  direction: 'asc' | 'desc';
}

export type ScopeType = 'list' | 'folder' | 'space' | 'sprint';

export interface View {
  id: string;
  workspace_id: string;
  name: string;
  viewable_type: ScopeType;
  viewable_id: string;
  owner_id: string;
  is_private: boolean;
  filters: Filter | null;
  sorts: SortSpec[];
  group_by: string;
  show_completed: boolean;
  subtask_mode: 'collapsed' | 'expanded';
}

export interface InboundAddress {
  id: string;
  list_id: string;
  email_address: string;
  created_at: string;
  updated_at: string;
}
