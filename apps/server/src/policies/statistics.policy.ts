import type { Actor } from './actor.js';
import type { Decision } from './decision.js';

/** A member's viewing statistics (time watched, progress per lesson and course): the member their own, staff anyone's. */
export const mayReadStatistics = (actor: Actor, owner: { user_id: number }): Decision =>
  actor.kind === 'staff' || (actor.kind === 'member' && actor.id === owner.user_id);
