import { defineLabels } from '../label-entry';

export const commonLabels = defineLabels([
  {
    key: 'http.network_error',
    describe: 'Toast when the device cannot reach the server',
    text: {
      en: 'Cannot connect to the network. Please check your network and try again',
      'zh-Hans': '网络无法连接，请检查网络后重试',
      'zh-Hant': '網路無法連線，請檢查網路後重試',
      ms: 'Tidak dapat menyambung ke rangkaian. Sila semak rangkaian anda dan cuba lagi',
      in: 'Tidak dapat terhubung ke jaringan. Periksa jaringanmu lalu coba lagi',
      ar: 'تعذّر الاتصال بالشبكة. يُرجى التحقق من الشبكة والمحاولة مرة أخرى',
      vi: 'Không thể kết nối mạng. Vui lòng kiểm tra mạng và thử lại',
      th: 'ไม่สามารถเชื่อมต่อเครือข่ายได้ โปรดตรวจสอบเครือข่ายแล้วลองอีกครั้ง',
      tl: 'Hindi makakonekta sa network. Pakisuri ang iyong network at subukang muli',
      hi: 'नेटवर्क से कनेक्ट नहीं हो पा रहा है। कृपया अपना नेटवर्क जाँचें और फिर से कोशिश करें',
      ko: '네트워크에 연결할 수 없어요. 네트워크를 확인한 후 다시 시도해 주세요',
      tr: 'Ağa bağlanılamıyor. Lütfen ağını kontrol edip tekrar dene',
    },
  },
  {
    key: 'http.timeout',
    describe: 'Toast when the server took longer than 20 seconds to answer',
    text: {
      en: 'The request timed out. Please try again',
      'zh-Hans': '请求超时，请重试',
      'zh-Hant': '請求逾時，請重試',
      ms: 'Permintaan tamat masa. Sila cuba lagi',
      in: 'Waktu permintaan habis. Silakan coba lagi',
      ar: 'انتهت مهلة الطلب. يُرجى المحاولة مرة أخرى',
      vi: 'Yêu cầu đã hết thời gian chờ. Vui lòng thử lại',
      th: 'คำขอหมดเวลา โปรดลองอีกครั้ง',
      tl: 'Nag-time out ang request. Pakisubukang muli',
      hi: 'अनुरोध का समय समाप्त हो गया। कृपया फिर से कोशिश करें',
      ko: '요청 시간이 초과되었어요. 다시 시도해 주세요',
      tr: 'İstek zaman aşımına uğradı. Lütfen tekrar dene',
    },
  },
]);
