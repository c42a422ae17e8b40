import type { LegalDocument } from './legal-document';

const children: LegalDocument = {
  title: 'Children’s Privacy Policy',
  updated: 'Last updated: May 20, 2025',
  intro: [
    'This policy is for parents and guardians of players under 13 (or the higher age of digital consent in your country), and for the players themselves. It adds to our Privacy Policy: where the two differ for a child, this one applies.',
    'In short: we collect only what a child needs to play, we ask a parent before a child can use voice chat or make purchases, we never sell a child’s information or show them personalised advertising, and a parent can see or delete their child’s information at any time.',
  ],
  sections: [
    {
      heading: '1. How we know a player is a child',
      paragraphs: [
        'Every new player enters a birthday when signing up. We do not ask for proof, but we do not let a player change a birthday to an older one without contacting customer service. If we learn that a child has signed up without the protections below, we switch the account to child mode and contact the parent where we can.',
      ],
    },
    {
      heading: '2. Parental consent',
      paragraphs: [
        'A child can create an avatar, dress up and explore maps straight away. Before a child can speak in voice rooms, send text messages to players who are not friends, upload music or outfits, or make purchases, we ask for a parent’s consent. We send a request to the parent’s e-mail address; the parent confirms it and can choose which of these features to allow.',
        'A parent can withdraw consent at any time. The features then switch off, and information collected only for them is deleted.',
      ],
    },
    {
      heading: '3. What we collect from children',
      items: [
        'A nickname (real names are not allowed as nicknames), a birthday, a password and the parent’s e-mail address.',
        'The avatar, outfits, Friend Space and maps the child creates.',
        'Text messages, which are filtered before delivery and kept for 90 days.',
        'Voice, only when a parent has allowed voice chat. Voice is live and not recorded, except the last minute of audio sent with a report so that a moderator can check it.',
        'Device and usage information needed to run the app safely, such as app version, language and crash reports.',
      ],
      paragraphs: [],
    },
    {
      heading: '4. Extra protections for children',
      items: [
        'Profiles are private: only friends can see a child’s Friend Space, and a child can be found by search only through their account ID.',
        'Friend requests come only from players the child has met in rooms; adults cannot message a child who is not their friend.',
        'Chat filters are at their strictest and hide phone numbers, addresses, links and other personal details.',
        'No personalised advertising, no sale of information, and no sharing for marketing.',
        'Purchases need the parent’s approval, and parents can set a monthly spending limit.',
      ],
      paragraphs: [],
    },
    {
      heading: '5. Voice chat safety',
      paragraphs: [
        'Voice rooms are moderated by people and by automatic tools around the clock. Children can mute, block and report with one tap, and every report is reviewed. Rooms marked for older players cannot be entered from a child account. We encourage parents to talk with their children about not sharing personal details, and about telling an adult if anything in a room makes them uncomfortable.',
      ],
    },
    {
      heading: '6. Parents’ rights',
      paragraphs: [
        'A parent or guardian can ask to review the information we hold about their child, correct it, stop its further collection or use, or delete the account and its information. Write to {serviceMailbox} from the e-mail address that gave consent, with the child’s account ID. To protect the child, we check that the request really comes from the parent before acting on it, and we answer within 30 days.',
      ],
    },
    {
      heading: '7. Retention',
      paragraphs: [
        'We keep a child’s information only while the account is active. If a child account is not used for 12 months, we delete it after notifying the parent. Purchase records are kept as long as tax law requires, without the child’s profile.',
      ],
    },
    {
      heading: '8. Contact',
      paragraphs: [
        'Parents and guardians can reach customer service at any hour at {serviceMailbox}. For legal questions, write to {contactMailbox}.',
      ],
    },
  ],
};

export default children;
