const PATHS = {
  play: ['M8 5.5v13l10.5-6.5z'],
  check: ['m5 12.5 4.5 4.5L19 7.5'],
  clock: ['M12 3.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17z', 'M12 7.5V12l3 2'],
  quiz: ['M7 3.5h10a3 3 0 0 1 3 3v11a3 3 0 0 1-3 3H7a3 3 0 0 1-3-3v-11a3 3 0 0 1 3-3z', 'M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5v.2M12 17h.01'],
  locked: ['M7 10.5h10a2.5 2.5 0 0 1 2.5 2.5v5a2.5 2.5 0 0 1-2.5 2.5H7A2.5 2.5 0 0 1 4.5 18v-5A2.5 2.5 0 0 1 7 10.5z', 'M8 10.5V7a4 4 0 0 1 8 0v3.5', 'M12 14.5V17'],
  unlocked: ['M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z', 'm8 12.2 2.8 2.8L16.5 9'],
  info: ['M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z', 'M12 11v5.5M12 7.6h.01'],
} as const;

export type ModuleIconName = keyof typeof PATHS;

/** The training module's line icons. Decorative: the text next to them says what they mean. */
export function ModuleIcon({ name, size = 20 }: { name: ModuleIconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
