/** A policy's answer: allowed, refused (403), or refused as if the thing did not exist (404). */
export type Decision = boolean | 'hide';
