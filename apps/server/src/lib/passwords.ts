import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm) at 19 MiB and 2 passes: OWASP's minimum for interactive logins. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
