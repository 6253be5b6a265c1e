import { courses, demoAccounts } from '../apps/server/src/demo/content.js';

/** The demo member the first start seeds, and signs in with the published password (README). */
export const MEMBER = { email: demoAccounts.member.email, password: demoAccounts.member.password };
/** The course the demo member bought (the seed's first; its second waits for payment). */
export const BOUGHT = courses[0]!.product_title;
