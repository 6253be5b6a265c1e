import type { Work } from '../../db/unit-of-work.js';
import type { Sessions } from '../../http/sessions.js';
import { normaliseEmail } from '../../lib/emails.js';
import { hashPassword } from '../../lib/passwords.js';
import type { Role, SignedIn } from '../../policies/index.js';
import type { AppModule } from '../module.js';
import { registerAccountRoutes } from './accounts.routes.js';
import { accountsService } from './accounts.service.js';
import { registerAddressLimits } from './address-limits.js';
import { registerEmailCodeRoutes } from './email-codes.routes.js';
import { emailCodesService } from './email-codes.service.js';
import { signupTickets } from './signup-ticket.js';
import { registerSocialRoutes } from './social.routes.js';

type Values = Record<string, unknown>;
type Write = { actor: SignedIn; work: Work; id?: number };

/**
 * A password in a write is stored only as its hash, and a new password for an existing account ends that account's
 * other sessions (the writer's own session, when it is theirs, goes on).
 */
const passwordWrite =
  (sessions: Sessions, role: Role) =>
  async (values: Values, { actor, work, id }: Write) => {
    if (typeof values.password !== 'string' || !values.password) return values;
    values.password = await hashPassword(values.password);
    if (id !== undefined) {
      await sessions.endOthers(work.db, role, id, actor.kind === role && actor.id === id ? actor.jti : null);
    }
    return values;
  };

/** Members and staff: registration, sign-in (password, Google, Facebook), e-mail codes, profile. */
export const accountsModule: AppModule = {
  name: 'accounts',
  resourceHooks: ({ sessions }) => ({
    user: {
      // E-mail addresses are compared case-insensitively, so they are stored in lower case.
      beforeWrite: (values, write) => {
        if (typeof values.email === 'string') values.email = normaliseEmail(values.email);
        return passwordWrite(sessions, 'member')(values, write);
      },
    },
    personnel: { beforeWrite: passwordWrite(sessions, 'staff') },
  }),
  register(app, { db, clock, transact, config, sessions, jobs }) {
    const tickets = signupTickets(config.jwtSecret, clock);
    const verifySignupTicket = config.google || config.facebook ? tickets.verify : undefined;
    const accounts = accountsService({ db, clock, transact, sessions, verifySignupTicket });
    registerAddressLimits(app, { db, clock });
    registerAccountRoutes(app, accounts, sessions);
    const codes = emailCodesService({
      db,
      clock,
      transact,
      jobs,
      sessions,
      secret: config.jwtSecret,
      publicUrl: config.publicUrl,
      currentUser: accounts.currentUser,
    });
    registerEmailCodeRoutes(app, codes);
    registerSocialRoutes(app, { db, clock, config, accounts, tickets });
  },
};
