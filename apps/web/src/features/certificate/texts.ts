import { thaiLongDate } from '@sikkha/contract/rules';
import { type Bilingual, defineTexts, type Lang } from '../../i18n/texts';

interface CertificateTexts {
  title: string;
  verified: string;
  verifiedNote: string;
  holder: string;
  course: string;
  issued: string;
  number: string;
  notFoundTitle: string;
  notFoundText: (number: string) => string;
  loadError: string;
  retry: string;
  checkAnother: string;
  numberField: string;
  numberHint: string;
  check: string;
}

const texts: Bilingual<CertificateTexts> = {
  th: {
    title: 'ตรวจสอบใบประกาศนียบัตร',
    verified: 'ใบประกาศนียบัตรนี้ออกโดยสิกขา',
    verifiedNote: 'ข้อมูลด้านล่างตรงกับที่บันทึกไว้ในระบบ',
    holder: 'ผู้ได้รับ',
    course: 'หลักสูตร',
    issued: 'วันที่ออก',
    number: 'เลขที่',
    notFoundTitle: 'ไม่พบใบประกาศนียบัตร',
    notFoundText: (number) => `ไม่มีใบประกาศนียบัตรเลขที่ ${number} ในระบบ กรุณาตรวจสอบเลขที่อีกครั้ง`,
    loadError: 'ตรวจสอบไม่สำเร็จ กรุณาลองใหม่อีกครั้ง',
    retry: 'ลองใหม่',
    checkAnother: 'ตรวจสอบเลขที่อื่น',
    numberField: 'เลขที่ใบประกาศนียบัตร',
    numberHint: 'เช่น ABCD-EFGH-JKMN-PQRS',
    check: 'ตรวจสอบ',
  },
  en: {
    title: 'Verify a certificate',
    verified: 'This certificate was issued by Sikkha',
    verifiedNote: 'The details below match our records.',
    holder: 'Awarded to',
    course: 'Course',
    issued: 'Date of issue',
    number: 'Number',
    notFoundTitle: 'Certificate not found',
    notFoundText: (number) => `No certificate numbered ${number} exists. Please check the number.`,
    loadError: 'The certificate could not be checked. Please try again.',
    retry: 'Try again',
    checkAnother: 'Check another number',
    numberField: 'Certificate number',
    numberHint: 'e.g. ABCD-EFGH-JKMN-PQRS',
    check: 'Check',
  },
};

export const useCertificateTexts = defineTexts('certificate', texts);

const englishDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Asia/Bangkok' });

/** The day of issue as the certificate prints it: Buddhist era in Thai, the Bangkok day in English. */
export const issueDate = (at: string, lang: Lang) =>
  lang === 'th' ? thaiLongDate(new Date(at)) : englishDate.format(new Date(at));
