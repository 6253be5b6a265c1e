import { z } from 'zod';
import { defineEntity } from '../entity.js';
import { f } from '../fields.js';

export const nameTitles = ['นาย', 'นางสาว', 'นาง'] as const;
export const userStatuses = ['new', 'wait', 'premium'] as const;
export type UserStatus = (typeof userStatuses)[number];

export const user = defineEntity(
  'user',
  {
    username: f.text(100),
    email: f.email(),
    password: f.text(200),
    name_title: z.enum(nameTitles),
    name_th: f.text(100),
    lname_th: f.text(100),
    nickname: f.text(100),
    phone: z.string().regex(/^\d{10}$/, 'Please enter 10 characters'),
    facebook_id: f.text(100),
    google_id: f.text(100),
    address: f.text(1000),
    send_address: f.text(1000),
    path: f.fileName(),
    point: f.int(),
    status: z.enum(userStatuses),
    agreement: f.yn(),
    privacy_policy: f.yn(),
    personnel_name: f.text(100),
    personnel_lname: f.text(100),
    position: f.text(50),
    card_id: z.string().regex(/^\d{13}$/, 'เลขบัตรประชาชน 13 หลัก'),
    company_id: z.string().regex(/^\d{13}$/, 'เลขประจำตัวผู้เสียภาษี 13 หลัก'),
    company_name: f.text(255),
    company_address: f.text(1000),
    company_address_send: f.text(1000),
  },
  { required: ['email'], secret: ['password'] },
);

export const userDetail = defineEntity('userDetail', {
  user_id: f.ref(),
  user_detail_name_title: f.text(50),
  name_th: f.text(100),
  lname_th: f.text(100),
  name_en: f.text(100),
  lname_en: f.text(100),
  nickname: f.text(100),
  birthday: f.date(),
  age: f.int(0, 150),
  tel: f.text(20),
  email: f.email(),
  citizenid: f.text(13),
  card_address: f.text(1000),
  address: f.text(1000),
});

export const personnel = defineEntity(
  'personnel',
  {
    personnel_name: f.text(100),
    personnel_lname: f.text(100),
    personnel_nickname: f.text(100),
    personnel_tel: f.text(20),
    personnel_position: f.text(100),
    username: f.text(100).min(3),
    password: f.text(200).min(8),
    status_by: f.yn(),
    /** Y: the account is disabled and cannot sign in. */
    personnel_disable: f.yn(),
  },
  { required: ['username', 'password'], secret: ['password'] },
);

export const notification = defineEntity(
  'notification',
  {
    user_id: f.ref(),
    notification_status: f.yn(),
    notification_to: f.text(500),
    notification_color: f.text(50),
    notification_icon: f.text(50),
    notification_from: f.text(100),
    notification_message: f.text(2000),
    /** A picture with the message (the Send screen's /notiImage), an upload of kind SendImage. */
    notification_image: f.fileName(),
  },
  { required: ['user_id', 'notification_message'] },
);
