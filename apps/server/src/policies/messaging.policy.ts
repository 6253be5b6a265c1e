import type { Actor } from './actor.js';
import type { Decision } from './decision.js';

/** Writing to members (the Send screen) and reading its delivery log: staff. */
export const maySendMessages = (actor: Actor): Decision => actor.kind === 'staff';

/** Tying a LINE or Messenger account to an account, and undoing it: the member, for their own account only. */
export const mayLinkChat = (actor: Actor): Decision => actor.kind === 'member';
