// React DOM's client (~190 KB), a file of its own that src/main.tsx imports: fetched with the
// entry (the first paint asks for it: routes.ts APP_FILES), evaluating it is a task of its own
// instead of part of the entry's one long first task.
export { createRoot } from 'react-dom/client';
