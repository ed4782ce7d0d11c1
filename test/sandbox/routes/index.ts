// Registers every /api route. Static segments (tasks/children) come before
// parameter segments ({task}) so they win.
import { Router } from '../router';
import { registerNavigation } from './navigation';
import { registerTrash } from './trash';

export function buildRouter(): Router {
  const router = new Router();
  registerNavigation(router);
  registerTrash(router);
  return router;
}
