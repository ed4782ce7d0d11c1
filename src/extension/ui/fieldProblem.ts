import * as vscode from 'vscode';
import type { CheckResult } from '../../core/tasks/customFields';

/** Why a custom field value was refused before sending, in words (task panel and Create Task). */
export function fieldProblem(reason: Extract<CheckResult, { ok: false }>['reason'], name: string): string {
  switch (reason) {
    case 'required':
      return vscode.l10n.t('{0} is required and cannot be cleared.', name);
    case 'negative':
      return vscode.l10n.t('{0} must be a number of 0 or more.', name);
    case 'url':
      return vscode.l10n.t('{0} must be an http:// or https:// address.', name);
    case 'date':
      return vscode.l10n.t('{0} must be a date (YYYY-MM-DD).', name);
    case 'option':
      return vscode.l10n.t('{0}: choose one of the listed options.', name);
    case 'readOnly':
      return vscode.l10n.t('{0} is an attachment field; it cannot be set here.', name);
    case 'tooLong':
      return vscode.l10n.t('{0} can have at most 5,000 characters.', name);
    default:
      return vscode.l10n.t('{0}: this value does not fit the field type.', name);
  }
}
