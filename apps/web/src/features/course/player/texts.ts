import { type Bilingual, defineTexts } from '../../../i18n/texts';

interface PlayerTexts {
  player: (lesson: string) => string;
  keys: string;
  play: string;
  pause: string;
  mute: string;
  unmute: string;
  fullscreen: string;
  exitFullscreen: string;
  seek: string;
  time: (at: string, total: string) => string;
  rate: (rate: string) => string;
  rateMenu: string;
  quality: (quality: string) => string;
  qualityMenu: string;
  auto: string;
  loading: string;
  cannotPlay: string;
  cannotPlayDetail: string;
  retry: string;
  resumed: (at: string) => string;
  advert: string;
}

const texts: Bilingual<PlayerTexts> = {
  th: {
    player: (lesson) => `เครื่องเล่นวิดีโอ: ${lesson}`,
    keys: 'ปุ่มลัด: เว้นวรรคหรือ K เล่นหรือหยุด ลูกศรซ้ายขวาย้อนหรือข้าม 5 วินาที F เต็มจอ M ปิดเสียง',
    play: 'เล่น',
    pause: 'หยุดชั่วคราว',
    mute: 'ปิดเสียง',
    unmute: 'เปิดเสียง',
    fullscreen: 'เต็มจอ',
    exitFullscreen: 'ออกจากโหมดเต็มจอ',
    seek: 'ตำแหน่งในวิดีโอ',
    time: (at, total) => `${at} จาก ${total}`,
    rate: (rate) => `ความเร็วในการเล่น ${rate}`,
    rateMenu: 'ความเร็วในการเล่น',
    quality: (quality) => `ความคมชัด ${quality}`,
    qualityMenu: 'ความคมชัด',
    auto: 'อัตโนมัติ',
    loading: 'กำลังโหลดวิดีโอ…',
    cannotPlay: 'ไม่สามารถเล่นวิดีโอได้',
    cannotPlayDetail: 'กรุณาลองใหม่อีกครั้ง',
    retry: 'ลองอีกครั้ง',
    resumed: (at) => `เล่นต่อจากที่ดูค้างไว้ ${at}`,
    advert: 'โฆษณา',
  },
  en: {
    player: (lesson) => `Video player: ${lesson}`,
    keys: 'Keys: Space or K plays or pauses, Left and Right arrows go back or forward 5 seconds, F full screen, M mute',
    play: 'Play',
    pause: 'Pause',
    mute: 'Mute',
    unmute: 'Unmute',
    fullscreen: 'Full screen',
    exitFullscreen: 'Exit full screen',
    seek: 'Position in the video',
    time: (at, total) => `${at} of ${total}`,
    rate: (rate) => `Playback speed ${rate}`,
    rateMenu: 'Playback speed',
    quality: (quality) => `Quality ${quality}`,
    qualityMenu: 'Quality',
    auto: 'Auto',
    loading: 'Loading the video…',
    cannotPlay: 'The video cannot be played',
    cannotPlayDetail: 'Please try again.',
    retry: 'Try again',
    resumed: (at) => `Resuming where you stopped, ${at}`,
    advert: 'Advertisement',
  },
};

/** The player's words, in the player's own chunk. */
export const usePlayerTexts = defineTexts('player', texts);
