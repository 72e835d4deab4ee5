import { Alert, Button } from '@mantine/core';
import { AlertIcon } from './alert-icon';

interface LoadErrorProps {
  /** The spec's message, with the reason already in it. */
  title: string;
  onRetry: () => void;
}

/** A read that failed with nothing cached to show: the spec's message and a retry. */
export function LoadError({ title, onRetry }: LoadErrorProps) {
  return (
    <Alert color="red" role="alert" icon={<AlertIcon />} title={title}>
      <Button size="xs" variant="default" mt="xs" onClick={onRetry}>
        Reintentar
      </Button>
    </Alert>
  );
}
