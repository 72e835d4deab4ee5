// Mantine's base only: each component's CSS comes with its code (patches/).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './app/global.css';
import { startTransition, StrictMode } from 'react';
import { App, prepareStart } from '#app/app.tsx';
import { Providers } from '#app/providers.tsx';
import { stylesReady } from '#app/shell/shell.ts';
import { nextTask } from '#app/hooks/run-when-idle.ts';

// The first screen's code and cached rows start loading now, together, before React renders.
prepareStart();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// A transition: React renders the first screen in slices and yields to the browser between
// them, so start-up has no long task (the first paint's frame is on screen meanwhile). Not
// before the app's stylesheets, which the first paint added with this script, have loaded, and
// in a task of its own: not in the one that evaluated this file (nor React DOM's: react-root.ts).
void Promise.all([stylesReady(), nextTask(), import('#app/react-root.ts')]).then(([, , { createRoot }]) =>
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <Providers>
          <App />
        </Providers>
      </StrictMode>,
    );
  }),
);
