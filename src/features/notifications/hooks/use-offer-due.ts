import { useEffect, useState } from 'react';
import { isSimulatedNavigation } from '#offline/session';
import { pushSupported } from '../push-support.ts';
import { readPromptMemory, shouldOfferPush } from '../prompt-rule.ts';

/**
 * Whether the app may offer Web Push on this visit (prompt-rule.ts), decided after the first
 * paint from what is known without a request; the offer itself checks the subscription.
 */
export function useOfferDue(enabled: boolean): boolean {
  const [due, setDue] = useState(false);
  useEffect(() => {
    if (!enabled || !pushSupported() || isSimulatedNavigation()) return undefined;
    const timer = setTimeout(() => {
      const now = Date.now();
      const memory = readPromptMemory(localStorage, now);
      setDue(shouldOfferPush({ memory, now, permission: Notification.permission, subscribed: false }));
    }, 1_000);
    return () => clearTimeout(timer);
  }, [enabled]);
  return due;
}
