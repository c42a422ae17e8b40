import type { LegalDocument } from './legal-document';

const privacy: LegalDocument = {
  title: 'Kebijakan Privasi',
  updated: 'Terakhir diperbarui: 20 Mei 2025',
  intro: [
    'Avatar Party adalah aplikasi sosial suara tempat pemain membuat avatar 3D, ngobrol di room suara, berkaraoke, membangun peta, dan berbagi karya. Kebijakan ini menjelaskan informasi apa yang kami kumpulkan saat kamu menggunakan aplikasi dan situs ini, alasannya, berapa lama kami menyimpannya, dan pilihan yang kamu miliki.',
    'Banyak pemain kami masih muda. Kami mengumpulkan sesedikit mungkin, tidak pernah menjual informasi pribadi, dan tidak menampilkan iklan yang dipersonalisasi kepada siapa pun yang berusia di bawah 18 tahun. Pemain di bawah 13 tahun juga dilindungi oleh Kebijakan Privasi Anak, yang menambahkan perlindungan di atas kebijakan ini.',
  ],
  sections: [
    {
      heading: '1. Informasi yang kami kumpulkan',
      paragraphs: ['Kami mengumpulkan hal berikut, dan hanya ketika fitur yang memerlukannya digunakan:'],
      items: [
        'Informasi akun: alamat email atau nama pengguna, kata sandi (hanya disimpan sebagai hash yang aman), tanggal lahir atau rentang usia, nama panggilan, dan ID akun.',
        'Profil dan karya: avatar, outfit, Friend Space, peta yang kamu bangun, file musik dan outfit yang kamu unggah, serta bio yang kamu tulis.',
        'Suara dan obrolan: suara di room dikirim secara langsung kepada orang-orang di room tersebut. Kami tidak merekam room. Saat seseorang melaporkan pemain, audio satu menit terakhir yang tersimpan di perangkat pelapor dikirim bersama laporan agar moderator dapat memeriksanya. Pesan teks disimpan agar dapat dikirim dan dimoderasi.',
        'Pembelian: item dan jumlah yang kamu beli, nomor pesanan, dan status pembayaran. Data kartu ditangani oleh penyedia pembayaran; kami tidak pernah melihat atau menyimpan nomor kartu lengkap.',
        'Informasi perangkat dan penggunaan: model perangkat, sistem operasi, versi aplikasi, bahasa, perkiraan negara dari alamat IP, laporan crash, dan fitur yang kamu gunakan.',
        'Pesan ke layanan pelanggan: isi pesanmu, alamat email untuk balasan kami, dan ID akunmu jika kamu mencantumkannya.',
      ],
    },
    {
      heading: '2. Cara kami menggunakan informasi',
      paragraphs: ['Kami menggunakan informasi untuk:'],
      items: [
        'menjalankan akunmu, menjaga kamu tetap masuk, dan memungkinkanmu bermain bersama teman;',
        'mengirim mata uang virtual dan item yang kamu beli, serta memproses isi ulang dan penukaran kode hadiah;',
        'menjaga keamanan pemain: menyaring teks berbahaya, meninjau laporan, mendeteksi kecurangan dan penipuan, serta menegakkan Ketentuan Layanan;',
        'meninjau musik dan outfit yang diunggah sebelum pemain lain dapat melihatnya;',
        'memperbaiki bug, mengukur kinerja, dan menentukan apa yang perlu ditingkatkan;',
        'menjawab pertanyaanmu dan memberi tahu perubahan penting, seperti pemeliharaan atau perubahan kebijakan ini.',
      ],
    },
    {
      heading: '3. Obrolan suara dan keamanan',
      paragraphs: [
        'Room suara berlangsung secara langsung. Pemain di bawah 16 tahun memiliki pengaturan bawaan yang lebih ketat: permintaan pertemanan hanya datang dari pemain yang pernah mereka temui di room, dan host room dapat membatasi mik hanya untuk teman. Siapa pun dapat membisukan, memblokir, atau melaporkan pemain lain kapan saja.',
        'Laporan, audio yang menyertainya, dan keputusan moderator disimpan selama 180 hari agar masalah yang berulang dapat dikenali, lalu dihapus kecuali diperlukan untuk penyelidikan yang sedang berjalan atau diwajibkan oleh hukum.',
      ],
    },
    {
      heading: '4. Berbagi informasi',
      paragraphs: [
        'Kami hanya membagikan informasi pribadi kepada penyedia layanan yang membantu kami menjalankan Avatar Party (hosting, pemrosesan pembayaran, pengiriman email, dan laporan crash) berdasarkan kontrak yang hanya mengizinkan penggunaan untuk tujuan tersebut; kepada pihak berwenang jika diwajibkan hukum atau untuk melindungi seseorang dari bahaya serius; dan kepada pembeli jika layanan ini suatu saat dijual, yang wajib mematuhi kebijakan ini.',
        'Pemain lain hanya melihat apa yang kamu pilih untuk ditampilkan di aplikasi: nama panggilan, avatar, ID akun, Friend Space, dan karya yang kamu terbitkan.',
      ],
    },
    {
      heading: '5. Berapa lama kami menyimpan informasi',
      paragraphs: [],
      items: [
        'Informasi akun dan profil: selama akunmu aktif, dan 30 hari setelah kamu menghapusnya agar penghapusan yang tidak disengaja dapat dibatalkan.',
        'Pesan teks: 90 hari.',
        'Catatan pembelian: selama diwajibkan oleh hukum pajak dan akuntansi, biasanya 7 tahun.',
        'Pesan layanan pelanggan: 2 tahun setelah balasan terakhir.',
        'Data penggunaan dan crash: 13 bulan, lalu hanya disimpan dalam bentuk gabungan yang tidak mengidentifikasi siapa pun.',
      ],
    },
    {
      heading: '6. Pilihan dan hakmu',
      paragraphs: [
        'Kamu dapat melihat dan mengubah sebagian besar informasimu di aplikasi. Kamu juga dapat meminta salinan datamu, meminta kami memperbaiki atau menghapusnya, atau menolak suatu penggunaan, dengan menulis ke {serviceMailbox}. Kami menjawab dalam 30 hari. Menghapus akun akan menghapus profil, karya, dan daftar temanmu; mata uang virtual yang sudah dibeli tidak dapat dikembalikan setelah akun dihapus.',
        'Jika orang tua atau wali ingin meninjau atau menghapus informasi anak, langkah-langkahnya dijelaskan dalam Kebijakan Privasi Anak kami.',
      ],
    },
    {
      heading: '7. Keamanan',
      paragraphs: [
        'Kata sandi disimpan sebagai hash dengan salt, koneksi dienkripsi, akses ke informasi pribadi dibatasi hanya untuk staf yang membutuhkannya, dan setiap permintaan ke server kami diperiksa dari upaya manipulasi. Tidak ada sistem yang sempurna; jika terjadi kebocoran yang memengaruhimu, kami akan memberi tahu kamu dan pihak berwenang sesuai ketentuan hukum.',
      ],
    },
    {
      heading: '8. Transfer internasional',
      paragraphs: [
        'Server dan penyedia layanan kami mungkin berada di negara lain selain negaramu. Ketika informasi keluar dari negaramu, kami menggunakan perlindungan kontraktual dan teknis agar tetap terlindungi sesuai tingkat yang dijelaskan dalam kebijakan ini.',
      ],
    },
    {
      heading: '9. Perubahan kebijakan ini',
      paragraphs: [
        'Saat kami mengubah kebijakan ini, kami memperbarui tanggal di bagian atas. Untuk perubahan penting, kami memberi tahu kamu di aplikasi sebelum berlaku, dan jika diwajibkan hukum, kami meminta persetujuanmu atau persetujuan orang tuamu lagi.',
      ],
    },
    {
      heading: '10. Kontak',
      paragraphs: [
        'Pertanyaan, permintaan, dan keluhan: {serviceMailbox} (layanan pelanggan, dijawab 24 jam). Kontak bisnis dan hukum: {contactMailbox}. Kamu juga dapat mengajukan keluhan ke otoritas perlindungan data di negaramu.',
      ],
    },
  ],
};

export default privacy;
