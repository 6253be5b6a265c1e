import type { ComponentType } from 'react';
import type { RaRecord } from 'react-admin';

/**
 * One back-office screen, registered in `index.ts`: react-admin's Resource props. A screen of another domain adds
 * its own file here and its line there; the sidebar (`../menu.ts`) links to it once it is registered.
 */
export interface AdminResource {
  name: string;
  list?: ComponentType;
  show?: ComponentType;
  /** How a row of it reads where another row refers to it (a course's title, a member's e-mail). */
  recordRepresentation?: string | ((record: RaRecord) => string);
}
