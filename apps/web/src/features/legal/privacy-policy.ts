import { type Bilingual, DPO_EMAIL, type LegalDocument } from './legal-document';

/**
 * The shop's privacy notice under Thailand's Personal Data Protection Act B.E. 2562 (2019). Thai is the binding
 * text; the English version is a translation. The spec dates it 28 May 2022 (B.E. 2565).
 */
export const privacyPolicy: Bilingual<LegalDocument> = {
  th: {
    title: 'นโยบายความเป็นส่วนตัว',
    dated: 'ประกาศ ณ วันที่ 28 พฤษภาคม 2565',
    intro: [
      'บริษัท สิกขา จำกัด ("บริษัท" หรือ "เรา") ผู้ให้บริการเว็บไซต์สิกขาและคอร์สเรียนออนไลน์ผ่านวิดีโอ ให้ความสำคัญกับข้อมูลส่วนบุคคลของท่าน นโยบายฉบับนี้อธิบายว่าเราเก็บรวบรวม ใช้ และเปิดเผยข้อมูลส่วนบุคคลของท่านอย่างไร เพื่อวัตถุประสงค์ใด เก็บไว้นานเท่าใด และท่านมีสิทธิอย่างไร ตามพระราชบัญญัติคุ้มครองข้อมูลส่วนบุคคล พ.ศ. 2562 ("กฎหมายคุ้มครองข้อมูลส่วนบุคคล")',
      'นโยบายนี้ใช้กับผู้เยี่ยมชมเว็บไซต์ สมาชิก ผู้ซื้อคอร์สเรียน และผู้ที่ติดต่อเราทุกช่องทาง',
    ],
    sections: [
      {
        id: 'controller',
        heading: 'ผู้ควบคุมข้อมูลส่วนบุคคล',
        blocks: [
          'บริษัท สิกขา จำกัด เลขที่ 99 ถนนพญาไท แขวงทุ่งพญาไท เขตราชเทวี กรุงเทพมหานคร 10400 เป็นผู้ควบคุมข้อมูลส่วนบุคคลตามนโยบายนี้',
          `เราแต่งตั้งเจ้าหน้าที่คุ้มครองข้อมูลส่วนบุคคล (Data Protection Officer: DPO) ซึ่งท่านติดต่อได้ที่อีเมล ${DPO_EMAIL}`,
        ],
      },
      {
        id: 'data-collected',
        heading: 'ข้อมูลส่วนบุคคลที่เราเก็บรวบรวม',
        blocks: [
          'เราเก็บรวบรวมข้อมูลเท่าที่จำเป็นต่อการให้บริการ ดังนี้',
          {
            list: [
              'ข้อมูลบัญชีผู้ใช้: คำนำหน้าชื่อ ชื่อ นามสกุล ชื่อเล่น อีเมล ชื่อผู้ใช้ รหัสผ่าน (จัดเก็บเฉพาะค่าที่เข้ารหัสแบบทางเดียว เราไม่สามารถอ่านรหัสผ่านของท่านได้) สถานะการยืนยันอีเมล การยอมรับนโยบาย และรหัสบัญชี Google หรือ Facebook หากท่านเลือกเข้าสู่ระบบด้วยบัญชีดังกล่าว',
              'ข้อมูลการติดต่อ: หมายเลขโทรศัพท์มือถือ ที่อยู่สำหรับจัดส่งหนังสือหรือเอกสาร และข้อความที่ท่านส่งถึงเรา',
              'ข้อมูลการสั่งซื้อและการชำระเงิน: คอร์สที่สั่งซื้อ ราคา ส่วนลด คูปองและเหรียญที่ใช้ วิธีชำระเงิน เลขอ้างอิงคำสั่งซื้อ วันและเวลาที่โอน ธนาคาร และภาพสลิปการโอนเงิน สำหรับการชำระด้วยบัตร ข้อมูลบัตรจะส่งตรงไปยังผู้ให้บริการรับชำระเงิน เราไม่จัดเก็บหมายเลขบัตรเต็มหรือรหัส CVV',
              'ข้อมูลสำหรับออกใบเสร็จรับเงินหรือใบกำกับภาษี: ในนามบุคคล ได้แก่ เลขประจำตัวประชาชนและที่อยู่ ในนามนิติบุคคล ได้แก่ เลขประจำตัวผู้เสียภาษีอากร ชื่อบริษัท ที่อยู่บริษัท และที่อยู่จัดส่งเอกสาร',
              'ข้อมูลการเรียน: สถิติการรับชมวิดีโอ (บทเรียน เวลาเริ่มและหยุด ระยะเวลาที่รับชม จำนวนครั้ง) ความคืบหน้า ใบประกาศนียบัตร เหรียญคงเหลือ การแจ้งเตือน และรหัสเข้ากลุ่มเรียน',
              'ภาพลายมือชื่อที่ท่านอัปโหลดเพื่อใช้กับเอกสาร ตามที่อธิบายไว้ใน[นโยบายการใช้ลายมือชื่อ](/signaturePrivacyPolicy)',
              'ข้อมูลอุปกรณ์และบันทึกการใช้งาน (log): หมายเลขไอพี ประเภทเบราว์เซอร์และอุปกรณ์ ระบบปฏิบัติการ วันและเวลาที่เข้าใช้ หน้าที่เข้าชม และประวัติการเข้าสู่ระบบ',
              'คุกกี้และเทคโนโลยีที่คล้ายกัน ตามหัวข้อ "คุกกี้" ด้านล่าง',
            ],
          },
          'เราได้รับข้อมูลส่วนใหญ่จากท่านโดยตรง บางส่วนได้รับโดยอัตโนมัติเมื่อท่านใช้เว็บไซต์ และบางส่วนได้รับจากบุคคลอื่น ได้แก่ Google หรือ Facebook (ชื่อและอีเมล เมื่อท่านเข้าสู่ระบบด้วยบัญชีดังกล่าว) และผู้ให้บริการรับชำระเงิน (ผลการชำระเงิน)',
          'เราไม่เก็บข้อมูลส่วนบุคคลที่อ่อนไหวตามมาตรา 26 ของกฎหมายคุ้มครองข้อมูลส่วนบุคคล เช่น ศาสนา หรือข้อมูลสุขภาพ หากจำเป็นต้องเก็บ เราจะขอความยินยอมโดยชัดแจ้งจากท่านก่อน',
          'หากท่านอายุต่ำกว่า 20 ปีและยังไม่บรรลุนิติภาวะ กรุณาให้ผู้ใช้อำนาจปกครองอ่านนโยบายนี้และให้ความยินยอมแทนท่านในกรณีที่กฎหมายกำหนด',
        ],
      },
      {
        id: 'purposes',
        heading: 'ฐานทางกฎหมายและวัตถุประสงค์ในการใช้ข้อมูล',
        blocks: [
          'เราใช้ข้อมูลส่วนบุคคลของท่านตามฐานทางกฎหมายและวัตถุประสงค์ต่อไปนี้',
          {
            list: [
              'ฐานสัญญา (มาตรา 24 (3)): สร้างและดูแลบัญชีผู้ใช้ ขายคอร์สเรียนและเปิดสิทธิ์รับชมเป็นเวลา 2 ปี ตรวจสอบการชำระเงินและสลิปการโอนเงิน ใช้คูปองและเหรียญ จัดส่งหนังสือหรือเอกสาร ออกใบประกาศนียบัตร ดูแลกลุ่มเรียน คืนเงิน และตอบคำถามของท่าน',
              'ฐานการปฏิบัติตามกฎหมาย (มาตรา 24 (6)): ออกใบเสร็จรับเงินและใบกำกับภาษี จัดทำและเก็บรักษาเอกสารบัญชีตามกฎหมายว่าด้วยการบัญชีและประมวลรัษฎากร เก็บข้อมูลจราจรทางคอมพิวเตอร์ตามกฎหมายว่าด้วยการกระทำความผิดเกี่ยวกับคอมพิวเตอร์ และปฏิบัติตามคำสั่งของหน่วยงานรัฐที่มีอำนาจ',
              'ฐานประโยชน์โดยชอบด้วยกฎหมาย (มาตรา 24 (5)): รักษาความปลอดภัยของบัญชีและระบบ ป้องกันการทุจริต การใช้สลิปปลอม และการใช้บัญชีร่วมกัน ปรับปรุงคอร์สเรียนและเว็บไซต์จากสถิติการใช้งาน แจ้งข่าวที่เกี่ยวกับคอร์สที่ท่านซื้อ และใช้สิทธิเรียกร้องตามกฎหมาย ท่านคัดค้านการใช้ข้อมูลตามฐานนี้ได้',
              'ฐานความยินยอม (มาตรา 19): ใช้คุกกี้ที่ไม่จำเป็นต่อการทำงานของเว็บไซต์ และส่งข่าวสาร โปรโมชัน และข้อเสนอทางการตลาด ท่านถอนความยินยอมได้ทุกเมื่อ',
            ],
          },
          'ข้อมูลที่จำเป็นต่อการทำสัญญาหรือที่กฎหมายกำหนด หากท่านไม่ให้ข้อมูลดังกล่าว เราอาจไม่สามารถขายคอร์สเรียน ออกใบเสร็จรับเงิน หรือให้บริการบางส่วนแก่ท่านได้',
          'เราจะไม่ใช้ข้อมูลของท่านเพื่อวัตถุประสงค์อื่นที่ไม่ได้แจ้งไว้ เว้นแต่จะแจ้งให้ท่านทราบและขอความยินยอมใหม่ในกรณีที่กฎหมายกำหนด',
        ],
      },
      {
        id: 'disclosure',
        heading: 'การเปิดเผยข้อมูลส่วนบุคคล',
        blocks: [
          'เราไม่ขายข้อมูลส่วนบุคคลของท่าน เราเปิดเผยข้อมูลเท่าที่จำเป็นให้แก่บุคคลต่อไปนี้เท่านั้น',
          {
            list: [
              'ผู้ให้บริการรับชำระเงินและธนาคาร เพื่อรับชำระเงินด้วยบัตร QR พร้อมเพย์ UnionPay หรือการผ่อนชำระ และเพื่อคืนเงิน',
              'ผู้ให้บริการขนส่ง เช่น ไปรษณีย์ไทยหรือบริษัทขนส่งเอกชน ได้แก่ ชื่อ ที่อยู่ และหมายเลขโทรศัพท์ เพื่อจัดส่งหนังสือหรือเอกสาร',
              'ผู้ให้บริการคลาวด์และระบบสารสนเทศ ซึ่งจัดเก็บฐานข้อมูล ไฟล์ วิดีโอ และส่งอีเมลในนามของเรา',
              'ผู้ให้บริการส่งข้อความ เช่น LINE และ Facebook เพื่อแจ้งเตือนและดูแลกลุ่มเรียนของคอร์สที่ท่านซื้อ',
              'ผู้สอบบัญชี ที่ปรึกษากฎหมาย และที่ปรึกษาวิชาชีพอื่นของบริษัท',
              'หน่วยงานของรัฐ เช่น กรมสรรพากร เจ้าพนักงานตำรวจ หรือศาล เมื่อกฎหมายกำหนดหรือมีคำสั่งโดยชอบด้วยกฎหมาย',
              'ผู้รับโอนกิจการ ในกรณีที่มีการควบรวมหรือโอนกิจการ ซึ่งจะต้องคุ้มครองข้อมูลของท่านตามนโยบายนี้',
            ],
          },
          'ผู้ให้บริการที่ประมวลผลข้อมูลในนามของเรามีสัญญาประมวลผลข้อมูลกับเรา และใช้ข้อมูลได้เฉพาะตามคำสั่งของเราเท่านั้น',
        ],
      },
      {
        id: 'overseas',
        heading: 'การส่งหรือโอนข้อมูลไปต่างประเทศ',
        blocks: [
          'ผู้ให้บริการบางรายของเรา เช่น ผู้ให้บริการคลาวด์ อีเมล Google และ Facebook อาจจัดเก็บหรือประมวลผลข้อมูลบนเครื่องแม่ข่ายนอกประเทศไทย เช่น สิงคโปร์ หรือสหรัฐอเมริกา',
          'เราจะส่งหรือโอนข้อมูลไปยังประเทศที่มีมาตรฐานการคุ้มครองข้อมูลส่วนบุคคลที่เพียงพอ หรือเมื่อมีมาตรการคุ้มครองที่เหมาะสมตามมาตรา 28 และมาตรา 29 ของกฎหมายคุ้มครองข้อมูลส่วนบุคคล เช่น สัญญาที่มีข้อกำหนดมาตรฐานในการคุ้มครองข้อมูล หรือเมื่อจำเป็นต่อการปฏิบัติตามสัญญากับท่าน หรือได้รับความยินยอมจากท่าน',
        ],
      },
      {
        id: 'retention',
        heading: 'ระยะเวลาการเก็บรักษาข้อมูล',
        blocks: [
          'เราเก็บข้อมูลไว้เท่าที่จำเป็นตามวัตถุประสงค์ หรือตามที่กฎหมายกำหนด ดังนี้',
          {
            list: [
              'ข้อมูลบัญชีผู้ใช้และข้อมูลการติดต่อ: ตลอดระยะเวลาที่ท่านเป็นสมาชิก และไม่เกิน 1 ปีนับจากวันที่ปิดบัญชี หรือวันที่สิทธิ์รับชมคอร์สสุดท้ายของท่านสิ้นสุด แล้วแต่วันใดถึงภายหลัง',
              'ข้อมูลการสั่งซื้อ ใบเสร็จรับเงิน ข้อมูลภาษี และสลิปการโอนเงิน: ไม่น้อยกว่า 5 ปีตามกฎหมายว่าด้วยการบัญชีและประมวลรัษฎากร และไม่เกิน 10 ปีนับจากวันที่ชำระเงิน',
              'สถิติการรับชมวิดีโอ: ตลอดอายุสิทธิ์รับชมคอร์ส 2 ปี และไม่เกิน 1 ปีหลังจากนั้น',
              'ข้อมูลจราจรทางคอมพิวเตอร์ (log): ไม่น้อยกว่า 90 วัน และไม่เกิน 2 ปี ตามกฎหมายว่าด้วยการกระทำความผิดเกี่ยวกับคอมพิวเตอร์',
              'ภาพลายมือชื่อ: ตามระยะเวลาใน[นโยบายการใช้ลายมือชื่อ](/signaturePrivacyPolicy)',
              'ข้อมูลที่ใช้ตามความยินยอม เช่น การส่งข่าวสารทางการตลาด: จนกว่าท่านจะถอนความยินยอม',
            ],
          },
          'เมื่อพ้นระยะเวลาดังกล่าว เราจะลบ ทำลาย หรือทำให้ข้อมูลเป็นข้อมูลที่ไม่สามารถระบุตัวบุคคลได้',
        ],
      },
      {
        id: 'rights',
        heading: 'สิทธิของเจ้าของข้อมูลส่วนบุคคล',
        blocks: [
          'ภายใต้กฎหมายคุ้มครองข้อมูลส่วนบุคคล ท่านมีสิทธิดังต่อไปนี้',
          {
            list: [
              'สิทธิขอเข้าถึงและขอรับสำเนาข้อมูลส่วนบุคคลของท่าน รวมถึงขอให้เปิดเผยการได้มาซึ่งข้อมูลที่ท่านไม่ได้ให้ความยินยอม',
              'สิทธิขอรับข้อมูลในรูปแบบที่อ่านหรือใช้งานได้ด้วยเครื่องมืออัตโนมัติ และขอให้ส่งหรือโอนข้อมูลไปยังผู้ควบคุมข้อมูลรายอื่น (สิทธิในการโอนย้ายข้อมูล)',
              'สิทธิคัดค้านการเก็บรวบรวม ใช้ หรือเปิดเผยข้อมูล รวมถึงการใช้ข้อมูลเพื่อการตลาด',
              'สิทธิขอให้ลบ ทำลาย หรือทำให้ข้อมูลเป็นข้อมูลที่ไม่สามารถระบุตัวบุคคลได้',
              'สิทธิขอให้ระงับการใช้ข้อมูล',
              'สิทธิขอให้แก้ไขข้อมูลให้ถูกต้อง เป็นปัจจุบัน สมบูรณ์ และไม่ก่อให้เกิดความเข้าใจผิด',
              'สิทธิถอนความยินยอมได้ทุกเมื่อ โดยไม่กระทบการประมวลผลที่ได้ทำไปแล้วก่อนการถอนความยินยอม',
              'สิทธิร้องเรียนต่อสำนักงานคณะกรรมการคุ้มครองข้อมูลส่วนบุคคล (สคส.) หากเห็นว่าเราไม่ปฏิบัติตามกฎหมาย ([www.pdpc.or.th](https://www.pdpc.or.th))',
            ],
          },
          `ท่านใช้สิทธิได้โดยส่งคำขอมาที่ ${DPO_EMAIL} เราอาจขอให้ท่านยืนยันตัวตนก่อน และจะดำเนินการภายใน 30 วันนับจากวันที่ได้รับคำขอ เราอาจปฏิเสธคำขอในกรณีที่กฎหมายอนุญาต เช่น เมื่อต้องเก็บข้อมูลไว้ตามกฎหมายบัญชีหรือภาษีอากร โดยจะแจ้งเหตุผลให้ท่านทราบ`,
        ],
      },
      {
        id: 'security',
        heading: 'การรักษาความมั่นคงปลอดภัยของข้อมูล',
        blocks: [
          'เราใช้มาตรการรักษาความมั่นคงปลอดภัยทั้งด้านการบริหารจัดการ ด้านเทคนิค และด้านกายภาพที่เหมาะสม เช่น การเข้ารหัสการรับส่งข้อมูล (HTTPS) การเก็บรหัสผ่านแบบเข้ารหัสทางเดียว การจำกัดสิทธิ์ให้เฉพาะเจ้าหน้าที่ที่จำเป็นต้องใช้ข้อมูล สลิปการโอนเงินและภาพลายมือชื่อที่เปิดดูได้เฉพาะเจ้าของและเจ้าหน้าที่ที่ได้รับอนุญาต ลิงก์วิดีโอที่มีอายุสั้น การสำรองข้อมูล และการบันทึกการเข้าถึงระบบ',
          'หากเกิดเหตุละเมิดข้อมูลส่วนบุคคล เราจะแจ้งสำนักงานคณะกรรมการคุ้มครองข้อมูลส่วนบุคคลภายใน 72 ชั่วโมงนับจากที่ทราบเหตุ และจะแจ้งท่านโดยไม่ชักช้าหากเหตุนั้นมีความเสี่ยงสูงต่อสิทธิและเสรีภาพของท่าน',
          'ท่านมีส่วนช่วยรักษาความปลอดภัยได้ด้วยการไม่เปิดเผยรหัสผ่าน และไม่ใช้บัญชีร่วมกับผู้อื่น',
        ],
      },
      {
        id: 'cookies',
        heading: 'คุกกี้',
        blocks: [
          'คุกกี้คือไฟล์ข้อความขนาดเล็กที่เว็บไซต์บันทึกไว้ในเบราว์เซอร์ของท่าน เราใช้คุกกี้และพื้นที่จัดเก็บในเบราว์เซอร์ ดังนี้',
          {
            list: [
              'คุกกี้ที่จำเป็น: รักษาการเข้าสู่ระบบ จดจำภาษาที่ท่านเลือก และจดจำคำตอบของท่านต่อแถบแจ้งการใช้คุกกี้ (คุกกี้ชื่อ cookie-confirm อายุ 1 ปี) คุกกี้ประเภทนี้ไม่ต้องขอความยินยอม เพราะเว็บไซต์จะทำงานไม่ได้หากไม่มี',
              'คุกกี้เพื่อการวิเคราะห์และปรับปรุงบริการ: ใช้เฉพาะเมื่อท่านกด "ยอมรับ" ในแถบแจ้งการใช้คุกกี้',
              'คุกกี้ของบุคคลภายนอก: Google และ Facebook อาจตั้งคุกกี้ของตนเมื่อท่านเลือกเข้าสู่ระบบด้วยบัญชีของผู้ให้บริการดังกล่าว ซึ่งอยู่ภายใต้นโยบายความเป็นส่วนตัวของผู้ให้บริการนั้น',
            ],
          },
          'ท่านเปลี่ยนคำตอบได้โดยลบคุกกี้ในเบราว์เซอร์ แล้วเลือกใหม่เมื่อแถบแจ้งการใช้คุกกี้ปรากฏอีกครั้ง การปิดคุกกี้ที่จำเป็นอาจทำให้ท่านเข้าสู่ระบบหรือรับชมคอร์สไม่ได้',
        ],
      },
      {
        id: 'changes',
        heading: 'การเปลี่ยนแปลงนโยบาย',
        blocks: [
          'เราอาจปรับปรุงนโยบายนี้เป็นครั้งคราว โดยจะแสดงวันที่ประกาศฉบับล่าสุดไว้ที่ด้านบนของหน้านี้ หากเป็นการเปลี่ยนแปลงที่สำคัญ เราจะแจ้งให้ท่านทราบทางเว็บไซต์หรืออีเมล และจะขอให้ท่านยืนยันการรับทราบเมื่อเข้าสู่ระบบครั้งถัดไป',
        ],
      },
      {
        id: 'contact',
        heading: 'ติดต่อเรา',
        blocks: [
          'หากมีคำถามเกี่ยวกับนโยบายนี้ หรือต้องการใช้สิทธิของท่าน โปรดติดต่อ',
          {
            list: [
              `เจ้าหน้าที่คุ้มครองข้อมูลส่วนบุคคล (DPO): ${DPO_EMAIL}`,
              'ไปรษณีย์: บริษัท สิกขา จำกัด 99 ถนนพญาไท แขวงทุ่งพญาไท เขตราชเทวี กรุงเทพมหานคร 10400',
              'ช่องทางอื่น: [หน้าติดต่อเรา](/contact)',
            ],
          },
        ],
      },
    ],
  },
  en: {
    title: 'Privacy policy',
    dated: 'Announced on 28 May 2022 (the Thai version prevails)',
    intro: [
      'Sikkha Co., Ltd. ("the company" or "we"), which runs the Sikkha website and its online video courses, cares about your personal data. This policy explains what personal data we collect, how we use and disclose it, for what purposes, how long we keep it and what your rights are under Thailand\'s Personal Data Protection Act B.E. 2562 (2019) (the "PDPA").',
      'It applies to website visitors, members, course buyers and anyone who contacts us through any channel.',
    ],
    sections: [
      {
        id: 'controller',
        heading: 'Data controller',
        blocks: [
          'Sikkha Co., Ltd., 99 Phaya Thai Road, Thung Phaya Thai, Ratchathewi, Bangkok 10400, is the data controller under this policy.',
          `We have appointed a Data Protection Officer (DPO), whom you can reach at ${DPO_EMAIL}.`,
        ],
      },
      {
        id: 'data-collected',
        heading: 'Personal data we collect',
        blocks: [
          'We collect only what we need to provide the service:',
          {
            list: [
              'Account data: title, first name, last name, nickname, e-mail, username, password (stored only as a one-way hash; we cannot read it), e-mail confirmation and policy acceptance, and your Google or Facebook account id if you sign in with one.',
              'Contact data: mobile phone number, the address for shipped books or documents, and messages you send us.',
              'Order and payment data: the courses you order, prices, discounts, coupons and coins used, payment method, order reference, transfer date and time, bank and the image of your transfer slip. Card details go straight to the payment provider; we never store a full card number or CVV.',
              'Receipt and tax invoice data: for a person, the national ID number and address; for a company, the tax ID, company name, company address and the address for documents.',
              'Learning data: video viewing statistics (lesson, start and stop times, time watched, count), progress, certificates, coin balance, notifications and study-group codes.',
              'Signature images you upload for documents, as described in the [signature notice](/signaturePrivacyPolicy).',
              'Device and log data: IP address, browser and device type, operating system, date and time of access, pages visited and sign-in history.',
              'Cookies and similar technologies, as described under "Cookies" below.',
            ],
          },
          'Most data comes from you directly; some is collected automatically when you use the website, and some comes from others: Google or Facebook (name and e-mail, when you sign in with them) and payment providers (the result of a payment).',
          'We do not collect sensitive data under section 26 of the PDPA, such as religion or health data. Should it ever be needed, we will first ask for your explicit consent.',
          'If you are under 20 and not yet legally of age, please ask your parent or guardian to read this policy and give consent on your behalf where the law requires it.',
        ],
      },
      {
        id: 'purposes',
        heading: 'Lawful bases and purposes',
        blocks: [
          'We use your personal data on these lawful bases and for these purposes:',
          {
            list: [
              'Contract (section 24 (3)): creating and running your account, selling courses and giving 2 years of access, checking payments and transfer slips, applying coupons and coins, shipping books or documents, issuing certificates, running study groups, refunds and answering your questions.',
              'Legal obligation (section 24 (6)): issuing receipts and tax invoices, keeping accounting records under the accounting law and the Revenue Code, keeping computer traffic data under the Computer Crime Act, and complying with orders of competent authorities.',
              'Legitimate interest (section 24 (5)): securing accounts and systems, preventing fraud, fake slips and account sharing, improving courses and the website from usage statistics, telling you about courses you bought, and establishing or defending legal claims. You may object to use on this basis.',
              'Consent (section 19): cookies that the website does not strictly need, and news, promotions and marketing offers. You may withdraw consent at any time.',
            ],
          },
          'Some data is needed for the contract or required by law; without it we may be unable to sell you a course, issue a receipt or provide parts of the service.',
          'We will not use your data for any purpose not stated here unless we tell you and, where the law requires, ask for your consent again.',
        ],
      },
      {
        id: 'disclosure',
        heading: 'Disclosure',
        blocks: [
          'We do not sell your personal data. We disclose only what is needed, and only to:',
          {
            list: [
              'Payment providers and banks, to take card, PromptPay QR, UnionPay or instalment payments and to make refunds.',
              'Delivery services such as Thailand Post or private couriers: name, address and phone number, to ship books or documents.',
              'Cloud and IT service providers that store our database, files and videos and send e-mail on our behalf.',
              'Messaging services such as LINE and Facebook, for notifications and the study groups of courses you bought.',
              'Our auditors, lawyers and other professional advisers.',
              'Government authorities such as the Revenue Department, the police or the courts, when the law requires it or under a lawful order.',
              'A successor in a merger or transfer of business, which must protect your data under this policy.',
            ],
          },
          'Providers that process data on our behalf are bound by data processing agreements and may use it only on our instructions.',
        ],
      },
      {
        id: 'overseas',
        heading: 'Transfers abroad',
        blocks: [
          'Some of our providers, such as cloud and e-mail providers, Google and Facebook, may store or process data on servers outside Thailand, for example in Singapore or the United States.',
          'We transfer data only to countries with adequate data protection standards, or with appropriate safeguards under sections 28 and 29 of the PDPA such as contracts with standard data protection clauses, or where it is needed to perform our contract with you, or with your consent.',
        ],
      },
      {
        id: 'retention',
        heading: 'How long we keep data',
        blocks: [
          'We keep data only as long as its purpose or the law requires:',
          {
            list: [
              'Account and contact data: while you are a member, and for up to 1 year after you close your account or your last course access ends, whichever is later.',
              'Orders, receipts, tax data and transfer slips: at least 5 years as the accounting law and the Revenue Code require, and no more than 10 years from the payment date.',
              'Viewing statistics: for the 2-year course access period and up to 1 year after it.',
              'Computer traffic data (logs): at least 90 days and no more than 2 years, under the Computer Crime Act.',
              'Signature images: as stated in the [signature notice](/signaturePrivacyPolicy).',
              'Data used with your consent, such as marketing e-mail: until you withdraw your consent.',
            ],
          },
          'After that we delete or destroy the data, or make it anonymous.',
        ],
      },
      {
        id: 'rights',
        heading: 'Your rights',
        blocks: [
          'Under the PDPA you have the right:',
          {
            list: [
              'to access and obtain a copy of your personal data, and to ask how we obtained data you did not consent to;',
              'to receive your data in a machine-readable format and have it sent to another controller (data portability);',
              'to object to the collection, use or disclosure of your data, including direct marketing;',
              'to have your data erased, destroyed or anonymised;',
              'to have the use of your data restricted;',
              'to have your data rectified, so that it is accurate, up to date, complete and not misleading;',
              'to withdraw your consent at any time, without affecting processing done before the withdrawal;',
              'to complain to the Office of the Personal Data Protection Committee (PDPC) if you believe we broke the law ([www.pdpc.or.th](https://www.pdpc.or.th)).',
            ],
          },
          `To use a right, write to ${DPO_EMAIL}. We may ask you to confirm your identity and will act within 30 days of receiving the request. We may refuse where the law allows, for example where accounting or tax law requires us to keep the data, and will tell you why.`,
        ],
      },
      {
        id: 'security',
        heading: 'Security',
        blocks: [
          'We use appropriate administrative, technical and physical safeguards, such as encrypted connections (HTTPS), one-way hashed passwords, access limited to staff who need it, transfer slips and signature images visible only to their owner and authorised staff, short-lived video links, backups and access logs.',
          'If a personal data breach happens, we will notify the PDPC within 72 hours of becoming aware of it, and you without delay if it poses a high risk to your rights and freedoms.',
          'You help by keeping your password secret and not sharing your account.',
        ],
      },
      {
        id: 'cookies',
        heading: 'Cookies',
        blocks: [
          'Cookies are small text files a website stores in your browser. We use cookies and browser storage as follows:',
          {
            list: [
              'Strictly necessary: keeping you signed in, remembering your language, and remembering your answer to the cookie banner (the cookie-confirm cookie, kept for 1 year). These need no consent, as the website cannot work without them.',
              'Analytics and improvement: used only when you press "Accept" on the cookie banner.',
              'Third-party cookies: Google and Facebook may set their own cookies when you sign in with them, under their own privacy policies.',
            ],
          },
          'You can change your answer by deleting the cookies in your browser and choosing again when the banner reappears. Blocking necessary cookies may stop you from signing in or watching courses.',
        ],
      },
      {
        id: 'changes',
        heading: 'Changes to this policy',
        blocks: [
          'We may update this policy from time to time and show the date of the latest version at the top of this page. For important changes we will tell you on the website or by e-mail, and ask you to confirm the policy the next time you sign in.',
        ],
      },
      {
        id: 'contact',
        heading: 'Contact us',
        blocks: [
          'For questions about this policy, or to use your rights, contact:',
          {
            list: [
              `Data Protection Officer (DPO): ${DPO_EMAIL}`,
              'Post: Sikkha Co., Ltd., 99 Phaya Thai Road, Thung Phaya Thai, Ratchathewi, Bangkok 10400',
              'Other channels: [contact page](/contact)',
            ],
          },
        ],
      },
    ],
  },
};
