import { Button, Progress, Text, ThemeIcon } from '@mantine/core';
import { useAtomValue } from 'jotai';
import type { Video } from '#contract/training';
import { takesPart } from '#domain/profiles';
import { videoButtonLabel } from '#domain/training';
import { sessionAtom } from '#offline/session';
import { ModuleIcon } from '#features/training/components/module-icon.tsx';
import classes from './module-row.module.css';

interface VideoItemProps {
  video: Video;
  /** The server refused a queued progress report of this video. */
  sendFailed: boolean;
  onOpen: (video: Video) => void;
}

function clock(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** Staff may watch a video to know the content; it is never their progress. */
const STAFF_LABEL = 'Ver vídeo';

/**
 * One video of the module with its spec 4 button: Próximamente, Comenzar, En proceso or Ver de
 * nuevo. Staff signed in as themselves (takesPart) have no progress: they get "Ver vídeo".
 */
export function VideoItem({ video, sendFailed, onOpen }: VideoItemProps) {
  const earner = takesPart(useAtomValue(sessionAtom).user);
  const label = earner || !video.is_hable ? videoButtonLabel(video) : STAFF_LABEL;
  const titleId = `video-${video.id}`;
  const kind = video.position === 0 ? 'Presentación' : `Vídeo formativo ${video.position}`;
  const icon = video.visto ? 'check' : video.is_hable ? 'play' : 'clock';

  return (
    <li className={classes.row} data-done={video.visto || undefined} data-soon={!video.is_hable || undefined}>
      <ThemeIcon size={40} radius="xl" variant={video.visto ? 'filled' : 'light'} color={video.visto ? 'teal.8' : video.is_hable ? 'brand' : 'gray'}>
        <ModuleIcon name={icon} />
      </ThemeIcon>
      <div className={classes.body}>
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" lts="0.04em">
          {kind} · {clock(video.duration_seconds)}
        </Text>
        <Text fw={600} id={titleId}>
          {video.title}
        </Text>
        {label === 'En proceso' && (
          <Progress value={video.porcentaje} size="sm" radius="xl" mt={6} aria-label={`${video.title}: ${video.porcentaje} % visto`} />
        )}
        {earner && sendFailed && (
          <Text size="sm" c="red.8" mt={4}>
            Error al enviar el porcentaje del video.
          </Text>
        )}
      </div>
      <Button
        className={classes.action}
        variant={label === 'Comenzar' || label === STAFF_LABEL ? 'filled' : label === 'En proceso' ? 'light' : 'default'}
        disabled={!video.is_hable}
        aria-describedby={titleId}
        onClick={() => onOpen(video)}
      >
        {label}
      </Button>
    </li>
  );
}
