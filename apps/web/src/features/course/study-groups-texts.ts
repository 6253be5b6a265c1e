import { defineTexts } from '../../i18n/texts';

interface StudyGroupTexts {
  generating: string;
  generateFailed: string;
  generated: string;
}

/** The study group panel's words beyond the course dialog's: making a code. */
export const useStudyGroupTexts = defineTexts<StudyGroupTexts>('studyGroups', {
  th: {
    generating: 'กำลังสร้างรหัส…',
    generateFailed: 'สร้างรหัสไม่สำเร็จ',
    generated: 'สร้างรหัสแล้ว คัดลอกรหัสแล้วส่งให้ผู้ดูแลกลุ่มเมื่อขอเข้าร่วม',
  },
  en: {
    generating: 'Generating the code…',
    generateFailed: 'Could not generate the code',
    generated: 'Code generated: copy it and give it to the group admin when you ask to join.',
  },
});
