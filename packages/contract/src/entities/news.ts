import { defineEntity } from '../entity.js';
import { f } from '../fields.js';

export const news = defineEntity(
  'news',
  {
    coach_id: f.ref(),
    personnel_id: f.ref(),
    news_title: f.text(255).min(1),
    news_detail: f.longText(20_000),
    news_content: f.longText(),
    news_heart: f.int(),
    news_comment: f.int(),
    news_share: f.int(),
    news_tag: f.text(500),
    news_path: f.fileName(),
    news_path_head: f.fileName(),
  },
  { required: ['news_title'] },
);

export const newsImage = defineEntity(
  'newsImage',
  {
    news_id: f.ref(),
    news_image_title: f.text(255),
    news_image_detail: f.longText(10_000),
    news_image_path: f.fileName(),
  },
  { required: ['news_id'] },
);
