import { Group, Text, type MantineBreakpoint } from '@mantine/core';

interface LogoProps {
  /** Height of the mark in px; the wordmark scales with it. */
  size?: number;
  /** White wordmark for dark backgrounds. */
  inverted?: boolean;
  /** Show the wordmark only from this breakpoint up (narrow phones show the mark alone). */
  wordmarkVisibleFrom?: MantineBreakpoint;
}

/** The +impecable mark (a plus with a spark of IMPs) and its wordmark. Same drawing as the app icons. */
export function Logo({ size = 36, inverted = false, wordmarkVisibleFrom }: LogoProps) {
  return (
    <Group gap={Math.round(size / 4)} wrap="nowrap" align="center">
      <LogoMark size={size} outlined={inverted} />
      <Text
        component="span"
        fw={800}
        lh={1}
        visibleFrom={wordmarkVisibleFrom}
        style={{ fontSize: size * 0.6, letterSpacing: '-0.02em', whiteSpace: 'nowrap' }}
        c={inverted ? 'white' : 'brand.9'}
      >
        <Text component="span" inherit c={inverted ? 'imps.3' : 'brand.6'}>
          +
        </Text>
        impecable
      </Text>
    </Group>
  );
}

function LogoMark({ size, outlined }: { size: number; outlined: boolean }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false" style={{ flexShrink: 0 }}>
      <defs>
        <linearGradient id="impecable-mark" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#1f6ec6" />
          <stop offset="1" stopColor="#073d72" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="url(#impecable-mark)" />
      {outlined && <rect x="1" y="1" width="62" height="62" rx="15" fill="none" stroke="rgba(255,255,255,0.4)" strokeWidth="2" />}
      <rect x="27" y="14" width="10" height="36" rx="5" fill="#ffffff" />
      <rect x="14" y="27" width="36" height="10" rx="5" fill="#ffffff" />
      <circle cx="49" cy="15" r="6" fill="#ffbf4d" />
    </svg>
  );
}
