import { Button, Modal, Stack, Text } from '@mantine/core';
import { useMounted } from '@mantine/hooks';

interface QuizLockedModalProps {
  quiz: 1 | 2;
  message: string;
  opened: boolean;
  onClose: () => void;
}

/** Why a quiz cannot be solved yet (its video first). Loaded on demand by quiz-item.tsx. */
export function QuizLockedModal({ quiz, message, opened, onClose }: QuizLockedModalProps) {
  // It mounts already open: opening one render later lets it record where the focus was, to
  // return it on close as when opened by a click.
  const mounted = useMounted();
  return (
    <Modal opened={opened && mounted} onClose={onClose} title={`Resolver quizz ${quiz}`} size="sm">
      <Stack gap="md">
        <Text>{message}</Text>
        <Button onClick={onClose}>Entendido</Button>
      </Stack>
    </Modal>
  );
}
