import type { category, coach, product } from '@sikkha/contract';
// The rules' own modules, not their index, which would bring every rule into the storefront's first load.
import { isOnShow } from '@sikkha/contract/rules/catalogue';
import { fileUrl } from '@sikkha/contract/uploads';
import { useQuery } from '@tanstack/react-query';
import { catalogueKeys } from '../lib/query-keys';
import { apiGet } from './client';
import { routeData } from './routes';

// Rows as the API sends them, typed by the contract's schemas. Type-only: importing the contract at run time
// would put zod into the storefront's first load.
export type Product = ReturnType<typeof product.row.parse>;
export type Category = ReturnType<typeof category.row.parse>;
export type Coach = ReturnType<typeof coach.row.parse>;

/** Image URLs are built here only, so a change of storage path touches one place. */
export const productMiniUrl = (file: string) => fileUrl('productMini', file);
export const coachImageUrl = (file: string) => fileUrl('coach', file);

export const useProducts = () =>
  useQuery({ queryKey: catalogueKeys.products(), queryFn: () => apiGet<Product[]>('product'), select: listedOnly });

export const useCategories = () =>
  useQuery({ queryKey: catalogueKeys.categories(), queryFn: () => apiGet<Category[]>('category') });

/** Courses on show matching every word typed (GET productSearch). */
export const searchCourses = (q: string, limit: number) => routeData('productSearch', { query: { q, limit } });

export const useCoaches = () =>
  useQuery({ queryKey: catalogueKeys.coaches(), queryFn: () => apiGet<Coach[]>('coach') });

/** The server already leaves hidden courses out for visitors and members, but a staff token would receive them. */
function listedOnly(products: Product[]) {
  return products.filter(isOnShow);
}
