// A Dexie live query whose answers re-render as a transition: a screen filling in with its rows
// renders in slices, yielding to the browser, instead of in one long task, and never interrupts
// a render already under way (an update from IndexedDB would otherwise render at default,
// blocking priority, all at once). The one way the app's screens and header read the device live.
import { startTransition } from 'react';
import { liveQuery } from 'dexie';
import { useObservable, type InteropableObservable } from 'dexie-react-hooks';

function transitioned<T>(querier: () => Promise<T>): InteropableObservable<T> {
  const source = liveQuery(querier);
  return {
    subscribe: (onNext, onError) =>
      source.subscribe({ next: (value) => startTransition(() => onNext(value)), error: (error) => onError?.(error) }),
  };
}

/** `querier`'s answer, kept live; undefined until its first answer. */
export function useLiveRead<T>(querier: () => Promise<T>, deps: unknown[]): T | undefined {
  // The caller lists the querier's dependencies, as with useLiveQuery.
  return useObservable<T>(() => transitioned(querier), deps);
}
