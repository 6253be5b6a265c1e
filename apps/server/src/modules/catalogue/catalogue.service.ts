import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../policies/index.js';
import { courseView } from './course-view.js';
import { searchProducts } from './search.js';

/** The catalogue's hand-written reads: the course dialog in one request, and course search. */
export function catalogueService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    courseView: (actor: Actor, by: { id?: number; title?: string }) => courseView(db, actor, by, clock.now()),
    search: (actor: Actor, q: string, limit: number) => searchProducts(db, actor, q, limit),
  };
}

export type CatalogueService = ReturnType<typeof catalogueService>;
