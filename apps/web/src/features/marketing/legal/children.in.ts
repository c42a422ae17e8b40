import type { LegalDocument } from './legal-document';

const children: LegalDocument = {
  title: 'Kebijakan Privasi Anak',
  updated: 'Terakhir diperbarui: 20 Mei 2025',
  intro: [
    'Kebijakan ini ditujukan bagi orang tua dan wali dari pemain berusia di bawah 13 tahun (atau usia persetujuan digital yang lebih tinggi di negaramu), serta bagi pemain itu sendiri. Kebijakan ini melengkapi Kebijakan Privasi kami: jika keduanya berbeda untuk anak, kebijakan inilah yang berlaku.',
    'Singkatnya: kami hanya mengumpulkan apa yang dibutuhkan anak untuk bermain, kami meminta izin orang tua sebelum anak dapat menggunakan obrolan suara atau melakukan pembelian, kami tidak pernah menjual informasi anak atau menampilkan iklan yang dipersonalisasi kepada mereka, dan orang tua dapat melihat atau menghapus informasi anaknya kapan saja.',
  ],
  sections: [
    {
      heading: '1. Bagaimana kami tahu pemain adalah anak',
      paragraphs: [
        'Setiap pemain baru memasukkan tanggal lahir saat mendaftar. Kami tidak meminta bukti, tetapi pemain tidak dapat mengubah tanggal lahir menjadi lebih tua tanpa menghubungi layanan pelanggan. Jika kami mengetahui ada anak yang mendaftar tanpa perlindungan di bawah ini, kami mengubah akunnya ke mode anak dan menghubungi orang tuanya bila memungkinkan.',
      ],
    },
    {
      heading: '2. Persetujuan orang tua',
      paragraphs: [
        'Anak dapat langsung membuat avatar, berdandan, dan menjelajahi peta. Sebelum anak dapat berbicara di room suara, mengirim pesan teks ke pemain yang bukan temannya, mengunggah musik atau outfit, atau melakukan pembelian, kami meminta persetujuan orang tua. Kami mengirim permintaan ke alamat email orang tua; orang tua mengonfirmasinya dan dapat memilih fitur mana yang diizinkan.',
        'Orang tua dapat menarik persetujuan kapan saja. Fitur-fitur tersebut lalu dinonaktifkan, dan informasi yang dikumpulkan khusus untuk fitur itu dihapus.',
      ],
    },
    {
      heading: '3. Informasi yang kami kumpulkan dari anak',
      paragraphs: [],
      items: [
        'Nama panggilan (nama asli tidak boleh dipakai sebagai nama panggilan), tanggal lahir, kata sandi, dan alamat email orang tua.',
        'Avatar, outfit, Friend Space, dan peta yang dibuat anak.',
        'Pesan teks, yang disaring sebelum dikirim dan disimpan selama 90 hari.',
        'Suara, hanya jika orang tua mengizinkan obrolan suara. Suara berlangsung langsung dan tidak direkam, kecuali audio satu menit terakhir yang dikirim bersama laporan agar moderator dapat memeriksanya.',
        'Informasi perangkat dan penggunaan yang diperlukan untuk menjalankan aplikasi dengan aman, seperti versi aplikasi, bahasa, dan laporan crash.',
      ],
    },
    {
      heading: '4. Perlindungan tambahan untuk anak',
      paragraphs: [],
      items: [
        'Profil bersifat privat: hanya teman yang dapat melihat Friend Space anak, dan anak hanya dapat ditemukan melalui pencarian dengan ID akunnya.',
        'Permintaan pertemanan hanya datang dari pemain yang pernah ditemui anak di room; orang dewasa tidak dapat mengirim pesan kepada anak yang bukan temannya.',
        'Filter obrolan berada pada tingkat paling ketat dan menyembunyikan nomor telepon, alamat, tautan, dan detail pribadi lainnya.',
        'Tidak ada iklan yang dipersonalisasi, tidak ada penjualan informasi, dan tidak ada berbagi untuk pemasaran.',
        'Pembelian memerlukan persetujuan orang tua, dan orang tua dapat menetapkan batas belanja bulanan.',
      ],
    },
    {
      heading: '5. Keamanan obrolan suara',
      paragraphs: [
        'Room suara dimoderasi oleh manusia dan alat otomatis sepanjang waktu. Anak dapat membisukan, memblokir, dan melaporkan dengan sekali ketuk, dan setiap laporan ditinjau. Room yang ditandai untuk pemain yang lebih tua tidak dapat dimasuki dari akun anak. Kami mendorong orang tua untuk berbicara dengan anak tentang tidak membagikan detail pribadi, dan tentang memberi tahu orang dewasa jika ada sesuatu di room yang membuat mereka tidak nyaman.',
      ],
    },
    {
      heading: '6. Hak orang tua',
      paragraphs: [
        'Orang tua atau wali dapat meminta untuk meninjau informasi yang kami simpan tentang anaknya, memperbaikinya, menghentikan pengumpulan atau penggunaan lebih lanjut, atau menghapus akun beserta informasinya. Tulis ke {serviceMailbox} dari alamat email yang memberikan persetujuan, sertakan ID akun anak. Untuk melindungi anak, kami memastikan permintaan benar-benar berasal dari orang tua sebelum menindaklanjutinya, dan kami menjawab dalam 30 hari.',
      ],
    },
    {
      heading: '7. Penyimpanan',
      paragraphs: [
        'Kami menyimpan informasi anak hanya selama akunnya aktif. Jika akun anak tidak digunakan selama 12 bulan, kami menghapusnya setelah memberi tahu orang tua. Catatan pembelian disimpan selama diwajibkan hukum pajak, tanpa profil anak.',
      ],
    },
    {
      heading: '8. Kontak',
      paragraphs: ['Orang tua dan wali dapat menghubungi layanan pelanggan kapan saja di {serviceMailbox}. Untuk pertanyaan hukum, tulis ke {contactMailbox}.'],
    },
  ],
};

export default children;
