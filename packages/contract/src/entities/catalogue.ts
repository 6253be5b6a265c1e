import { z } from 'zod';
import { defineEntity } from '../entity.js';
import { f } from '../fields.js';

export const productStatuses = ['Show', 'Hide'] as const;
export type ProductStatus = (typeof productStatuses)[number];

export const category = defineEntity(
  'category',
  { category_name: f.text(100).min(1) },
  { required: ['category_name'] },
);

export const coach = defineEntity(
  'coach',
  {
    coach_name: f.text(200).min(1),
    coach_detail: f.longText(10_000),
    coach_position: f.text(200),
    coach_img: f.fileName(),
  },
  { required: ['coach_name'] },
);

export const coachDetailList = defineEntity(
  'coachDetailList',
  { coach_id: f.ref(), coach_detail_text: f.text(1000), coach_detail_item: f.int() },
  { required: ['coach_id'] },
);

export const coachStatus = defineEntity(
  'coachStatus',
  { coach_id: f.ref(), award: f.text(500) },
  { required: ['coach_id'] },
);

export const productCoach = defineEntity(
  'productCoach',
  { coach_id: f.ref(), product_id: f.ref() },
  { required: ['coach_id', 'product_id'] },
);

export const product = defineEntity(
  'product',
  {
    product_title: f.text(255).min(1),
    product_detail: f.longText(),
    product_tag: f.text(500),
    product_price: f.money(),
    product_category_list: f.idList(),
    product_img_mini: f.fileName(),
    product_img_vertical: f.fileName(),
    product_img_certificate: f.fileName(),
    product_img_head: f.fileName(),
    product_disable: f.yn(),
    product_status: z.enum(productStatuses),
    product_book: f.yn(),
    product_coin_pay: f.yn(),
  },
  { required: ['product_title', 'product_price'] },
);

export const productDetailType = defineEntity(
  'productDetailType',
  { product_detail_tab_name: f.text(100).min(1) },
  { required: ['product_detail_tab_name'] },
);

export const productDetailList = defineEntity(
  'productDetailList',
  {
    product_id: f.ref(),
    product_detail_type_id: f.ref(),
    product_detail_list_title: f.text(255),
    product_detail_list_detail: f.longText(20_000),
    product_detail_list_item: f.int(),
    product_detail_list_file: f.fileName(),
    product_detail_list_img: f.fileName(),
  },
  { required: ['product_id', 'product_detail_type_id'] },
);

export const productDetailText = defineEntity(
  'productDetailText',
  { product_id: f.ref(), product_detail_type_id: f.ref(), product_detail_text_value: f.longText() },
  { required: ['product_id', 'product_detail_type_id'] },
);

export const question = defineEntity(
  'question',
  { question: f.text(1000).min(1), result: f.longText(20_000), item: f.int() },
  { required: ['question'] },
);
