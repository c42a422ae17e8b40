import type { LegalDocument } from './legal-document';

const terms: LegalDocument = {
  title: 'Ketentuan Layanan',
  updated: 'Terakhir diperbarui: 20 Mei 2025',
  intro: [
    'Ketentuan ini adalah perjanjian antara kamu dan Avatar Party untuk penggunaan aplikasi Avatar Party dan situs ini. Dengan membuat akun atau menggunakan layanan, kamu menerimanya. Jika kamu berusia di bawah 18 tahun, bacalah bersama orang tua atau wali; jika di bawah 13 tahun, orang tua harus menyetujuinya atas namamu.',
  ],
  sections: [
    {
      heading: '1. Akunmu',
      paragraphs: [
        'Kamu memerlukan akun untuk bermain. Masukkan tanggal lahir yang benar, jaga kerahasiaan kata sandi, dan jangan membagikan, menjual, atau meminjamkan akunmu: kamu bertanggung jawab atas apa pun yang terjadi di akun tersebut. Satu orang boleh memiliki satu akun per perangkat. Jika kamu merasa akunmu digunakan orang lain, ganti kata sandi dan hubungi layanan pelanggan.',
      ],
    },
    {
      heading: '2. Mata uang dan item virtual',
      paragraphs: [
        'Koin Emas, Berlian, Koin Harapan, Poin Kejutan, voucher, kupon, paket hadiah, dan item virtual lainnya adalah lisensi untuk menggunakan konten di dalam Avatar Party. Semua itu tidak bernilai di luar layanan, tidak dapat ditukar dengan uang sungguhan, dan tidak dapat dipindahkan atau dijual kecuali melalui fitur yang kami sediakan.',
        'Harga ditampilkan sebelum kamu membayar. Beberapa item, seperti Kupon Kosmetik Waktu Terbatas, kedaluwarsa pada tanggal yang tertera. Paket hadiah dapat memiliki batas pembelian per akun.',
      ],
    },
    {
      heading: '3. Isi ulang dan pembayaran',
      paragraphs: [
        'Kamu dapat mengisi ulang di aplikasi atau di situs ini menggunakan ID akun. Periksa ID akun dan nama panggilan yang ditampilkan sebelum membayar: mata uang yang terkirim ke akun yang salah tidak dapat dipindahkan. Jika pembayaran berhasil tetapi mata uang tidak masuk, hubungi layanan pelanggan dengan nomor pesanan; kami akan mengirimkannya atau mengembalikan danamu.',
        'Selama pemeliharaan yang diumumkan, kanal isi ulang dapat dihentikan sementara. Pesanan yang dibuat tetapi belum dibayar sebelum pemeliharaan menjadi tidak berlaku setelahnya, dan kamu dapat memulai isi ulang baru. Satu akun dapat memiliki paling banyak 20 pesanan yang belum dibayar sekaligus.',
        'Kecuali hukum memberimu hak pengembalian dana, pembelian mata uang dan item virtual bersifat final setelah dikirim. Pemain di bawah 18 tahun memerlukan izin orang tua untuk melakukan pembelian.',
      ],
    },
    {
      heading: '4. Kode hadiah',
      paragraphs: [
        'Kode hadiah peka huruf besar-kecil dan dapat ditukarkan satu kali per akun untuk setiap paket hadiah. Kode yang diperoleh dari saluran tidak resmi mungkin gagal ditukarkan; memperdagangkan atau menjual kode dapat berujung pada pemblokiran akun dan penarikan kembali konten yang sudah ditukarkan.',
      ],
    },
    {
      heading: '5. Konten dan unggahanmu',
      paragraphs: [
        'Kamu tetap memiliki hak atas karyamu: avatar, peta, outfit, musik, dan pesan. Kamu memberi kami lisensi non-eksklusif, berlaku di seluruh dunia, dan bebas royalti untuk menyimpan, menampilkan, menyesuaikan untuk berbagai perangkat, dan mendistribusikan konten tersebut di dalam layanan dan dalam promosinya, selama konten itu ada di layanan.',
        'Unggah hanya musik dan model outfit yang kamu buat sendiri atau berhak kamu bagikan. Musik harus berupa file MP3 lebih dari 512 KB dan paling besar 20 MB; folder outfit harus berisi Models (.FBX) dan Textures (.TGA) dengan ukuran paling besar 1 GB. Setiap unggahan ditinjau, dan konten yang melanggar ketentuan ini akan gagal ditinjau atau dihapus. Pemegang hak dapat melaporkan pelanggaran ke {contactMailbox}.',
      ],
    },
    {
      heading: '6. Perilaku',
      paragraphs: ['Avatar Party untuk dinikmati semua orang. Kamu tidak boleh:'],
      items: [
        'merundung, mengancam, melecehkan, atau mendiskriminasi siapa pun, melalui suara, teks, atau karya;',
        'membagikan konten seksual, kekerasan, atau kebencian, atau apa pun yang tidak pantas bagi pemain muda;',
        'meminta informasi pribadi atau foto orang lain, atau mengajak bertemu langsung atau pindah ke aplikasi lain;',
        'menyamar sebagai staf atau pemain lain, atau meminta kata sandi siapa pun;',
        'berbuat curang, menggunakan skrip, memanfaatkan bug, atau memakai perangkat lunak tidak resmi untuk mengubah game;',
        'membeli, menjual, atau menukar akun, mata uang, item, atau kode hadiah di luar layanan;',
        'mengirim spam, beriklan, atau melakukan penipuan.',
      ],
    },
    {
      heading: '7. Laporan, peringatan, dan pemblokiran',
      paragraphs: [
        'Pemain dapat melaporkan siapa pun yang melanggar aturan ini, dan moderator kami meninjau setiap laporan. Tergantung seberapa serius pelanggarannya dan apakah terulang, kami dapat menghapus konten, membisukan obrolan suara, memberi peringatan, menangguhkan akun untuk sementara, atau memblokirnya secara permanen. Akun yang diblokir kehilangan akses ke mata uang dan item virtualnya. Jika diwajibkan hukum, kami melaporkan bahaya serius kepada pihak berwenang.',
        'Jika menurutmu keputusan itu keliru, tulis ke {serviceMailbox} dengan ID akunmu dalam 30 hari; moderator lain akan meninjaunya kembali.',
      ],
    },
    {
      heading: '8. Layanan',
      paragraphs: [
        'Kami terus menyempurnakan Avatar Party dan dapat mengubah, menambah, atau menghapus fitur. Kami berupaya menjaga layanan tetap tersedia, tetapi tidak dapat menjanjikan layanan selalu tanpa gangguan atau bebas kesalahan; pemeliharaan terjadwal diumumkan terlebih dahulu. Jika masalah dari pihak kami menyebabkan kamu kehilangan item yang dibeli, kami akan memulihkannya atau memberi kompensasi.',
      ],
    },
    {
      heading: '9. Mengakhiri akunmu',
      paragraphs: [
        'Kamu dapat menghapus akun kapan saja di pengaturan aplikasi. Kami dapat menutup akun yang melanggar ketentuan ini atau yang lama tidak aktif, setelah pemberitahuan. Bagian ketentuan ini yang menurut sifatnya harus tetap berlaku, seperti lisensi konten dan batasan tanggung jawab, tetap berlaku setelah akun berakhir.',
      ],
    },
    {
      heading: '10. Tanggung jawab',
      paragraphs: [
        'Tidak ada dalam ketentuan ini yang membatasi hak-hakmu menurut hukum negaramu yang tidak dapat dibatasi melalui kontrak. Selain itu, kami hanya bertanggung jawab atas kerugian yang secara wajar dapat diperkirakan akibat pelanggaran kami terhadap ketentuan ini, dan tidak atas kerugian yang disebabkan pemain lain atau peristiwa di luar kendali wajar kami.',
      ],
    },
    {
      heading: '11. Perubahan dan kontak',
      paragraphs: [
        'Kami dapat memperbarui ketentuan ini; tanggal di bagian atas menunjukkan versi yang berlaku, dan kami memberi tahu kamu di aplikasi sebelum perubahan penting berlaku. Jika kamu tetap menggunakan layanan setelah itu, ketentuan baru berlaku. Pertanyaan: {serviceMailbox} (24 jam) atau {contactMailbox}.',
      ],
    },
  ],
};

export default terms;
