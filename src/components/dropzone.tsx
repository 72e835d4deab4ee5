// A file upload area (users, programme packs): react-dropzone's state drawn as one box.
import type { ReactNode } from 'react';
import { Box, Stack, ThemeIcon } from '@mantine/core';
import type { DropzoneState } from 'react-dropzone';
import classes from './dropzone.module.css';

interface DropzoneProps {
  /** What useDropzone returned for this area. */
  state: DropzoneState;
  /** The name of the hidden file input (assistive tech that reaches it, and e2e). */
  inputLabel: string;
  disabled: boolean;
  minHeight: number;
  iconSize: number;
  /** Drawn over the box while a file is sent (a LoadingOverlay). */
  overlay?: ReactNode;
  /** The texts the box shows: they are its accessible name too. */
  children: ReactNode;
}

/**
 * Drag and drop or click (Enter or Space from the keyboard). The box is named by the texts it
 * shows, never by an aria-label of its own: voice-control users say what they see (WCAG 2.5.3,
 * label in name). react-dropzone directly, not @mantine/dropzone: from 9.6 that package
 * requires Node 22 and this project supports Node 20.
 */
export function Dropzone({ state, inputLabel, disabled, minHeight, iconSize, overlay, children }: DropzoneProps) {
  const { getRootProps, getInputProps, isDragAccept, isDragReject } = state;
  const glyph = Math.round(iconSize / 2);
  return (
    <div>
      {/* Beside the drop area, not inside it: a control inside a role="button" is a nested
          interactive element that screen readers can still reach (tabindex -1 does not hide it). */}
      <input {...getInputProps({ 'aria-label': inputLabel })} />
      <Box
        {...getRootProps({ role: 'button', 'aria-disabled': disabled || undefined })}
        className={`${classes.root} mantine-focus-auto`}
        mod={{ accept: isDragAccept, reject: isDragReject, disabled }}
      >
        {overlay}
        <Stack align="center" gap="xs" mih={minHeight} justify="center" ta="center" className={classes.inner}>
          <ThemeIcon size={iconSize} radius="xl" variant="light" aria-hidden="true">
            <svg width={glyph} height={glyph} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <path d="M12 16V4" />
              <path d="m7 9 5-5 5 5" />
              <path d="M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
            </svg>
          </ThemeIcon>
          {children}
        </Stack>
      </Box>
    </div>
  );
}
