import { cloneElement, type ReactElement, type ReactNode, type SVGProps } from 'react';
import type { ComponentTypeCode, OutfitGender } from '@vsp/contract/component-types';

/**
 * Line illustrations of the 23 component types, keyed like the creator avatar images by a gender
 * letter and the type code (`MXSY`, `WXSY`): where menswear and womenswear differ in shape (hair,
 * tops, coats, trousers, shoes, skirts...) each gender has its own drawing. 64x64, drawn with the
 * current text colour so they follow the theme and the selected state.
 */

type G = 'M' | 'W';
const ACCENT = { fill: 'currentColor', fillOpacity: 0.18, stroke: 'none' } as const;

/** `shape` tinted with the accent under its own outline; `more` goes on with the outline's path (seams, hems, buttons). */
function Tinted({ children: shape, more }: { children: ReactElement<SVGProps<SVGElement>>; more?: string }) {
  return (
    <>
      {cloneElement(shape, ACCENT)}
      {more ? cloneElement(shape, { d: `${shape.props.d}${more}` }) : shape}
    </>
  );
}

const drawings: Record<ComponentTypeCode, (g: G) => ReactNode> = {
  TTF: (g) =>
    g === 'M' ? (
      <>
        <circle cx="32" cy="34" r="14" />
        <Tinted><path d="M17 32c0-12 7-18 15-18s15 6 15 18c-3-4-7-6-11-6-5 0-8-3-9-6-2 5-6 9-10 12z" /></Tinted>
      </>
    ) : (
      <>
        <circle cx="32" cy="30" r="12" />
        <path d="M18 52V30c0-11 6-17 14-17s14 6 14 17v22c-3 0-5-2-6-5V28c-4 0-9-3-12-8-2 5-5 8-6 9v18c-1 3-2 5-4 5z" {...ACCENT} />
        <path d="M18 52V30c0-11 6-17 14-17s14 6 14 17v22M24 21c3 5 9 8 16 8" />
      </>
    ),
  TTS: (g) =>
    g === 'M' ? (
      <>
        <path d="M12 38c5-10 12-14 20-14s15 4 20 14" />
        <path d="M12 38c5-6 12-9 20-9s15 3 20 9" {...ACCENT} />
        <path d="M29 24l3-7 3 7" />
      </>
    ) : (
      <>
        <path d="M12 42c4-6 11-9 20-9s16 3 20 9" />
        <Tinted><path d="M16 36l5-14 6 9 5-13 5 13 6-9 5 14" /></Tinted>
        <circle cx="32" cy="14" r="2" />
      </>
    ),
  TMZ: (g) =>
    g === 'M' ? (
      <>
        <Tinted more="M50 38h6c0 3-3 5-8 5H14"><path d="M14 38c0-12 8-20 18-20s18 8 18 20z" /></Tinted>
        <path d="M32 18v20" />
      </>
    ) : (
      <>
        <Tinted><ellipse cx="32" cy="40" rx="26" ry="7" /></Tinted>
        <path d="M20 38c0-10 5-16 12-16s12 6 12 16" />
        <path d="M20 33h24" />
      </>
    ),
  TES: (g) =>
    g === 'M' ? (
      <>
        <path d="M24 14c8 0 14 6 14 15 0 6-4 9-6 12-2 4-1 9-6 9-4 0-6-3-6-6" />
        <Tinted><circle cx="28" cy="43" r="3" /></Tinted>
      </>
    ) : (
      <>
        <circle cx="22" cy="16" r="3" />
        <path d="M22 19v8" />
        <Tinted><path d="M22 27l-6 14h12z" /></Tinted>
        <circle cx="42" cy="16" r="3" />
        <path d="M42 19v8" />
        <Tinted><circle cx="42" cy="36" r="6" /></Tinted>
      </>
    ),
  TMS: () => (
    <>
      <Tinted><path d="M10 26c6-4 14-6 22-6s16 2 22 6c0 10-6 18-14 18-4 0-6-4-8-4s-4 4-8 4c-8 0-14-8-14-18z" /></Tinted>
      <ellipse cx="23" cy="30" rx="5" ry="3" />
      <ellipse cx="41" cy="30" rx="5" ry="3" />
    </>
  ),
  TYJ: (g) =>
    g === 'M' ? (
      <>
        <Tinted><rect x="8" y="24" width="20" height="14" rx="3" /></Tinted>
        <Tinted><rect x="36" y="24" width="20" height="14" rx="3" /></Tinted>
        <path d="M28 29c2-2 6-2 8 0M8 27H4M56 27h4" />
      </>
    ) : (
      <>
        <Tinted><path d="M8 26c4-2 12-2 18 0 0 8-3 12-9 12s-9-5-9-12zM56 26c-4-2-12-2-18 0 0 8 3 12 9 12s9-5 9-12z" /></Tinted>
        <path d="M26 28c3-2 9-2 12 0M8 26l-3-4M56 26l3-4" />
      </>
    ),
  XSY: (g) =>
    g === 'M' ? (
      <>
        <Tinted><path d="M22 12l-12 8 5 10 6-3v25h22V27l6 3 5-10-12-8c-2 4-6 6-10 6s-8-2-10-6z" /></Tinted>
      </>
    ) : (
      <>
        <Tinted><path d="M23 12l-10 6 4 9 5-2c1 6-1 10-3 14l3 13h20l3-13c-2-4-4-8-3-14l5 2 4-9-10-6c-2 5-5 7-9 7s-7-2-9-7z" /></Tinted>
      </>
    ),
  XWT: (g) =>
    g === 'M' ? (
      <>
        <Tinted more="M32 24v30M22 10l4 16-4 4M42 10l-4 16 4 4"><path d="M22 10L10 18l2 36h40l2-36-12-8-10 14z" /></Tinted>
        <circle cx="35" cy="36" r="1.5" />
        <circle cx="35" cy="44" r="1.5" />
      </>
    ) : (
      <>
        <Tinted more="M32 22v32M20 34h24"><path d="M23 10l-11 8 3 14 3-1-6 23h40l-6-23 3 1 3-14-11-8-9 12z" /></Tinted>
      </>
    ),
  XJS: (g) =>
    g === 'M' ? (
      <>
        <path d="M14 12c0 16 8 26 18 26s18-10 18-26" strokeDasharray="3 3" />
        <Tinted><rect x="27" y="38" width="10" height="14" rx="2" /></Tinted>
      </>
    ) : (
      <>
        <path d="M14 12c0 16 8 26 18 26s18-10 18-26" />
        {[18, 23, 29, 35, 41, 46].map((x, i) => (
          <circle key={x} cx={x} cy={[22, 30, 35, 35, 30, 22][i]} r="2.5" />
        ))}
        <Tinted><path d="M32 38l-5 7 5 7 5-7z" /></Tinted>
      </>
    ),
  XBS: (g) =>
    g === 'M' ? (
      <>
        <Tinted><rect x="16" y="14" width="32" height="40" rx="8" /></Tinted>
        <path d="M24 14v-3a8 8 0 0116 0v3M20 36h24v12H20z" />
      </>
    ) : (
      <>
        <Tinted><path d="M30 30C24 16 12 10 4 12c2 12 8 22 18 24-4 4-6 10-4 14 6-2 10-10 12-20zM34 30c6-14 18-20 26-18-2 12-8 22-18 24 4 4 6 10 4 14-6-2-10-10-12-20z" /></Tinted>
      </>
    ),
  SST: () => (
    <>
      <Tinted more="M20 48h20"><path d="M20 54V34l-6-8c-2-3 2-6 5-3l5 5V12c0-3 4-3 4 0v14-18c0-3 4-3 4 0v18-16c0-3 4-3 4 0v16-12c0-3 4-3 4 0v24c0 8-4 12-4 18v4z" /></Tinted>
    </>
  ),
  SSS: (g) =>
    g === 'M' ? (
      <>
        <path d="M24 8h16v12H24zM24 44h16v12H24z" />
        <Tinted><circle cx="32" cy="32" r="12" /></Tinted>
        <path d="M32 25v7l5 3" />
      </>
    ) : (
      <>
        <ellipse cx="32" cy="32" rx="20" ry="10" />
        <ellipse cx="32" cy="32" rx="14" ry="6" />
        {[16, 24, 32, 40, 48].map((x) => (
          <circle key={x} cx={x} cy={x === 32 ? 42 : x === 16 || x === 48 ? 36 : 40.5} r="2.5" {...ACCENT} />
        ))}
      </>
    ),
  PKZ: (g) =>
    g === 'M' ? (
      <>
        <Tinted more="M18 16h28"><path d="M18 10h28l2 44H36l-4-30-4 30H16z" /></Tinted>
      </>
    ) : (
      <>
        <Tinted more="M20 16h24"><path d="M20 10h24l4 30 4 14H37l-5-30-5 30H12l4-14z" /></Tinted>
      </>
    ),
  PJSK: () => (
    <>
      <Tinted more="M22 15h20"><path d="M22 10h20l-1 16-3 28h-5l-1-30-1 30h-5l-3-28z" /></Tinted>
    </>
  ),
  PYS: (g) => (
    <>
      <Tinted><path d="M6 28c8 3 17 4 26 4s18-1 26-4v8c-8 3-17 4-26 4S14 39 6 36z" /></Tinted>
      {g === 'M' ? <rect x="26" y="28" width="12" height="16" rx="2" /> : <path d="M32 36l-9-6v12zM32 36l9-6v12z" />}
    </>
  ),
  JWZ: (g) =>
    g === 'M' ? (
      <>
        <Tinted more="M24 16h14"><path d="M24 10h14v26l12 8c4 3 2 10-4 10H30c-4 0-6-3-6-6z" /></Tinted>
      </>
    ) : (
      <>
        <Tinted more="M25 11h12M25 15h12"><path d="M25 6h12v32l11 7c4 3 2 9-4 9H31c-4 0-6-3-6-6z" /></Tinted>
      </>
    ),
  JXZ: (g) =>
    g === 'M' ? (
      <>
        <Tinted more="M8 44h50M28 32l2-4M34 34l2-4"><path d="M8 44V28h16c2 4 8 6 14 6l14 4c4 1 6 4 6 6v4H8z" /></Tinted>
      </>
    ) : (
      <>
        <Tinted><path d="M10 24c4 0 8 6 14 12s14 8 22 8c6 0 10 2 10 6H36c-8 0-14-4-20-10l-2 14h-4z" /></Tinted>
      </>
    ),
  PWB: () => (
    <>
      <Tinted><path d="M10 50c10 0 18-4 20-14 2-12 8-22 20-24 4 0 6 4 2 6-8 2-12 10-12 20-2 14-14 18-30 18z" /></Tinted>
    </>
  ),
  SJZ: (g) => (
    <>
      <circle cx="32" cy="38" r="14" />
      <circle cx="32" cy="38" r="10" />
      {g === 'M' ? <Tinted><rect x="25" y="18" width="14" height="10" rx="2" /></Tinted> : <Tinted><path d="M32 12l8 8-8 8-8-8z" /></Tinted>}
    </>
  ),
  SBS: (g) => (
    <>
      <path d="M18 8c-4 14-4 34 0 48M46 8c4 14 4 34 0 48" />
      <Tinted><path d="M17 24h30v14H17z" /></Tinted>
      {g === 'M' ? <path d="M22 31h20" /> : <path d="M24 31l4-4 4 4 4-4 4 4" />}
    </>
  ),
  XLYQB: () => (
    <>
      <Tinted more="M22 8l10 30 10-30M17 34h30"><path d="M22 8L10 16l4 10 4-2-4 32h36l-4-32 4 2 4-10-12-8-10 12z" /></Tinted>
    </>
  ),
  XLYQG: (g) =>
    g === 'M' ? (
      <>
        <Tinted more="M20 32h24"><path d="M24 8l-10 6 3 10 4-2-1 32h24l-1-32 4 2 3-10-10-6c-2 4-5 6-8 6s-6-2-8-6z" /></Tinted>
      </>
    ) : (
      <>
        <Tinted more="M24 30h16"><path d="M25 8l-3 14c0 4 2 6 2 8L12 56h40L40 30c0-2 2-4 2-8L39 8c-2 4-4 6-7 6s-5-2-7-6z" /></Tinted>
      </>
    ),
  PQZ: (g) =>
    g === 'M' ? (
      <>
        <Tinted more="M16 20h32M22 20l-2 28M32 20v28M42 20l2 28"><path d="M16 14h32l2 34H14z" /></Tinted>
      </>
    ) : (
      <>
        <Tinted more="M20 20h24M26 20l-6 30M38 20l6 30"><path d="M20 14h24l12 36H8z" /></Tinted>
      </>
    ),
};

/** The avatar image key of spec section 3: gender letter plus component type code (MXSY, WPQZ). */
export function outfitImageKey(gender: OutfitGender, code: ComponentTypeCode): string {
  return `${gender === 'menswear' ? 'M' : 'W'}${code}`;
}

export function ComponentTypeIcon({ code, gender }: { code: ComponentTypeCode; gender: OutfitGender }) {
  const g: G = gender === 'menswear' ? 'M' : 'W';
  return (
    <svg
      className="outfit-icon"
      viewBox="0 0 64 64"
      width="64"
      height="64"
      aria-hidden="true"
      focusable="false"
      data-image-key={outfitImageKey(gender, code)}
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {drawings[code](g)}
    </svg>
  );
}

/** Menswear and womenswear silhouettes for the first step. */
export function GenderIcon({ gender }: { gender: OutfitGender }) {
  return (
    <svg className="outfit-icon" viewBox="0 0 64 64" width="72" height="72" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
      <circle cx="32" cy="12" r="6" />
      {gender === 'menswear' ? (
        <>
          <path d="M20 22h24l4 18h-6l-2-10v30h-6V42h-4v18h-6V30l-2 10h-6z" fill="currentColor" fillOpacity={0.18} />
          <path d="M20 22h24l4 18h-6l-2-10v30h-6V42h-4v18h-6V30l-2 10h-6z" />
        </>
      ) : (
        <>
          <path d="M24 22h16l6 16h-5l-3-8 6 18h-8v12h-4V48h-4v12h-4V48h-8l6-18-3 8h-5z" fill="currentColor" fillOpacity={0.18} />
          <path d="M24 22h16l6 16h-5l-3-8 6 18h-8v12h-4V48h-4v12h-4V48h-8l6-18-3 8h-5z" />
        </>
      )}
    </svg>
  );
}
