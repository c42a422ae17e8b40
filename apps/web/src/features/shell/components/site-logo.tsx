import { useId } from 'react';

/**
 * The Avatar Party logo, drawn for the product: an avatar in a chat bubble with party confetti,
 * and the wordmark. The mark keeps its colours; the wordmark follows `currentColor`, so the
 * header turns it white or dark. Mark and wordmark are separate drawings so that narrow
 * windows can show the mark alone.
 */
export function SiteLogo() {
  const id = useId().replace(/:/g, '');
  const fill = `ap-logo-fill-${id}`;
  return (
    <span className="site-logo" aria-hidden="true">
      <svg className="site-logo__mark" viewBox="0 0 48 48" width="40" height="40" focusable="false">
        <defs>
          <linearGradient id={fill} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#8b5cf6" />
            <stop offset="1" stopColor="#ec4899" />
          </linearGradient>
        </defs>
        <path d="M8 4h30a8 8 0 0 1 8 8v20a8 8 0 0 1-8 8H21l-9 6v-6H8a8 8 0 0 1-8-8V12a8 8 0 0 1 8-8z" fill={`url(#${fill})`} />
        <circle cx="23" cy="17" r="6.5" fill="#fff" />
        <path d="M11.5 34c1.8-6 6.4-9 11.5-9s9.7 3 11.5 9z" fill="#fff" />
        <circle cx="39" cy="10" r="2" fill="#fde047" />
        <circle cx="7.5" cy="11" r="1.6" fill="#67e8f9" />
        <path d="M38 22l1.2 2.4 2.6.4-1.9 1.8.5 2.6-2.4-1.2-2.3 1.2.4-2.6-1.9-1.8 2.6-.4z" fill="#fde047" />
      </svg>
      <svg className="site-logo__word" viewBox="0 0 150 40" width="150" height="40" focusable="false">
        <text
          x="4"
          y="28"
          fill="currentColor"
          direction="ltr"
          fontFamily="system-ui, -apple-system, 'Segoe UI', sans-serif"
          fontSize="22"
          fontWeight="800"
          letterSpacing="-0.3"
        >
          Avatar Party
        </text>
      </svg>
    </span>
  );
}
