import { type Bilingual, DPO_EMAIL, type LegalDocument } from './legal-document';

/**
 * How signature images (POST /api/uploadSignature: png or jpeg, at most 2 MB, visible to the uploader and staff
 * only) are used and kept. Not detailed by the spec beyond the route; written for this shop.
 */
export const signaturePolicy: Bilingual<LegalDocument> = {
  th: {
    title: 'นโยบายการใช้ลายมือชื่ออิเล็กทรอนิกส์',
    dated: 'ประกาศ ณ วันที่ 28 พฤษภาคม 2565',
    intro: [
      'ประกาศนี้อธิบายว่าบริษัท สิกขา จำกัด ใช้และเก็บรักษาภาพลายมือชื่อหรือลายมือชื่ออิเล็กทรอนิกส์ที่ท่านอัปโหลดหรือลงไว้บนเว็บไซต์อย่างไร โดยเป็นส่วนหนึ่งของ[นโยบายความเป็นส่วนตัว](/privacy-policy)',
    ],
    sections: [
      {
        id: 'what',
        heading: 'ข้อมูลที่เก็บ',
        blocks: [
          'ภาพลายมือชื่อที่ท่านอัปโหลด (ไฟล์ PNG หรือ JPEG ขนาดไม่เกิน 2 MB) หรือลายมือชื่อที่ท่านวาดบนหน้าจอ พร้อมวันและเวลาที่บันทึก และบัญชีผู้ใช้ที่เป็นเจ้าของ',
        ],
      },
      {
        id: 'use',
        heading: 'การใช้ลายมือชื่อ',
        blocks: [
          {
            list: [
              'ใช้ลงนามในเอกสารที่ท่านขอหรือยืนยันเองเท่านั้น เช่น แบบฟอร์มขอใบเสร็จรับเงินหรือใบกำกับภาษี แบบฟอร์มขอคืนเงิน หรือเอกสารรับรองการเรียน',
              'เราจะไม่นำลายมือชื่อไปใช้กับเอกสารอื่นที่ท่านไม่ได้ขอ ไม่แสดงต่อสาธารณะ และไม่นำไปวิเคราะห์เพื่อระบุหรือพิสูจน์ตัวตนด้วยวิธีชีวมิติ',
              'ฐานทางกฎหมาย คือ การปฏิบัติตามสัญญาหรือคำขอของท่าน และการปฏิบัติตามกฎหมายในกรณีที่เอกสารนั้นเป็นเอกสารทางบัญชีหรือภาษี',
            ],
          },
        ],
      },
      {
        id: 'access',
        heading: 'ผู้ที่เข้าถึงได้และการรักษาความปลอดภัย',
        blocks: [
          'ไฟล์ลายมือชื่อเปิดดูได้เฉพาะท่านและเจ้าหน้าที่ที่ได้รับอนุญาตซึ่งจำเป็นต้องใช้เพื่อจัดทำเอกสาร ไฟล์จัดเก็บแยกจากไฟล์สาธารณะของเว็บไซต์ และรับส่งผ่านการเชื่อมต่อที่เข้ารหัส เราไม่เปิดเผยลายมือชื่อแก่บุคคลภายนอก เว้นแต่เป็นส่วนหนึ่งของเอกสารที่ท่านขอให้ส่งถึงผู้รับ หรือเมื่อกฎหมายกำหนด',
        ],
      },
      {
        id: 'retention',
        heading: 'ระยะเวลาการเก็บรักษา',
        blocks: [
          'เราเก็บลายมือชื่อไว้ตราบเท่าที่ท่านยังใช้ลงนามเอกสาร ลายมือชื่อที่อยู่ในเอกสารทางบัญชีหรือภาษีเก็บไว้พร้อมเอกสารนั้นตามระยะเวลาที่กฎหมายกำหนด (ไม่น้อยกว่า 5 ปี และไม่เกิน 10 ปี) ส่วนไฟล์ลายมือชื่อที่ไม่ได้อยู่ในเอกสารดังกล่าว เราจะลบภายใน 90 วันหลังจากท่านขอให้ลบหรือปิดบัญชี',
        ],
      },
      {
        id: 'rights',
        heading: 'สิทธิของท่านและการติดต่อ',
        blocks: [
          `ท่านขอดู ขอสำเนา ขอเปลี่ยน หรือขอให้ลบลายมือชื่อ และใช้สิทธิอื่นตามนโยบายความเป็นส่วนตัวได้ โดยติดต่อเจ้าหน้าที่คุ้มครองข้อมูลส่วนบุคคลที่ ${DPO_EMAIL}`,
        ],
      },
    ],
  },
  en: {
    title: 'Electronic signature notice',
    dated: 'Announced on 28 May 2022 (the Thai version prevails)',
    intro: [
      'This notice explains how Sikkha Co., Ltd. uses and keeps the signature images or electronic signatures you upload or draw on the website. It is part of our [privacy policy](/privacy-policy).',
    ],
    sections: [
      {
        id: 'what',
        heading: 'What we keep',
        blocks: [
          'The signature image you upload (a PNG or JPEG file of at most 2 MB) or draw on screen, the date and time it was saved, and the account it belongs to.',
        ],
      },
      {
        id: 'use',
        heading: 'How we use it',
        blocks: [
          {
            list: [
              'Only to sign documents you ask for or confirm yourself, such as receipt or tax invoice request forms, refund forms or course completion documents.',
              'We never put it on a document you did not ask for, never show it publicly, and never analyse it to identify or verify you biometrically.',
              'The lawful basis is performing your contract or request, and legal obligation where the document is an accounting or tax record.',
            ],
          },
        ],
      },
      {
        id: 'access',
        heading: 'Who can see it, and security',
        blocks: [
          "Only you and authorised staff who need it to prepare a document can open the file. It is stored apart from the website's public files and sent over encrypted connections. We do not disclose it to others, except as part of a document you ask us to send to a recipient, or where the law requires.",
        ],
      },
      {
        id: 'retention',
        heading: 'How long we keep it',
        blocks: [
          'We keep your signature while you use it to sign documents. A signature inside an accounting or tax document is kept with that document for as long as the law requires (at least 5 and at most 10 years). Signature files not part of such a document are deleted within 90 days of your request or of closing your account.',
        ],
      },
      {
        id: 'rights',
        heading: 'Your rights and contact',
        blocks: [
          `You may see, copy, replace or have your signature deleted, and use your other rights under the privacy policy, by contacting our Data Protection Officer at ${DPO_EMAIL}.`,
        ],
      },
    ],
  },
};
