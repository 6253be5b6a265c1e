/** What other members see of a member: never the e-mail. */
export interface MemberNames {
  nickname: string | null;
  name_th: string | null;
  lname_th: string | null;
}

/**
 * A member as other members read them under what they wrote (reviews, lesson questions): their nickname, or their
 * first name and the initial of the last name ("ทดสอบ ร."), or "สมาชิก" when they gave neither.
 */
export function memberDisplayName(u: MemberNames): string {
  const nickname = u.nickname?.trim();
  if (nickname) return nickname;
  const first = u.name_th?.trim();
  const initial = u.lname_th?.trim().slice(0, 1);
  if (first) return initial ? `${first} ${initial}.` : first;
  return 'สมาชิก';
}
