import { useId, type ReactNode } from 'react';

/**
 * The product's own illustrations, drawn in SVG so that the pages load no image files: avatars,
 * dress-up, voice rooms, the karaoke stage, player-made maps, creators, friends, gifts, support.
 * Every scene has a fixed viewBox and explicit width/height, so the browser reserves its box before
 * paint (no layout shift); CSS scales it. They are decorative: the text beside them says the same.
 */
export type ArtName = 'hero' | 'avatar' | 'voice' | 'karaoke' | 'maps' | 'creator' | 'friends' | 'gift' | 'support' | 'team';

interface AvatarProps {
  x: number;
  y: number;
  scale?: number;
  skin?: string;
  hair: string;
  outfit: string;
  accent?: string;
  /** A long-hair silhouette instead of short hair. */
  longHair?: boolean;
  /** Arm raised: waving, or holding a microphone. */
  wave?: boolean;
  mic?: boolean;
}

/** One chibi avatar, the product's look: big head, small body. */
function Avatar({ x, y, scale = 1, skin = '#ffd9c2', hair, outfit, accent = '#ffffff', longHair, wave, mic }: AvatarProps) {
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`}>
      <ellipse cx="0" cy="118" rx="34" ry="7" fill="#000" opacity="0.12" />
      {longHair && <path d="M-38 -6 C-44 40 -34 70 -22 78 L22 78 C34 70 44 40 38 -6 Z" fill={hair} />}
      <rect x="-22" y="44" width="44" height="50" rx="16" fill={outfit} />
      <path d="M-22 60 H22" stroke={accent} strokeWidth="4" opacity="0.7" />
      <rect x="-16" y="90" width="12" height="24" rx="6" fill="#3b3557" />
      <rect x="4" y="90" width="12" height="24" rx="6" fill="#3b3557" />
      {wave ? (
        <path d="M20 52 C40 46 50 30 50 10" stroke={outfit} strokeWidth="11" strokeLinecap="round" fill="none" />
      ) : (
        <path d="M20 52 C30 62 30 74 28 82" stroke={outfit} strokeWidth="11" strokeLinecap="round" fill="none" />
      )}
      <path d="M-20 52 C-30 62 -30 74 -28 82" stroke={outfit} strokeWidth="11" strokeLinecap="round" fill="none" />
      {mic && (
        <g transform="translate(50 -6) rotate(20)">
          <rect x="-3" y="0" width="6" height="22" rx="3" fill="#2b2540" />
          <circle cx="0" cy="-2" r="7" fill="#c9c3dc" />
        </g>
      )}
      <circle cx="0" cy="10" r="38" fill={skin} />
      <path d="M-39 8 C-40 -30 -12 -36 0 -34 C16 -36 42 -26 39 8 C30 -6 14 -12 -4 -12 C-18 -12 -30 -4 -39 8 Z" fill={hair} />
      <circle cx="-13" cy="14" r="5" fill="#2b2540" />
      <circle cx="13" cy="14" r="5" fill="#2b2540" />
      <circle cx="-11.5" cy="12.5" r="1.6" fill="#fff" />
      <circle cx="14.5" cy="12.5" r="1.6" fill="#fff" />
      <ellipse cx="-22" cy="26" rx="6" ry="3.5" fill="#ff8fab" opacity="0.55" />
      <ellipse cx="22" cy="26" rx="6" ry="3.5" fill="#ff8fab" opacity="0.55" />
      <path d="M-7 28 Q0 35 7 28" stroke="#2b2540" strokeWidth="3" strokeLinecap="round" fill="none" />
    </g>
  );
}

function Sparkle({ x, y, size = 10, color = '#fff' }: { x: number; y: number; size?: number; color?: string }) {
  const s = size;
  return <path d={`M${x} ${y - s} L${x + s * 0.28} ${y - s * 0.28} L${x + s} ${y} L${x + s * 0.28} ${y + s * 0.28} L${x} ${y + s} L${x - s * 0.28} ${y + s * 0.28} L${x - s} ${y} L${x - s * 0.28} ${y - s * 0.28} Z`} fill={color} />;
}

function Note({ x, y, color }: { x: number; y: number; color: string }) {
  return (
    <g fill={color}>
      <ellipse cx={x} cy={y + 22} rx="7" ry="5.5" />
      <rect x={x + 5} y={y} width="3" height="22" />
      <path d={`M${x + 8} ${y} q10 4 10 14 q-4 -6 -10 -6 z`} />
    </g>
  );
}

const scenes: Record<ArtName, (id: (suffix: string) => string) => ReactNode> = {
  hero: (id) => (
    <>
      <defs>
        <linearGradient id={id('screen')} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#8b5cf6" />
          <stop offset="1" stopColor="#ec4899" />
        </linearGradient>
      </defs>
      <circle cx="200" cy="150" r="130" fill="#ffffff" opacity="0.12" />
      <rect x="130" y="28" width="140" height="250" rx="24" fill="#1b1340" />
      <rect x="140" y="40" width="120" height="226" rx="16" fill={`url(#${id('screen')})`} />
      <Avatar x={200} y={120} scale={0.9} hair="#4b2e83" outfit="#22d3ee" accent="#fde047" wave />
      <rect x="160" y="236" width="80" height="14" rx="7" fill="#fff" opacity="0.85" />
      <Sparkle x={92} y={70} size={12} />
      <Sparkle x={318} y={96} size={9} color="#fde047" />
      <Sparkle x={300} y={228} size={13} />
      <circle cx="84" cy="200" r="22" fill="#fde047" />
      <path d="M75 200 l6 7 l12 -14" stroke="#1b1340" strokeWidth="5" fill="none" strokeLinecap="round" />
      <rect x="296" y="150" width="64" height="40" rx="14" fill="#fff" />
      <circle cx="314" cy="170" r="4" fill="#8b5cf6" />
      <circle cx="328" cy="170" r="4" fill="#8b5cf6" />
      <circle cx="342" cy="170" r="4" fill="#8b5cf6" />
    </>
  ),
  avatar: () => (
    <>
      <circle cx="200" cy="160" r="120" fill="#fce7f3" />
      <rect x="40" y="40" width="320" height="8" rx="4" fill="#c4b5fd" />
      {[70, 120, 280, 330].map((x, i) => (
        <g key={x}>
          <path d={`M${x} 48 v12`} stroke="#7c3aed" strokeWidth="3" />
          <path d={`M${x - 22} 78 L${x} 60 L${x + 22} 78 L${x + 16} 120 L${x - 16} 120 Z`} fill={['#f472b6', '#60a5fa', '#34d399', '#fbbf24'][i]} />
        </g>
      ))}
      <Avatar x={200} y={130} scale={1.1} hair="#f59e0b" outfit="#8b5cf6" accent="#fde047" longHair />
      <path d="M168 80 l10 -14 l10 10 l12 -16 l12 16 l10 -10 l10 14 z" fill="#fde047" transform="translate(-18 -10)" />
      <Sparkle x={110} y={200} size={11} color="#ec4899" />
      <Sparkle x={300} y={210} size={9} color="#7c3aed" />
    </>
  ),
  voice: () => (
    <>
      <circle cx="200" cy="160" r="120" fill="#dbeafe" />
      <Avatar x={120} y={120} scale={0.95} hair="#1f2937" outfit="#f97316" />
      <Avatar x={280} y={120} scale={0.95} hair="#be185d" outfit="#10b981" longHair wave />
      <rect x="150" y="20" width="100" height="50" rx="18" fill="#fff" />
      <path d="M178 70 l-8 14 l18 -14 z" fill="#fff" />
      {[0, 1, 2, 3, 4].map((i) => (
        <rect key={i} x={168 + i * 14} y={45 - [8, 16, 22, 14, 6][i]! / 2} width="7" height={[8, 16, 22, 14, 6][i]} rx="3.5" fill="#7c3aed" />
      ))}
      <path d="M40 120 q-14 20 0 40 M26 110 q-22 30 0 60" stroke="#60a5fa" strokeWidth="5" fill="none" strokeLinecap="round" />
      <path d="M360 120 q14 20 0 40 M374 110 q22 30 0 60" stroke="#60a5fa" strokeWidth="5" fill="none" strokeLinecap="round" />
      <path d="M200 230 c-10 -10 -24 -2 -18 10 c4 8 18 16 18 16 s14 -8 18 -16 c6 -12 -8 -20 -18 -10 z" fill="#ec4899" />
    </>
  ),
  karaoke: (id) => (
    <>
      <defs>
        <linearGradient id={id('beam')} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fde047" stopOpacity="0.8" />
          <stop offset="1" stopColor="#fde047" stopOpacity="0" />
        </linearGradient>
      </defs>
      <rect x="0" y="0" width="400" height="300" rx="24" fill="#1b1340" />
      <path d="M90 0 L40 230 L150 230 Z" fill={`url(#${id('beam')})`} />
      <path d="M310 0 L250 230 L360 230 Z" fill={`url(#${id('beam')})`} />
      <rect x="20" y="228" width="360" height="50" rx="10" fill="#4c1d95" />
      <rect x="20" y="228" width="360" height="8" fill="#a78bfa" />
      <rect x="120" y="30" width="160" height="40" rx="8" fill="#312e81" stroke="#a78bfa" strokeWidth="2" />
      <rect x="134" y="42" width="90" height="6" rx="3" fill="#fde047" />
      <rect x="134" y="54" width="120" height="6" rx="3" fill="#c4b5fd" />
      <Avatar x={200} y={112} scale={0.95} hair="#0ea5e9" outfit="#ec4899" accent="#fde047" mic wave />
      <Note x={60} y={110} color="#f472b6" />
      <Note x={320} y={90} color="#22d3ee" />
      <Note x={340} y={170} color="#fde047" />
      <Sparkle x={70} y={60} size={8} color="#fde047" />
      <Sparkle x={345} y={50} size={10} />
    </>
  ),
  maps: () => (
    <>
      <circle cx="200" cy="150" r="130" fill="#dcfce7" />
      <path d="M200 90 L330 160 L200 230 L70 160 Z" fill="#4ade80" />
      <path d="M70 160 L200 230 L200 262 L70 192 Z" fill="#a16207" />
      <path d="M330 160 L200 230 L200 262 L330 192 Z" fill="#854d0e" />
      <path d="M200 112 L260 144 L200 176 L140 144 Z" fill="#38bdf8" opacity="0.85" />
      {[
        [110, 150],
        [290, 158],
        [230, 200],
      ].map(([x, y]) => (
        <g key={`${x}-${y}`}>
          <rect x={x! - 3} y={y! - 14} width="6" height="16" fill="#78350f" />
          <circle cx={x} cy={y! - 22} r="14" fill="#15803d" />
        </g>
      ))}
      <rect x="160" y="160" width="36" height="30" fill="#fef3c7" />
      <path d="M154 162 L178 140 L202 162 Z" fill="#ef4444" />
      <rect x="172" y="174" width="10" height="16" fill="#92400e" />
      <path d="M270 80 v50" stroke="#1b1340" strokeWidth="4" />
      <path d="M272 80 h36 l-10 10 l10 10 h-36 z" fill="#ec4899" />
      <Avatar x={120} y={82} scale={0.55} hair="#7c2d12" outfit="#6366f1" wave />
    </>
  ),
  creator: () => (
    <>
      <rect x="30" y="30" width="340" height="240" rx="20" fill="#f5f3ff" />
      <g stroke="#ddd6fe" strokeWidth="1">
        {Array.from({ length: 9 }, (_, i) => (
          <path key={`v${i}`} d={`M${60 + i * 35} 40 V260`} />
        ))}
        {Array.from({ length: 6 }, (_, i) => (
          <path key={`h${i}`} d={`M40 ${70 + i * 35} H360`} />
        ))}
      </g>
      <path d="M140 80 L180 64 Q200 80 220 64 L260 80 L284 126 L256 140 L250 118 L250 220 L150 220 L150 118 L144 140 L116 126 Z" fill="#8b5cf6" />
      <path d="M180 64 Q200 92 220 64" stroke="#fde047" strokeWidth="6" fill="none" />
      <circle cx="200" cy="160" r="18" fill="#fde047" />
      <Sparkle x={200} y={160} size={10} color="#8b5cf6" />
      <g transform="translate(300 180) rotate(35)">
        <rect x="-7" y="-50" width="14" height="80" rx="3" fill="#f59e0b" />
        <path d="M-7 30 L0 46 L7 30 Z" fill="#fcd34d" />
        <rect x="-7" y="-50" width="14" height="12" rx="3" fill="#ec4899" />
      </g>
      <circle cx="80" cy="230" r="26" fill="#10b981" />
      <path d="M80 244 V218 M69 228 L80 217 L91 228" stroke="#fff" strokeWidth="5" strokeLinecap="round" fill="none" />
    </>
  ),
  friends: () => (
    <>
      <circle cx="200" cy="160" r="125" fill="#ffedd5" />
      <Avatar x={110} y={130} scale={0.8} hair="#6d28d9" outfit="#f43f5e" longHair />
      <Avatar x={290} y={130} scale={0.8} hair="#0f172a" outfit="#0ea5e9" />
      <Avatar x={200} y={110} scale={0.95} hair="#ca8a04" outfit="#22c55e" wave />
      <path d="M92 52 c-8 -8 -20 -2 -15 8 c3 6 15 13 15 13 s12 -7 15 -13 c5 -10 -7 -16 -15 -8 z" fill="#ec4899" />
      <path d="M312 44 c-6 -6 -16 -1 -12 6 c2 5 12 10 12 10 s10 -5 12 -10 c4 -7 -6 -12 -12 -6 z" fill="#f97316" />
      <Sparkle x={200} y={36} size={11} color="#f59e0b" />
    </>
  ),
  gift: () => (
    <>
      <circle cx="200" cy="160" r="120" fill="#fef9c3" />
      <rect x="120" y="130" width="160" height="110" rx="10" fill="#ec4899" />
      <rect x="108" y="104" width="184" height="40" rx="10" fill="#f472b6" />
      <rect x="190" y="104" width="20" height="136" fill="#fde047" />
      <path d="M200 104 C170 60 130 80 160 104 Z M200 104 C230 60 270 80 240 104 Z" fill="#fde047" />
      {[
        [80, 220],
        [320, 210],
        [300, 90],
      ].map(([x, y]) => (
        <g key={`${x}-${y}`}>
          <circle cx={x} cy={y} r="20" fill="#f59e0b" />
          <circle cx={x} cy={y} r="13" fill="#fbbf24" />
          <path d={`M${x} ${y! - 7} v14`} stroke="#b45309" strokeWidth="4" strokeLinecap="round" />
        </g>
      ))}
      <path d="M90 90 l14 -22 l14 22 l-14 22 z" fill="#38bdf8" />
      <Sparkle x={250} y={60} size={10} color="#f59e0b" />
    </>
  ),
  support: () => (
    <>
      <circle cx="200" cy="150" r="125" fill="#e0f2fe" />
      <rect x="90" y="100" width="160" height="110" rx="14" fill="#fff" stroke="#0ea5e9" strokeWidth="4" />
      <path d="M90 112 L170 166 L250 112" stroke="#0ea5e9" strokeWidth="4" fill="none" />
      <circle cx="285" cy="110" r="44" fill="#fff" stroke="#7c3aed" strokeWidth="4" />
      <path d="M285 80 V110 L305 122" stroke="#7c3aed" strokeWidth="6" strokeLinecap="round" fill="none" />
      <text x="285" y="178" textAnchor="middle" fontSize="22" fontWeight="700" fill="#7c3aed">
        24h
      </text>
      <Avatar x={120} y={206} scale={0.45} hair="#1e3a8a" outfit="#7c3aed" wave />
    </>
  ),
  team: () => (
    <>
      <rect x="20" y="40" width="360" height="220" rx="24" fill="#ede9fe" />
      <rect x="120" y="60" width="160" height="90" rx="10" fill="#1b1340" />
      <path d="M140 130 L175 95 L200 118 L225 85 L260 130 Z" fill="#8b5cf6" />
      <rect x="110" y="196" width="180" height="14" rx="7" fill="#c4b5fd" />
      <Avatar x={90} y={150} scale={0.6} hair="#7c2d12" outfit="#f97316" />
      <Avatar x={200} y={160} scale={0.6} hair="#111827" outfit="#06b6d4" longHair wave />
      <Avatar x={310} y={150} scale={0.6} hair="#9d174d" outfit="#22c55e" />
      <Sparkle x={60} y={70} size={9} color="#7c3aed" />
      <Sparkle x={345} y={75} size={11} color="#ec4899" />
    </>
  ),
};

export function Artwork({ name }: { name: ArtName }) {
  const base = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  return (
    <svg className={`art art--${name}`} viewBox="0 0 400 300" width="400" height="300" aria-hidden="true" focusable="false">
      {scenes[name]((suffix) => `${base}-${suffix}`)}
    </svg>
  );
}
