import { useAtomValue } from 'jotai';
import type { Attribute } from '#contract/attributes';
import { currentAttribute } from '#domain/calendar';
import { isQuiz2Open } from '#domain/training';
import { getSession, sessionAtom, setSession } from '#offline/session';
import { NewContentModal } from '#features/home/components/new-content-modal.tsx';

interface NewContentPromptProps {
  calendar: Attribute[];
  now: Date;
}

/** The running month's "new content" modal, until the user closes it once in this session. */
export function NewContentPrompt({ calendar, now }: NewContentPromptProps) {
  const seen = useAtomValue(sessionAtom).seeModal;
  const current = currentAttribute(calendar, now);
  if (!current) return null;

  const close = () => setSession({ ...getSession(), seeModal: true });
  return <NewContentModal attribute={current} opened={!seen} quiz2Open={isQuiz2Open(current, now)} onClose={close} />;
}
