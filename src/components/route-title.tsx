// A screen's h1 is its route's title in the route table (src/app/routes.ts), which the first
// paint draws too: the router hands each screen its route's title, and the screen reads it here,
// so the words are written once.
import { createContext, useContext } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';

/** A title the path names alone, or one worked out from the path's parameters and query (null: not known yet). */
export type RouteTitle = string | ((params: Record<string, string | undefined>, query: URLSearchParams) => string | null);

export const RouteTitleContext = createContext<RouteTitle | undefined>(undefined);

/** The current route's title, as the first paint drew it. */
export function useRouteTitle(): string {
  const title = useContext(RouteTitleContext);
  const params = useParams();
  const [query] = useSearchParams();
  const text = typeof title === 'function' ? title(params, query) : title;
  if (text === undefined || text === null) throw new Error('This screen\'s route has no title in src/app/routes.ts');
  return text;
}

/** The current route's title as text, where a screen writes its h1. */
export function RouteTitleText() {
  return useRouteTitle();
}
