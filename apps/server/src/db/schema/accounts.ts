import { nameTitles, userStatuses } from '@sikkha/contract';
import { date, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { base, state, statesChecked, str, yn } from './columns.js';

export const user = pgTable(
  'user',
  {
    ...base(),
    username: str('username', 100),
    email: str('email'),
    password: str('password', 200),
    name_title: state('name_title', nameTitles, 20),
    name_th: str('name_th', 100),
    lname_th: str('lname_th', 100),
    nickname: str('nickname', 100),
    phone: str('phone', 10),
    facebook_id: str('facebook_id', 100),
    google_id: str('google_id', 100),
    address: str('address', 1000),
    send_address: str('send_address', 1000),
    path: str('path'),
    point: integer('point').notNull().default(0),
    status: state('status', userStatuses, 20).notNull().default('new'),
    agreement: yn('agreement').notNull().default('N'),
    privacy_policy: yn('privacy_policy').notNull().default('N'),
    personnel_name: str('personnel_name', 100),
    personnel_lname: str('personnel_lname', 100),
    position: str('position', 50),
    card_id: str('card_id', 13),
    company_id: str('company_id', 13),
    company_name: str('company_name'),
    company_address: str('company_address', 1000),
    company_address_send: str('company_address_send', 1000),
  },
  (t) => [
    uniqueIndex('user_email_key').on(t.email),
    uniqueIndex('user_username_key').on(t.username),
    // One account per social identity: a second sign-up with the same Google or Facebook id is refused.
    uniqueIndex('user_google_id_key').on(t.google_id),
    uniqueIndex('user_facebook_id_key').on(t.facebook_id),
    ...statesChecked('user', { name_title: nameTitles, status: userStatuses }),
  ],
);

export const userDetail = pgTable(
  'userDetail',
  {
    ...base(),
    user_id: integer('user_id').references(() => user.id, { onDelete: 'cascade' }),
    user_detail_name_title: str('user_detail_name_title', 50),
    name_th: str('name_th', 100),
    lname_th: str('lname_th', 100),
    name_en: str('name_en', 100),
    lname_en: str('lname_en', 100),
    nickname: str('nickname', 100),
    birthday: date('birthday', { mode: 'string' }),
    age: integer('age'),
    tel: str('tel', 20),
    email: str('email'),
    citizenid: str('citizenid', 13),
    card_address: str('card_address', 1000),
    address: str('address', 1000),
  },
  (t) => [index('userDetail_user_id_idx').on(t.user_id)],
);

export const personnel = pgTable(
  'personnel',
  {
    ...base(),
    personnel_name: str('personnel_name', 100),
    personnel_lname: str('personnel_lname', 100),
    personnel_nickname: str('personnel_nickname', 100),
    personnel_tel: str('personnel_tel', 20),
    personnel_position: str('personnel_position', 100),
    username: str('username', 100).notNull(),
    password: str('password', 200).notNull(),
    status_by: yn('status_by').notNull().default('N'),
    /** Y: the account may not sign in (its sessions end when it is set); the last enabled account cannot be. */
    personnel_disable: yn('personnel_disable').notNull().default('N'),
  },
  (t) => [uniqueIndex('personnel_username_key').on(t.username)],
);

export const notification = pgTable(
  'notification',
  {
    ...base(),
    user_id: integer('user_id').references(() => user.id, { onDelete: 'cascade' }),
    notification_status: yn('notification_status').notNull().default('Y'),
    notification_to: str('notification_to', 500),
    notification_color: str('notification_color', 50),
    notification_icon: str('notification_icon', 50),
    notification_from: str('notification_from', 100),
    notification_message: varchar('notification_message', { length: 2000 }),
    notification_image: str('notification_image'),
  },
  (t) => [index('notification_user_id_idx').on(t.user_id)],
);
