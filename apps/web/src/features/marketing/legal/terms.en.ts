import type { LegalDocument } from './legal-document';

const terms: LegalDocument = {
  title: 'Terms of Service',
  updated: 'Last updated: May 20, 2025',
  intro: [
    'These terms are the agreement between you and Avatar Party for the use of the Avatar Party app and this website. By creating an account or using the service you accept them. If you are under 18, please read them with a parent or guardian; if you are under 13, a parent must agree to them for you.',
  ],
  sections: [
    {
      heading: '1. Your account',
      paragraphs: [
        'You need an account to play. Give a true birthday, keep your password secret and do not share, sell or lend your account: you are responsible for what happens under it. One person may have one account per device. If you think someone else has used your account, change your password and contact customer service.',
      ],
    },
    {
      heading: '2. Virtual currency and items',
      paragraphs: [
        'Gold coins, Diamonds, Wishing-Coins, Surprise Points, vouchers, coupons, gift packs and other virtual items are a licence to use content inside Avatar Party. They have no value outside the service, cannot be exchanged for real money, and cannot be transferred or sold except through features we provide.',
        'Prices are shown before you pay. Some items, such as Limited Time Cosmetic Coupons, expire on the date shown with them. Gift packs may have a purchase limit per account.',
      ],
    },
    {
      heading: '3. Top-ups and payments',
      paragraphs: [
        'You can top up in the app or on this website by account ID. Check the account ID and the nickname shown before you pay: currency sent to the wrong account cannot be moved. If payment succeeds but the currency does not arrive, contact customer service with the order number; we will deliver it or refund you.',
        'During announced maintenance, top-up channels may be paused. Orders created but not paid before maintenance become invalid afterwards, and you can start a new top-up. An account may hold at most 20 unpaid orders at a time.',
        'Except where the law gives you a right to a refund, purchases of virtual currency and items are final once delivered. Players under 18 need a parent’s permission to make purchases.',
      ],
    },
    {
      heading: '4. Gift codes',
      paragraphs: [
        'Gift codes are case sensitive and can be redeemed once per account for each gift pack. Codes obtained through unofficial channels may fail to redeem; trading or selling codes can lead to a ban and to the recovery of the redeemed content.',
      ],
    },
    {
      heading: '5. Your content and uploads',
      paragraphs: [
        'You keep the rights to what you create: avatars, maps, outfits, music and messages. You give us a worldwide, non-exclusive, royalty-free licence to host, show, adapt to different devices and distribute that content inside the service and in promoting it, for as long as it is in the service.',
        'Upload only music and outfit models that you made yourself or have the right to share. Music must be an MP3 file larger than 512 KB and at most 20 MB; outfit folders must contain Models (.FBX) and Textures (.TGA) and be at most 1 GB. Every upload is reviewed, and content that breaks these terms fails review or is removed. Rights holders can report infringement to {contactMailbox}.',
      ],
    },
    {
      heading: '6. Conduct',
      paragraphs: ['Avatar Party is for everyone to enjoy. You must not:'],
      items: [
        'bully, threaten, harass or discriminate against anyone, in voice, text or creations;',
        'share sexual, violent or hateful content, or anything unsuitable for young players;',
        'ask others for personal information, photos, or to meet in person or move to another app;',
        'pretend to be staff or another player, or ask anyone for their password;',
        'cheat, use scripts, exploit bugs, or use unofficial software to change the game;',
        'buy, sell or trade accounts, currency, items or gift codes outside the service;',
        'spam, advertise or run scams.',
      ],
    },
    {
      heading: '7. Reports, warnings and bans',
      paragraphs: [
        'Players can report anyone who breaks these rules, and our moderators review every report. Depending on how serious a breach is and whether it repeats, we may remove content, mute voice chat, warn, suspend the account for a period or ban it permanently. A banned account loses access to its virtual currency and items. Where the law requires it, we report serious harm to the authorities.',
        'If you think a decision was wrong, write to {serviceMailbox} with your account ID within 30 days; a different moderator will review it.',
      ],
    },
    {
      heading: '8. The service',
      paragraphs: [
        'We keep improving Avatar Party and may change, add or remove features. We work to keep the service available but cannot promise that it will always be uninterrupted or error-free; planned maintenance is announced in advance. If a problem on our side causes you to lose purchased items, we will restore them or compensate you.',
      ],
    },
    {
      heading: '9. Ending your account',
      paragraphs: [
        'You can delete your account at any time in the app’s settings. We may close an account that breaks these terms or that has been inactive for a long time, after notice. Sections of these terms that by their nature should continue, such as the content licence and limits of liability, continue after the account ends.',
      ],
    },
    {
      heading: '10. Liability',
      paragraphs: [
        'Nothing in these terms limits rights you have under the law of your country that cannot be limited by contract. Otherwise, we are responsible only for losses that are a foreseeable result of our breaking these terms, and not for losses caused by other players or by events outside our reasonable control.',
      ],
    },
    {
      heading: '11. Changes and contact',
      paragraphs: [
        'We may update these terms; the date at the top shows the current version, and we tell you in the app before important changes take effect. If you keep using the service after that, the new terms apply. Questions: {serviceMailbox} (24 hours) or {contactMailbox}.',
      ],
    },
  ],
};

export default terms;
