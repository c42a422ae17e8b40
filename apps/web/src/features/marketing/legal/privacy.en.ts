import type { LegalDocument } from './legal-document';

const privacy: LegalDocument = {
  title: 'Privacy Policy',
  updated: 'Last updated: May 20, 2025',
  intro: [
    'Avatar Party is a voice-social app where players create 3D avatars, talk in voice rooms, sing karaoke, build maps and share creations. This policy explains what information we collect when you use the app and this website, why we collect it, how long we keep it and the choices you have.',
    'Many of our players are young. We collect as little as we can, we never sell personal information, and we do not show personalised advertising to anyone under 18. Players under 13 are also covered by our Children’s Privacy Policy, which adds protections on top of this one.',
  ],
  sections: [
    {
      heading: '1. Information we collect',
      paragraphs: ['We collect the following, and only when the feature that needs it is used:'],
      items: [
        'Account information: your e-mail address or user name, a password (stored only as a secure hash), your birthday or age range, your nickname and your account ID.',
        'Profile and creations: your avatar, outfits, Friend Space, maps you build, music and outfit files you upload, and the bio you write.',
        'Voice and chat: voice in rooms is transmitted live to the people in the room. We do not record rooms. When someone reports a player, the last minute of audio held on the reporting device is sent with the report so that a moderator can check it. Text messages are stored so that they can be delivered and moderated.',
        'Purchases: the items and amounts you buy, order numbers and payment status. Card details are handled by the payment provider; we never see or store full card numbers.',
        'Device and usage information: device model, operating system, app version, language, approximate country derived from your IP address, crash reports, and which features you use.',
        'Messages to customer service: what you write to us, the e-mail address for our reply and, if you give it, your account ID.',
      ],
    },
    {
      heading: '2. How we use information',
      paragraphs: ['We use information to:'],
      items: [
        'run your account, keep you logged in and let you play with friends;',
        'deliver virtual currency and items you buy, and handle top-ups and gift-code redemptions;',
        'keep players safe: filter harmful text, review reports, detect cheating and fraud, and enforce our Terms of Service;',
        'review music and outfit uploads before other players can see them;',
        'fix bugs, measure performance and decide what to improve;',
        'answer your questions and tell you about important changes, such as maintenance or a change to this policy.',
      ],
    },
    {
      heading: '3. Voice chat and safety',
      paragraphs: [
        'Voice rooms are live. Players under 16 have stricter defaults: their friend requests come only from players they have met in rooms, and room hosts can limit the microphone to friends. Anyone can mute, block or report another player at any time.',
        'Reports, the audio attached to them and the moderator’s decision are kept for 180 days so that repeated problems can be recognised, then deleted unless they are needed for an ongoing investigation or required by law.',
      ],
    },
    {
      heading: '4. Sharing',
      paragraphs: [
        'We share personal information only with service providers that help us run Avatar Party (hosting, payment processing, e-mail delivery and crash reporting), under contracts that let them use it only for that purpose; with authorities when the law requires it or to protect someone from serious harm; and with a buyer if the service is ever sold, who must keep to this policy.',
        'Other players see only what you choose to show in the app: your nickname, avatar, account ID, Friend Space and creations you publish.',
      ],
    },
    {
      heading: '5. How long we keep information',
      items: [
        'Account and profile information: while your account is open, and for 30 days after you delete it so that an accidental deletion can be undone.',
        'Text messages: 90 days.',
        'Purchase records: as long as tax and accounting law requires, usually 7 years.',
        'Customer-service messages: 2 years after the last reply.',
        'Usage and crash data: 13 months, then kept only in aggregated form that does not identify anyone.',
      ],
      paragraphs: [],
    },
    {
      heading: '6. Your choices and rights',
      paragraphs: [
        'You can see and change most of your information in the app. You can also ask us for a copy of your data, ask us to correct or delete it, or object to a use of it, by writing to {serviceMailbox}. We answer within 30 days. Deleting your account removes your profile, creations and friend list; purchased virtual currency cannot be refunded once the account is deleted.',
        'If a parent or guardian wants to review or delete the information of a child, the steps are described in our Children’s Privacy Policy.',
      ],
    },
    {
      heading: '7. Security',
      paragraphs: [
        'Passwords are stored as salted hashes, connections are encrypted, access to personal information is limited to staff who need it, and every request to our servers is checked for tampering. No system is perfect; if a breach affects you, we will tell you and the authorities as the law requires.',
      ],
    },
    {
      heading: '8. International transfers',
      paragraphs: [
        'Our servers and service providers may be in countries other than yours. When information leaves your country, we use contractual and technical safeguards so that it stays protected at the level this policy describes.',
      ],
    },
    {
      heading: '9. Changes to this policy',
      paragraphs: [
        'When we change this policy, we update the date at the top. For important changes we tell you in the app before they take effect, and where the law requires it we ask for your consent or a parent’s consent again.',
      ],
    },
    {
      heading: '10. Contact',
      paragraphs: [
        'Questions, requests and complaints: {serviceMailbox} (customer service, answered 24 hours a day). Business and legal contact: {contactMailbox}. You may also complain to the data-protection authority of your country.',
      ],
    },
  ],
};

export default privacy;
