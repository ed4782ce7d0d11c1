// Registers every /api route. Static segments (tasks/children) come before
// parameter segments ({task}) so they win.
import { Router } from '../router';
import { registerActivity } from './activityRoute';
import { registerAttachments } from './attachments';
import { registerChildren } from './children';
import { registerComments } from './comments';
import { registerCustomFields } from './customFields';
import { registerDependencies } from './dependencies';
import { registerInbound } from './inbound';
import { registerSearch } from './search';
import { registerViews } from './views';
import { registerNavigation } from './navigation';
import { registerTasks } from './tasks';
import { registerTaskUpdates } from './taskUpdate';
import { registerTrash } from './trash';

export function buildRouter(): Router {
  const router = new Router();
  registerNavigation(router);
  registerChildren(router);
  registerTasks(router);
  registerTaskUpdates(router);
  registerActivity(router);
  registerTrash(router);
  registerComments(router);
  registerDependencies(router);
  registerCustomFields(router);
  registerAttachments(router);
  registerViews(router);
  registerSearch(router);
  registerInbound(router);
  return router;
}
