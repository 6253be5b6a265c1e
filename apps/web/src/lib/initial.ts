/** Thai vowels written before the consonant they follow in speech (เ แ โ ใ ไ): never a name's initial. */
const LEADING_VOWEL = /[\u0E40-\u0E44]/;

/**
 * The letter an avatar shows for a name: its first letter, but for Thai the first consonant ("ใจ" gives "จ",
 * "เก่ง" gives "ก"), since a leading vowel alone is no initial.
 */
export function initialOf(name: string): string {
  for (const char of name) {
    if (/\p{L}/u.test(char) && !LEADING_VOWEL.test(char)) return char.toLocaleUpperCase();
  }
  return name.trim().slice(0, 1);
}
