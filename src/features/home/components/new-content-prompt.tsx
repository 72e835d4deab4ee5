import { Suspense, useState } from 'react';
import { useAtomValue } from 'jotai';
import type { Attribute } from '#contract/attributes';
import { currentAttribute } from '#domain/calendar';
import { isQuiz2Open } from '#domain/training';
import { getSession, sessionAtom, setSession } from '#offline/session';
import { onDemand } from '#components/on-demand';

// The modal (focus trap, scroll lock, portal) is not part of the screen's first paint: it
// loads when it has something to say, and not at all once closed in this session.
const NewContentModal = onDemand(() => import('#features/home/components/new-content-modal.tsx').then((m) => m.NewContentModal));

interface NewContentPromptProps {
  calendar: Attribute[];
  now: Date;
}

/** The running month's "new content" modal, until the user closes it once in this session. */
export function NewContentPrompt({ calendar, now }: NewContentPromptProps) {
  const seen = useAtomValue(sessionAtom).seeModal;
  const current = currentAttribute(calendar, now);
  // Once shown it stays mounted, so closing it plays its transition.
  const [shown, setShown] = useState(false);
  if (current && !seen && !shown) setShown(true);
  if (!current || !shown) return null;

  const close = () => setSession({ ...getSession(), seeModal: true });
  return (
    <Suspense fallback={null}>
      <NewContentModal attribute={current} opened={!seen} quiz2Open={isQuiz2Open(current, now)} onClose={close} />
    </Suspense>
  );
}
