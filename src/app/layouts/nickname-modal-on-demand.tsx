import { Suspense } from 'react';
import { onDemand } from '#components/on-demand';

// Only a first sign-in without a nickname needs it (its Modal, TextInput, focus trap): loaded
// then, not with every signed-in page.
const Modal = onDemand(() => import('#features/auth/components/nickname-modal.tsx').then((m) => m.NicknameModal));

/** Spec 2: a user without a nickname must choose one (features/auth NicknameModal, on demand). */
export function NicknameModal() {
  return (
    <Suspense fallback={null}>
      <Modal />
    </Suspense>
  );
}
