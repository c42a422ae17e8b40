/** Glyphs for the four social networks of the footer, drawn for this site. */
export type SocialNetwork = 'photo' | 'network' | 'video' | 'chat';

const PATHS: Record<SocialNetwork, string> = {
  // A camera: photo sharing.
  photo:
    'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm0 2a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm5.2-4.4a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4z',
  // Two people: a social network.
  network:
    'M9 4a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7zm7.5 1.5a3 3 0 1 1 0 6 3 3 0 0 1 0-6zM9 12.5c3.6 0 6.5 2.2 6.5 5V20h-13v-2.5c0-2.8 2.9-5 6.5-5zm7.5.5c2.6 0 5 1.7 5 4v3h-4.5v-2.5c0-1.7-.8-3.2-2.1-4.3.5-.1 1-.2 1.6-.2z',
  // A play button in a phone frame: short video.
  video: 'M8 2h8a3 3 0 0 1 3 3v14a3 3 0 0 1-3 3H8a3 3 0 0 1-3-3V5a3 3 0 0 1 3-3zm2 6.5v7l6-3.5-6-3.5z',
  // Two speech bubbles: a chat community.
  chat: 'M4 3h11a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2H9l-4 3v-3H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm15 5h1a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2h-1v3l-4-3h-4a2 2 0 0 1-2-2v-.5h5a4 4 0 0 0 4-4V8z',
};

export function SocialIcon({ network }: { network: SocialNetwork }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path fill="currentColor" fillRule="evenodd" d={PATHS[network]} />
    </svg>
  );
}
