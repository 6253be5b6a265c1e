import { useQuery } from '@tanstack/react-query';
import { apiGet } from './client';

// Local shapes of the public catalogue reads; field names are the spec's, as the API sends them.
// They move to the zod schemas of @sikkha/contract once those exist.
export type YesNo = 'Y' | 'N';

export interface Product {
  id: number;
  product_title: string;
  product_detail: string;
  /** Baht with 2 decimals. */
  product_price: number;
  product_img_mini: string | null;
  product_disable: YesNo;
  product_book: YesNo;
  product_coin_pay: YesNo;
  product_status: string;
  product_category_list: number[];
}

export interface Category {
  id: number;
  category_name: string;
}

export interface Coach {
  id: number;
  coach_name: string;
  coach_detail: string;
  coach_position: string;
  coach_img: string | null;
}

/** Image URLs are built here only, so a change of storage path touches one place. */
export const productMiniUrl = (file: string) => `/api/productMini/${encodeURIComponent(file)}`;
export const coachImageUrl = (file: string) => `/api/coach/${encodeURIComponent(file)}`;

/** Courses with status Hide are never shown to shoppers (spec: search box). */
export const isListed = (product: Product) => product.product_status !== 'Hide';

export const useProducts = () =>
  useQuery({ queryKey: ['product'], queryFn: () => apiGet<Product[]>('product'), select: listedOnly });

export const useCategories = () => useQuery({ queryKey: ['category'], queryFn: () => apiGet<Category[]>('category') });

export const useCoaches = () => useQuery({ queryKey: ['coach'], queryFn: () => apiGet<Coach[]>('coach') });

function listedOnly(products: Product[]) {
  return products.filter(isListed);
}
