import type { Bilingual, LegalDocument } from './legal-document';

/** The shop's terms of use. Thai is the binding text; the English version is a translation. */
export const terms: Bilingual<LegalDocument> = {
  th: {
    title: 'ข้อกำหนดและเงื่อนไข',
    dated: 'ประกาศ ณ วันที่ 28 พฤษภาคม 2565',
    intro: [
      'ข้อกำหนดและเงื่อนไขนี้ใช้กับการใช้งานเว็บไซต์สิกขาและการซื้อคอร์สเรียนออนไลน์จากบริษัท สิกขา จำกัด ("บริษัท" หรือ "เรา") เมื่อท่านสมัครสมาชิก เข้าสู่ระบบ หรือสั่งซื้อคอร์สเรียน ถือว่าท่านได้อ่านและยอมรับข้อกำหนดนี้ และ[นโยบายความเป็นส่วนตัว](/privacy-policy)แล้ว',
    ],
    sections: [
      {
        id: 'accounts',
        heading: 'บัญชีผู้ใช้',
        blocks: [
          {
            list: [
              'ท่านต้องให้ข้อมูลที่ถูกต้องและเป็นปัจจุบันเมื่อสมัครสมาชิก รวมถึงอีเมลที่ใช้งานได้และหมายเลขโทรศัพท์มือถือ 10 หลัก',
              'ท่านต้องเก็บรักษารหัสผ่านเป็นความลับ และรับผิดชอบต่อการใช้งานทั้งหมดที่เกิดขึ้นภายใต้บัญชีของท่าน หากสงสัยว่ามีผู้อื่นใช้บัญชีของท่าน โปรดเปลี่ยนรหัสผ่านและแจ้งเราทันที',
              'ผู้ที่อายุต่ำกว่า 20 ปี ต้องได้รับความยินยอมจากผู้ใช้อำนาจปกครองก่อนสมัครสมาชิกและสั่งซื้อ',
            ],
          },
        ],
      },
      {
        id: 'no-sharing',
        heading: 'ห้ามใช้บัญชีร่วมกัน',
        blocks: [
          'บัญชีหนึ่งบัญชีสำหรับผู้เรียนหนึ่งคนเท่านั้น ห้ามให้ผู้อื่นยืม แบ่งปัน ขาย หรือโอนบัญชีหรือรหัสผ่าน และห้ามเปิดคอร์สให้ผู้อื่นชมร่วมในลักษณะการเผยแพร่ หากเราพบการใช้งานที่มีลักษณะเป็นการใช้บัญชีร่วมกัน เราอาจจำกัดการเข้าสู่ระบบ ระงับ หรือปิดบัญชีได้โดยไม่ต้องคืนเงิน',
        ],
      },
      {
        id: 'access',
        heading: 'คอร์สเรียนและระยะเวลาการเข้าชม',
        blocks: [
          {
            list: [
              'เมื่อการชำระเงินได้รับการยืนยัน ท่านจะได้รับสิทธิ์รับชมคอร์สนั้นเป็นเวลา 2 ปี นับจากวันที่ยืนยันการชำระเงิน รับชมซ้ำได้ไม่จำกัดจำนวนครั้งภายในระยะเวลาดังกล่าว จำนวนวันคงเหลือแสดงอยู่ในหน้ารายละเอียดคอร์ส',
              'สิทธิ์รับชมเป็นสิทธิ์ส่วนตัว ใช้เพื่อการเรียนรู้ของท่านเองเท่านั้น และไม่สามารถโอนให้ผู้อื่นได้',
              'เมื่อครบ 2 ปี สิทธิ์รับชมวิดีโอ ดาวน์โหลดเอกสาร และเข้ากลุ่มเรียนของคอร์สนั้นจะสิ้นสุดลง ท่านซื้อคอร์สใหม่ได้หากต้องการเรียนต่อ',
              'เราอาจปรับปรุงเนื้อหา ลำดับบทเรียน หรือเอกสารประกอบให้ทันสมัย โดยจะไม่ลดสาระสำคัญของคอร์สที่ท่านซื้อ',
              'คอร์สที่แสดงว่า "เร็วๆ นี้" ยังไม่เปิดขาย',
              'ใบประกาศนียบัตรออกให้เมื่อท่านเรียนครบตามเงื่อนไขของแต่ละคอร์ส',
            ],
          },
        ],
      },
      {
        id: 'payment',
        heading: 'ราคาและการชำระเงิน',
        blocks: [
          'ราคาคอร์สแสดงเป็นเงินบาท ท่านชำระเงินได้ด้วยวิธีต่อไปนี้ ตามที่เปิดให้บริการในแต่ละคอร์ส',
          {
            list: [
              'บัตรเครดิตหรือบัตรเดบิต (Visa, Mastercard, JCB) ชำระเต็มจำนวน หรือผ่อนชำระผ่าน Smart Pay ตามเงื่อนไขของธนาคาร',
              'QR พร้อมเพย์ (Internet Banking) และ UnionPay',
              'โอนเงินเข้าบัญชีธนาคารของบริษัท แล้วแนบสลิปพร้อมระบุวันและเวลาที่โอน เจ้าหน้าที่จะตรวจสอบสลิปภายใน 1 วันทำการ การโอนระหว่างเวลา 00.00–08.00 น. ต้องรอการยืนยันจากเจ้าหน้าที่ สิทธิ์รับชมเริ่มเมื่อเจ้าหน้าที่ยืนยันแล้ว',
              'เหรียญ (Coin) ในบัญชีของท่าน สำหรับคอร์สที่รองรับการชำระด้วยเหรียญ',
            ],
          },
          'คำสั่งซื้อที่ยังไม่ได้ชำระเงินหรือยังไม่ได้รับการยืนยันจะแสดงสถานะ "รอยืนยันการชำระเงิน" การแนบสลิปปลอมหรือสลิปที่ไม่ตรงกับยอดชำระ ทำให้คำสั่งซื้อถูกยกเลิก และบริษัทอาจดำเนินคดีตามกฎหมาย',
          'หากต้องการใบเสร็จรับเงินหรือใบกำกับภาษี ให้เลือกขอใบเสร็จในขั้นตอนชำระเงิน และกรอกข้อมูลบุคคลหรือนิติบุคคลให้ถูกต้อง เราไม่สามารถแก้ไขใบเสร็จที่ออกจากข้อมูลที่ท่านกรอกผิดได้ในบางกรณี',
        ],
      },
      {
        id: 'coupons-coins',
        heading: 'คูปองและเหรียญ',
        blocks: [
          {
            list: [
              'คูปองส่วนลดใช้ได้ตามเงื่อนไข ระยะเวลา และคอร์สที่กำหนดไว้ในแต่ละคูปอง และไม่สามารถแลกเป็นเงินสดได้',
              'เหรียญได้รับจากคูปองเหรียญหรือกิจกรรมของบริษัท ใช้ชำระค่าคอร์สที่รองรับการชำระด้วยเหรียญเท่านั้น ไม่มีมูลค่าเป็นเงินสด ไม่สามารถโอนให้ผู้อื่น และไม่สามารถขอคืนเป็นเงินได้',
              'คอร์สที่ชำระด้วยเหรียญจะเปิดสิทธิ์ทันที ไม่สามารถใช้คูปองส่วนลดหรือขอใบเสร็จรับเงินร่วมกับการชำระด้วยเหรียญได้',
              'หากพบการได้มาซึ่งคูปองหรือเหรียญโดยไม่สุจริต บริษัทมีสิทธิ์ยกเลิกคูปอง เหรียญ หรือคำสั่งซื้อที่เกี่ยวข้อง',
            ],
          },
        ],
      },
      {
        id: 'refunds',
        heading: 'การยกเลิกและการคืนเงิน',
        blocks: [
          'เนื่องจากคอร์สเรียนเป็นเนื้อหาดิจิทัลที่เปิดให้รับชมได้ทันที เราคืนเงินในกรณีต่อไปนี้',
          {
            list: [
              'ท่านแจ้งขอคืนเงินภายใน 7 วันนับจากวันที่ได้รับสิทธิ์ และยังรับชมบทเรียนไม่เกิน 1 บทเรียน (ไม่รวมวิดีโอตัวอย่าง)',
              'ท่านชำระเงินซ้ำสำหรับคำสั่งซื้อเดียวกัน',
              'ท่านไม่สามารถรับชมคอร์สได้เพราะปัญหาของระบบเรา และเราแก้ไขไม่ได้ภายใน 7 วันนับจากวันที่ท่านแจ้ง',
            ],
          },
          'คำขอคืนเงินส่งได้ทางอีเมล contact@sikkha.example พร้อมเลขอ้างอิงคำสั่งซื้อ เราจะคืนเงินผ่านช่องทางเดิมที่ท่านชำระภายใน 30 วันนับจากวันที่อนุมัติ เมื่อคืนเงินแล้ว สิทธิ์รับชมคอร์สนั้นสิ้นสุดทันที คอร์สที่ชำระด้วยเหรียญจะคืนเป็นเหรียญเข้าบัญชี ไม่คืนเป็นเงินสด หนังสือที่จัดส่งแล้วต้องส่งคืนในสภาพสมบูรณ์ก่อนคืนเงินส่วนของหนังสือ',
        ],
      },
      {
        id: 'books',
        heading: 'หนังสือและเอกสารที่จัดส่ง',
        blocks: [
          {
            list: [
              'บางคอร์สมีหนังสือหรือเอกสารจัดส่งทางไปรษณีย์ ท่านต้องกรอกที่อยู่จัดส่งให้ครบถ้วนก่อนยืนยันคำสั่งซื้อ',
              'เราจัดส่งภายในประเทศไทยภายใน 7 วันทำการหลังยืนยันการชำระเงิน ระยะเวลาขนส่งขึ้นอยู่กับผู้ให้บริการขนส่ง',
              'หากได้รับสินค้าชำรุดหรือไม่ครบ โปรดแจ้งเราภายใน 7 วันนับจากวันที่ได้รับ พร้อมรูปถ่าย เราจะส่งให้ใหม่โดยไม่มีค่าใช้จ่าย',
              'หากพัสดุถูกตีกลับเพราะที่อยู่ไม่ถูกต้อง ท่านอาจต้องชำระค่าจัดส่งใหม่',
            ],
          },
        ],
      },
      {
        id: 'intellectual-property',
        heading: 'ทรัพย์สินทางปัญญา',
        blocks: [
          'วิดีโอ เอกสารประกอบ รูปภาพ ข้อความ เครื่องหมายการค้า และใบประกาศนียบัตรบนเว็บไซต์เป็นลิขสิทธิ์ของบริษัทหรือผู้สอน และได้รับความคุ้มครองตามพระราชบัญญัติลิขสิทธิ์ พ.ศ. 2537',
          {
            list: [
              'ท่านใช้เนื้อหาได้เพื่อการเรียนรู้ส่วนตัวเท่านั้น',
              'ห้ามดาวน์โหลดวิดีโอ บันทึกหน้าจอ บันทึกเสียง ทำซ้ำ ดัดแปลง เผยแพร่ จำหน่าย หรือให้เช่าเนื้อหาไม่ว่าทั้งหมดหรือบางส่วน',
              'เอกสารที่เปิดให้ดาวน์โหลดใช้ได้เฉพาะตัวผู้ซื้อ ห้ามส่งต่อหรือเผยแพร่',
            ],
          },
          'การละเมิดข้อนี้ทำให้บริษัทระงับบัญชีได้ทันทีโดยไม่คืนเงิน และบริษัทสงวนสิทธิ์เรียกค่าเสียหายและดำเนินคดีตามกฎหมาย',
        ],
      },
      {
        id: 'groups',
        heading: 'กลุ่มเรียนและการแสดงความคิดเห็น',
        blocks: [
          'รหัสเข้ากลุ่มเรียนเป็นรหัสส่วนตัวของผู้ซื้อ ห้ามส่งต่อให้ผู้อื่น ในกลุ่มเรียน ท่านต้องใช้ถ้อยคำสุภาพ ไม่โฆษณา ไม่ละเมิดสิทธิของผู้อื่น และไม่เผยแพร่เนื้อหาของคอร์สออกนอกกลุ่ม ผู้ดูแลกลุ่มอาจนำสมาชิกที่ฝ่าฝืนออกจากกลุ่มได้ สิทธิ์ในกลุ่มเรียนสิ้นสุดพร้อมสิทธิ์รับชมคอร์ส',
        ],
      },
      {
        id: 'liability',
        heading: 'ข้อจำกัดความรับผิด',
        blocks: [
          'เนื้อหาของคอร์สมีไว้เพื่อการศึกษา ไม่ใช่คำแนะนำเฉพาะบุคคลด้านการลงทุน กฎหมาย หรือวิชาชีพอื่น ผลลัพธ์ของการนำความรู้ไปใช้ขึ้นอยู่กับแต่ละบุคคล เราพยายามให้บริการได้ต่อเนื่อง แต่อาจหยุดให้บริการชั่วคราวเพื่อปรับปรุงระบบ หรือเพราะเหตุที่อยู่นอกเหนือการควบคุมของเรา หากระบบหยุดให้บริการเป็นเวลานาน เราจะพิจารณาขยายระยะเวลาการรับชมให้ตามความเหมาะสม',
        ],
      },
      {
        id: 'suspension',
        heading: 'การระงับบัญชี',
        blocks: [
          'เราอาจระงับหรือปิดบัญชีที่ฝ่าฝืนข้อกำหนดนี้ ใช้ข้อมูลเท็จ ชำระเงินโดยทุจริต หรือกระทำการที่ผิดกฎหมาย โดยจะแจ้งเหตุผลให้ท่านทราบทางอีเมล ท่านแจ้งปิดบัญชีของท่านเองได้ทางอีเมล contact@sikkha.example',
        ],
      },
      {
        id: 'changes',
        heading: 'การเปลี่ยนแปลงข้อกำหนด',
        blocks: [
          'เราอาจแก้ไขข้อกำหนดนี้เป็นครั้งคราว และจะแสดงวันที่ประกาศฉบับล่าสุดไว้ที่ด้านบนของหน้านี้ การแก้ไขไม่กระทบสิทธิ์รับชมคอร์สที่ท่านซื้อไปแล้ว การใช้งานต่อหลังการแก้ไขถือว่าท่านยอมรับข้อกำหนดฉบับใหม่',
        ],
      },
      {
        id: 'law',
        heading: 'กฎหมายที่ใช้บังคับ',
        blocks: [
          'ข้อกำหนดนี้อยู่ภายใต้กฎหมายไทย ข้อพิพาทใดที่เกี่ยวกับข้อกำหนดนี้ให้อยู่ในอำนาจของศาลไทย ทั้งนี้ไม่ตัดสิทธิของท่านในฐานะผู้บริโภคตามกฎหมายว่าด้วยการคุ้มครองผู้บริโภค',
        ],
      },
      {
        id: 'contact',
        heading: 'ติดต่อเรา',
        blocks: [
          'บริษัท สิกขา จำกัด 99 ถนนพญาไท แขวงทุ่งพญาไท เขตราชเทวี กรุงเทพมหานคร 10400 อีเมล contact@sikkha.example หรือช่องทางอื่นใน[หน้าติดต่อเรา](/contact)',
        ],
      },
    ],
  },
  en: {
    title: 'Terms and conditions',
    dated: 'Announced on 28 May 2022 (the Thai version prevails)',
    intro: [
      'These terms apply to the use of the Sikkha website and to online courses bought from Sikkha Co., Ltd. ("the company" or "we"). By registering, signing in or ordering a course you confirm that you have read and accept these terms and the [privacy policy](/privacy-policy).',
    ],
    sections: [
      {
        id: 'accounts',
        heading: 'Accounts',
        blocks: [
          {
            list: [
              'You must give accurate, current details when you register, including a working e-mail address and a 10-digit mobile number.',
              'Keep your password secret; you are responsible for everything done with your account. If you suspect someone else is using it, change your password and tell us at once.',
              "If you are under 20, you need your parent or guardian's consent before registering and buying.",
            ],
          },
        ],
      },
      {
        id: 'no-sharing',
        heading: 'No account sharing',
        blocks: [
          'One account is for one learner. Do not lend, share, sell or transfer your account or password, and do not show courses to others in a way that amounts to broadcasting them. If we find use that looks like account sharing, we may limit sign-ins, suspend or close the account without a refund.',
        ],
      },
      {
        id: 'access',
        heading: 'Courses and access period',
        blocks: [
          {
            list: [
              'Once your payment is confirmed you may watch that course for 2 years from the confirmation date, as often as you like. The remaining days are shown in the course details.',
              'Access is personal, for your own learning only, and cannot be transferred.',
              "After 2 years, access to that course's videos, documents and study group ends. You can buy the course again to continue.",
              'We may update content, lesson order or documents to keep them current, without reducing the substance of the course you bought.',
              'Courses marked "coming soon" are not on sale yet.',
              "A certificate is issued when you meet the course's completion conditions.",
            ],
          },
        ],
      },
      {
        id: 'payment',
        heading: 'Prices and payment',
        blocks: [
          'Prices are in Thai baht. You can pay by these methods, as offered for each course:',
          {
            list: [
              "Credit or debit card (Visa, Mastercard, JCB) in full, or in instalments through Smart Pay on the bank's terms.",
              'PromptPay QR (internet banking) and UnionPay.',
              "Bank transfer to the company's account, then uploading the slip with the transfer date and time. Staff check slips within 1 business day; transfers made between 00.00 and 08.00 wait for staff confirmation. Access starts once staff confirm the payment.",
              'Coins in your account, for courses that accept coins.',
            ],
          },
          'Orders not yet paid or confirmed show "waiting for payment confirmation". A fake slip, or one that does not match the amount, cancels the order and the company may take legal action.',
          "For a receipt or tax invoice, ask for one at checkout and enter the person's or company's details correctly. In some cases we cannot reissue a receipt made from details you entered wrongly.",
        ],
      },
      {
        id: 'coupons-coins',
        heading: 'Coupons and coins',
        blocks: [
          {
            list: [
              'Discount coupons apply under the conditions, period and courses set for each coupon and cannot be exchanged for cash.',
              'Coins come from coin coupons or company promotions and pay only for courses that accept coins. They have no cash value, cannot be transferred and cannot be refunded as money.',
              'A course paid with coins opens at once; a discount coupon or a receipt cannot be combined with a coin payment.',
              'Coupons or coins obtained dishonestly may be cancelled together with the orders they paid for.',
            ],
          },
        ],
      },
      {
        id: 'refunds',
        heading: 'Cancellations and refunds',
        blocks: [
          'Courses are digital content available at once, so we refund in these cases:',
          {
            list: [
              'You ask within 7 days of getting access and have watched no more than 1 lesson (previews not counted).',
              'You paid twice for the same order.',
              'You cannot watch the course because of a fault on our side that we cannot fix within 7 days of your report.',
            ],
          },
          'Send refund requests to contact@sikkha.example with the order reference. We refund through the original payment method within 30 days of approval, and access to the course ends at once. Courses paid with coins are refunded as coins, not cash. Shipped books must come back in good condition before their part is refunded.',
        ],
      },
      {
        id: 'books',
        heading: 'Shipped books and documents',
        blocks: [
          {
            list: [
              'Some courses include books or documents sent by post; enter a complete shipping address before confirming the order.',
              'We ship within Thailand within 7 business days of payment confirmation; delivery time depends on the carrier.',
              'If an item arrives damaged or incomplete, tell us within 7 days of receipt with a photo and we will send a replacement free of charge.',
              'If a parcel is returned because the address was wrong, you may have to pay for shipping again.',
            ],
          },
        ],
      },
      {
        id: 'intellectual-property',
        heading: 'Intellectual property',
        blocks: [
          'Videos, documents, images, text, trademarks and certificates on the website belong to the company or the coaches and are protected by the Copyright Act B.E. 2537 (1994).',
          {
            list: [
              'You may use the content for your own learning only.',
              'Do not download videos, record the screen or sound, copy, adapt, publish, sell or rent any content in whole or in part.',
              'Downloadable documents are for the buyer only; do not pass them on or publish them.',
            ],
          },
          'Breaking this lets the company suspend the account at once without a refund, and the company reserves the right to claim damages and take legal action.',
        ],
      },
      {
        id: 'groups',
        heading: 'Study groups and comments',
        blocks: [
          "A study-group code is personal to the buyer; do not pass it on. In the group, be polite, do not advertise, respect others' rights and do not share course content outside the group. Group admins may remove members who break these rules. Group membership ends with the course access.",
        ],
      },
      {
        id: 'liability',
        heading: 'Limitation of liability',
        blocks: [
          'Course content is for education, not personal investment, legal or other professional advice; results of applying it vary from person to person. We aim for continuous service but may pause it for maintenance or for reasons beyond our control. After a long outage we will consider extending access periods as appropriate.',
        ],
      },
      {
        id: 'suspension',
        heading: 'Suspension',
        blocks: [
          'We may suspend or close accounts that break these terms, give false details, pay fraudulently or act unlawfully, and will tell you why by e-mail. You can ask us to close your own account at contact@sikkha.example.',
        ],
      },
      {
        id: 'changes',
        heading: 'Changes to these terms',
        blocks: [
          'We may change these terms from time to time and show the date of the latest version at the top of this page. Changes do not affect access to courses you already bought. Continuing to use the service after a change means you accept the new terms.',
        ],
      },
      {
        id: 'law',
        heading: 'Governing law',
        blocks: [
          'These terms are governed by Thai law, and Thai courts decide any dispute about them, without limiting your rights as a consumer under Thai consumer protection law.',
        ],
      },
      {
        id: 'contact',
        heading: 'Contact us',
        blocks: [
          'Sikkha Co., Ltd., 99 Phaya Thai Road, Thung Phaya Thai, Ratchathewi, Bangkok 10400, e-mail contact@sikkha.example, or the other channels on the [contact page](/contact).',
        ],
      },
    ],
  },
};
