import { defineLabels } from '../label-entry';

export const i18nLabels = defineLabels([
  {
    key: 'language.switcher',
    describe: 'Accessible name of the language picker button and its list (read by screen readers)',
    text: {
      en: 'Language',
      'zh-Hans': '语言',
      'zh-Hant': '語言',
      ms: 'Bahasa',
      in: 'Bahasa',
      ar: 'اللغة',
      vi: 'Ngôn ngữ',
      th: 'ภาษา',
      tl: 'Wika',
      hi: 'भाषा',
      ko: '언어',
      tr: 'Dil',
    },
  },
  {
    key: 'language.switch_failed',
    describe: 'Toast when the texts of the chosen language could not be downloaded; the page keeps its language',
    text: {
      en: 'Could not load this language. Please try again',
      'zh-Hans': '无法加载该语言，请重试',
      'zh-Hant': '無法載入此語言，請重試',
      ms: 'Tidak dapat memuatkan bahasa ini. Sila cuba lagi',
      in: 'Bahasa ini tidak dapat dimuat. Silakan coba lagi',
      ar: 'تعذّر تحميل هذه اللغة. يُرجى المحاولة مرة أخرى',
      vi: 'Không thể tải ngôn ngữ này. Vui lòng thử lại',
      th: 'ไม่สามารถโหลดภาษานี้ได้ โปรดลองอีกครั้ง',
      tl: 'Hindi ma-load ang wikang ito. Pakisubukang muli',
      hi: 'यह भाषा लोड नहीं हो सकी। कृपया फिर से कोशिश करें',
      ko: '이 언어를 불러오지 못했어요. 다시 시도해 주세요',
      tr: 'Bu dil yüklenemedi. Lütfen tekrar dene',
    },
  },
]);
