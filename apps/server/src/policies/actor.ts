/** Members sign in through the shop; staff (personnel) through the back office. A token is for one of them. */
export type Role = 'member' | 'staff';
/** Who is asking: a visitor, or the holder of a verified token. */
export type Actor = { kind: 'visitor' } | { kind: Role; id: number; jti: string; expiresAt: string };
export type SignedIn = Exclude<Actor, { kind: 'visitor' }>;
