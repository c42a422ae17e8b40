/** Simple store glyphs drawn for this site (not the stores' trademarked badges). */
export function AppleGlyph({ size = 22 }: { size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M16.4 12.6c0-2.4 2-3.5 2-3.6-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.1-2.8.9-3.5.9-.7 0-1.8-.9-3-.8-1.5 0-3 .9-3.8 2.3-1.6 2.8-.4 7 1.2 9.3.8 1.1 1.7 2.4 2.9 2.3 1.2 0 1.6-.7 3-.7s1.8.7 3 .7c1.3 0 2.1-1.1 2.8-2.3.9-1.3 1.3-2.6 1.3-2.7-.1 0-2.5-1-2.5-3.6zM14.1 5.6c.6-.8 1.1-1.8 1-2.9-.9 0-2.1.6-2.7 1.4-.6.7-1.1 1.8-1 2.8 1 .1 2.1-.5 2.7-1.3z"
      />
    </svg>
  );
}

export function PlayGlyph({ size = 22 }: { size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path fill="#34d399" d="M4 2.8v18.4c0 .3.1.5.3.7L14 12 4.3 2.1c-.2.2-.3.4-.3.7z" />
      <path fill="#60a5fa" d="M17.3 8.7 5.3 1.8c-.4-.2-.7-.2-1 .3L14 12l3.3-3.3z" />
      <path fill="#f87171" d="M4.3 21.9c.3.4.6.5 1 .3l12-6.9L14 12l-9.7 9.9z" />
      <path fill="#fbbf24" d="m21.2 10.9-3.9-2.2L14 12l3.3 3.3 3.9-2.2c.8-.5.8-1.7 0-2.2z" />
    </svg>
  );
}

export function DownloadGlyph({ size = 18 }: { size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path d="M12 3v12m0 0-5-5m5 5 5-5M4 19h16" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
