import { productStatuses } from '@sikkha/contract';
import { baht } from '@sikkha/contract/rules';
import { index, integer, jsonb, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { base, long, money, state, statesChecked, str, yn } from './columns.js';

export const category = pgTable('category', { ...base(), category_name: str('category_name', 100).notNull() });

export const coach = pgTable('coach', {
  ...base(),
  coach_name: str('coach_name', 200).notNull(),
  coach_detail: long('coach_detail'),
  coach_position: str('coach_position', 200),
  coach_img: str('coach_img'),
});

export const coachDetailList = pgTable(
  'coachDetailList',
  {
    ...base(),
    coach_id: integer('coach_id')
      .notNull()
      .references(() => coach.id, { onDelete: 'cascade' }),
    coach_detail_text: str('coach_detail_text', 1000),
    coach_detail_item: integer('coach_detail_item'),
  },
  (t) => [index('coachDetailList_coach_id_idx').on(t.coach_id)],
);

export const coachStatus = pgTable(
  'coachStatus',
  {
    ...base(),
    coach_id: integer('coach_id')
      .notNull()
      .references(() => coach.id, { onDelete: 'cascade' }),
    award: str('award', 500),
  },
  (t) => [index('coachStatus_coach_id_idx').on(t.coach_id)],
);

export const product = pgTable(
  'product',
  {
    ...base(),
    product_title: str('product_title').notNull(),
    product_detail: long('product_detail'),
    product_tag: str('product_tag', 500),
    product_price: money('product_price').notNull().default(baht(0)),
    product_category_list: jsonb('product_category_list').$type<number[]>().notNull().default([]),
    product_img_mini: str('product_img_mini'),
    product_img_vertical: str('product_img_vertical'),
    product_img_certificate: str('product_img_certificate'),
    product_img_head: str('product_img_head'),
    product_disable: yn('product_disable').notNull().default('N'),
    product_status: state('product_status', productStatuses, 10).notNull().default('Hide'),
    product_book: yn('product_book').notNull().default('N'),
    product_coin_pay: yn('product_coin_pay').notNull().default('N'),
  },
  (t) => [
    uniqueIndex('product_title_key').on(t.product_title),
    index('product_status_idx').on(t.product_status),
    ...statesChecked('product', { product_status: productStatuses }),
  ],
);

export const productCoach = pgTable(
  'productCoach',
  {
    ...base(),
    coach_id: integer('coach_id')
      .notNull()
      .references(() => coach.id, { onDelete: 'cascade' }),
    product_id: integer('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('productCoach_coach_id_idx').on(t.coach_id),
    uniqueIndex('productCoach_product_coach_key').on(t.product_id, t.coach_id),
  ],
);

export const productDetailType = pgTable('productDetailType', {
  ...base(),
  product_detail_tab_name: str('product_detail_tab_name', 100).notNull(),
});

export const productDetailList = pgTable(
  'productDetailList',
  {
    ...base(),
    product_id: integer('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    product_detail_type_id: integer('product_detail_type_id')
      .notNull()
      .references(() => productDetailType.id, { onDelete: 'cascade' }),
    product_detail_list_title: str('product_detail_list_title'),
    product_detail_list_detail: long('product_detail_list_detail'),
    product_detail_list_item: integer('product_detail_list_item').notNull().default(1),
    product_detail_list_file: str('product_detail_list_file'),
    product_detail_list_img: str('product_detail_list_img'),
  },
  (t) => [
    index('productDetailList_product_id_idx').on(t.product_id),
    index('productDetailList_type_id_idx').on(t.product_detail_type_id),
    index('productDetailList_file_idx').on(t.product_detail_list_file),
  ],
);

export const productDetailText = pgTable(
  'productDetailText',
  {
    ...base(),
    product_id: integer('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    product_detail_type_id: integer('product_detail_type_id')
      .notNull()
      .references(() => productDetailType.id, { onDelete: 'cascade' }),
    product_detail_text_value: long('product_detail_text_value'),
  },
  (t) => [
    index('productDetailText_product_id_idx').on(t.product_id),
    index('productDetailText_type_id_idx').on(t.product_detail_type_id),
  ],
);

export const question = pgTable('question', {
  ...base(),
  question: str('question', 1000).notNull(),
  result: long('result'),
  item: integer('item'),
});
